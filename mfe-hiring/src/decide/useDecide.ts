// Roles, decisions and the comparison through TanStack Query (api/queries.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHiringApi } from '../api/context';
import { hiringMutations, hiringQueries } from '../api/queries';

export function useRoles(company: string, enabled = true) {
  return useQuery({ ...hiringQueries(useHiringApi()).roles(company), enabled });
}

export function useDecision(id: string) {
  return useQuery(hiringQueries(useHiringApi()).decision(id));
}

export function useComparison(roleId: string, ids: readonly string[], company: string) {
  return useQuery(hiringQueries(useHiringApi()).compare(roleId, ids, company));
}

export function useSaveRole(company: string) {
  return useMutation(hiringMutations(useHiringApi(), useQueryClient()).saveRole(company));
}

export function useDeleteRole(company: string) {
  return useMutation(hiringMutations(useHiringApi(), useQueryClient()).deleteRole(company));
}
