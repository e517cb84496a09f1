// Content analytics data through TanStack Query. Applying a calibration or graduating a
// question changes the question (parameters, version, administered): the question, its analytics and
// every list are refreshed. The toasts are the mutation's meta (the admin query client raises them).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useQuestionsApi } from '../api/context';
import { questionMutations, questionQueries } from '../api/queries';

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

export function useCalibrationAction(id: number, action: 'apply' | 'graduate') {
  return useMutation(questionMutations(useQuestionsApi(), useQueryClient()).calibration(id, action));
}
