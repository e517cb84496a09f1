// The writes to quiz_results that other contexts ask for (through the quiz's index): issuing an
// invitation's quizzes, expiring them (a revocation, an extension, the expiry sweep), the facts the
// quiz.ended subscribers write back once (the effort decision, the norms' mark), and the seed's demo
// flags. Every one keeps the quiz's `rev` protocol where a candidate may be writing at the same time.
import { Types } from 'mongoose';
import type { Events } from '../platform';
import { quizEndedEvent, isComplete } from './ended';
import { QuizResult, type QuizResultDoc } from './models/quiz-result';
import { lapseLeave, latestLapsedLeave } from './timing';

/** What a quiz takes from the invitation it belongs to. */
export interface QuizInvitation {
  _id: Types.ObjectId;
  company?: Types.ObjectId | null;
  expires_at?: Date | null;
  extra_time_percent?: number;
  demo?: boolean;
}

/** The quiz a new invitation issues per atom (or per list of atoms), before it is inserted. */
export function quizDocument(invitation: QuizInvitation, atomIds: string[], token: string) {
  return {
    token,
    invitation: invitation._id,
    company: invitation.company,
    atom_ids: atomIds,
    expires_at: invitation.expires_at ?? null,
    extra_time_percent: invitation.extra_time_percent ?? 0,
    demo: invitation.demo === true,
  };
}

export type NewQuiz = ReturnType<typeof quizDocument>;

/** Inserts one quiz (a token collision is a duplicate-key error, code 11000, for the caller to retry). */
export async function insertQuiz(doc: NewQuiz): Promise<QuizResultDoc> {
  return (await QuizResult.create(doc)).toObject();
}

/** Inserts many quizzes in one round trip, in order. */
export async function insertQuizzes(docs: NewQuiz[]): Promise<QuizResultDoc[]> {
  const inserted = await QuizResult.insertMany(docs, { ordered: true });
  return inserted.map((d) => d.toObject() as QuizResultDoc);
}

/** Deletes the quizzes of these invitations (a bulk invite undoing what it wrote, where there are no transactions). */
export async function deleteQuizzesOf(invitationIds: readonly Types.ObjectId[]): Promise<void> {
  await QuizResult.deleteMany({ invitation: { $in: invitationIds } }).exec();
}

/** A quiz write is retried this many times when the candidate's own write wins a race. */
const MAX_ATTEMPTS = 10;

/**
 * Sets `expires_at` on every quiz of the invitation that is not complete (and, with `skip`, not
 * otherwise excluded), each write conditional on the quiz's revision and bumping it, so a
 * candidate's request in flight re-reads and sees the change.
 */
export async function setQuizExpiry(
  invitationId: Types.ObjectId,
  expiresAt: Date,
  opts: { skip?: (q: { abandoned_at: Date | null }) => boolean; endNow?: boolean } = {},
): Promise<string[]> {
  const ended: string[] = [];
  const quizzes = await QuizResult.find({ invitation: invitationId }).select({ _id: 1 }).lean().exec();
  for (const { _id } of quizzes) {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const q = await QuizResult.findById(_id)
        .select({
          rev: 1,
          plan: 1,
          served: 1,
          finished_at: 1,
          abandoned_at: 1,
          expired_at: 1,
          company: 1,
          demo_data: 1,
        })
        .lean()
        .exec();
      if (!q || isComplete({ ...q, served: q.served ?? [], plan: q.plan ?? null }) || opts.skip?.(q)) break;
      // Revoking ends a quiz still open at once: expired now, its quiz.ended in the same write.
      const ends = opts.endNow === true && !q.abandoned_at && !q.expired_at;
      const event = quizEndedEvent(
        {
          id: String(_id),
          invitation_id: String(invitationId),
          company_id: q.company ? String(q.company) : null,
          demo_data: q.demo_data,
        },
        'expired',
        expiresAt,
      );
      const res = await QuizResult.updateOne(
        { _id, rev: q.rev ?? 0 },
        {
          $set: { expires_at: expiresAt, rev: (q.rev ?? 0) + 1, ...(ends ? { expired_at: expiresAt } : {}) },
          ...(ends ? { $push: { pending_events: event } } : {}),
        },
      ).exec();
      if (res.matchedCount === 1) {
        if (ends) ended.push(String(_id));
        break;
      }
    }
  }
  return ended;
}

type SweptQuiz = Pick<QuizResultDoc, '_id' | 'invitation' | 'company' | 'demo_data'>;

const idsOf = (q: SweptQuiz) => ({
  id: String(q._id),
  invitation_id: q.invitation ? String(q.invitation) : null,
  company_id: q.company ? String(q.company) : null,
  demo_data: q.demo_data,
});

/**
 * The quiz part of the expiry sweep (the lapse rule of timing.ts, written on time): page-closes whose
 * grace has passed are abandoned at left_at + grace, unfinished quizzes past their expiry expire;
 * each write ends the quiz, carries its quiz.ended and is dispatched. At most `batch` of each per run.
 */
export async function sweepLapsedQuizzes(
  grace: number,
  events: Events,
  now: Date,
  batch: number,
): Promise<{ abandoned: number; expired: number }> {
  const result = { abandoned: 0, expired: 0 };
  const open = { finished_at: null, abandoned_at: null, expired_at: null };

  // Page closes whose grace has passed: abandoned at left_at + grace.
  const left = await QuizResult.find({
    ...open,
    left_at: { $ne: null, $lte: latestLapsedLeave(now, grace) },
  })
    .select({ rev: 1, left_at: 1, company: 1, invitation: 1, demo_data: 1 })
    .limit(batch)
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
    .limit(batch)
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

  return result;
}

/**
 * The effort decision made once at quiz end (which atoms score effort-aware, and the answers that
 * scoring sets aside). Not a quiz change: no new revision and no new updated_at (the statistics'
 * version reads that). Written only the first time.
 */
export async function recordEffortDecision(
  quizId: Types.ObjectId,
  effortAware: string[],
  setAside: number[],
): Promise<void> {
  await QuizResult.updateOne(
    { _id: quizId, effort_aware_atoms: { $exists: false } },
    { $set: { effort_aware_atoms: effortAware, set_aside: setAside } },
    { timestamps: false },
  ).exec();
}

/** The percentile norms have counted this quiz. */
export async function markNormRecorded(quizId: Types.ObjectId): Promise<void> {
  await QuizResult.updateOne({ _id: quizId }, { $set: { norm_recorded: true } }).exec();
}

/** The quizzes of a demo invitation are demo ones (a database seeded before the demo flag existed). */
export async function markQuizzesDemo(invitationId: Types.ObjectId): Promise<void> {
  await QuizResult.updateMany({ invitation: invitationId }, { $set: { demo: true } }).exec();
}

/** A simulated candidate's quiz: its answers are demo data, never a real candidate's. */
export async function markDemoData(token: string): Promise<void> {
  await QuizResult.updateOne({ token }, { $set: { demo_data: true } }).exec();
}

/** Deletes one quiz (a replacement demo quiz that lost the race to another process's). */
export async function deleteQuiz(quizId: Types.ObjectId): Promise<void> {
  await QuizResult.deleteOne({ _id: quizId }).exec();
}
