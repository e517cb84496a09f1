// What a company may do to an invitation after sending it: revoke it (its quizzes expire at once,
// so the candidate's link shows the expired screen: the quiz API answers as for any expired quiz)
// and extend it (a later expiry for it and its quizzes that can still be taken). Callers check the
// tenancy first (hiring/scope.ts); these functions check the invitation's state.
import type { Types } from 'mongoose';
import { badRequest, conflict, notFound } from '../http/errors';
import { Invitation, QuizResult, type InvitationDoc } from '../models';
import { checkedExpiry } from './index';
import { clockOf, type LifecycleConfig } from './lifecycle';
import { isComplete } from './results';
import { effectiveStatus, refreshInvitationSummary } from './summary';

/** A quiz write is retried this many times when the candidate's own write wins a race. */
const MAX_ATTEMPTS = 10;

/**
 * Sets `expires_at` on every quiz of the invitation that is not complete (and, with `skip`, not
 * otherwise excluded), each write conditional on the quiz's revision and bumping it, so a
 * candidate's request in flight re-reads and sees the change.
 */
async function setQuizExpiry(
  invitationId: Types.ObjectId,
  expiresAt: Date,
  skip: (q: { abandoned_at: Date | null }) => boolean = () => false,
): Promise<void> {
  const quizzes = await QuizResult.find({ invitation: invitationId }).select({ _id: 1 }).lean().exec();
  for (const { _id } of quizzes) {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const q = await QuizResult.findById(_id)
        .select({ rev: 1, plan: 1, served: 1, finished_at: 1, abandoned_at: 1 })
        .lean()
        .exec();
      if (!q || isComplete({ ...q, served: q.served ?? [], plan: q.plan ?? null }) || skip(q)) break;
      const res = await QuizResult.updateOne(
        { _id, rev: q.rev ?? 0 },
        { $set: { expires_at: expiresAt, rev: (q.rev ?? 0) + 1 } },
      ).exec();
      if (res.matchedCount === 1) break;
    }
  }
}

async function loadInvitation(id: Types.ObjectId): Promise<InvitationDoc> {
  const inv = await Invitation.findById(id).lean().exec();
  if (!inv) throw notFound('Invitation not found');
  return inv;
}

/**
 * Revokes an invitation: its unfinished quizzes expire now. Revoking a revoked one changes nothing;
 * a finished one cannot be revoked (409: its result stands).
 */
export async function revokeInvitation(
  id: Types.ObjectId,
  config: LifecycleConfig,
  now = new Date(),
): Promise<void> {
  const inv = await loadInvitation(id);
  if (inv.revoked_at) return;
  if (effectiveStatus(inv, now) === 'finished')
    throw conflict('This invitation is finished: its result stands and it cannot be revoked');
  await Invitation.updateOne({ _id: id, revoked_at: null }, { $set: { revoked_at: now } }).exec();
  await setQuizExpiry(id, now);
  await refreshInvitationSummary(id, clockOf(config, now));
}

/**
 * Moves the invitation's expiry to `expiresAt` (later than now and than the current expiry): every
 * quiz that is not complete or abandoned gets it too, so a quiz that had expired, by the invitation's
 * date or QUIZ_EXPIRY_HOURS after its start, can be taken again. Refused (409) for a revoked,
 * finished or abandoned invitation.
 */
export async function extendInvitation(
  id: Types.ObjectId,
  expiresAt: Date,
  config: LifecycleConfig,
  now = new Date(),
): Promise<void> {
  const inv = await loadInvitation(id);
  const status = effectiveStatus(inv, now);
  if (status === 'revoked') throw conflict('This invitation was revoked: invite the candidate again');
  if (status === 'finished') throw conflict('This invitation is finished: there is nothing left to take');
  if (status === 'abandoned')
    throw conflict('The candidate abandoned a required quiz: invite the candidate again');
  const at = checkedExpiry(expiresAt, now)!;
  if (inv.expires_at && at.getTime() <= inv.expires_at.getTime())
    throw badRequest(`expires_at must be later than the current expiry (${inv.expires_at.toISOString()})`);
  const res = await Invitation.updateOne({ _id: id, revoked_at: null }, { $set: { expires_at: at } }).exec();
  if (res.matchedCount !== 1) throw conflict('This invitation was revoked meanwhile');
  await setQuizExpiry(id, at, (q) => q.abandoned_at != null);
  await refreshInvitationSummary(id, clockOf(config, now));
}
