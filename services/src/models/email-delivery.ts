// One email sent to a candidate by a job (issue 20): the invitation or its reminder. The `_id` says
// which (`invitation:<id>`, `reminder:<id>`), so a job that runs again after a crash sees the message
// already went out and does not send it twice; the hiring pages can show when it was sent.
import { Schema, model, type Types } from 'mongoose';

export type EmailKind = 'invitation' | 'reminder';

export interface EmailDeliveryDoc {
  _id: string;
  kind: EmailKind;
  invitation: Types.ObjectId;
  to: string;
  sent_at: Date;
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
    sent_at: { type: Date, required: true },
    message_id: { type: String, required: true },
    response: { type: String, default: '' },
  },
  { collection: 'email_deliveries', versionKey: false },
);

// An invitation's emails, for its page.
emailDeliverySchema.index({ invitation: 1 });

export const EmailDelivery = model<EmailDeliveryDoc>('EmailDelivery', emailDeliverySchema);

export const emailDeliveryId = (kind: EmailKind, invitationId: string) => `${kind}:${invitationId}`;
