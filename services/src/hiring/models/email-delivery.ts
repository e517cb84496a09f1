// One email sent to a candidate by a job: the invitation or its reminder. The `_id` says which
// (`invitation:<id>`, `reminder:<id>:<expiry>`), and the message always carries the same Message-ID
// (emailMessageId), so a copy sent again after a crash is recognisable to the receiver and folded by
// mail clients. `state` is 'sending' from just before the SMTP conversation and 'sent' once the
// server answered 250 to the message: a job that finds 'sent' does not send again; one that finds
// 'sending' (its process died between the 250 and this write, or mid-conversation) sends again,
// with the same Message-ID. Delivery is therefore at least once, never silently lost.
import { Schema, model, type Types } from 'mongoose';

export type EmailKind = 'invitation' | 'reminder';

export interface EmailDeliveryDoc {
  _id: string;
  kind: EmailKind;
  invitation: Types.ObjectId;
  to: string;
  /**
   * Absent on messages recorded before the state existed (those were sent). 'failed': the last
   * attempt was refused or could not connect (`error`); the job retries it like one left 'sending'.
   */
  state?: 'sending' | 'sent' | 'failed';
  /** Why the last attempt failed (the mail server's reply or the connection error). */
  error?: string | null;
  failed_at?: Date | null;
  /** When the last attempt began (the SMTP conversation). */
  sending_at?: Date | null;
  /** SMTP conversations begun for this message; above 1, the receiver may hold copies. */
  attempts?: number;
  /** When the mail server accepted it (250); null while sending. */
  sent_at: Date | null;
  message_id: string;
  /** The mail server's reply (e.g. '250 Accepted'). */
  response: string;
}

const emailDeliverySchema = new Schema<EmailDeliveryDoc>(
  {
    _id: { type: String, required: true },
    kind: { type: String, enum: ['invitation', 'reminder'], required: true },
    invitation: { type: Schema.Types.ObjectId, ref: 'Invitation', required: true },
    to: { type: String, required: true },
    state: { type: String, enum: ['sending', 'sent', 'failed'] },
    error: { type: String, default: null },
    failed_at: { type: Date, default: null },
    sending_at: { type: Date, default: null },
    attempts: { type: Number, default: 0 },
    sent_at: { type: Date, default: null },
    message_id: { type: String, required: true },
    response: { type: String, default: '' },
  },
  { collection: 'email_deliveries', versionKey: false },
);

// An invitation's emails, for its page.
emailDeliverySchema.index({ invitation: 1 });

export const EmailDelivery = model<EmailDeliveryDoc>('EmailDelivery', emailDeliverySchema);

/**
 * What tells copies of one kind apart: the reminder is per expiry (an extended invitation gets the
 * reminder of its new expiry); the invitation email per send, 0 the first (`invitation:<id>`, as
 * always), then a resend or a changed address asks for the next (`invitation:<id>:<send>`), its own
 * record and Message-ID.
 */
const suffix = (kind: EmailKind, expiresAt: Date | null | undefined, send: number) =>
  kind === 'reminder' && expiresAt
    ? `:${new Date(expiresAt).getTime()}`
    : kind === 'invitation' && send > 0
      ? `:${send}`
      : '';

export const emailDeliveryId = (kind: EmailKind, invitationId: string, expiresAt?: Date | null, send = 0) =>
  `${kind}:${invitationId}${suffix(kind, expiresAt, send)}`;

/** The invitation email's `send`-th copy's record. */
export const invitationSendId = (invitationId: string, send: number) =>
  emailDeliveryId('invitation', invitationId, null, send);

/** The message's Message-ID (without the angle brackets): the same for every copy of it. */
export const emailMessageId = (kind: EmailKind, invitationId: string, expiresAt?: Date | null, send = 0) =>
  `${kind}.${invitationId}${suffix(kind, expiresAt, send).replace(':', '.')}@skillquiz`;

// The three writes of a message's record, in the order the email job makes them (the protocol above);
// hiring owns email_deliveries, the job (ops/jobs/invitation-email.ts) asks for them.

/** Right before the SMTP conversation: the record is 'sending', one more attempt (made on the first). */
export async function recordEmailSending(
  id: string,
  message: Pick<EmailDeliveryDoc, 'kind' | 'invitation' | 'to' | 'message_id'>,
): Promise<void> {
  await EmailDelivery.updateOne(
    { _id: id },
    {
      $set: { ...message, state: 'sending', sending_at: new Date() },
      $setOnInsert: { sent_at: null },
      $inc: { attempts: 1 },
    },
    { upsert: true },
  ).exec();
}

/** The mail server refused the message or could not be reached (`reason`, cut to 500 characters). */
export async function recordEmailFailed(id: string, reason: string): Promise<void> {
  await EmailDelivery.updateOne(
    { _id: id },
    { $set: { state: 'failed', error: reason.slice(0, 500), failed_at: new Date() } },
  ).exec();
}

/** The mail server accepted the message (250): 'sent', with its Message-ID and reply. */
export async function recordEmailSent(
  id: string,
  sent: { messageId: string; response: string },
): Promise<void> {
  await EmailDelivery.updateOne(
    { _id: id },
    {
      $set: {
        state: 'sent',
        sent_at: new Date(),
        message_id: sent.messageId,
        response: sent.response,
        error: null,
      },
    },
  ).exec();
}
