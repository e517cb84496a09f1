// Starts this process's job worker: the queue with every job defined, polling the `jobs` collection.
// Called by main.ts once the server listens (the demo candidates call this process's own URL).
// Stopping leaves a running job locked until it finishes or its lock lapses, so a job cut short by a
// stop or a crash runs again (in this or another process) rather than being lost.
import { backoffStrategies, type Agenda, type Job } from 'agenda';
import type { OutageMonitor, Events } from '../../platform';
import type { JobContext } from './context';
import { DEMO_LOCK_LIFETIME_MS, runDemoCandidates, wantsDemoCandidates } from './demo-candidates';
import { enqueueDemoCandidates, enqueueInvitationReminder, scheduleExpirySweep } from './enqueue';
import { runExpirySweep } from './expiry-sweep';
import { runInvitationEmail, runInvitationReminder } from './invitation-email';
import {
  JOB,
  reminderTime,
  type DemoCandidatesData,
  type InvitationEmailData,
  type InvitationReminderData,
  type ResultWebhookData,
  type StageWebhookData,
} from './names';
import os from 'node:os';
import mongoose from 'mongoose';
import { createQueue, JOBS_COLLECTION, type JobQueue } from './queue';
import { runResultWebhook } from './result-webhook';
import { runStageWebhook } from './stage-webhook';
import { deliveryBackoff } from './retry';

export const EXPIRY_SWEEP_EVERY = '1 minute';

/** Lock lifetimes: longer than a job can take (SMTP timeouts 10+30 s, webhook timeout 5 s). */
const LOCK_LIFETIME_MS = {
  [JOB.invitationEmail]: 2 * 60_000,
  [JOB.invitationReminder]: 2 * 60_000,
  [JOB.resultWebhook]: 60_000,
  [JOB.stageWebhook]: 60_000,
  [JOB.expirySweep]: 5 * 60_000,
  [JOB.demoCandidates]: DEMO_LOCK_LIFETIME_MS,
};

/**
 * A job's handler whose failures always reach the queue as an Error of ours. agenda records
 * `reason.message` only for an `instanceof Error` and otherwise the raw value (an object in the
 * dashboard's "failed" column); errors made by Node's own modules (a refused connection) fail that
 * check where the queue runs in another realm than Node's core (jest's module sandbox), and a
 * library may throw a non-Error.
 */
function readable<T>(run: (job: Job<T>) => Promise<void>): (job: Job<T>) => Promise<void> {
  return async (job) => {
    try {
      await run(job);
    } catch (err) {
      if (err instanceof Error) throw err;
      const message = typeof err === 'object' && err && 'message' in err ? String(err.message) : String(err);
      throw new Error(message, { cause: err });
    }
  };
}

export interface JobWorker {
  agenda: Agenda;
  stop(): Promise<void>;
}

