// The per-question log and the integrity events (SPEC §4 "Queued logging"): every event goes to the
// persistent local-storage queue on the channel 'question-log', sent by the log worker through the
// app's QuizApi, what is waiting in one request (POST /api/quiz/{token}/events). The queue module is
// loaded on first use, and no sooner than the first idle moment, so it stays out of the JavaScript a
// question needs to become interactive (events added meanwhile wait in memory). It pauses while the
// browser is offline (so retries are not burnt) and replays when back online; jobs an earlier page
// left are replayed when it opens.
// Nothing waits for the queue's next turn when the page may go away: when the page is hidden or
// closed (visibilitychange to hidden, pagehide), and when the quiz reaches its done page, what is
// waiting (in memory or stored, not frozen) is sent at once in a request that outlives the page
// (fetch with keepalive). Every event carries the id it was given when queued, so the server stores
// it once however often it arrives; the stored jobs stay queued until a reply says they are in.
import type { TrackingEvent } from '@skillquiz/contracts';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import { nextIdle } from '../hooks/idle';
import type { Channel, StoredTask, TaskStorage } from './jobQueue';
import { LOG_WORKER, batchesOf, eventId, questionLogWorker, type JobSender, type QueueJob } from './jobs';

export interface QuestionLog {
  /** A per-question log event (POST …/question/{n}/log/). Never throws. */
  logEvent(token: string, questionNumber: number, eventName: string, eventDetails?: unknown): void;
  /** An integrity event (POST …/tracking). Never throws. */
  track(event: TrackingEvent): void;
  /** Opens the queue now, so jobs of an earlier visit are replayed. */
  start(): void;
  /**
   * Sends what is waiting now, in requests that outlive the page. `leaving`: the page is being
   * hidden or closed (the server then does not take the events as the candidate coming back).
   * Resolves once the replies are in (or at once when there is nothing to send). Never throws.
   */
  flush(options?: { leaving?: boolean }): Promise<void>;
  /** Flushes (leaving) whenever the page is hidden or closed; returns the function that stops it. */
  flushOnLeave(): () => void;
  /** Stops the queue and its listeners (the app went away); any later use opens it again. */
  close(): void;
}

