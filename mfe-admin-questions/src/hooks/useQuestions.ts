// Question data through TanStack Query. The list follows SPEC §4's cache rule (per atom and page,
// not while a search or the non-administered toggle is active) and §7's 500 ms debounce; a result
// is stored under its own key, so a late reply for an older query never shows for a newer one.
// A save refreshes what it changed: the question itself, every list, and the claim options.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { QuestionListResponse, QuestionWritePayload } from '@skillquiz/contracts';
import { CONSTANTS, MESSAGES } from '@skillquiz/contracts/constants';
import { dismissToast, showErrorToast } from '@skillquiz/admin-ui';
import { questionsApi } from '../api/questionsApi';
import { useDebouncedValue } from './useDebouncedValue';
import { apiQueryString, isCacheable, LIST_KEY_ROOT, listKey, type ListQuery } from './listQuery';

export const questionKeys = {
  one: (id: number) => ['question', id] as const,
  atoms: ['atoms'] as const,
  codeBlockOptions: ['options', 'code-block'] as const,
  claimOptions: ['options', 'claim'] as const,
  languageOptions: ['options', 'language'] as const,
};

const sameQuery = (a: ListQuery, b: ListQuery) =>
  a.page === b.page &&
  a.q.trim() === b.q.trim() &&
  a.atom === b.atom &&
  a.includeNonAdministered === b.includeNonAdministered;

/**
 * A toast once per failure of a query (`id` keeps a repeated failure from stacking toasts), closed
 * again once the query works.
 */
function useErrorToast(error: Error | null, title: string, durationMs: number, id: string) {
  useEffect(() => {
    if (error) showErrorToast(title, { durationMs, detail: error.message, id });
    else dismissToast(id);
  }, [error, title, durationMs, id]);
}

export function useQuestionList(query: ListQuery) {
  const queryClient = useQueryClient();
  // A page already in the cache shows at once; anything else waits until the query settles.
  const cached = isCacheable(query) && queryClient.getQueryData(listKey(query)) !== undefined;
  const debounced = useDebouncedValue(query, CONSTANTS.DEBOUNCE_MS, sameQuery);
  const effective = cached ? query : debounced;
  const cacheable = isCacheable(effective);
  const result = useQuery<QuestionListResponse>({
    queryKey: listKey(effective),
    queryFn: ({ signal }) => questionsApi.list(apiQueryString(effective), signal),
    staleTime: cacheable ? Infinity : 0,
    // A search or non-administered result is dropped as soon as nobody shows it.
    gcTime: cacheable ? 30 * 60_000 : 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  useErrorToast(
    result.error,
    MESSAGES.FAILED_TO_FETCH_QUESTIONS,
    CONSTANTS.TOAST_MS.QUESTION,
    'questions-list',
  );
  /** The rows on screen belong to the query in the URL (not a previous one kept while loading). */
  const current = sameQuery(effective, query) && !result.isPlaceholderData;
  return { ...result, current };
}

export function useQuestion(id: number | null) {
  return useQuery({
    queryKey: questionKeys.one(id ?? 0),
    queryFn: ({ signal }) => questionsApi.get(id as number, signal),
    enabled: id !== null,
    // The editor loads what is stored now, never an older cached copy (its version matters).
    staleTime: 0,
    retry: false,
  });
}

/** SPEC §2 variation: the original question, looked up 500 ms after the id stops changing. */
export function useOriginalQuestion(id: number | null) {
  const settled = useDebouncedValue(id, CONSTANTS.DEBOUNCE_MS);
  const result = useQuery({
    queryKey: questionKeys.one(settled ?? 0),
    queryFn: ({ signal }) => questionsApi.get(settled as number, signal),
    enabled: settled !== null && settled === id,
    retry: false,
  });
  useErrorToast(
    result.error,
    MESSAGES.ERROR_LOADING_ORIGINAL_QUESTION,
    CONSTANTS.TOAST_MS.LOAD_ERROR,
    'original-question',
  );
  return { ...result, settledId: settled };
}

export function useAtomList() {
  const result = useQuery({
    queryKey: questionKeys.atoms,
    queryFn: questionsApi.atoms,
    staleTime: 5 * 60_000,
    retry: false,
  });
  useErrorToast(result.error, MESSAGES.ERROR_LOADING_ATOMS, CONSTANTS.TOAST_MS.LOAD_ERROR, 'atoms');
  return result;
}

export function useOptionLists() {
  const codeBlock = useQuery({
    queryKey: questionKeys.codeBlockOptions,
    queryFn: questionsApi.codeBlockOptions,
    staleTime: Infinity,
    retry: false,
  });
  const claim = useQuery({
    queryKey: questionKeys.claimOptions,
    queryFn: questionsApi.claimOptions,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const language = useQuery({
    queryKey: questionKeys.languageOptions,
    queryFn: questionsApi.languageOptions,
    staleTime: Infinity,
    retry: false,
  });
  const T = CONSTANTS.TOAST_MS.LOAD_ERROR;
  useErrorToast(codeBlock.error, MESSAGES.ERROR_LOADING_CODE_BLOCK_OPTIONS, T, 'code-block-options');
  useErrorToast(claim.error, MESSAGES.ERROR_LOADING_CLAIM_OPTIONS, T, 'claim-options');
  useErrorToast(language.error, MESSAGES.ERROR_LOADING_LANGUAGE_OPTIONS, T, 'language-options');
  return {
    codeBlock: codeBlock.data?.code_block_options ?? [],
    claim: claim.data?.claim_options ?? [],
    language: language.data?.language_options ?? [],
  };
}

export function useSaveQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number | null; payload: QuestionWritePayload }) =>
      questionsApi.save(id, payload),
    onSuccess: (data) => {
      queryClient.setQueryData(questionKeys.one(data.question.id), data);
      // Not awaited: the editor's toast need not wait for lists it does not show.
      void queryClient.invalidateQueries({ queryKey: [LIST_KEY_ROOT] });
      void queryClient.invalidateQueries({ queryKey: questionKeys.claimOptions });
    },
  });
}
