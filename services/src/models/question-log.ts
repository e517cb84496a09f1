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
}

const questionLogSchema = new Schema<QuestionLogDoc>(
  {
    quiz_result: { type: Schema.Types.ObjectId, ref: 'QuizResult', required: true },
    token: { type: String, required: true },
    question_number: { type: Number, required: true, min: 0 },
    eventName: { type: String, required: true },
    eventDetails: { type: Schema.Types.Mixed, default: null },
    at: { type: Date, required: true, default: () => new Date() },
  },
  { collection: 'question_logs', versionKey: false },
);

// Reading one quiz's log in time order (review, tests).
questionLogSchema.index({ token: 1, at: 1 });

export const QuestionLog = model<QuestionLogDoc>('QuestionLog', questionLogSchema);
