// Roles, decisions and the comparison through TanStack Query (api/decideQueries.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHiringApi } from '../api/context';
import { decideMutations, decideQueries } from '../api/queries';

export function useRoles(company: string, enabled = true) {
  const q = decideQueries(useHiringApi()).roles(company);
  return useQuery({ ...q, enabled: q.enabled !== false && enabled });
}

export function useDecision(id: string) {
  return useQuery(decideQueries(useHiringApi()).decision(id));
}

export function useComparison(roleId: string, ids: readonly string[], company: string) {
  return useQuery(decideQueries(useHiringApi()).compare(roleId, ids, company));
}

export function useSaveRole(company: string) {
  return useMutation(decideMutations(useHiringApi(), useQueryClient()).saveRole(company));
}

export function useDeleteRole(company: string) {
  return useMutation(decideMutations(useHiringApi(), useQueryClient()).deleteRole(company));
}

/** Whether this backend has roles at all (the dev fake has none). */
export function useHasRoles(): boolean {
  return useHiringApi().roles !== undefined;
}
