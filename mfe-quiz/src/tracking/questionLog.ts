// The per-question log and the integrity events (SPEC §4 "Queued logging"): every event goes to the
// persistent local-storage queue on the channel 'question-log', sent by the log worker through the
// app's QuizApi. The queue module is loaded on first use, and no sooner than the first idle moment,
// so it stays out of the JavaScript a question needs to become interactive (events added meanwhile
// wait in memory). It pauses while the browser is offline (so retries are not burnt) and replays
// when back online; jobs an earlier page left are replayed when it opens.
import type { TrackingEvent } from '@skillquiz/contracts';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import { nextIdle } from '../hooks/idle';
import type { Channel, TaskStorage } from './jobQueue';
import { LOG_WORKER, questionLogWorker, type JobSender, type QueueJob } from './jobs';

export interface QuestionLog {
  /** A per-question log event (POST …/question/{n}/log/). Never throws. */
  logEvent(token: string, questionNumber: number, eventName: string, eventDetails?: unknown): void;
  /** An integrity event (POST …/tracking). Never throws. */
  track(event: TrackingEvent): void;
  /** Opens the queue now, so jobs of an earlier visit are replayed. */
  start(): void;
  /** Stops the queue and its listeners (the app went away); any later use opens it again. */
  close(): void;
}

export interface QuestionLogOptions {
  /** Where jobs are kept (SPEC §9: local storage). */
  storage?: TaskStorage;
  /** Resolves when the queue may open (default: the browser's next idle moment). */
  whenReady?: () => Promise<void>;
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export function createQuestionLog(api: JobSender, options: QuestionLogOptions = {}): QuestionLog {
  let opened: Promise<{ channel: Channel; detach(): void }> | null = null;

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
    return {
      channel,
      detach() {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
        channel.stop();
      },
    };
  }

  const channel = () => {
    opened ??= open();
    return opened;
  };

  async function enqueue(job: QueueJob): Promise<void> {
    try {
      const { channel: ch } = await channel();
      await ch.add({ handler: LOG_WORKER, args: job, label: job.kind });
      if (isOnline() && !ch.status()) ch.start();
    } catch {
      // Logging must never disturb the quiz (SPEC §8: no user-visible message).
    }
  }

  return {
    logEvent(token, questionNumber, eventName, eventDetails) {
      void enqueue({ kind: 'log', token, questionNumber, body: { eventName, eventDetails } });
    },
    track(event) {
      void enqueue({ kind: 'track', event });
    },
    start() {
      void channel().catch(() => undefined);
    },
    close() {
      const current = opened;
      opened = null;
      void current?.then((o) => o.detach()).catch(() => undefined);
    },
  };
}
