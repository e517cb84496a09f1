// What a queued job carries and how it is sent. Kept apart from the queue so the send rule
// (which failures are worth retrying) is testable without localStorage timing.
import type { BatchEvent, EventBatchRequest, LogEventRequest, TrackingEvent } from '@skillquiz/contracts';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import type { ApiResult, QuizApi } from '../api/quizApi';
import type { BatchOutcome, BatchTask, QueueWorker } from './jobQueue';

/**
 * `id`: made when the event is queued, sent with it, so the server stores it once however often it
 * is sent (a retried batch, the flush as the page is hidden or closed). Jobs an older page stored
 * have none: their task id stands in.
 */
export type QueueJob = (
  | { kind: 'log'; token: string; questionNumber: number; body: LogEventRequest }
  | { kind: 'track'; event: TrackingEvent }
) & {
  id?: string;
  /** When it happened (epoch ms, the page's clock); older jobs have none. */
  at?: number;
};

/** The calls a job is sent with. */
export type JobSender = Pick<QuizApi, 'log' | 'track' | 'sendEvents'>;

/** The quiz a job belongs to (a batch goes to one quiz's path). */
export const tokenOf = (job: QueueJob): string => (job.kind === 'log' ? job.token : job.event.token);

/** An id the server takes (URL-safe, 8 to 64 characters), the same for the same input. */
export function eventId(raw: string): string {
  const safe = raw.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  return safe.length >= 8 ? safe : safe.padEnd(8, '_');
}

/** The job as one event of a batch (POST /api/quiz/{token}/events). */
export function batchEventOf(job: QueueJob, taskId: string): BatchEvent {
  const id = eventId(job.id ?? taskId);
  const at = typeof job.at === 'number' ? { at: job.at } : {};
  if (job.kind === 'log') {
    return {
      id,
      kind: 'log',
      ...at,
      number: job.questionNumber,
      eventName: job.body.eventName,
      ...(job.body.eventDetails !== undefined ? { eventDetails: job.body.eventDetails } : {}),
    };
  }
  const { questionId, event, eventDetails } = job.event;
  return { id, kind: 'tracking', ...at, questionId, event, ...(eventDetails ? { eventDetails } : {}) };
}

const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** The longest id an event may have: sizes measured with it never undercount. */
const LONGEST_ID = 'x'.repeat(64);
/** Each job's size as a batch event (kept while the queue asks about the same job object again). */
const sizes = new WeakMap<QueueJob, number>();
const sizeOf = (job: QueueJob): number => {
  let n = sizes.get(job);
  if (n === undefined) sizes.set(job, (n = byteLength(batchEventOf(job, LONGEST_ID))));
  return n;
};

/** Room for the batch's envelope (`{"events":[...],"on":"leave"}`) within the server's bound. */
const ENVELOPE_BYTES = 64;

/** Whether one more event keeps a batch within the server's bounds (count and bytes). */
export function fitsBatch(taken: readonly BatchEvent[], next: BatchEvent, maxBytes: number): boolean {
  if (taken.length >= CONSTANTS.EVENT_BATCH.MAX_EVENTS) return false;
  const bytes = taken.reduce((sum, e) => sum + byteLength(e) + 1, ENVELOPE_BYTES);
  return bytes + byteLength(next) + 1 <= maxBytes;
}

/**
 * The events waiting (queue order) as batches for the server: one quiz per batch, each within the
 * count and byte bounds, all together within `budgetBytes` (a closing page's keepalive requests
 * share 64 KiB); what does not fit is left out (it stays queued for the next visit).
 */
export function batchesOf(
  jobs: readonly { job: QueueJob; taskId: string }[],
  budgetBytes: number = CONSTANTS.EVENT_BATCH.MAX_BYTES,
): { token: string; events: BatchEvent[] }[] {
  const batches: { token: string; events: BatchEvent[] }[] = [];
  let used = 0;
  for (const { job, taskId } of jobs) {
    const event = batchEventOf(job, taskId);
    const size = byteLength(event) + 1;
    const token = tokenOf(job);
    let batch = batches.find((b) => b.token === token);
    const startsNew = !batch || !fitsBatch(batch.events, event, CONSTANTS.EVENT_BATCH.MAX_BYTES);
    if (used + size + (startsNew ? ENVELOPE_BYTES : 0) > budgetBytes) break;
    if (startsNew) {
      batch = { token, events: [] };
      batches.push(batch);
      used += ENVELOPE_BYTES;
    }
    batch!.events.push(event);
    used += size;
  }
  return batches;
}

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

/** Sends one batch, given up after the worker timeout like one job. */
export async function sendBatch(
  api: JobSender,
  token: string,
  body: EventBatchRequest,
  timeoutMs = CONSTANTS.LOG_WORKER_TIMEOUT_MS,
) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await api.sendEvents(token, body, { signal: controller.signal });
  } catch {
    return { success: false as const, status: 0, message: 'Timed out' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Each task's outcome of one batch: done (stored now or before), refused (the server will never
 * store it), or every one tried again after a transient failure. A batch refused as a whole (400,
 * 413: something in it the server does not take) is sent again one event at a time, so one bad
 * event (say, stored by an older page) costs only itself.
 */
export async function handleBatch(
  api: JobSender,
  tasks: readonly BatchTask<QueueJob>[],
): Promise<BatchOutcome[]> {
  const events = tasks.map((t) => batchEventOf(t.args, t.id));
  const result = await sendBatch(api, tokenOf(tasks[0].args), { events });
  if (result.success) {
    const refused = new Set(result.data.refused.map((r) => r.id));
    return events.map((e) => (refused.has(e.id) ? 'refused' : 'done'));
  }
  if (isRetryable(result)) return tasks.map(() => 'retry');
  if (tasks.length === 1) return ['refused'];
  const outcomes: BatchOutcome[] = [];
  for (const task of tasks) outcomes.push(...(await handleBatch(api, [task])));
  return outcomes;
}

/**
 * The log worker: done (removed) once sent, tried again after a transient failure (frozen after
 * SPEC §9's 25 tries), given up (removed) when the server refuses it for good. The queue hands it
 * every waiting job of one quiz at once (within a batch's bounds): one request for what is waiting.
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
    batch: {
      key: tokenOf,
      fits: (taken, next) =>
        taken.length < CONSTANTS.EVENT_BATCH.MAX_EVENTS &&
        taken.reduce((sum, j) => sum + sizeOf(j) + 1, ENVELOPE_BYTES) + sizeOf(next) + 1 <=
          CONSTANTS.EVENT_BATCH.MAX_BYTES,
      handle: (tasks) => handleBatch(api, tasks),
    },
  };
}
