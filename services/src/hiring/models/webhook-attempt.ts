// Every attempt to deliver a webhook event to a company: when, where, the receiver's
// status or the error, how long it took. Kept so the company's settings page can show them; a
// failed attempt is followed by a retry (the result-webhook job's backoff) until one succeeds.
import { Schema, model, type Types } from 'mongoose';

export interface WebhookAttemptDoc {
  _id: Types.ObjectId;
  company: Types.ObjectId;
  event_id: string;
  event_type: string;
  /** The quiz whose result it carries (null for a test event). */
  quiz: Types.ObjectId | null;
  url: string;
  /** 1 for the first delivery of this event, 2 for the first retry, ... */
  attempt: number;
  at: Date;
  duration_ms: number;
  /** The receiver's HTTP status; null when no response came (refused, timed out, blocked). */
  status: number | null;
  ok: boolean;
  error: string | null;
  test: boolean;
}

const webhookAttemptSchema = new Schema<WebhookAttemptDoc>(
  {
    company: { type: Schema.Types.ObjectId, ref: 'Company', required: true },
    event_id: { type: String, required: true },
    event_type: { type: String, required: true },
    quiz: { type: Schema.Types.ObjectId, ref: 'QuizResult', default: null },
    url: { type: String, required: true },
    attempt: { type: Number, required: true, min: 1 },
    at: { type: Date, required: true },
    duration_ms: { type: Number, required: true, min: 0 },
    status: { type: Number, default: null },
    ok: { type: Boolean, required: true },
    error: { type: String, default: null },
    test: { type: Boolean, default: false },
  },
  { collection: 'webhook_attempts', versionKey: false },
);

// The settings page lists a company's attempts, newest first; an event's attempts are counted to
// number the next one.
webhookAttemptSchema.index({ company: 1, at: -1 });
webhookAttemptSchema.index({ event_id: 1 });

export const WebhookAttempt = model<WebhookAttemptDoc>('WebhookAttempt', webhookAttemptSchema);
