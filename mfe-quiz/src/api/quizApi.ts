// Every candidate call of SPEC §7, in one place, through the shared apiFetch (SPEC §8 error mapping).
// Callers get { success: true, data } or { success: false, status, message }; status 0 = network failure.
import { apiFetch, type ApiResult } from '@skillquiz/http-client';
import type {
  AnswerRequest,
  AnswerResponse,
  CandidateQuestion,
  EnvVarsResponse,
  LogEventRequest,
  QuizResult,
  SurveyRequest,
  TrackingEvent,
} from '@skillquiz/contracts';

export type { ApiResult };

const quizPath = (token: string) => `/api/quiz/${encodeURIComponent(token)}`;
const questionPath = (token: string, n: number) => `${quizPath(token)}/question/${n}/`;

export const quizApi = {
  getQuiz: (token: string) => apiFetch<QuizResult>(`${quizPath(token)}/`),

  /** Serving a question the first time starts its clock on the server. */
  getQuestion: (token: string, n: number) => apiFetch<CandidateQuestion>(questionPath(token, n)),

  answer: (token: string, n: number, body: AnswerRequest) =>
    apiFetch<AnswerResponse>(questionPath(token, n), { method: 'POST', body }),

  log: (token: string, n: number, body: LogEventRequest, init: { signal?: AbortSignal } = {}) =>
    apiFetch<unknown>(`${questionPath(token, n)}log/`, { method: 'POST', body, ...init }),

  track: (event: TrackingEvent, init: { signal?: AbortSignal } = {}) =>
    apiFetch<unknown>(`${quizPath(event.token)}/tracking`, { method: 'POST', body: event, ...init }),

  survey: (token: string, body: SurveyRequest) =>
    apiFetch<unknown>(`${quizPath(token)}/survey`, { method: 'POST', body }),

  pass243: (token: string) => apiFetch<unknown>(`${quizPath(token)}/pass_243`, { method: 'POST' }),

  finish: (token: string) => apiFetch<unknown>(`${quizPath(token)}/finish`, { method: 'POST' }),

  envVars: () => apiFetch<EnvVarsResponse>('/api/env-vars'),
};

/**
 * The abandon call for page close (SPEC §4): fetch() is cancelled when a page unloads, a beacon is
 * not. `{ on: 'unload' }` makes it a pending leave on the server, cleared when the candidate comes back
 * within the abandon grace (closing and reopening the tab resumes, issue 5). Returns whether the
 * browser queued it.
 */
export function abandonBeacon(token: string): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  const body = new Blob([JSON.stringify({ on: 'unload' })], { type: 'application/json' });
  return navigator.sendBeacon(`${quizPath(token)}/abandon`, body);
}
