// Per-question client events (POST /api/quiz/{token}/question/{number}/log/). Append-only.
import { Schema, model, type Types } from 'mongoose';

export interface QuestionLogDoc {
  _id: Types.ObjectId;
  quiz_result: Types.ObjectId;
  token: string;
  question_number: number;
  eventName: string;
  eventDetails: unknown;
  at: Date;
  /** The id the page gave the event (batches only): a batch sent again stores it once. */
  client_id?: string;
  /** When it happened by the page's clock (batches that say so); `at` is when it arrived. */
  client_at?: Date;
}

const questionLogSchema = new Schema<QuestionLogDoc>(
  {
    quiz_result: { type: Schema.Types.ObjectId, ref: 'QuizResult', required: true },
    token: { type: String, required: true },
    question_number: { type: Number, required: true, min: 0 },
    eventName: { type: String, required: true },
    eventDetails: { type: Schema.Types.Mixed, default: null },
    at: { type: Date, required: true, default: () => new Date() },
    client_id: { type: String },
    client_at: { type: Date },
  },
  { collection: 'question_logs', versionKey: false },
);

// Reading one quiz's log in time order (review, tests).
questionLogSchema.index({ token: 1, at: 1 });
// One event per page-made id and quiz: a resent batch, or a flush on page close of events already
// on their way, stores nothing twice. Events without an id (the one-event routes) are not indexed.
questionLogSchema.index(
  { token: 1, client_id: 1 },
  { unique: true, partialFilterExpression: { client_id: { $type: 'string' } } },
);

export const QuestionLog = model<QuestionLogDoc>('QuestionLog', questionLogSchema);
