// `demo-candidates`: the first-run simulated candidates (src/ops/seed/demo-candidates.ts) as
// one job, so their progress shows in /sidekiq and any services process may run them. Resumable as
// before: the marker counts what is still missing per atom, and a run whose process died is picked
// up again once its lock lapses (it touches the lock while it works, so a live run keeps it).
import type { Job } from 'agenda';
import mongoose from 'mongoose';
import { SEED_COLLECTION } from '../seed';
import { seedDemoCandidates } from '../seed/demo-candidates';
import type { JobContext } from './context';
import type { DemoCandidatesData } from './names';

/** A live run refreshes its lock at most this often; the lock lapses after DEMO_LOCK_LIFETIME_MS. */
const TOUCH_EVERY_MS = 3000;
export const DEMO_LOCK_LIFETIME_MS = 30_000;

export async function runDemoCandidates(job: Job<DemoCandidatesData>, ctx: JobContext): Promise<void> {
  let lastTouch = Date.now();
  let touching: Promise<void> = Promise.resolve();
  await seedDemoCandidates({
    baseUrl: ctx.selfUrl,
    perAtom: job.attrs.data.per_atom,
    // The job exists only when a run is wanted (wantsDemoCandidates), so it may begin one.
    justSeeded: true,
    logger: ctx.logger,
    onProgress: (done, total) => {
      if (Date.now() - lastTouch < TOUCH_EVERY_MS) return;
      lastTouch = Date.now();
      touching = job.touch(Math.round((100 * done) / Math.max(1, total))).catch((err: unknown) => {
        ctx.logger.warn({ err }, "demo data: could not refresh the job's lock");
      });
    },
  });
  await touching;
}

/**
 * Whether this start should (re)queue the run: not when it is done; yes when a run began and is not
 * done (a crash or stop half-way); otherwise only on the start that seeded the demo content.
 */
export async function wantsDemoCandidates(perAtom: number, justSeeded: boolean): Promise<boolean> {
  if (perAtom <= 0) return false;
  const marker = await mongoose.connection
    .db!.collection<{ _id: string; done?: boolean }>(SEED_COLLECTION)
    .findOne({ _id: 'demo-candidates' });
  if (marker) return !marker.done;
  return justSeeded;
}
