// The candidate remote's backend: every candidate call of SPEC §7 behind one interface, QuizApi.
// The exposed QuizApp takes an `api` prop (default: httpQuizApi below) and hands it to the pages
// through context (./context.ts); the app tests and the standalone dev page use it on the real
// services (failures from msw at the HTTP layer).
// Results are { success: true, data } or { success: false, status, message } (apiFetch's SPEC §8
// mapping); status 0 = network failure. Nothing here throws for an HTTP or network failure.
import { apiFetch, type ApiResult } from '@skillquiz/http-client';
import type {
  AnswerRequest,
  AnswerResponse,
  CandidateQuestion,
  EnvVarsResponse,
  EventBatchRequest,
  EventBatchResponse,
  LogEventRequest,
  QuizResult,
  SurveyRequest,
  TrackingEvent,
} from '@skillquiz/contracts';

export type { ApiResult };

/** An aborted request (the log worker's timeout, a query no longer wanted) rejects with its AbortError. */
export interface CallInit {
  signal?: AbortSignal;
}

/** `keepalive`: the request outlives the page (sent as it is hidden or closed; body <= 64 KiB). */
export interface EventsInit extends CallInit {
  keepalive?: boolean;
}

export interface QuizApi {
  /** GET /api/quiz/{token}/: the quiz result. `signal`: TanStack Query's, for a load no longer wanted. */
  getQuiz(token: string, init?: CallInit): Promise<ApiResult<QuizResult>>;
  /** GET …/question/{n}/. Serving a question the first time starts its clock on the server. */
  getQuestion(token: string, n: number, init?: CallInit): Promise<ApiResult<CandidateQuestion>>;
  /** POST …/question/{n}/: the answer (idempotent on the server: a resent answer counts once). */
  answer(token: string, n: number, body: AnswerRequest): Promise<ApiResult<AnswerResponse>>;
  /** POST …/question/{n}/log/: one per-question log event (the log queue's worker sends these). */
  log(token: string, n: number, body: LogEventRequest, init?: CallInit): Promise<ApiResult<unknown>>;
  /** POST /api/quiz/{token}/tracking: one integrity event (through the log queue too). */
  track(event: TrackingEvent, init?: CallInit): Promise<ApiResult<unknown>>;
  /**
   * POST /api/quiz/{token}/events: the queued log and tracking events in one request (what the log
   * queue's worker sends, and what is left when the page is hidden or closed, with `keepalive`).
   */
  sendEvents(
    token: string,
    body: EventBatchRequest,
    init?: EventsInit,
  ): Promise<ApiResult<EventBatchResponse>>;
  survey(token: string, body: SurveyRequest): Promise<ApiResult<unknown>>;
  pass243(token: string): Promise<ApiResult<unknown>>;
  finish(token: string): Promise<ApiResult<unknown>>;
  /** GET /api/env-vars: whether demo mode is allowed. */
  envVars(init?: CallInit): Promise<ApiResult<EnvVarsResponse>>;
  /**
   * The abandon call for page close (SPEC §4), made while the page unloads: returns whether it was
   * queued (a beacon survives the unload, a fetch does not).
   */
  abandonOnUnload(token: string): boolean;
}

const quizPath = (token: string) => `/api/quiz/${encodeURIComponent(token)}`;
const questionPath = (token: string, n: number) => `${quizPath(token)}/question/${n}/`;

/** QuizApi over HTTP to the services (same origin, cookies included). */
export const httpQuizApi: QuizApi = {
  getQuiz: (token, init = {}) => apiFetch<QuizResult>(`${quizPath(token)}/`, init),
  getQuestion: (token, n, init = {}) => apiFetch<CandidateQuestion>(questionPath(token, n), init),
  answer: (token, n, body) => apiFetch<AnswerResponse>(questionPath(token, n), { method: 'POST', body }),
  log: (token, n, body, init = {}) =>
    apiFetch<unknown>(`${questionPath(token, n)}log/`, { method: 'POST', body, ...init }),
  track: (event, init = {}) =>
    apiFetch<unknown>(`${quizPath(event.token)}/tracking`, { method: 'POST', body: event, ...init }),
  sendEvents: sendEventsOverHttp,
  survey: (token, body) => apiFetch<unknown>(`${quizPath(token)}/survey`, { method: 'POST', body }),
  pass243: (token) => apiFetch<unknown>(`${quizPath(token)}/pass_243`, { method: 'POST' }),
  finish: (token) => apiFetch<unknown>(`${quizPath(token)}/finish`, { method: 'POST' }),
  envVars: (init = {}) => apiFetch<EnvVarsResponse>('/api/env-vars', init),
  abandonOnUnload: abandonBeacon,
};

/**
 * `{ on: 'unload' }` makes the abandon a pending leave on the server, cleared when the candidate
 * comes back within the abandon grace (closing and reopening the tab resumes).
 */
export function abandonBeacon(token: string): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  const body = new Blob([JSON.stringify({ on: 'unload' })], { type: 'application/json' });
  return navigator.sendBeacon(`${quizPath(token)}/abandon`, body);
}

/** Whether this browser's fetch can outlive the page (keepalive); older ones have sendBeacon only. */
function fetchKeepsAlive(): boolean {
  return typeof Request !== 'undefined' && 'keepalive' in Request.prototype;
}

/**
 * The batch over fetch; with `keepalive` where fetch cannot keep a request alive, a beacon (a JSON
 * string: text/plain, which the route takes), whose outcome is unknown: the events stay queued and
 * the server stores them once when they come again.
 */
function sendEventsOverHttp(
  token: string,
  body: EventBatchRequest,
  init: EventsInit = {},
): Promise<ApiResult<EventBatchResponse>> {
  const path = `${quizPath(token)}/events`;
  if (init.keepalive && !fetchKeepsAlive()) {
    const queued =
      typeof navigator !== 'undefined' &&
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(path, JSON.stringify(body));
    return Promise.resolve({ success: false, status: 0, message: queued ? 'Sent as a beacon' : 'Not sent' });
  }
  return apiFetch<EventBatchResponse>(path, { method: 'POST', body, ...init });
}