export interface StartJobWorkerOptions extends JobContext {
  justSeeded: boolean;
  /** The events service the expiry sweep dispatches the quizzes it ends through. */
  events: Events;
  /** The process's queue (the one its event subscribers enqueue on): the worker's agenda while it runs. */
  queue: JobQueue;
  /** The process's view of the database (its outages are logged there, not again per poll). */
  outages: OutageMonitor;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Unlocks the jobs locked by services processes of this host that no longer run (a kill -9, a
 * crash), so a restart runs them again at once instead of after their lock lifetime. A lock's
 * owner is `<host>:<pid>` (queue.ts workerName); one held under this process's own pid is a previous
 * process's (this one locks nothing before its worker starts). Other hosts' locks are left to lapse.
 * Returns how many were released.
 */
export async function releaseDeadLocks(): Promise<number> {
  const jobs = mongoose.connection.db!.collection(JOBS_COLLECTION);
  const prefix = `${os.hostname()}:`;
  const locked = await jobs
    .find({ lockedAt: { $ne: null } }, { projection: { _id: 1, lastModifiedBy: 1, nextRunAt: 1 } })
    .toArray();
  let released = 0;
  for (const job of locked) {
    const owner = typeof job.lastModifiedBy === 'string' ? job.lastModifiedBy : '';
    if (!owner.startsWith(prefix)) continue;
    const pid = Number(owner.slice(prefix.length));
    if (!Number.isInteger(pid) || (pid !== process.pid && alive(pid))) continue;
    const res = await jobs.updateOne(
      { _id: job._id, lockedAt: { $ne: null }, lastModifiedBy: owner },
      { $set: { lockedAt: null, ...(job.nextRunAt ? {} : { nextRunAt: new Date() }) } },
    );
    released += res.modifiedCount;
  }
  return released;
}

export async function startJobWorker(options: StartJobWorkerOptions): Promise<JobWorker> {
  const { config, logger, queue } = options;
  const ctx: JobContext = { config, logger, selfUrl: options.selfUrl, mailer: options.mailer };
  const agenda = createQueue({ processEveryMs: config.jobsProcessEveryMs });
  // The queue reports its database errors every poll; one line per outage is enough (outages.ts
  // already logs the outage itself).
  let reported = false;
  agenda.on('error', (err: Error) => {
    if (options.outages.isDown()) return;
    if (!reported) logger.warn({ err }, 'job queue: the database call failed');
    reported = true;
    setTimeout(() => (reported = false), 60_000).unref();
  });
  agenda.on('fail', (err: Error, job: Job) => {
    logger.warn(
      { err, job: { name: job.attrs.name, id: String(job.attrs._id), attempt: job.attrs.failCount ?? 1 } },
      `job ${job.attrs.name} failed`,
    );
  });

  const lock = (name: keyof typeof LOCK_LIFETIME_MS) => config.jobsLockLifetimeMs ?? LOCK_LIFETIME_MS[name];
  const retry = deliveryBackoff(config);

  agenda.define<InvitationEmailData>(
    JOB.invitationEmail,
    readable((job) => runInvitationEmail(job, ctx)),
    {
      concurrency: 5,
      lockLifetime: lock(JOB.invitationEmail),
      backoff: retry,
    },
  );
  agenda.define<InvitationReminderData>(
    JOB.invitationReminder,
    readable((job) =>
      runInvitationReminder(job, ctx, async (id, expiresAt) => {
        const at = reminderTime(expiresAt);
        if (at) await enqueueInvitationReminder(queue, id, expiresAt, at);
      }),
    ),
    { concurrency: 5, lockLifetime: lock(JOB.invitationReminder), backoff: retry },
  );
  agenda.define<ResultWebhookData>(
    JOB.resultWebhook,
    readable((job) => runResultWebhook(job, ctx)),
    {
      concurrency: 10,
      lockLifetime: lock(JOB.resultWebhook),
      backoff: retry,
    },
  );
  agenda.define<StageWebhookData>(
    JOB.stageWebhook,
    readable((job) => runStageWebhook(job, ctx)),
    { concurrency: 10, lockLifetime: lock(JOB.stageWebhook), backoff: retry },
  );
  agenda.define(
    JOB.expirySweep,
    readable(async () => {
      const r = await runExpirySweep(config, options.events);
      if (r.abandoned || r.expired)
        logger.info(`expiry sweep: ${r.abandoned} quizzes abandoned, ${r.expired} expired`);
    }),
    { concurrency: 1, lockLifetime: lock(JOB.expirySweep) },
  );
  agenda.define<DemoCandidatesData>(
    JOB.demoCandidates,
    readable((job) => runDemoCandidates(job, ctx)),
    {
      concurrency: 1,
      lockLifetime: lock(JOB.demoCandidates),
      backoff: backoffStrategies.constant({ delay: 30_000, maxRetries: 5 }),
    },
  );

  await agenda.ready;
  queue.use(agenda);
  const released = await releaseDeadLocks();
  if (released) logger.info(`job queue: released ${released} jobs locked by a process that died`);
  await scheduleExpirySweep(queue, EXPIRY_SWEEP_EVERY);
  if (await wantsDemoCandidates(config.seedDemoCandidates, options.justSeeded)) {
    logger.info(
      `demo data: ${config.seedDemoCandidates} simulated candidates per seeded atom are queued (job ${JOB.demoCandidates})`,
    );
    await enqueueDemoCandidates(queue, config.seedDemoCandidates);
  }
  await agenda.start();
  return {
    agenda,
    stop: async () => {
      await agenda.stop();
      queue.use(null);
    },
  };
}