export interface QuestionLogOptions {
  /** Where jobs are kept (SPEC §9: local storage). */
  storage?: TaskStorage;
  /** Resolves when the queue may open (default: the browser's next idle moment). */
  whenReady?: () => Promise<void>;
  /** New event ids (default: crypto.randomUUID). */
  newId?: () => string;
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

let fallbackCounter = 0;
function randomId(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  if (uuid) return uuid;
  fallbackCounter += 1;
  return `${Date.now().toString(36)}-${fallbackCounter}-${Math.random().toString(36).slice(2, 12)}`;
}

/** A closing page's keepalive requests share 64 KiB; what is left is sent on the next visit. */
const LEAVE_BUDGET_BYTES = CONSTANTS.EVENT_BATCH.MAX_BYTES - 1024;

export function createQuestionLog(api: JobSender, options: QuestionLogOptions = {}): QuestionLog {
  let opened: Promise<{ channel: Channel; detach(): void }> | null = null;
  /** The channel once open (flushes read it synchronously: a closing page has no time to wait). */
  let openChannel: Channel | null = null;
  /** Jobs queued but not yet stored by the channel (it is loading), by event id. */
  const pending = new Map<string, QueueJob>();
  /** Event ids in a flush request now: a second flush (hidden, then pagehide) does not resend them. */
  const flushing = new Set<string>();
  const newId = options.newId ?? randomId;

  async function open() {
    await (options.whenReady ?? nextIdle)();
    const { JobQueue } = await import(/* webpackChunkName: "queue" */ './jobQueue');
    const queue = new JobQueue(
      {
        storage: options.storage ?? window.localStorage,
        prefix: CONSTANTS.QUEUE.PREFIX,
        timeout: CONSTANTS.QUEUE.TIMEOUT_MS,
        limit: CONSTANTS.QUEUE.LIMIT,
        principle: CONSTANTS.QUEUE.PRINCIPLE,
      },
      { [LOG_WORKER]: questionLogWorker(api) },
    );
    const channel = queue.create(CONSTANTS.LOG_CHANNEL);
    const onOnline = () => channel.start();
    // Stopped while offline: a job added meanwhile waits instead of burning a retry.
    const onOffline = () => channel.stop();
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    if (isOnline()) channel.start();
    openChannel = channel;
    return {
      channel,
      detach() {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
        channel.stop();
        if (openChannel === channel) openChannel = null;
      },
    };
  }

  const channel = () => {
    opened ??= open();
    return opened;
  };

  async function enqueue(job: QueueJob & { id: string }): Promise<void> {
    pending.set(job.id, job);
    try {
      const { channel: ch } = await channel();
      await ch.add({ handler: LOG_WORKER, args: job, label: job.kind });
      if (isOnline() && !ch.status()) ch.start();
    } catch {
      // Logging must never disturb the quiz (SPEC §8: no user-visible message).
    } finally {
      pending.delete(job.id);
    }
  }

  /** What is waiting, in queue order: stored tasks not frozen (those with the worker too), then memory. */
  function waiting(): { job: QueueJob; taskId: string }[] {
    const stored: StoredTask[] = openChannel ? openChannel.tasks() : [];
    const out = stored
      .filter((t) => t.handler === LOG_WORKER && !t.freezed)
      .sort((a, b) => b.priority - a.priority || a.createdAt - b.createdAt)
      .map((t) => ({ job: t.args as QueueJob, taskId: t._id }));
    const ids = new Set(out.map((w) => w.job.id ?? w.taskId));
    for (const [id, job] of pending) if (!ids.has(id)) out.push({ job, taskId: id });
    return out.filter((w) => !flushing.has(w.job.id ?? w.taskId));
  }

  async function flush({ leaving = false }: { leaving?: boolean } = {}): Promise<void> {
    try {
      const jobs = waiting();
      if (jobs.length === 0) return;
      const batches = batchesOf(jobs, LEAVE_BUDGET_BYTES);
      const sent = batches.map(async ({ token, events }) => {
        for (const e of events) flushing.add(e.id);
        try {
          const r = await api.sendEvents(
            token,
            { events, ...(leaving ? { on: 'leave' as const } : {}) },
            { keepalive: true },
          );
          // The page is still there and the server has them (or will never take them): done.
          // (A job that was still in memory may have been stored meanwhile: found by its event id.)
          if (r.success && openChannel) {
            const sent = new Set(events.map((e) => e.id));
            openChannel.discard(
              openChannel
                .tasks()
                .filter((t) => sent.has(eventId((t.args as QueueJob).id ?? t._id)))
                .map((t) => t._id),
            );
          }
        } finally {
          for (const e of events) flushing.delete(e.id);
        }
      });
      await Promise.all(sent);
    } catch {
      // As for any send: the jobs stay queued and go with the worker.
    }
  }

  return {
    logEvent(token, questionNumber, eventName, eventDetails) {
      void enqueue({
        kind: 'log',
        id: newId(),
        at: Date.now(),
        token,
        questionNumber,
        body: { eventName, eventDetails },
      });
    },
    track(event) {
      void enqueue({ kind: 'track', id: newId(), at: Date.now(), event });
    },
    start() {
      void channel().catch(() => undefined);
    },
    flush,
    flushOnLeave() {
      const onVisibility = () => {
        if (document.visibilityState === 'hidden') void flush({ leaving: true });
      };
      // A page put in the back/forward cache is hidden too: its events go the same way.
      const onPageHide = () => void flush({ leaving: true });
      document.addEventListener('visibilitychange', onVisibility);
      window.addEventListener('pagehide', onPageHide);
      return () => {
        document.removeEventListener('visibilitychange', onVisibility);
        window.removeEventListener('pagehide', onPageHide);
      };
    },
    close() {
      const current = opened;
      opened = null;
      void current?.then((o) => o.detach()).catch(() => undefined);
    },
  };
}
