// The job queue: agenda on the product's own MongoDB (collection `jobs`), through
// @agendajs/mongo-backend on mongoose's connection. Every services process polls it
// (JOBS_PROCESS_EVERY_MS); a job is locked with one atomic findOneAndUpdate before it runs, so two
// processes never run it at once, and a job whose process died keeps its lock until its lock
// lifetime has passed, then runs again elsewhere, or at once when the services restart on the same
// host (worker.ts releaseDeadLocks; see docs/DECISIONS.md).
//
// agenda is an ES module; Node 24 loads it through require(). The composition roots (server.ts,
// composition.ts, app.ts for the dashboard) and the jobs modules import this file; the features do
// not, so loading the quiz router never loads agenda (test/quiz-no-job-queue.test.ts).
import os from 'node:os';
import mongoose from 'mongoose';
import type { IndexDescription } from 'mongodb';
import { Agenda, InMemoryNotificationChannel } from 'agenda';
import { MongoBackend } from '@agendajs/mongo-backend';

export const JOBS_COLLECTION = 'jobs';

/** This process's name in the jobs it locks (`lastModifiedBy`): host and pid. */
export const workerName = (): string => `${os.hostname()}:${process.pid}`;

export interface QueueOptions {
  processEveryMs?: number;
}

/** A new Agenda on mongoose's database (connected). Jobs are defined and started by worker.ts. */
export function createQueue(options: QueueOptions = {}): Agenda {
  const db = mongoose.connection.db;
  if (!db) throw new Error('The job queue needs a connected database');
  return new Agenda({
    name: workerName(),
    backend: new MongoBackend({ mongo: db, collection: JOBS_COLLECTION }),
    processEvery: options.processEveryMs,
    // A job enqueued by this process is picked up at once instead of at the next poll; other
    // processes (and jobs enqueued elsewhere, e.g. by `npm run invite`) are found by polling.
    notificationChannel: new InMemoryNotificationChannel(),
  });
}

/**
 * The queue jobs are enqueued on, one per composition root (server.ts, a CLI command) and handed down
 * (the event subscribers, the job worker, app.context.jobs for the dashboard): the running worker's
 * agenda once it has started, else one made on first use that only writes jobs (a CLI process, or
 * the services before the worker starts).
 */
/**
 * The indexes the enqueues' uniqueness checks read: each enqueue is an upsert keyed by the job's name
 * and its invitation or event id (enqueue.ts), which without them reads every job (agenda makes only
 * its own index, for locking the next job). A bulk invite of 500 enqueues 1,000 jobs.
 */
export const JOB_UNIQUE_INDEXES: IndexDescription[] = [
  { key: { name: 1, 'data.invitation_id': 1 }, name: 'job_invitation_idx' },
  { key: { name: 1, 'data.event_id': 1 }, name: 'job_event_idx' },
];

export class JobQueue {
  private current: Agenda | null = null;
  private indexes: Promise<void> | null = null;

  /** Resolves once the uniqueness indexes exist (made once per queue, on the first enqueue). */
  ready(): Promise<void> {
    if (!this.indexes) {
      const db = mongoose.connection.db;
      if (!db) throw new Error('The job queue needs a connected database');
      this.indexes = db
        .collection(JOBS_COLLECTION)
        .createIndexes(JOB_UNIQUE_INDEXES)
        .then(() => undefined);
      // a failed attempt is made again by the next enqueue
      this.indexes.catch(() => (this.indexes = null));
    }
    return this.indexes;
  }

  agenda(): Agenda {
    if (!this.current) {
      this.current = createQueue();
      this.current.on('error', () => {
        // A producer-only queue reports nothing worth a line: enqueue calls reject on their own.
      });
    }
    return this.current;
  }

  /** The worker's agenda from now on (null: the worker stopped; the next use makes a producer). */
  use(agenda: Agenda | null): void {
    this.current = agenda;
  }
}

declare module 'koa' {
  interface DefaultContext {
    /** The app's job queue: what jobs are enqueued on and the dashboard reads (createApp sets it). */
    jobs: JobQueue;
  }
}
