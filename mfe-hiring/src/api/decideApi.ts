// The hiring API's roles and decisions (services/src/hiring/decide-router.ts) for the Roles and
// Compare pages and the report's decision section. Part of HiringApi.
import { apiCall } from '@skillquiz/http-client';
import type {
  CompareResponse,
  Decision,
  RoleCreate,
  RoleListResponse,
  RoleUpdate,
  RoleView,
} from '@skillquiz/contracts';

export interface DecideApi {
  /** GET /api/hiring/roles: the company's roles by name. */
  roles(company: string | undefined, signal?: AbortSignal): Promise<RoleListResponse>;
  /** POST /api/hiring/roles (201). */
  createRole(input: RoleCreate, company: string | undefined): Promise<RoleView>;
  /** PUT /api/hiring/roles/{id} with the version it was read at (409 when stale). */
  updateRole(id: string, input: RoleUpdate, company: string | undefined): Promise<RoleView>;
  /** DELETE /api/hiring/roles/{id}?version=N (409 when stale). */
  deleteRole(id: string, version: number, company: string | undefined): Promise<void>;
  /** GET /api/hiring/invitations/{id}/decision. */
  decision(id: string, signal?: AbortSignal): Promise<Decision>;
  /** GET /api/hiring/roles/{id}/compare?ids=a,b[,c,d]. */
  compare(
    roleId: string,
    ids: readonly string[],
    company: string | undefined,
    signal?: AbortSignal,
  ): Promise<CompareResponse>;
}

const q = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
};
const rolePath = (id: string) => `/api/hiring/roles/${encodeURIComponent(id)}`;

export const httpDecideApi: DecideApi = {
  roles: (company, signal) => apiCall<RoleListResponse>(`/api/hiring/roles${q({ company })}`, { signal }),
  createRole: (input, company) =>
    apiCall<RoleView>(`/api/hiring/roles${q({ company })}`, { method: 'POST', body: input }),
  updateRole: (id, input, company) =>
    apiCall<RoleView>(`${rolePath(id)}${q({ company })}`, { method: 'PUT', body: input }),
  deleteRole: async (id, version, company) => {
    await apiCall<unknown>(`${rolePath(id)}${q({ version, company })}`, { method: 'DELETE' });
  },
  decision: (id, signal) =>
    apiCall<Decision>(`/api/hiring/invitations/${encodeURIComponent(id)}/decision`, { signal }),
  compare: (roleId, ids, company, signal) =>
    apiCall<CompareResponse>(`${rolePath(roleId)}/compare${q({ ids: ids.join(','), company })}`, { signal }),
};
