// The atoms remote's data layer: TanStack Query `queryOptions` and `mutationOptions` factories over an
// AtomsApi, side by side. Each says its key, its fetch (queries pass TanStack's `signal`, so a fetch
// nobody waits for any more is aborted), its cache rule, what it refreshes, and in `meta` its toast
// (titles from the contracts' MESSAGES; the admin query client of @skillquiz/admin-ui raises them and
// holds the one retry policy). Hooks use the same factories:
//   const atoms = atomQueries(useAtomsApi());  useQuery(atoms.list());
//   useMutation(atomMutations(useAtomsApi(), useQueryClient()).save());
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AtomWithQuestionsResponse } from '@skillquiz/contracts';
import { CONSTANTS, MESSAGES } from '@skillquiz/contracts/constants';
import type { AtomPayload } from '../model/atomForm';
import type { AtomsApi, SimulationInputs } from './atomsApi';

export const atomKeys = {
  list: ['atoms'] as const,
  one: (id: string) => ['atom', id] as const,
  /** Under `one`: whatever refreshes the atom refreshes its question pages too. */
  questions: (id: string, page: number) => ['atom', id, 'questions', page] as const,
  question: (id: number) => ['question', id] as const,
  history: (id: string) => ['atom-history', id] as const,
};

const toast = (title: string) => ({ title, durationMs: CONSTANTS.TOAST_MS.ATOM });

export function atomQueries(api: AtomsApi) {
  return {
    /** Every atom, beta ones included: 'Error loading atoms' (error, 9 s, closable) when it fails. */
    list: () =>
      queryOptions({
        queryKey: atomKeys.list,
        queryFn: ({ signal }) => api.list(signal),
        meta: {
          errorToast: {
            title: MESSAGES.ERROR_LOADING_ATOMS,
            durationMs: CONSTANTS.TOAST_MS.LOAD_ERROR,
            id: 'atoms-load-error',
          },
        },
      }),
    /** One atom and its questions, for the editor (the page says when it fails). */
    one: (id: string) =>
      queryOptions({ queryKey: atomKeys.one(id), queryFn: ({ signal }) => api.get(id, signal) }),
    /**
     * A page of the atom's questions (the Questions page; the page shows a failure). The page before
     * stays on screen while the next one loads.
     */
    questions: (id: string, page: number) =>
      queryOptions({
        queryKey: atomKeys.questions(id, page),
        queryFn: ({ signal }) => api.get(id, signal, page),
        placeholderData: keepPreviousData,
      }),
    /** The atom's History page, always what is stored now (a restore sends the current version). */
    history: (id: string) =>
      queryOptions({
        queryKey: atomKeys.history(id),
        queryFn: ({ signal }) => api.history(id, signal),
        staleTime: 0,
      }),
    /** A beta question's preview (SPEC §8: a failed one is silent). Kept a minute: reordering refetches nothing. */
    preview: (id: number) =>
      queryOptions({
        queryKey: atomKeys.question(id),
        queryFn: async ({ signal }) => (await api.question(id, signal)).question,
        staleTime: 60_000,
      }),
  };
}

export function atomMutations(api: AtomsApi, queryClient: QueryClient) {
  /** The cached atom is now the saved one (its questions did not change). */
  const putAtom = (atom: AtomWithQuestionsResponse['atom']) =>
    queryClient.setQueryData<AtomWithQuestionsResponse>(atomKeys.one(atom.id), (old) =>
      old ? { ...old, atom } : old,
    );
  return {
    /** Creates (id null) or updates an atom: 'Atom saved' / 'Error saving atom' (SPEC §8). */
    save: () =>
      mutationOptions({
        mutationFn: ({
          id,
          payload,
          version,
        }: {
          id: string | null;
          payload: AtomPayload;
          version?: number;
        }) => (id === null ? api.create(payload) : api.update(id, payload, version)),
        meta: { successToast: toast(MESSAGES.ATOM_SAVED), errorToast: toast(MESSAGES.ERROR_SAVING_ATOM) },
        onSuccess: async ({ atom }) => {
          await queryClient.invalidateQueries({ queryKey: atomKeys.list });
          putAtom(atom);
        },
      }),
    /** 'Error deleting atom' when refused. */
    remove: () =>
      mutationOptions({
        mutationFn: (id: string) => api.remove(id),
        meta: { errorToast: toast(MESSAGES.ERROR_DELETING_ATOM) },
        onSuccess: async (_data, id) => {
          queryClient.removeQueries({ queryKey: atomKeys.one(id) });
          await queryClient.invalidateQueries({ queryKey: atomKeys.list });
        },
      }),
    /** The bank simulator: a POST that stores nothing, so nothing is refreshed after it. */
    simulate: (id: string) =>
      mutationOptions({
        mutationFn: (request: SimulationInputs) => api.simulate(id, request),
        meta: { errorToast: toast(MESSAGES.ERROR_RUNNING_SIMULATION) },
      }),
    /**
     * Attaches a question to the atom or detaches it (a write of the question, with the version the
     * page shows). The atom's questions and the list's counts reload afterwards; a refusal is the
     * page's inline alert (the toast-or-alert rule of remote-kit's README), not a toast.
     */
    attach: (atomId: string) =>
      mutationOptions({
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
      }),
    /** Restores a recorded version as a new one; the atom, its history and the list reload. A refusal is inline. */
    revert: (id: string) =>
      mutationOptions({
        mutationFn: ({ toVersion, version }: { toVersion: number; version: number }) =>
          api.revert(id, toVersion, version),
        onSuccess: async ({ atom }) => {
          putAtom(atom);
          await queryClient.invalidateQueries({ queryKey: atomKeys.history(id) });
          await queryClient.invalidateQueries({ queryKey: atomKeys.list });
        },
      }),
  };
}
