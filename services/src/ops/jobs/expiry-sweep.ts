// `expiry-sweep`, every minute in one process (a 'single' repeating job): writes down, on time, what
// the quiz API otherwise only decides when the candidate calls again (src/quiz/timing.ts):
//   - a page-close whose grace (ABANDON_GRACE_MINUTES) has passed: the quiz is abandoned at
//     left_at + grace (the lapse rule of quiz/timing.ts: found with latestLapsedLeave, written with
//     lapseLeave, as the quiz API decides it);
//   - an unfinished quiz past its expires_at: expired_at = expires_at (the quiz API already answers
//     410 then; now the hiring pages and the webhook learn it too);
// and each write that ends a quiz carries its quiz.ended event (src/quiz/ended.ts), which is then
// dispatched (the hiring summary refreshed, the company's result webhook queued). Invitations whose
// deadline passed are written down by settleLapsedInvitations, from sweepExpired. The quiz writes (the
// quiz's sweepLapsedQuizzes, quiz/writes.ts) are conditional on `rev`, like the quiz API's, so a
// candidate's concurrent call and the sweep never overwrite each other: whichever loses re-reads. It also deletes ended sessions and rate-limit
// counters (the embedded engine has no TTL monitor; ops/jobs/sweep.ts) and prunes old finished jobs.
import { sweepExpired } from './sweep';
import type { Events, Config } from '../../platform';
import { sweepLapsedQuizzes } from '../../quiz';
import { JOBS_COLLECTION } from './queue';
import mongoose from 'mongoose';

/** At most this many quizzes of each kind per run; the next run (a minute later) takes the rest. */
export const SWEEP_BATCH = 500;
/** Finished jobs are kept this long for the dashboard, failed ones longer. */
export const KEEP_COMPLETED_JOBS_DAYS = 7;
export const KEEP_FAILED_JOBS_DAYS = 30;

export interface SweepResult {
  abandoned: number;
  expired: number;
  jobsPruned: number;
}

export async function runExpirySweep(
  config: Pick<Config, 'abandonGraceMinutes'>,
  events: Events,
  now = new Date(),
): Promise<SweepResult> {
  const result: SweepResult = { abandoned: 0, expired: 0, jobsPruned: 0 };
  Object.assign(result, await sweepLapsedQuizzes(config.abandonGraceMinutes, events, now, SWEEP_BATCH));
  await sweepExpired(now);
  result.jobsPruned = await pruneFinishedJobs(now);
  return result;
}

/** One-off jobs that finished long ago (repeating and pending ones are never touched). */
async function pruneFinishedJobs(now: Date): Promise<number> {
  const jobs = mongoose.connection.db!.collection(JOBS_COLLECTION);
  const day = 24 * 3600_000;
  const res = await jobs.deleteMany({
    nextRunAt: null,
    lockedAt: null,
    repeatInterval: null,
    $or: [
      {
        failReason: null,
        lastFinishedAt: { $lte: new Date(now.getTime() - KEEP_COMPLETED_JOBS_DAYS * day) },
      },
      {
        failReason: { $ne: null },
        lastFinishedAt: { $lte: new Date(now.getTime() - KEEP_FAILED_JOBS_DAYS * day) },
      },
    ],
  });
  return res.deletedCount;
}
