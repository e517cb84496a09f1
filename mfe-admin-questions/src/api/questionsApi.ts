// The questions remote's backend: every call of SPEC §7 it makes (and the content analytics, the
// review status, history, twins, import and export) behind
// one interface, QuestionsApi. The exposed AdminQuestionsApp takes an `api` prop (default:
// httpQuestionsApi below) and hands it to the pages through context (./context.ts). The app tests and
// the standalone dev page run it against the real services (./questionsApi.test.ts checks its URLs).
// A failed call throws ApiError (@skillquiz/http-client) carrying its status and the server's
// message (SPEC §8); `signal` aborts a fetch nobody wants any more (the list's older query).
import { ApiError, apiCall, CSRF_COOKIE, CSRF_HEADER, messageFrom, readCookie } from '@skillquiz/http-client';
import { defaultErrorMessage } from '@skillquiz/contracts/constants';
import type {
  AtomListResponse,
  CalibrationActionResponse,
  ClaimOptionsResponse,
  CodeBlockOptionsResponse,
  LanguageOptionsResponse,
  QuestionAnalyticsResponse,
  QuestionListResponse,
  QuestionResponse,
  NeedsReviewResponse,
  QuestionStatisticsListResponse,
  QuestionWritePayload,
  QuestionStatus,
  HistoryResponse,
  ImportCommitResponse,
  ImportPreviewResponse,
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
  atoms(signal?: AbortSignal): Promise<AtomListResponse>;
  codeBlockOptions(signal?: AbortSignal): Promise<CodeBlockOptionsResponse>;
  claimOptions(signal?: AbortSignal): Promise<ClaimOptionsResponse>;
  languageOptions(signal?: AbortSignal): Promise<LanguageOptionsResponse>;
  /** GET /api/questions/{id}/statistics */
  analytics(id: number, signal?: AbortSignal): Promise<QuestionAnalyticsResponse>;
  /** GET /api/questions/statistics?atom= (the list's statistics columns) */
  listStatistics(atom: string, signal?: AbortSignal): Promise<QuestionStatisticsListResponse>;
  /** GET /api/questions/needs-review: the flagged questions of an atom, each with a text excerpt. */
  needsReview(atom: string, signal?: AbortSignal): Promise<NeedsReviewResponse>;
  /** POST /api/questions/{id}/calibration/apply with the version the page loaded. */
  applyCalibration(id: number, version: number): Promise<CalibrationActionResponse>;
  /** POST /api/questions/{id}/graduate with the version the page loaded. */
  graduate(id: number, version: number): Promise<CalibrationActionResponse>;
  /** POST /api/questions/{id}/status; 400 when a review rule refuses, 409 on a stale version. */
  setStatus(id: number, status: QuestionStatus, version: number): Promise<QuestionResponse>;
  /** GET /api/questions/{id}/history (newest first). */
  history(id: number, signal?: AbortSignal): Promise<HistoryResponse>;
  /** POST /api/questions/{id}/revert: `toVersion` restored as a new version; 409 on a stale `version`. */
  revert(id: number, toVersion: number, version: number): Promise<QuestionResponse & RevertNotes>;
  /** GET /api/questions/twins?atom= (likely near-duplicates within one atom). */
  twins(atom: string, signal?: AbortSignal): Promise<TwinsResponse>;
  /**
   * POST /api/questions/import/preview?filename=: the file's bytes as the body; the
   * services guess the format (JSON, CSV, QTI 2.2 zip or XML), check every item and write nothing.
   */
  importPreview(file: Blob, filename: string): Promise<ImportPreviewResponse>;
  /** POST /api/questions/import/{id}/commit: 400 while any item is invalid, 409 if a matched question moved on. */
  importCommit(importId: string, confirmUpdates: 'all' | string[]): Promise<ImportCommitResponse>;
  /** GET /api/questions/export?{query} (exportQueryString()): the file and its name. */
  exportFile(query: string): Promise<ExportedFile>;
}

export interface ExportedFile {
  blob: Blob;
  filename: string;
}

/** The name in a Content-Disposition header (`attachment; filename="x.json"`), else `fallback`. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/** A binary call (a file up or down): fetch directly, with the session cookie, the CSRF header on writes and SPEC §8's errors. */
async function fileCall(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.method && init.method !== 'GET') headers.set(CSRF_HEADER, readCookie(CSRF_COOKIE));
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'include', ...init, headers });
  } catch {
    throw new ApiError(0, 'Network error');
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => undefined);
    throw new ApiError(res.status, messageFrom(body) ?? defaultErrorMessage(res.status));
  }
  return res;
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
  atoms: (signal) => apiCall<AtomListResponse>('/api/atoms?include_beta=true', { signal }),
  codeBlockOptions: (signal) =>
    apiCall<CodeBlockOptionsResponse>('/api/questions/code-block-options', { signal }),
  claimOptions: (signal) => apiCall<ClaimOptionsResponse>('/api/questions/claim-options', { signal }),
  languageOptions: (signal) =>
    apiCall<LanguageOptionsResponse>('/api/questions/language-options', { signal }),
  analytics: (id, signal) =>
    apiCall<QuestionAnalyticsResponse>(`/api/questions/${id}/statistics`, { signal }),
  listStatistics: (atom, signal) =>
    apiCall<QuestionStatisticsListResponse>(`/api/questions/statistics?atom=${encodeURIComponent(atom)}`, {
      signal,
    }),
  needsReview: (atom, signal) =>
    apiCall<NeedsReviewResponse>(`/api/questions/needs-review?atom=${encodeURIComponent(atom)}`, { signal }),
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
  history: (id, signal) => apiCall<HistoryResponse>(`/api/questions/${id}/history`, { signal }),
  revert: (id, toVersion, version) =>
    apiCall<QuestionResponse & RevertNotes>(`/api/questions/${id}/revert`, {
      method: 'POST',
      body: { to_version: toVersion, version },
    }),
  twins: (atom, signal) =>
    apiCall<TwinsResponse>(`/api/questions/twins?atom=${encodeURIComponent(atom)}`, { signal }),
  importPreview: async (file, filename) =>
    (await (
      await fileCall(`/api/questions/import/preview?filename=${encodeURIComponent(filename)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream', Accept: 'application/json' },
        body: file,
      })
    ).json()) as ImportPreviewResponse,
  importCommit: (importId, confirmUpdates) =>
    apiCall<ImportCommitResponse>(`/api/questions/import/${encodeURIComponent(importId)}/commit`, {
      method: 'POST',
      body: { confirm_updates: confirmUpdates },
    }),
  exportFile: async (query) => {
    const res = await fileCall(`/api/questions/export?${query}`);
    return {
      blob: await res.blob(),
      filename: filenameFrom(res.headers.get('Content-Disposition'), 'questions'),
    };
  },
};
