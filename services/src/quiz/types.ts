// The quiz result as the quiz API works with it: plain objects, independent of mongoose, so the
// rules (service.ts, view.ts) are testable and the storage mapping lives in one place (store.ts).
import type { AtomPlan } from './plan';

// A served question is stored as it is worked with: one shape, defined with its storage schema in
// models/quiz-result.ts (plain interfaces, no mongoose types), named here for the quiz rules.
import type { QuestionSnapshotDoc, ServedQuestionDoc, SnapshotAnswerDoc } from '../models/quiz-result';

/** An answer as served: the text, its id, and the correct flag (never sent to a candidate). */
export type SnapshotAnswerFull = SnapshotAnswerDoc;

/** The question's content as it was when served; scoring and re-display use this, not the bank. */
export type QuestionSnapshot = QuestionSnapshotDoc;

/** One served question of a quiz: its snapshot, clock, answer and the estimate after it. */
export type ServedQuestion = ServedQuestionDoc;

/** Latest EAP state per atom (what the last scored answer left). */
export interface AtomEstimate {
  atom_id: string;
  estimate: number;
  error: number;
  /** Scored answers folded in. */
  answered: number;
}

export interface QuizState {
  /** Storage id of the quiz result (logs and tracking events point at it). */
  id: string;
  token: string;
  /** Optimistic-concurrency revision: every write is conditional on it and bumps it. */
  rev: number;
  invitation_id: string | null;
  company_id: string | null;
  /** The quiz's atoms, in order. */
  atom_ids: string[];
  /** Frozen when the first question is chosen; null before. */
  plan: AtomPlan[] | null;
  served: ServedQuestion[];
  estimates: AtomEstimate[];
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  abandoned_at: Date | null;
  /**
   * Set by the page-close abandon call (`{ on: 'unload' }`): the candidate left. Cleared when the
   * quiz result is fetched again within ABANDON_GRACE_MINUTES; once that passes, the quiz is
   * abandoned at left_at + grace (see timing.ts lapseLeave).
   */
  left_at: Date | null;
  expires_at: Date | null;
  survey_completed: boolean;
  content_relevant_rating: number | null;
  blur_on_window_blur: boolean;
  /** Set when the demo skip (pass_243) answered questions: not a real candidate's answers. */
  simulated: boolean;
}
