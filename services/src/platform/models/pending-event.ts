// What must still follow a state change, written in the same document write as the change itself
// (an invitation's insert, a quiz's ending write): `pending_events` on that document. The events
// service (src/platform/events) hands each one to its subscribers and then removes it by id; a process that
// dies in between leaves it there, and the reconciliation pass dispatches it again. One document
// write is atomic on every MongoDB (standalone, replica set) and on the embedded engine, so the
// change and its intent are never apart.
import { Schema } from 'mongoose';

export type PendingEventType =
  | 'invitation.created'
  | 'invitation.revoked'
  | 'invitation.email_requested'
  | 'invitation.stage_changed'
  | 'quiz.ended';

export interface PendingEventDoc {
  /** Stable: the id receivers see (e.g. the webhook event id), so a repeat is recognisable. */
  id: string;
  type: PendingEventType;
  at: Date;
  data: Record<string, unknown>;
}

export const pendingEventSchema = new Schema<PendingEventDoc>(
  {
    id: { type: String, required: true },
    type: { type: String, required: true },
    at: { type: Date, required: true },
    data: { type: Schema.Types.Mixed, default: {} },
  },
  { _id: false, minimize: false },
);

/** The schema field: absent on documents with nothing pending (no empty array on every document). */
export const pendingEventsField = { type: [pendingEventSchema], default: undefined };
