// Asking for the invitation email again, after it was created: a resend, or the first email to a
// changed address. The next send number and its intent (`invitation.email_requested`, whose
// subscriber enqueues that send's job) are written in one update of the invitation, conditional on
// the send number it read, so two requests at once ask for two sends, never one lost; the events
// service then dispatches it (and the reconciliation pass again, should this process die first).
import type { Types } from 'mongoose';
import { conflict, pendingEvent, type Events, type PendingEventDoc } from '../../platform';
import { Invitation, type InvitationDoc } from '../models/invitation';

export const emailRequestedEventId = (invitationId: string, send: number) =>
  `invitation.email_requested:${invitationId}:${send}`;

export type EmailRequestReason = 'resend' | 'email_changed';

/** The intent of send `send` (what ops/jobs/email-requested.ts reads). */
export function emailRequestedEvent(
  invitationId: string,
  send: number,
  reason: EmailRequestReason,
  at: Date,
): PendingEventDoc {
  return pendingEvent(
    'invitation.email_requested',
    emailRequestedEventId(invitationId, send),
    { send, reason },
    at,
  );
}

/** The filter that pins the send number read (absent and 0 are the same: only the first). */
export const sendNumberIs = (n: number) =>
  n === 0 ? { email_sends: { $in: [null, 0] } } : { email_sends: n };

/**
 * The update that asks for the next send of `inv` (with `set`, more fields changed in the same
 * write). Returns whether this write won (false: another request changed the invitation first).
 */
export async function requestNextSend(
  inv: Pick<InvitationDoc, '_id' | 'email_sends'>,
  reason: EmailRequestReason,
  events: Events,
  set: Record<string, unknown> = {},
  extraFilter: Record<string, unknown> = {},
  now = new Date(),
): Promise<boolean> {
  const current = inv.email_sends ?? 0;
  const next = current + 1;
  const res = await Invitation.updateOne(
    { _id: inv._id, revoked_at: null, ...sendNumberIs(current), ...extraFilter },
    {
      $set: { ...set, email_sends: next },
      $push: { pending_events: emailRequestedEvent(String(inv._id), next, reason, now) },
    },
  ).exec();
  if (res.matchedCount !== 1) return false;
  await events.dispatch('invitations', inv._id as Types.ObjectId);
  return true;
}

/** requestNextSend, or a 409 when another change got there first. */
export async function resendInvitationEmail(
  inv: Pick<InvitationDoc, '_id' | 'email_sends'>,
  events: Events,
): Promise<void> {
  if (!(await requestNextSend(inv, 'resend', events)))
    throw conflict('The invitation changed meanwhile (revoked, edited or resent): reload it and try again');
}
