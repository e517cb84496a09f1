// The quiz result as the quiz API works with it: plain objects, independent of mongoose, so the
// rules (service.ts, view.ts) are testable and the storage mapping lives in one place (store.ts).
import type { DifficultyParams } from '@skillquiz/adaptive';
import type { AtomPlan } from './plan';

/** An answer as served: the text, its id, and the correct flag (never sent to a candidate). */
export interface SnapshotAnswerFull {
  text: string;
  hash_id: string;
  c: boolean;
}

/** The question's content as it was when served; scoring and re-display use this, not the bank. */
export interface QuestionSnapshot {
  question_text: string;
  code_block: string;
  code_language: string | null;
  claim: string | null;
  difficulty_params: DifficultyParams;
  original_question_id: number | null;
  /** Content version of the bank question at serving time. */
  version: number | null;
  /** In served order (locked positions honoured). */
  answers: SnapshotAnswerFull[];
}

export interface ServedQuestion {
  number: number;
  question_id: number;
  atom_id: string;
  /** false: an unscored beta question, recorded for calibration only. */
  scored: boolean;
  snapshot: QuestionSnapshot;
  /** When it was chosen (after the previous answer). */
  selected_at: Date;
  /** First fetch by the candidate: its clock starts here. */
  served_at: Date | null;
  expires_at: Date | null;
  answered_at: Date | null;
  /** The hash_id sent ('' when timed out with no selection). */
  answer: string | null;
  answer_position: number | null;
  correct: boolean | null;
  timed_out: boolean;
  post_skill_estimate: number | null;
  post_skill_estimate_error: number | null;
}

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
