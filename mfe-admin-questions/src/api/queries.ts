// The questions remote's data layer: TanStack Query `queryOptions` and `mutationOptions` factories
// over a QuestionsApi, side by side. One place for each key, its fetch (queries pass TanStack's
// `signal`), what a write refreshes, its cache rule (SPEC §4: list results per atom and page, not while
// a search or the non-administered toggle is active) and its SPEC §8 toast (raised by the admin query
// client of @skillquiz/admin-ui; a query with no errorToast fails silently). Hooks use them as
//   const q = questionQueries(useQuestionsApi());  useQuery(q.one(12));
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { QuestionResponse, QuestionStatus, QuestionWritePayload } from '@skillquiz/contracts';
import { CONSTANTS, MESSAGES } from '@skillquiz/contracts/constants';
import { apiQueryString, isCacheable, LIST_KEY_ROOT, listKey, type ListQuery } from '../model/listQuery';
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
        queryFn: ({ signal }) => api.atoms(signal),
        staleTime: 5 * 60_000,
        meta: loadError(MESSAGES.ERROR_LOADING_ATOMS, 'atoms'),
      }),
    codeBlockOptions: () =>
      queryOptions({
        queryKey: questionKeys.codeBlockOptions,
        queryFn: ({ signal }) => api.codeBlockOptions(signal),
        staleTime: Infinity,
        meta: loadError(MESSAGES.ERROR_LOADING_CODE_BLOCK_OPTIONS, 'code-block-options'),
      }),
    claimOptions: () =>
      queryOptions({
        queryKey: questionKeys.claimOptions,
        queryFn: ({ signal }) => api.claimOptions(signal),
        staleTime: 5 * 60_000,
        meta: loadError(MESSAGES.ERROR_LOADING_CLAIM_OPTIONS, 'claim-options'),
      }),
    languageOptions: () =>
      queryOptions({
        queryKey: questionKeys.languageOptions,
        queryFn: ({ signal }) => api.languageOptions(signal),
        staleTime: Infinity,
        meta: loadError(MESSAGES.ERROR_LOADING_LANGUAGE_OPTIONS, 'language-options'),
      }),
    /** The statistics tab (the page says when it fails). */
    analytics: (id: number) =>
      queryOptions({
        queryKey: questionKeys.analytics(id),
        queryFn: ({ signal }) => api.analytics(id, signal),
      }),
    /** the list's statistics columns for an atom (the list's status line says when it fails). */
    statisticsList: (atom: string) =>
      queryOptions({
        queryKey: questionKeys.statisticsList(atom),
        queryFn: ({ signal }) => api.listStatistics(atom, signal),
      }),
    /** 'Needs review': the flagged questions with their text (under the statistics' key, so what refreshes them refreshes it). */
    needsReview: (atom: string) =>
      queryOptions({
        queryKey: questionKeys.needsReview(atom),
        queryFn: ({ signal }) => api.needsReview(atom, signal),
      }),
    /** the History tab, always what is stored now (its revert sends the current version). */
    history: (id: number) =>
      queryOptions({
        queryKey: questionKeys.history(id),
        queryFn: ({ signal }) => api.history(id, signal),
        staleTime: 0,
      }),
    /** the list's twins flags for one atom (the list's status line says when it fails). */
    twins: (atom: string) =>
      queryOptions({
        queryKey: questionKeys.twins(atom),
        queryFn: ({ signal }) => api.twins(atom, signal),
        staleTime: 60_000,
      }),
  };
}

/** 'Calibration applied' or 'Question graduated', with the new parameters under it. */
function calibrationDone(action: 'apply' | 'graduate') {
  const detail = (data: unknown) => {
    const r = data as { new: { a: number; d: number } };
    return `a ${r.new.a}, d ${r.new.d}`;
  };
  return action === 'apply'
    ? { title: MESSAGES.CALIBRATION_APPLIED, durationMs: 5000, detail }
    : { title: MESSAGES.QUESTION_GRADUATED, durationMs: 5000, detail };
}

/**
 * The writes. A failure with no `errorToast` is the page's inline alert (the toast-or-alert rule of
 * remote-kit's README): a review rule's 400, a stale version's 409, an import's refusal.
 */
export function questionMutations(api: QuestionsApi, queryClient: QueryClient) {
  const toast = (title: string) => ({ title, durationMs: CONSTANTS.TOAST_MS.QUESTION });
  /** A status change or a revert made a new version: the stored question, its history and every list. */
  const refreshQuestion = (id: number) => (data: QuestionResponse) => {
    queryClient.setQueryData(questionKeys.one(id), { question: data.question });
    void queryClient.invalidateQueries({ queryKey: questionKeys.history(id) });
    void queryClient.invalidateQueries({ queryKey: questionKeys.lists });
  };
  return {
    /** 'Question saved' / 'Error saving question' (SPEC §8); the question, every list and the claim options refresh. */
    save: () =>
      mutationOptions({
        mutationFn: ({ id, payload }: { id: number | null; payload: QuestionWritePayload }) =>
          api.save(id, payload),
        meta: {
          successToast: toast(MESSAGES.QUESTION_SAVED),
          errorToast: toast(MESSAGES.ERROR_SAVING_QUESTION),
        },
        onSuccess: (data) => {
          queryClient.setQueryData(questionKeys.one(data.question.id), data);
          // Not awaited: the editor's toast need not wait for lists it does not show.
          void queryClient.invalidateQueries({ queryKey: questionKeys.lists });
          void queryClient.invalidateQueries({ queryKey: questionKeys.claimOptions });
        },
      }),
    /** Applying a calibration or graduating changes the question: it, its analytics and every list refresh. */
    calibration: (id: number, action: 'apply' | 'graduate') =>
      mutationOptions({
        mutationFn: (version: number) =>
          action === 'apply' ? api.applyCalibration(id, version) : api.graduate(id, version),
        meta: {
          successToast: calibrationDone(action),
          errorToast: { title: MESSAGES.ERROR_UPDATING_QUESTION, durationMs: 5000 },
        },
        onSuccess: async () => {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: questionKeys.analytics(id) }),
            queryClient.invalidateQueries({ queryKey: questionKeys.one(id) }),
            queryClient.invalidateQueries({ queryKey: questionKeys.lists }),
            queryClient.invalidateQueries({ queryKey: questionKeys.statisticsLists }),
          ]);
        },
      }),
    setStatus: (id: number) =>
      mutationOptions({
        mutationFn: ({ status, version }: { status: QuestionStatus; version: number }) =>
          api.setStatus(id, status, version),
        onSuccess: refreshQuestion(id),
      }),
    revert: (id: number) =>
      mutationOptions({
        mutationFn: ({ toVersion, version }: { toVersion: number; version: number }) =>
          api.revert(id, toVersion, version),
        onSuccess: refreshQuestion(id),
      }),
    /** The import preview writes nothing. */
    importPreview: () => mutationOptions({ mutationFn: (file: File) => api.importPreview(file, file.name) }),
    /** A commit writes questions: every list, the claim options and the atoms an import may extend refresh. */
    importCommit: () =>
      mutationOptions({
        mutationFn: ({ importId, confirm }: { importId: string; confirm: 'all' | string[] }) =>
          api.importCommit(importId, confirm),
        onSuccess: async () => {
          await queryClient.invalidateQueries({ queryKey: questionKeys.lists });
          await queryClient.invalidateQueries({ queryKey: questionKeys.claimOptions });
          await queryClient.invalidateQueries({ queryKey: questionKeys.atoms });
        },
      }),
  };
}
