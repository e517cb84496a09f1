// One quiz taken by one candidate, addressed by its token. It holds everything the quiz API needs
// in one document: the plan, every served question with a snapshot of its content as served, the
// answers and the running estimates. The snapshot is why bank edits never change a result.
import { Schema, model, type Types } from 'mongoose';
import {
  TIMESTAMPS,
  difficultyParamsSchema,
  isInteger,
  type DifficultyParamsDoc,
  type Timestamps,
} from './common';

/** An answer as served, in served order. `c` stays on the server. */
export interface SnapshotAnswerDoc {
  hash_id: string;
  text: string;
  c: boolean;
}

/** The question's content when it was served. */
export interface QuestionSnapshotDoc {
  question_text: string;
  code_block: string;
  code_language: string | null;
  claim: string | null;
  difficulty_params: DifficultyParamsDoc;
  original_question_id: number | null;
  /** The bank question's `version` at serving time. */
  version: number | null;
  answers: SnapshotAnswerDoc[];
}

export interface ServedQuestionDoc {
  /** 1-based question number in this quiz. */
  number: number;
  question_id: number;
  atom_id: string;
  /** false: an unscored beta question (calibration only; not in the estimate). */
  scored: boolean;
  snapshot: QuestionSnapshotDoc;
  /** Chosen (after the previous answer). */
  selected_at: Date;
  /** First fetched by the candidate: the question's clock starts here. */
  served_at: Date | null;
  expires_at: Date | null;
  answered_at: Date | null;
  /** The submitted hash_id ('' for a timed-out empty answer). */
  answer: string | null;
  answer_position: number | null;
  correct: boolean | null;
  timed_out: boolean;
  post_skill_estimate: number | null;
  post_skill_estimate_error: number | null;
}

/** Per atom of the quiz: how many scored questions it serves and its beta question, frozen at start. */
export interface AtomPlanDoc {
  atom_id: string;
  scored: number;
  beta_question_id: number | null;
  /** The beta question's original_question_id (its variation family; see quiz/twins.ts). */
  beta_original_question_id?: number | null;
}

/** The latest estimate per atom (what the last scored answer left). */
export interface AtomEstimateDoc {
  atom_id: string;
  estimate: number;
  error: number;
  answered: number;
}

export interface QuizResultDoc extends Timestamps {
  _id: Types.ObjectId;
  token: string;
  /** Optimistic-concurrency revision: quiz writes are conditional on it and bump it. */
  rev: number;
  invitation: Types.ObjectId | null;
  company: Types.ObjectId | null;
  /** The atoms of this quiz, in order. */
  atom_ids: string[];
  /** null until the first question is chosen. */
  plan: AtomPlanDoc[] | null;
  served: ServedQuestionDoc[];
  estimates: AtomEstimateDoc[];
  started_at: Date | null;
  finished_at: Date | null;
  abandoned_at: Date | null;
  /** The page was closed (unload abandon call); abandoned only if the candidate is not back in time. */
  left_at: Date | null;
  /** Whole-quiz expiry: unfinished past it means expired. */
  expires_at: Date | null;
  /** Written by the expiry-sweep job once an unfinished quiz is past expires_at (issue 20). */
  expired_at: Date | null;
  survey_completed: boolean;
  content_relevant_rating: number | null;
  blur_on_window_blur: boolean;
  /** The demo skip (pass_243) answered questions: not a real candidate's answers. */
  simulated: boolean;
  /** Taken by a simulated candidate of `npm run simulate` (demo data for the content analytics). */
  demo_data: boolean;
  /**
   * Copied from the invitation when the quiz is issued (issue 19): a demo quiz may use demo mode
   * (sidebar, 'Correct' label, pass_243) while DEMO_MODE_ALLOWED is set; no other quiz ever does.
   */
  demo: boolean;
  /** Copied from the invitation: every question's time limit is multiplied by 1 + p/100. */
  extra_time_percent: number;
  /** Its atoms' final estimates are in the percentile norms (invitations/norms.ts), counted once. */
  norm_recorded: boolean;
}

