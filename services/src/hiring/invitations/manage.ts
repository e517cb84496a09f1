// What a company may do to an invitation after sending it: revoke it (its quizzes expire at once,
// so the quiz API answers as for any expired quiz, and its result carries `withdrawn`: the candidate
// is told the company withdrew it, hiring/for-quiz.ts)
// and extend it (a later expiry for it and its quizzes that can still be taken). Callers check the
// tenancy first (hiring/scope.ts); these functions check the invitation's state.
import type { Types } from 'mongoose';
import { badRequest, conflict, notFound, pendingEvent, type Events } from '../../platform';
import { Invitation, type InvitationDoc } from '../models/invitation';
import { markQuizzesDemo, setQuizExpiry } from '../../quiz';
import { checkedExpiry } from './index';
import { clockOf, invitationRevokedEventId, type LifecycleConfig } from './lifecycle';
import { effectiveStatus, refreshInvitationSummary } from './summary';

/**
 * The invitation.revoked subscriber: every quiz of the revoked invitation that is not complete
 * expires at the revocation (each open one ends, carrying its quiz.ended), then those are dispatched.
 * Idempotent: a quiz already expired is only given the same expiry again.
 */
export async function expireRevokedQuizzes(invitationId: string, events: Events): Promise<void> {
  const inv = await Invitation.findById(invitationId).select({ revoked_at: 1 }).lean().exec();
  if (!inv?.revoked_at) return;
  const ended = await setQuizExpiry(inv._id, inv.revoked_at, { endNow: true });
  for (const id of ended) await events.dispatch('quiz_results', id);
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
  events: Events,
  now = new Date(),
): Promise<void> {
  const inv = await loadInvitation(id);
  if (inv.revoked_at) return;
  if (effectiveStatus(inv, now) === 'finished')
    throw conflict('This invitation is finished: its result stands and it cannot be revoked');
  // The revocation, the list status it moves to (summary.ts: revoked, unless finished meanwhile,
  // which the refresh below writes back) and what must follow it (its open quizzes expire) in one write.
  const revoked = pendingEvent('invitation.revoked', invitationRevokedEventId(String(id)), {}, now);
  await Invitation.updateOne(
    { _id: id, revoked_at: null },
    {
      $set: { revoked_at: now, status: 'revoked', lapses_at: null, lapses_to: null },
      $push: { pending_events: revoked },
    },
  ).exec();
  await events.dispatch('invitations', id);
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
  await setQuizExpiry(id, at, { skip: (q) => q.abandoned_at != null });
  await refreshInvitationSummary(id, clockOf(config, now));
}

/** A demo invitation seeded before the demo flag existed becomes a demo one, with its quizzes. */
export async function markInvitationDemo(invitationId: Types.ObjectId): Promise<void> {
  await Invitation.updateOne({ _id: invitationId }, { $set: { demo: true } }).exec();
  await markQuizzesDemo(invitationId);
}
