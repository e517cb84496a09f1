// Content analytics data (issue 14) through TanStack Query. Applying a calibration or graduating a
// question changes the question (parameters, version, administered): the question, its analytics and
// every list are refreshed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { questionsApi } from '../api/questionsApi';
import { LIST_KEY_ROOT } from './listQuery';
import { questionKeys } from './useQuestions';

export const analyticsKeys = {
  one: (id: number) => ['question-analytics', id] as const,
  list: (atom: string) => ['question-statistics', atom] as const,
};

export function useQuestionAnalytics(id: number | null) {
  return useQuery({
    queryKey: analyticsKeys.one(id ?? 0),
    queryFn: () => questionsApi.analytics(id!),
    enabled: id !== null,
    retry: false,
  });
}

export function useStatisticsList(atom: string, enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.list(atom),
    queryFn: () => questionsApi.listStatistics(atom),
    enabled,
    retry: false,
  });
}

export function useCalibrationAction(id: number, action: 'apply' | 'graduate') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      action === 'apply' ? questionsApi.applyCalibration(id, version) : questionsApi.graduate(id, version),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: analyticsKeys.one(id) }),
        queryClient.invalidateQueries({ queryKey: questionKeys.one(id) }),
        queryClient.invalidateQueries({ queryKey: [LIST_KEY_ROOT] }),
        queryClient.invalidateQueries({ queryKey: ['question-statistics'] }),
      ]);
    },
  });
}
