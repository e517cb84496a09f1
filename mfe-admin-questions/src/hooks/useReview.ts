// Review before live through TanStack Query: the review status, the History tab with its
// revert, and the list's twins. A status change or a revert makes a new version of the question: the
// stored question, its history and every list are refreshed, and the caller hands the new question to
// the form. Refusals (a review rule's 400, a stale version's 409) are shown by the page, in words.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useQuestionsApi } from '../api/context';
import { questionMutations, questionQueries } from '../api/queries';

export function useTwins(atom: string | null) {
  return useQuery({ ...questionQueries(useQuestionsApi()).twins(atom ?? ''), enabled: atom !== null });
}

export function useQuestionHistory(id: number | null) {
  return useQuery({ ...questionQueries(useQuestionsApi()).history(id ?? 0), enabled: id !== null });
}

export function useSetStatus(id: number) {
  return useMutation(questionMutations(useQuestionsApi(), useQueryClient()).setStatus(id));
}

export function useRevert(id: number) {
  return useMutation(questionMutations(useQuestionsApi(), useQueryClient()).revert(id));
}
