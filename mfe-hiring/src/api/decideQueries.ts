// Roles, decisions and the comparison as queryOptions / mutationOptions factories (re-exported by
// ./queries.ts beside the others), each with its key, its fetch (with the query's `signal`), its
// toast titles from the contracts' MESSAGES and what a write makes out of date.
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AdminMutationMeta } from '@skillquiz/admin-ui';
import { CONSTANTS, MESSAGES } from '@skillquiz/contracts/constants';
import type { RoleCreate, RoleUpdate } from '@skillquiz/contracts';
import type { HiringApi } from './hiringApi';

export const decideKeys = {
  roles: (company: string) => ['hiring', 'roles', company] as const,
  decision: (id: string) => ['hiring', 'report', id, 'decision'] as const,
  compare: (roleId: string, ids: readonly string[]) => ['hiring', 'compare', roleId, ...ids] as const,
};

const LOAD_MS = CONSTANTS.TOAST_MS.LOAD_ERROR;
const WRITE_MS = CONSTANTS.TOAST_MS.QUESTION;

export function decideQueries(api: HiringApi) {
  return {
    roles: (company: string) =>
      queryOptions({
        queryKey: decideKeys.roles(company),
        queryFn: ({ signal }) => api.roles!(company || undefined, signal),
        enabled: api.roles !== undefined,
        meta: {
          errorToast: { title: MESSAGES.ERROR_LOADING_ROLES, durationMs: LOAD_MS, id: 'hiring-roles' },
        },
      }),
    /** Silent on failure: the report's decision section says so. */
    decision: (id: string) =>
      queryOptions({
        queryKey: decideKeys.decision(id),
        queryFn: ({ signal }) => api.decision!(id, signal),
        enabled: api.decision !== undefined,
      }),
    compare: (roleId: string, ids: readonly string[], company: string) =>
      queryOptions({
        queryKey: decideKeys.compare(roleId, ids),
        queryFn: ({ signal }) => api.compare!(roleId, ids, company || undefined, signal),
        enabled: api.compare !== undefined && ids.length >= 2,
        meta: {
          errorToast: { title: MESSAGES.ERROR_LOADING_COMPARISON, durationMs: LOAD_MS, id: 'hiring-compare' },
        },
      }),
  };
}

export const decideMutationMeta = {
  // A stale version (409) is said above the form (the role is reloaded); other failures toast.
  saveRole: {
    errorToast: { title: MESSAGES.ERROR_SAVING_ROLE, durationMs: WRITE_MS },
    successToast: { title: MESSAGES.ROLE_SAVED, durationMs: WRITE_MS },
  },
  deleteRole: {
    errorToast: { title: MESSAGES.ERROR_DELETING_ROLE, durationMs: WRITE_MS },
    successToast: { title: MESSAGES.ROLE_DELETED, durationMs: WRITE_MS },
  },
} satisfies Record<string, AdminMutationMeta>;

export function decideMutations(api: HiringApi, queryClient: QueryClient) {
  const refresh = (company: string) =>
    void queryClient.invalidateQueries({ queryKey: decideKeys.roles(company) });
  return {
    saveRole: (company: string) =>
      mutationOptions({
        mutationFn: (input: { id?: string; body: RoleCreate | RoleUpdate }) =>
          input.id
            ? api.updateRole!(input.id, input.body as RoleUpdate, company || undefined)
            : api.createRole!(input.body as RoleCreate, company || undefined),
        meta: decideMutationMeta.saveRole,
        onSettled: () => refresh(company),
      }),
    deleteRole: (company: string) =>
      mutationOptions({
        mutationFn: (input: { id: string; version: number }) =>
          api.deleteRole!(input.id, input.version, company || undefined),
        meta: decideMutationMeta.deleteRole,
        onSettled: () => refresh(company),
      }),
  };
}
