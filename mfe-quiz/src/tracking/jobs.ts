// What a queued job carries and how it is sent. Kept apart from the queue so the send rule
// (which failures are worth retrying) is testable without localStorage timing.
import type { LogEventRequest, TrackingEvent } from '@skillquiz/contracts';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import type { ApiResult, QuizApi } from '../api/quizApi';
import type { QueueWorker } from './jobQueue';

export type QueueJob =
  | { kind: 'log'; token: string; questionNumber: number; body: LogEventRequest }
  | { kind: 'track'; event: TrackingEvent };

/** The calls a job is sent with. */
export type JobSender = Pick<QuizApi, 'log' | 'track'>;

/** Network failures, timeouts, throttling and server errors are transient; any other refusal is final. */
export function isRetryable(result: ApiResult<unknown>): boolean {
  return (
    result.success === false &&
    (result.status === 0 || result.status === 408 || result.status === 429 || result.status >= 500)
  );
}

/** Sends one job, given up after the worker timeout (SPEC §9: 4000 ms), which counts as a failure. */
export async function sendJob(
  api: JobSender,
  job: QueueJob,
  timeoutMs = CONSTANTS.LOG_WORKER_TIMEOUT_MS,
): Promise<ApiResult<unknown>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return job.kind === 'log'
      ? await api.log(job.token, job.questionNumber, job.body, { signal: controller.signal })
      : await api.track(job.event, { signal: controller.signal });
  } catch {
    // apiFetch rethrows only aborts: the worker timeout.
    return { success: false, status: 0, message: 'Timed out' };
  } finally {
    clearTimeout(timer);
  }
}

/** The name jobs are stored under (the stored format predates this module: keep it). */
export const LOG_WORKER = 'QuestionLogWorker';

/**
 * The log worker: done (removed) once sent, tried again after a transient failure (frozen after
 * SPEC §9's 25 tries), given up (removed) when the server refuses it for good.
 */
export function questionLogWorker(api: JobSender): QueueWorker<QueueJob> {
  return {
    retry: CONSTANTS.LOG_JOB_RETRIES,
    async handle(job) {
      const result = await sendJob(api, job);
      if (result.success) return true;
      if (isRetryable(result)) return false;
      throw new Error(result.message);
    },
  };
}
