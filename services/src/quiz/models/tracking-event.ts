// Candidate integrity signals (tab switches, going offline, dev tools, clipboard). Append-only.
import { Schema, model, type Types } from 'mongoose';
import { TRACKING_EVENTS } from '@skillquiz/contracts';

export interface TrackingEventDoc {
  _id: Types.ObjectId;
  quiz_result: Types.ObjectId | null;
  token: string;
  /** The question number it happened on (0: outside a question). */
  questionId: number;
  /** TRACKING_EVENTS: switchedTabs 0, wentOffline 1, devToolsOpened 2, devToolsClosed 3, usedClipboard 4. */
  event: number;
  /** l = left (ms), r = returned (ms), t = duration (ms) for tab switches and going offline. */
  eventDetails: { l?: number; r?: number; t?: number };
  at: Date;
  /** The id the page gave the event (batches only): a batch sent again stores it once. */
  client_id?: string;
  /** When it happened by the page's clock (batches that say so); `at` is when it arrived. */
  client_at?: Date;
}

const trackingEventSchema = new Schema<TrackingEventDoc>(
  {
    quiz_result: { type: Schema.Types.ObjectId, ref: 'QuizResult', default: null },
    token: { type: String, required: true },
    questionId: { type: Number, required: true, min: 0 },
    event: { type: Number, required: true, enum: Object.values(TRACKING_EVENTS) },
    eventDetails: {
      type: new Schema({ l: Number, r: Number, t: Number }, { _id: false }),
      default: () => ({}),
    },
    at: { type: Date, required: true, default: () => new Date() },
    client_id: { type: String },
    client_at: { type: Date },
  },
  { collection: 'tracking_events', versionKey: false },
);

// A quiz's events in time order.
trackingEventSchema.index({ token: 1, at: 1 });
// One event per page-made id and quiz: a resent batch, or a flush on page close of events already
// on their way, stores nothing twice. Events without an id (the one-event routes) are not indexed.
trackingEventSchema.index(
  { token: 1, client_id: 1 },
  { unique: true, partialFilterExpression: { client_id: { $type: 'string' } } },
);

export const TrackingEvent = model<TrackingEventDoc>('TrackingEvent', trackingEventSchema);
