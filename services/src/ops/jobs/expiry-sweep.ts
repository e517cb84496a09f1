// `expiry-sweep`, every minute in one process (a 'single' repeating job): writes down, on time, what
// the quiz API otherwise only decides when the candidate calls again (src/quiz/timing.ts):
//   - a page-close whose grace (ABANDON_GRACE_MINUTES) has passed: the quiz is abandoned at
//     left_at + grace (the lapse rule of quiz/timing.ts: found with latestLapsedLeave, written with
//     lapseLeave, as the quiz API decides it);
//   - an unfinished quiz past its expires_at: expired_at = expires_at (the quiz API already answers
//     410 then; now the hiring pages and the webhook learn it too);
// and each write that ends a quiz carries its quiz.ended event (src/hiring/invitations/lifecycle.ts), which
// is then dispatched (the hiring summary refreshed, the company's result webhook queued). Invitations whose
// deadline passed are written down by settleLapsedInvitations, from sweepExpired. Quiz writes are
// conditional on `rev`, like the quiz API's, so a candidate's concurrent call and the sweep never
// overwrite each other: whichever loses re-reads. It also deletes ended sessions and rate-limit
// counters (the embedded engine has no TTL monitor; src/platform/db/sweep.ts) and prunes old finished jobs.
import { sweepExpired } from '../../platform/db/sweep';
import type { Events } from '../../platform/events';
import { quizEndedEvent } from '../../hiring/invitations/lifecycle';
import { QuizResult, type QuizResultDoc } from '../../quiz/models/quiz-result';
import { latestLapsedLeave, lapseLeave } from '../../quiz/timing';
import type { Config } from '../../platform/config';
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

type SweptQuiz = Pick<QuizResultDoc, '_id' | 'invitation' | 'company' | 'demo_data'>;

const idsOf = (q: SweptQuiz) => ({
  id: String(q._id),
  invitation_id: q.invitation ? String(q.invitation) : null,
  company_id: q.company ? String(q.company) : null,
  demo_data: q.demo_data,
});

export async function runExpirySweep(
  config: Pick<Config, 'abandonGraceMinutes'>,
  events: Events,
  now = new Date(),
): Promise<SweepResult> {
  const result: SweepResult = { abandoned: 0, expired: 0, jobsPruned: 0 };
  const open = { finished_at: null, abandoned_at: null, expired_at: null };

  // Page closes whose grace has passed: abandoned at left_at + grace.
  const grace = config.abandonGraceMinutes;
  const left = await QuizResult.find({
    ...open,
    left_at: { $ne: null, $lte: latestLapsedLeave(now, grace) },
  })
    .select({ rev: 1, left_at: 1, company: 1, invitation: 1, demo_data: 1 })
    .limit(SWEEP_BATCH)
    .lean()
    .exec();
  for (const q of left) {
    const { abandoned_at, left_at } = lapseLeave(
      { abandoned_at: null, left_at: q.left_at ?? null },
      now,
      grace,
    );
    if (!abandoned_at) continue;
    const write = await QuizResult.updateOne(
      { _id: q._id, rev: q.rev, ...open },
      {
        $set: { abandoned_at, left_at },
        $inc: { rev: 1 },
        $push: { pending_events: quizEndedEvent(idsOf(q), 'abandoned', abandoned_at) },
      },
    ).exec();
    if (write.modifiedCount === 1) {
      result.abandoned++;
      await events.dispatch('quiz_results', q._id);
    }
  }

  // Unfinished past expiry. (A page-close that lapsed first was handled above.)
  const expired = await QuizResult.find({ ...open, expires_at: { $ne: null, $lte: now } })
    .select({ rev: 1, expires_at: 1, company: 1, invitation: 1, demo_data: 1 })
    .limit(SWEEP_BATCH)
    .lean()
    .exec();
  for (const q of expired) {
    const expired_at = q.expires_at!;
    const write = await QuizResult.updateOne(
      { _id: q._id, rev: q.rev, ...open },
      {
        $set: { expired_at },
        $inc: { rev: 1 },
        $push: { pending_events: quizEndedEvent(idsOf(q), 'expired', expired_at) },
      },
    ).exec();
    if (write.modifiedCount === 1) {
      result.expired++;
      await events.dispatch('quiz_results', q._id);
    }
  }

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
