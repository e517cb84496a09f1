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
  },
  { collection: 'tracking_events', versionKey: false },
);

// A quiz's events in time order.
trackingEventSchema.index({ token: 1, at: 1 });

export const TrackingEvent = model<TrackingEventDoc>('TrackingEvent', trackingEventSchema);
