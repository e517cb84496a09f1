// What a queued job carries and how it is sent. Kept apart from the queue so the send rule
// (which failures are worth retrying) is testable without localStorage timing.
import type { LogEventRequest, TrackingEvent } from '@skillquiz/contracts';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import { quizApi, type ApiResult } from '../api/quizApi';

export type QueueJob =
  | { kind: 'log'; token: string; questionNumber: number; body: LogEventRequest }
  | { kind: 'track'; event: TrackingEvent };

/** Network failures, timeouts, throttling and server errors are transient; any other refusal is final. */
export function isRetryable(result: ApiResult<unknown>): boolean {
  return (
    result.success === false &&
    (result.status === 0 || result.status === 408 || result.status === 429 || result.status >= 500)
  );
}

export async function sendJob(
  job: QueueJob,
  timeoutMs = CONSTANTS.LOG_WORKER_TIMEOUT_MS,
): Promise<ApiResult<unknown>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return job.kind === 'log'
      ? await quizApi.log(job.token, job.questionNumber, job.body, { signal: controller.signal })
      : await quizApi.track(job.event, { signal: controller.signal });
  } catch {
    // apiFetch rethrows only aborts: the worker timeout.
    return { success: false, status: 0, message: 'Timed out' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The storage-based-queue worker. Its contract: resolve(true) = done (removed), resolve(false) = try
 * again (frozen after `retry` tries), reject = give up (removed).
 */
export class QuestionLogWorker {
  retry = CONSTANTS.LOG_JOB_RETRIES;

  async handle(job: QueueJob): Promise<boolean> {
    const result = await sendJob(job);
    if (result.success) return true;
    if (isRetryable(result)) return false;
    throw new Error(result.message);
  }
}
