// The quiz result as the quiz API works with it: plain objects, independent of mongoose, so the
// rules (service.ts, view.ts) are testable and the storage mapping lives in one place (store.ts).
// A served question is stored as it is worked with: one shape, defined with its storage schema in
// quiz/models/quiz-result.ts (plain interfaces, no mongoose types), named here for the quiz rules.
import type { QuizResultDoc, ServedQuestionDoc } from './models/quiz-result';

/** One served question of a quiz: its snapshot, clock, answer and the estimate after it. */
export type ServedQuestion = ServedQuestionDoc;

/**
 * A quiz result as the rules work with it: the stored document (quiz/models/quiz-result.ts documents
 * each field) with plain string ids instead of mongoose ObjectIds. `left_at` is set by the
 * page-close abandon call and cleared by the candidate's next call within ABANDON_GRACE_MINUTES;
 * once that passes, the quiz is abandoned at left_at + grace (see timing.ts lapseLeave). `responses` is
 * not part of it: the store derives it from `served` on every write (responses.ts).
 */
export type QuizState = Omit<
  QuizResultDoc,
  '_id' | 'invitation' | 'company' | 'updated_at' | 'responses' | 'responses_rev' | 'pending_events'
> & {
  /** Storage id of the quiz result (logs and tracking events point at it). */
  id: string;
  invitation_id: string | null;
  company_id: string | null;
};

/** The fields a quiz write may change (everything else is fixed when the quiz is issued). */
export const MUTABLE_QUIZ_FIELDS = [
  'plan',
  'served',
  'estimates',
  'started_at',
  'finished_at',
  'abandoned_at',
  'left_at',
  'expires_at',
  'survey_completed',
  'content_relevant_rating',
  'simulated',
] as const satisfies readonly (keyof QuizState)[];

export type MutableQuizFields = Pick<QuizState, (typeof MUTABLE_QUIZ_FIELDS)[number]>;
