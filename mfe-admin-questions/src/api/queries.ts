// The questions remote's queries as TanStack Query `queryOptions` factories over a QuestionsApi: one
// place for each key, its fetch, its cache rule (SPEC §4: list results per atom and page, not while
// a search or the non-administered toggle is active) and its SPEC §8 toast (raised by the admin query
// client of @skillquiz/admin-ui; a query with no errorToast fails silently). Hooks use them as
//   const q = questionQueries(useQuestionsApi());  useQuery(q.one(12));
import { queryOptions } from '@tanstack/react-query';
import { CONSTANTS, MESSAGES } from '@skillquiz/contracts/constants';
import { apiQueryString, isCacheable, LIST_KEY_ROOT, listKey, type ListQuery } from '../hooks/listQuery';
import type { QuestionsApi } from './questionsApi';

export const questionKeys = {
  /** Every list key starts with this, so a save can refresh them all. */
  lists: [LIST_KEY_ROOT] as const,
  one: (id: number) => ['question', id] as const,
  /** Apart from `one`: its toast is the variation tab's, while the editor's own load is silent. */
  original: (id: number) => ['original-question', id] as const,
  atoms: ['atoms'] as const,
  codeBlockOptions: ['options', 'code-block'] as const,
  claimOptions: ['options', 'claim'] as const,
  languageOptions: ['options', 'language'] as const,
  analytics: (id: number) => ['question-analytics', id] as const,
  /** Every statistics list key starts with this. */
  statisticsLists: ['question-statistics'] as const,
  statisticsList: (atom: string) => ['question-statistics', atom] as const,
  needsReview: (atom: string) => ['question-statistics', atom, 'needs-review'] as const,
  history: (id: number) => ['question-history', id] as const,
  twins: (atom: string) => ['question-twins', atom] as const,
};

/** A load error toast (SPEC §9: 9 s), closed once the query works again. */
const loadError = (title: string, id: string) => ({
  errorToast: { title, durationMs: CONSTANTS.TOAST_MS.LOAD_ERROR, id },
});

export function questionQueries(api: QuestionsApi) {
  return {
    /** One page of the list; 'Failed to fetch questions' (5 s). A page's fetch no longer wanted is aborted. */
    list: (query: ListQuery) => {
      const cacheable = isCacheable(query);
      return queryOptions({
        queryKey: listKey(query),
        queryFn: ({ signal }) => api.list(apiQueryString(query), signal),
        staleTime: cacheable ? Infinity : 0,
        // A search or non-administered result is dropped as soon as nobody shows it.
        gcTime: cacheable ? 30 * 60_000 : 0,
        meta: {
          errorToast: {
            title: MESSAGES.FAILED_TO_FETCH_QUESTIONS,
            durationMs: CONSTANTS.TOAST_MS.QUESTION,
            id: 'questions-list',
          },
        },
      });
    },
    /** The editor's question, always what is stored now (its version matters); SPEC §8: silent. */
    one: (id: number) =>
      queryOptions({
        queryKey: questionKeys.one(id),
        queryFn: ({ signal }) => api.get(id, signal),
        staleTime: 0,
      }),
    /** SPEC §2 variation's original question: 'Error loading original question' (9 s). */
    original: (id: number) =>
      queryOptions({
        queryKey: questionKeys.original(id),
        queryFn: ({ signal }) => api.get(id, signal),
        meta: loadError(MESSAGES.ERROR_LOADING_ORIGINAL_QUESTION, 'original-question'),
      }),
    atoms: () =>
      queryOptions({
        queryKey: questionKeys.atoms,
        queryFn: () => api.atoms(),
        staleTime: 5 * 60_000,
        meta: loadError(MESSAGES.ERROR_LOADING_ATOMS, 'atoms'),
      }),
    codeBlockOptions: () =>
      queryOptions({
        queryKey: questionKeys.codeBlockOptions,
        queryFn: () => api.codeBlockOptions(),
        staleTime: Infinity,
        meta: loadError(MESSAGES.ERROR_LOADING_CODE_BLOCK_OPTIONS, 'code-block-options'),
      }),
    claimOptions: () =>
      queryOptions({
        queryKey: questionKeys.claimOptions,
        queryFn: () => api.claimOptions(),
        staleTime: 5 * 60_000,
        meta: loadError(MESSAGES.ERROR_LOADING_CLAIM_OPTIONS, 'claim-options'),
      }),
    languageOptions: () =>
      queryOptions({
        queryKey: questionKeys.languageOptions,
        queryFn: () => api.languageOptions(),
        staleTime: Infinity,
        meta: loadError(MESSAGES.ERROR_LOADING_LANGUAGE_OPTIONS, 'language-options'),
      }),
    /** The statistics tab (the page says when it fails). */
    analytics: (id: number) =>
      queryOptions({ queryKey: questionKeys.analytics(id), queryFn: () => api.analytics(id) }),
    /** The list's statistics columns for an atom (the list's status line says when it fails). */
    statisticsList: (atom: string) =>
      queryOptions({ queryKey: questionKeys.statisticsList(atom), queryFn: () => api.listStatistics(atom) }),
    /** 'Needs review': the flagged questions with their text (under the statistics' key, so what refreshes them refreshes it). */
    needsReview: (atom: string) =>
      queryOptions({ queryKey: questionKeys.needsReview(atom), queryFn: () => api.needsReview(atom) }),
    /** The History tab, always what is stored now (its revert sends the current version). */
    history: (id: number) =>
      queryOptions({ queryKey: questionKeys.history(id), queryFn: () => api.history(id), staleTime: 0 }),
    /** The list's twins flags for one atom (the list's status line says when it fails). */
    twins: (atom: string) =>
      queryOptions({ queryKey: questionKeys.twins(atom), queryFn: () => api.twins(atom), staleTime: 60_000 }),
  };
}
