// Review before live through TanStack Query: the review status, the History tab with its
// revert, and the list's twins. A status change or a revert makes a new version of the question: the
// stored question, its history and every list are refreshed, and the caller hands the new question to
// the form. Refusals (a review rule's 400, a stale version's 409) are shown by the page, in words.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuestionResponse, QuestionStatus } from '@skillquiz/contracts';
import { useQuestionsApi } from '../api/context';
import { questionKeys, questionQueries } from '../api/queries';

export function useTwins(atom: string | null) {
  return useQuery({ ...questionQueries(useQuestionsApi()).twins(atom ?? ''), enabled: atom !== null });
}

export function useQuestionHistory(id: number | null) {
  return useQuery({ ...questionQueries(useQuestionsApi()).history(id ?? 0), enabled: id !== null });
}

function useRefreshQuestion(id: number) {
  const queryClient = useQueryClient();
  return (data: QuestionResponse) => {
    queryClient.setQueryData(questionKeys.one(id), { question: data.question });
    void queryClient.invalidateQueries({ queryKey: questionKeys.history(id) });
    void queryClient.invalidateQueries({ queryKey: questionKeys.lists });
  };
}

export function useSetStatus(id: number) {
  const api = useQuestionsApi();
  const refresh = useRefreshQuestion(id);
  return useMutation({
    mutationFn: ({ status, version }: { status: QuestionStatus; version: number }) =>
      api.setStatus(id, status, version),
    onSuccess: refresh,
  });
}

export function useRevert(id: number) {
  const api = useQuestionsApi();
  const refresh = useRefreshQuestion(id);
  return useMutation({
    mutationFn: ({ toVersion, version }: { toVersion: number; version: number }) =>
      api.revert(id, toVersion, version),
    onSuccess: refresh,
  });
}
