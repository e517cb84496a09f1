// The persistent local-storage queue on the 'question-log' channel (SPEC §4 "Queued logging").
// storage-based-queue is loaded on first use, and no sooner than the first idle moment, so it stays
// out of the JavaScript a question needs to become interactive (jobs added meanwhile wait in memory).
// It pauses while the browser is offline (so retries are not burnt) and replays when back online.
import { CONSTANTS } from '@skillquiz/contracts/constants';
import { nextIdle } from '../hooks/idle';
import { QuestionLogWorker, type QueueJob } from './jobs';

interface Channel {
  add(task: { handler: string; args: unknown; label?: string }): Promise<string | boolean>;
  start(): Promise<void>;
  stop(): void;
  forceStop(): void;
  status(): boolean;
}

const WORKER = 'QuestionLogWorker';
let channel: Promise<Channel> | null = null;

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

async function openChannel(): Promise<Channel> {
  await nextIdle();
  const mod = await import(/* webpackChunkName: "queue" */ 'storage-based-queue');
  const Queue = (mod as { default?: unknown }).default ?? mod;
  const Q = Queue as {
    new (config: Record<string, unknown>): { create(name: string): Channel };
    workers(workers: Record<string, unknown>): void;
  };
  Q.workers({ [WORKER]: QuestionLogWorker });
  const queue = new Q({
    storage: CONSTANTS.QUEUE.STORAGE,
    prefix: CONSTANTS.QUEUE.PREFIX,
    timeout: CONSTANTS.QUEUE.TIMEOUT_MS,
    limit: CONSTANTS.QUEUE.LIMIT,
    principle: CONSTANTS.QUEUE.PRINCIPLE,
    debug: false,
  });
  const ch = queue.create(CONSTANTS.LOG_CHANNEL);
  window.addEventListener('online', () => void ch.start());
  // forceStop, not stop: stop() leaves the channel "running", and add() restarts a running channel,
  // so a job added while offline would be tried (and burn a retry) at once.
  window.addEventListener('offline', () => ch.forceStop());
  // Jobs left from an earlier page (closed while offline, say) are replayed now.
  if (isOnline()) await ch.start();
  return ch;
}

function getChannel(): Promise<Channel> {
  channel ??= openChannel();
  return channel;
}

/** Adds a job; it is sent now when online, or once the browser is back online. Never throws. */
export async function enqueue(job: QueueJob): Promise<void> {
  try {
    const ch = await getChannel();
    await ch.add({ handler: WORKER, args: job, label: job.kind });
    // add() restarts a running channel itself; start one that is idle.
    if (isOnline() && !ch.status()) await ch.start();
  } catch {
    // Logging must never disturb the quiz (SPEC §8: no user-visible message).
  }
}

/** Starts the channel early so queued jobs of an earlier visit are replayed. */
export function startQueue(): void {
  void getChannel().catch(() => undefined);
}
