// What a company may do to an invitation after sending it: revoke it (its quizzes expire at once,
// so the quiz API answers as for any expired quiz, and its result carries `withdrawn`: the candidate
// is told the company withdrew it, quiz/withdrawal.ts)
// and extend it (a later expiry for it and its quizzes that can still be taken). Callers check the
// tenancy first (hiring/scope.ts); these functions check the invitation's state.
import type { Types } from 'mongoose';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { Invitation, type InvitationDoc } from '../models/invitation';
import { QuizResult } from '../../quiz/models/quiz-result';
import { checkedExpiry } from './index';
import { pendingEvent, type Events } from '../../platform/events';
import { clockOf, invitationRevokedEventId, quizEndedEvent, type LifecycleConfig } from './lifecycle';
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
