// What a company may do to an invitation after creating it, beside revoke and extend
// (hiring/invitations/manage.ts): resend its email (a per-invitation budget: 429 beyond it), and correct
// the candidate's name and email before the candidate starts (409 once they have; a changed
// address gets the invitation email, as a new send). Callers check the tenancy (scope.ts) first.
// An edit and the candidate's start racing it: one wins (see editInvitation).
import { RESEND_LIMIT } from '@skillquiz/contracts';
import {
  auditUpdated,
  type Config,
  type Events,
  conflict,
  tooManyRequests,
  FixedWindowLimiter,
} from '../platform';
import { requestNextSend, resendInvitationEmail } from './invitations/email-again';
import { clockOf } from './invitations/lifecycle';
import { effectiveStatus, refreshInvitationSummary, searchTerms } from './invitations/summary';
import { emailDeliveryOf } from './mail/delivery-status';
import { Invitation, type InvitationDoc } from './models/invitation';
import { QuizResult } from '../quiz';

const resendLimiter = new FixedWindowLimiter('invitation-resend', RESEND_LIMIT.max, RESEND_LIMIT.windowMs);

/** Why no email can go to this invitation's candidate now (a 409), or null. */
function cannotEmail(
  inv: InvitationDoc,
  config: Pick<Config, 'smtpUrl' | 'devOutboxDir'>,
  now: Date,
): string | null {
  if (!inv.candidate_email) return 'This invitation has no candidate email address: add one first';
  if (!emailDeliveryOf(config).enabled)
    return 'Email is not set up on this server (SMTP_URL): send the candidate the link yourself';
  const status = effectiveStatus(inv, now);
  if (status === 'revoked') return 'This invitation was withdrawn: invite the candidate again';
  if (status === 'finished') return 'This invitation is finished: there is nothing left to take';
  if (status === 'expired') return 'This invitation has expired: extend it first';
  if (status === 'abandoned') return 'The candidate abandoned a required quiz: invite the candidate again';
  return null;
}

/** Resends the invitation email (a new send), within RESEND_LIMIT per invitation. */
export async function resendInvitation(
  inv: InvitationDoc,
  config: Pick<Config, 'smtpUrl' | 'devOutboxDir'>,
  events: Events,
  now = new Date(),
): Promise<void> {
  const why = cannotEmail(inv, config, now);
  if (why) throw conflict(why);
  // Counted only for a resend that can happen: a refused one spends nothing of the budget.
  const use = await resendLimiter.take(String(inv._id));
  if (!use.allowed)
    throw tooManyRequests(
      `This invitation was resent ${RESEND_LIMIT.max} times within the hour: try again in ${Math.ceil(use.resetSeconds / 60)} minutes`,
      use.resetSeconds,
    );
  await resendInvitationEmail(inv, events);
}

/** Whether the candidate has begun any quiz of the invitation (the quizzes are the truth, not the summary). */
async function hasStarted(inv: InvitationDoc): Promise<boolean> {
  if (inv.start_claimed_at || inv.started_at) return true;
  return (await QuizResult.exists({ invitation: inv._id, started_at: { $ne: null } }).exec()) != null;
}

/**
 * Corrects the candidate's name and email before they start, audited (who, what from, what to). A
 * changed address asks for a new send of the invitation email in the same write. 409 once the
 * candidate started, or when the invitation is revoked or no longer open.
 */
export async function editInvitation(
  inv: InvitationDoc,
  input: { candidate_name?: string; candidate_email?: string },
  actor: string,
  config: Pick<Config, 'smtpUrl' | 'devOutboxDir' | 'abandonGraceMinutes'>,
  events: Events,
  now = new Date(),
): Promise<void> {
  const status = effectiveStatus(inv, now);
  if (status === 'revoked') throw conflict('This invitation was withdrawn: it can no longer be edited');
  if (status !== 'invited' || (await hasStarted(inv)))
    throw conflict('The candidate has started: their name and email can no longer be changed');
  const before = { candidate_name: inv.candidate_name, candidate_email: inv.candidate_email };
  const after = {
    candidate_name: input.candidate_name ?? inv.candidate_name,
    candidate_email: input.candidate_email ?? inv.candidate_email,
  };
  if (before.candidate_name === after.candidate_name && before.candidate_email === after.candidate_email)
    return;
  const set = { ...after, search_terms: searchTerms(after.candidate_name, after.candidate_email) };
  // Only while the invitation is as read: not revoked, not started meanwhile, same fields. A start
  // claims the invitation (start_claimed_at) before it writes its quiz, so an edit and a start
  // racing each other cannot both win; the summary's started_at covers invitations started before
  // the claim existed.
  const unchanged = {
    start_claimed_at: null,
    started_at: null,
    candidate_name: inv.candidate_name,
    candidate_email: inv.candidate_email,
  };
  const emailChanged = after.candidate_email !== before.candidate_email && emailDeliveryOf(config).enabled;
  const won = emailChanged
    ? await requestNextSend(inv, 'email_changed', events, set, unchanged, now)
    : (await Invitation.updateOne({ _id: inv._id, revoked_at: null, ...unchanged }, { $set: set }).exec())
        .matchedCount === 1;
  if (!won) {
    const latest = await Invitation.findById(inv._id).select({ start_claimed_at: 1 }).lean().exec();
    if (latest?.start_claimed_at)
      throw conflict('The candidate has started: their name and email can no longer be changed');
    throw conflict('The invitation changed meanwhile: reload it and try again');
  }
  await auditUpdated(actor, 'invitation', String(inv._id), before, after);
  await refreshInvitationSummary(inv._id, clockOf(config, now));
}
