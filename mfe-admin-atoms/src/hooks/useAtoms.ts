// Atom data through TanStack Query: the list and one atom are cached by key, and a save or a
// delete refreshes what it changed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AtomWithQuestionsResponse } from '@skillquiz/contracts';
import { atomsApi, type SimulationInputs } from '../api/atomsApi';
import type { AtomPayload } from './atomForm';

export const atomKeys = {
  list: ['atoms'] as const,
  one: (id: string) => ['atom', id] as const,
  question: (id: number) => ['question', id] as const,
};

export function useAtomList() {
  return useQuery({ queryKey: atomKeys.list, queryFn: atomsApi.list });
}

export function useAtom(id: string, enabled: boolean) {
  return useQuery({
    queryKey: atomKeys.one(id),
    queryFn: () => atomsApi.get(id),
    enabled,
    // A 404 will not change on a second try.
    retry: false,
  });
}

export function useSaveAtom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload, version }: { id: string | null; payload: AtomPayload; version?: number }) =>
      id === null ? atomsApi.create(payload) : atomsApi.update(id, payload, version),
    onSuccess: async ({ atom }) => {
      await queryClient.invalidateQueries({ queryKey: atomKeys.list });
      // The cached atom is now the saved one (its questions did not change).
      queryClient.setQueryData<AtomWithQuestionsResponse>(atomKeys.one(atom.id), (old) =>
        old ? { ...old, atom } : old,
      );
    },
  });
}

export function useDeleteAtom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => atomsApi.remove(id),
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: atomKeys.one(id) });
      await queryClient.invalidateQueries({ queryKey: atomKeys.list });
    },
  });
}

/** Bank simulator (issue 14): a POST that stores nothing, so nothing is refreshed after it. */
export function useSimulation(id: string) {
  return useMutation({
    mutationFn: (request: SimulationInputs) => atomsApi.simulate(id, request),
  });
}
