// The atoms remote's queries as TanStack Query `queryOptions` factories over an AtomsApi: one place
// for each key, its fetch, its cache rule and its SPEC §8 toast (raised by the admin query client of
// @skillquiz/admin-ui). Hooks and tests use the same factories:
//   const atoms = atomQueries(useAtomsApi());  useQuery(atoms.list());
import { queryOptions } from '@tanstack/react-query';
import { CONSTANTS, MESSAGES } from '@skillquiz/contracts/constants';
import type { AtomsApi } from './atomsApi';

export const atomKeys = {
  list: ['atoms'] as const,
  one: (id: string) => ['atom', id] as const,
  question: (id: number) => ['question', id] as const,
  history: (id: string) => ['atom-history', id] as const,
};

export function atomQueries(api: AtomsApi) {
  return {
    /** Every atom, beta ones included: 'Error loading atoms' (error, 9 s, closable) when it fails. */
    list: () =>
      queryOptions({
        queryKey: atomKeys.list,
        queryFn: () => api.list(),
        retry: 1,
        meta: {
          errorToast: {
            title: MESSAGES.ERROR_LOADING_ATOMS,
            durationMs: CONSTANTS.TOAST_MS.LOAD_ERROR,
            id: 'atoms-load-error',
          },
        },
      }),
    /** One atom and its questions, for the editor; a 404 will not change on a second try. */
    one: (id: string) => queryOptions({ queryKey: atomKeys.one(id), queryFn: () => api.get(id) }),
    /** The atom's History page, always what is stored now (a restore sends the current version). */
    history: (id: string) =>
      queryOptions({ queryKey: atomKeys.history(id), queryFn: () => api.history(id), staleTime: 0 }),
    /** A beta question's preview (SPEC §8: a failed one is silent). Kept a minute: reordering refetches nothing. */
    preview: (id: number) =>
      queryOptions({
        queryKey: atomKeys.question(id),
        queryFn: async () => (await api.question(id)).question,
        staleTime: 60_000,
      }),
  };
}
