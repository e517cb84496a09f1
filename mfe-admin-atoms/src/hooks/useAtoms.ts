// Atom data through TanStack Query: the hooks bind the factories of api/queries.ts (keys, fetches,
// toasts in `meta`, invalidations) to the app's AtomsApi and query client.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomsApi } from '../api/context';
import { atomMutations, atomQueries } from '../api/queries';

function useAtomMutations() {
  return atomMutations(useAtomsApi(), useQueryClient());
}

export function useAtomList() {
  return useQuery(atomQueries(useAtomsApi()).list());
}

export function useAtom(id: string, enabled: boolean) {
  return useQuery({ ...atomQueries(useAtomsApi()).one(id), enabled });
}

/** One page of the atom's questions (from 1). */
export function useAtomQuestions(id: string, page: number, enabled: boolean) {
  return useQuery({ ...atomQueries(useAtomsApi()).questions(id, page), enabled });
}

export function useSaveAtom() {
  return useMutation(useAtomMutations().save());
}

export function useDeleteAtom() {
  return useMutation(useAtomMutations().remove());
}

/** The bank simulator. */
export function useSimulation(id: string) {
  return useMutation(useAtomMutations().simulate(id));
}

/** Attach a question to the atom or detach it; a refusal is the page's to show (role="alert"). */
export function useAttachQuestion(atomId: string) {
  return useMutation(useAtomMutations().attach(atomId));
}

/** The atom's recorded versions (the History page). */
export function useAtomHistory(id: string, enabled: boolean) {
  return useQuery({ ...atomQueries(useAtomsApi()).history(id), enabled });
}

/** Restores a recorded version as a new one. */
export function useRevertAtom(id: string) {
  return useMutation(useAtomMutations().revert(id));
}
