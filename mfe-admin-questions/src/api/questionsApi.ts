// The questions remote's backend: every call of SPEC §7 it makes (and issue 14's analytics, issue
// 22's review status, history and twins) behind
// one interface, QuestionsApi. The exposed AdminQuestionsApp takes an `api` prop (default:
// httpQuestionsApi below) and hands it to the pages through context (./context.ts); tests and the
// standalone dev page (dev/fakeQuestionsApi.ts) pass an in-memory implementation.
// A failed call throws ApiError (@skillquiz/http-client) carrying its status and the server's
// message (SPEC §8); `signal` aborts a fetch nobody wants any more (the list's older query).
import { apiCall } from '@skillquiz/http-client';
import type {
  AtomListResponse,
  CalibrationActionResponse,
  ClaimOptionsResponse,
  CodeBlockOptionsResponse,
  LanguageOptionsResponse,
  QuestionAnalyticsResponse,
  QuestionListResponse,
  QuestionResponse,
  QuestionStatisticsListResponse,
  QuestionWritePayload,
  QuestionStatus,
  HistoryResponse,
  RevertNotes,
  TwinsResponse,
} from '@skillquiz/contracts';

export interface QuestionsApi {
  /** GET /api/questions/?{query}: `query` is apiQueryString()'s output (page, search, only_administered, atom). */
  list(query: string, signal?: AbortSignal): Promise<QuestionListResponse>;
  /** GET /api/questions/{id} */
  get(id: number, signal?: AbortSignal): Promise<QuestionResponse>;
  /** Creates a question (POST /api/question/, id null) or replaces one (POST /api/question/{id}); 409 on a stale version. */
  save(id: number | null, payload: QuestionWritePayload): Promise<QuestionResponse>;
  /** GET /api/atoms?include_beta=true: the atom filter and the atoms grid. */
  atoms(): Promise<AtomListResponse>;
  codeBlockOptions(): Promise<CodeBlockOptionsResponse>;
  claimOptions(): Promise<ClaimOptionsResponse>;
  languageOptions(): Promise<LanguageOptionsResponse>;
  /** Issue 14: GET /api/questions/{id}/statistics */
  analytics(id: number): Promise<QuestionAnalyticsResponse>;
  /** Issue 14: GET /api/questions/statistics?atom= (the list's statistics columns) */
  listStatistics(atom: string): Promise<QuestionStatisticsListResponse>;
  /** Issue 14: POST /api/questions/{id}/calibration/apply with the version the page loaded. */
  applyCalibration(id: number, version: number): Promise<CalibrationActionResponse>;
  /** Issue 14: POST /api/questions/{id}/graduate with the version the page loaded. */
  graduate(id: number, version: number): Promise<CalibrationActionResponse>;
  /** Issue 22: POST /api/questions/{id}/status; 400 when a review rule refuses, 409 on a stale version. */
  setStatus(id: number, status: QuestionStatus, version: number): Promise<QuestionResponse>;
  /** Issue 22: GET /api/questions/{id}/history (newest first). */
  history(id: number): Promise<HistoryResponse>;
  /** Issue 22: POST /api/questions/{id}/revert: `toVersion` restored as a new version; 409 on a stale `version`. */
  revert(id: number, toVersion: number, version: number): Promise<QuestionResponse & RevertNotes>;
  /** Issue 22: GET /api/questions/twins?atom= (likely near-duplicates within one atom). */
  twins(atom: string): Promise<TwinsResponse>;
}

/** QuestionsApi over HTTP to the services (same origin, the session cookie, the CSRF header on writes). */
export const httpQuestionsApi: QuestionsApi = {
  list: (query, signal) => apiCall<QuestionListResponse>(`/api/questions/?${query}`, { signal }),
  get: (id, signal) => apiCall<QuestionResponse>(`/api/questions/${id}`, { signal }),
  save: (id, payload) =>
    apiCall<QuestionResponse>(id === null ? '/api/question/' : `/api/question/${id}`, {
      method: 'POST',
      body: payload,
    }),
  atoms: () => apiCall<AtomListResponse>('/api/atoms?include_beta=true'),
  codeBlockOptions: () => apiCall<CodeBlockOptionsResponse>('/api/questions/code-block-options'),
  claimOptions: () => apiCall<ClaimOptionsResponse>('/api/questions/claim-options'),
  languageOptions: () => apiCall<LanguageOptionsResponse>('/api/questions/language-options'),
  analytics: (id) => apiCall<QuestionAnalyticsResponse>(`/api/questions/${id}/statistics`),
  listStatistics: (atom) =>
    apiCall<QuestionStatisticsListResponse>(`/api/questions/statistics?atom=${encodeURIComponent(atom)}`),
  applyCalibration: (id, version) =>
    apiCall<CalibrationActionResponse>(`/api/questions/${id}/calibration/apply`, {
      method: 'POST',
      body: { version },
    }),
  graduate: (id, version) =>
    apiCall<CalibrationActionResponse>(`/api/questions/${id}/graduate`, {
      method: 'POST',
      body: { version },
    }),
  setStatus: (id, status, version) =>
    apiCall<QuestionResponse>(`/api/questions/${id}/status`, { method: 'POST', body: { status, version } }),
  history: (id) => apiCall<HistoryResponse>(`/api/questions/${id}/history`),
  revert: (id, toVersion, version) =>
    apiCall<QuestionResponse & RevertNotes>(`/api/questions/${id}/revert`, {
      method: 'POST',
      body: { to_version: toVersion, version },
    }),
  twins: (atom) => apiCall<TwinsResponse>(`/api/questions/twins?atom=${encodeURIComponent(atom)}`),
};
