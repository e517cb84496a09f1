// Every call the questions remote makes (SPEC §7) through @skillquiz/http-client: SPEC §8's error
// mapping and the CSRF header on writes. A failed call throws ApiError with the server's message.
import { apiCall } from '@skillquiz/http-client';
import type {
  AtomListResponse,
  CalibrationActionResponse,
  QuestionAnalyticsResponse,
  QuestionStatisticsListResponse,
  ClaimOptionsResponse,
  CodeBlockOptionsResponse,
  LanguageOptionsResponse,
  QuestionListResponse,
  QuestionResponse,
  QuestionWritePayload,
} from '@skillquiz/contracts';

export const questionsApi = {
  /** `query` is apiQueryString()'s output; `signal` cancels a fetch the list no longer wants. */
  list: (query: string, signal?: AbortSignal) =>
    apiCall<QuestionListResponse>(`/api/questions/?${query}`, { signal }),
  get: (id: number, signal?: AbortSignal) => apiCall<QuestionResponse>(`/api/questions/${id}`, { signal }),
  /** Creates a question (POST /api/question/) or replaces one (POST /api/question/{id}). */
  save: (id: number | null, payload: QuestionWritePayload) =>
    apiCall<QuestionResponse>(id === null ? '/api/question/' : `/api/question/${id}`, {
      method: 'POST',
      body: payload,
    }),
  atoms: () => apiCall<AtomListResponse>('/api/atoms?include_beta=true'),
  codeBlockOptions: () => apiCall<CodeBlockOptionsResponse>('/api/questions/code-block-options'),
  claimOptions: () => apiCall<ClaimOptionsResponse>('/api/questions/claim-options'),
  languageOptions: () => apiCall<LanguageOptionsResponse>('/api/questions/language-options'),
  // Content analytics (issue 14): statistics, calibration, graduation.
  analytics: (id: number) => apiCall<QuestionAnalyticsResponse>(`/api/questions/${id}/statistics`),
  listStatistics: (atom: string) =>
    apiCall<QuestionStatisticsListResponse>(`/api/questions/statistics?atom=${encodeURIComponent(atom)}`),
  applyCalibration: (id: number, version: number) =>
    apiCall<CalibrationActionResponse>(`/api/questions/${id}/calibration/apply`, {
      method: 'POST',
      body: { version },
    }),
  graduate: (id: number, version: number) =>
    apiCall<CalibrationActionResponse>(`/api/questions/${id}/graduate`, {
      method: 'POST',
      body: { version },
    }),
};
