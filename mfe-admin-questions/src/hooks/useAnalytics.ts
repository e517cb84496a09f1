// Content analytics data through TanStack Query. Applying a calibration or graduating a
// question changes the question (parameters, version, administered): the question, its analytics and
// every list are refreshed. The toasts are the mutation's meta (the admin query client raises them).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useQuestionsApi } from '../api/context';
import { questionKeys, questionQueries } from '../api/queries';

export function useQuestionAnalytics(id: number | null) {
  return useQuery({ ...questionQueries(useQuestionsApi()).analytics(id ?? 0), enabled: id !== null });
}

export function useStatisticsList(atom: string, enabled: boolean) {
  return useQuery({ ...questionQueries(useQuestionsApi()).statisticsList(atom), enabled });
}

/** 'Needs review': the flagged questions of an atom, each with its text. */
export function useNeedsReview(atom: string) {
  return useQuery(questionQueries(useQuestionsApi()).needsReview(atom));
}

const DONE = { apply: 'Calibration applied', graduate: 'Question graduated' } as const;

export function useCalibrationAction(id: number, action: 'apply' | 'graduate') {
  const api = useQuestionsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      action === 'apply' ? api.applyCalibration(id, version) : api.graduate(id, version),
    meta: {
      successToast: {
        title: DONE[action],
        durationMs: 5000,
        detail: (data) => {
          const r = data as { new: { a: number; d: number } };
          return `a ${r.new.a}, d ${r.new.d}`;
        },
      },
      errorToast: { title: 'Error updating the question', durationMs: 5000 },
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: questionKeys.analytics(id) }),
        queryClient.invalidateQueries({ queryKey: questionKeys.one(id) }),
        queryClient.invalidateQueries({ queryKey: questionKeys.lists }),
        queryClient.invalidateQueries({ queryKey: questionKeys.statisticsLists }),
      ]);
    },
  });
}
