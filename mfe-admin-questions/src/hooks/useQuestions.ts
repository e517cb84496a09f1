// Question data through TanStack Query: the factories of api/queries.ts over the app's QuestionsApi
// (keys, fetches, SPEC §4's cache rule, SPEC §8's toasts in their meta, invalidations), plus what is particular to a
// page: the list's 500 ms debounce (SPEC §7) and the original question's. A result is stored under
// its own key, so a late reply for an older query never shows for a newer one.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import { useQuestionsApi } from '../api/context';
import { questionKeys, questionMutations, questionQueries } from '../api/queries';
import { useDebouncedValue } from './useDebouncedValue';
import { isCacheable, listKey, type ListQuery } from '../model/listQuery';

export { questionKeys };

const sameQuery = (a: ListQuery, b: ListQuery) =>
  a.page === b.page &&
  a.q.trim() === b.q.trim() &&
  a.atom === b.atom &&
  a.includeNonAdministered === b.includeNonAdministered &&
  a.status === b.status;

export function useQuestionList(query: ListQuery) {
  const queries = questionQueries(useQuestionsApi());
  const queryClient = useQueryClient();
  // A page already in the cache shows at once; anything else waits until the query settles.
  const cached = isCacheable(query) && queryClient.getQueryData(listKey(query)) !== undefined;
  const debounced = useDebouncedValue(query, CONSTANTS.DEBOUNCE_MS, sameQuery);
  const effective = cached ? query : debounced;
  const result = useQuery({
    ...queries.list(effective),
    placeholderData: keepPreviousData,
  });
  /** The rows on screen belong to the query in the URL (not a previous one kept while loading). */
  const current = sameQuery(effective, query) && !result.isPlaceholderData;
  return { ...result, current };
}

export function useQuestion(id: number | null) {
  const queries = questionQueries(useQuestionsApi());
  return useQuery({ ...queries.one(id ?? 0), enabled: id !== null });
}

/** SPEC §2 variation: the original question, looked up 500 ms after the id stops changing. */
export function useOriginalQuestion(id: number | null) {
  const queries = questionQueries(useQuestionsApi());
  const settled = useDebouncedValue(id, CONSTANTS.DEBOUNCE_MS);
  const result = useQuery({ ...queries.original(settled ?? 0), enabled: settled !== null && settled === id });
  return { ...result, settledId: settled };
}

export function useAtomList() {
  return useQuery(questionQueries(useQuestionsApi()).atoms());
}

export function useOptionLists() {
  const queries = questionQueries(useQuestionsApi());
  const codeBlock = useQuery(queries.codeBlockOptions());
  const claim = useQuery(queries.claimOptions());
  const language = useQuery(queries.languageOptions());
  return {
    codeBlock: codeBlock.data?.code_block_options ?? [],
    claim: claim.data?.claim_options ?? [],
    language: language.data?.language_options ?? [],
  };
}

export function useSaveQuestion() {
  return useMutation(questionMutations(useQuestionsApi(), useQueryClient()).save());
}
