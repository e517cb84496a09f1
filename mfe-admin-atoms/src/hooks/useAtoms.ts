// Atom data through TanStack Query (the factories of api/queries.ts over the app's AtomsApi): the
// list and one atom are cached by key, and a save or a delete refreshes what it changed. Toasts come
// from each query's and mutation's `meta` (SPEC §8), raised by the admin query client.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AtomWithQuestionsResponse } from '@skillquiz/contracts';
import { CONSTANTS, MESSAGES } from '@skillquiz/contracts/constants';
import type { SimulationInputs } from '../api/atomsApi';
import { useAtomsApi } from '../api/context';
import { atomKeys, atomQueries } from '../api/queries';
import type { AtomPayload } from './atomForm';

const toast = (title: string) => ({ title, durationMs: CONSTANTS.TOAST_MS.ATOM });

export function useAtomList() {
  return useQuery(atomQueries(useAtomsApi()).list());
}

export function useAtom(id: string, enabled: boolean) {
  return useQuery({ ...atomQueries(useAtomsApi()).one(id), enabled });
}

export function useSaveAtom() {
  const api = useAtomsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload, version }: { id: string | null; payload: AtomPayload; version?: number }) =>
      id === null ? api.create(payload) : api.update(id, payload, version),
    meta: { successToast: toast(MESSAGES.ATOM_SAVED), errorToast: toast(MESSAGES.ERROR_SAVING_ATOM) },
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
  const api = useAtomsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.remove(id),
    meta: { errorToast: toast(MESSAGES.ERROR_DELETING_ATOM) },
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: atomKeys.one(id) });
      await queryClient.invalidateQueries({ queryKey: atomKeys.list });
    },
  });
}

/** Bank simulator: a POST that stores nothing, so nothing is refreshed after it. */
export function useSimulation(id: string) {
  const api = useAtomsApi();
  return useMutation({
    mutationFn: (request: SimulationInputs) => api.simulate(id, request),
    meta: { errorToast: toast('Error running the simulation') },
  });
}

/**
 * Attach a question to the atom or detach it (a write of the question, with the version the
 * page shows). The atom's questions and the list's counts reload afterwards; a refusal is the page's
 * to show (role="alert"), not a toast.
 */
export function useAttachQuestion(atomId: string) {
  const api = useAtomsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      questionId,
      version,
      detach,
    }: {
      questionId: number;
      version: number;
      detach: boolean;
    }) => (detach ? api.detach(atomId, questionId, version) : api.attach(atomId, questionId, version)),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: atomKeys.one(atomId) });
      await queryClient.invalidateQueries({ queryKey: atomKeys.list });
    },
  });
}

/** The atom's recorded versions (the History page). */
export function useAtomHistory(id: string, enabled: boolean) {
  return useQuery({ ...atomQueries(useAtomsApi()).history(id), enabled });
}

/** Restores a recorded version as a new one; the atom, its history and the list reload. */
export function useRevertAtom(id: string) {
  const api = useAtomsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ toVersion, version }: { toVersion: number; version: number }) =>
      api.revert(id, toVersion, version),
    onSuccess: async ({ atom }) => {
      queryClient.setQueryData<AtomWithQuestionsResponse>(atomKeys.one(id), (old) =>
        old ? { ...old, atom } : old,
      );
      await queryClient.invalidateQueries({ queryKey: atomKeys.history(id) });
      await queryClient.invalidateQueries({ queryKey: atomKeys.list });
    },
  });
}