const snapshotAnswerSchema = new Schema<SnapshotAnswerDoc>(
  {
    hash_id: { type: String, required: true },
    text: { type: String, default: '' },
    c: { type: Boolean, required: true },
  },
  { _id: false },
);

const snapshotSchema = new Schema<QuestionSnapshotDoc>(
  {
    question_text: { type: String, default: '' },
    code_block: { type: String, default: '' },
    code_language: { type: String, default: null },
    claim: { type: String, default: null },
    difficulty_params: { type: difficultyParamsSchema, required: true },
    original_question_id: { type: Number, default: null },
    version: { type: Number, default: null },
    answers: { type: [snapshotAnswerSchema], default: [] },
  },
  { _id: false },
);

const servedSchema = new Schema<ServedQuestionDoc>(
  {
    number: { type: Number, required: true, min: 1, validate: isInteger },
    question_id: { type: Number, required: true },
    atom_id: { type: String, required: true },
    scored: { type: Boolean, required: true, default: true },
    snapshot: { type: snapshotSchema, required: true },
    selected_at: { type: Date, required: true },
    served_at: { type: Date, default: null },
    expires_at: { type: Date, default: null },
    answered_at: { type: Date, default: null },
    answer: { type: String, default: null },
    answer_position: { type: Number, default: null, min: -1 },
    correct: { type: Boolean, default: null },
    timed_out: { type: Boolean, default: false },
    post_skill_estimate: { type: Number, default: null },
    post_skill_estimate_error: { type: Number, default: null },
  },
  { _id: false },
);

const atomPlanSchema = new Schema<AtomPlanDoc>(
  {
    atom_id: { type: String, required: true },
    scored: { type: Number, required: true, min: 0 },
    beta_question_id: { type: Number, default: null },
    beta_original_question_id: { type: Number, default: null },
  },
  { _id: false },
);

const atomEstimateSchema = new Schema<AtomEstimateDoc>(
  {
    atom_id: { type: String, required: true },
    estimate: { type: Number, required: true },
    error: { type: Number, required: true },
    answered: { type: Number, required: true, default: 0 },
  },
  { _id: false },
);

const quizResultSchema = new Schema<QuizResultDoc>(
  {
    token: { type: String, required: true },
    rev: { type: Number, required: true, default: 0 },
    invitation: { type: Schema.Types.ObjectId, ref: 'Invitation', default: null },
    company: { type: Schema.Types.ObjectId, ref: 'Company', default: null },
    atom_ids: { type: [String], required: true },
    plan: { type: [atomPlanSchema], default: null },
    served: { type: [servedSchema], default: [] },
    estimates: { type: [atomEstimateSchema], default: [] },
    started_at: { type: Date, default: null },
    finished_at: { type: Date, default: null },
    abandoned_at: { type: Date, default: null },
    left_at: { type: Date, default: null },
    expires_at: { type: Date, default: null },
    expired_at: { type: Date, default: null },
    survey_completed: { type: Boolean, default: false },
    content_relevant_rating: {
      type: Number,
      default: null,
      min: 0,
      max: 2,
      validate: (v: unknown) => v == null || isInteger(v),
    },
    blur_on_window_blur: { type: Boolean, default: false },
    simulated: { type: Boolean, default: false },
    demo_data: { type: Boolean, default: false },
    demo: { type: Boolean, default: false },
    extra_time_percent: { type: Number, enum: [0, 25, 50, 100], default: 0 },
    norm_recorded: { type: Boolean, default: false },
  },
  { collection: 'quiz_results', timestamps: TIMESTAMPS, versionKey: false },
);

// Every candidate call looks a quiz up by its token; tokens are unique.
quizResultSchema.index({ token: 1 }, { unique: true });
// required_atoms_left, max_atoms_left and quiz_url look at the invitation's other quizzes.
quizResultSchema.index({ invitation: 1 });

export const QuizResult = model<QuizResultDoc>('QuizResult', quizResultSchema);
