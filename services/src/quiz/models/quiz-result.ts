// One quiz taken by one candidate, addressed by its token. It holds everything the quiz API needs
// in one document: the plan, every served question with a snapshot of its content as served, the
// answers and the running estimates. The snapshot is why bank edits never change a result.
import { Schema, model, type Types } from 'mongoose';
import {
  pendingEventsField,
  type PendingEventDoc,
  TIMESTAMPS,
  difficultyParamsSchema,
  isInteger,
  type DifficultyParamsDoc,
  type Timestamps,
} from '../../platform';

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

/**
 * One served question as the content analytics read it: a compact copy of what `served` holds,
 * kept up to date by every quiz write (quiz/responses.ts), so statistics read these few fields of the quizzes
 * that served a question (index `responses.q`) instead of every served snapshot of every quiz. Short field
 * names: there is one per served question, 200,000 in a large install.
 */
export interface ResponseDoc {
  /** question id */
  q: number;
  /** the question's version as served */
  v: number | null;
  atom: string;
  /** scored (false: an unscored beta question) */
  s: boolean;
  /** the 2PL parameters it was served with */
  a: number;
  d: number;
  /** correct; null while unanswered */
  c: boolean | null;
  /** timed out */
  t: boolean;
  /** the chosen hash_id ('' when none); null while unanswered */
  ch: string | null;
  /** the key's hash_id as served */
  k: string | null;
  /** milliseconds from serving to answering; null when unknown */
  ms: number | null;
  /** the chosen answer's text as served, when it is not the key (a review flag names a rival answer by it) */
  ct?: string;
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
  /** Written by the expiry-sweep job once an unfinished quiz is past expires_at. */
  expired_at: Date | null;
  survey_completed: boolean;
  content_relevant_rating: number | null;
  blur_on_window_blur: boolean;
  /** The demo skip (pass_243) answered questions: not a real candidate's answers. */
  simulated: boolean;
  /** Taken by a simulated candidate of `npm run simulate` (demo data for the content analytics). */
  demo_data: boolean;
  /** `served` as the analytics read it (see ResponseDoc); written with every quiz write. */
  responses: ResponseDoc[];
  /** The `rev` `responses` was written at: another value means a write without them (a start backfills it). */
  responses_rev: number | null;
  /**
   * Copied from the invitation when the quiz is issued: a demo quiz may use demo mode
   * (sidebar, 'Correct' label, pass_243) while DEMO_MODE_ALLOWED is set; no other quiz ever does.
   */
  demo: boolean;
  /** Copied from the invitation: every question's time limit is multiplied by 1 + p/100. */
  extra_time_percent: number;
  /** Its atoms' final estimates are in the percentile norms (hiring/invitations/norms.ts), counted once. */
  norm_recorded: boolean;
  /**
   * Effort-aware scoring, decided once when the quiz ends (hiring/integrity/at-quiz-end.ts): the atoms of the
   * quiz that scored that way (their atom's option was on then) and the question numbers set aside as
   * very quick answers. Absent until the quiz has ended; every score of the quiz (results.ts atomOutcome:
   * the levels, the report, the norms) leaves those numbers out.
   */
  effort_aware_atoms?: string[];
  set_aside?: number[];
  /** What must still follow its ending (pending-event.ts); absent when nothing is. */
  pending_events?: PendingEventDoc[];
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

const responseSchema = new Schema<ResponseDoc>(
  {
    q: { type: Number, required: true },
    v: { type: Number, default: null },
    atom: { type: String, required: true },
    s: { type: Boolean, required: true },
    a: { type: Number, required: true },
    d: { type: Number, required: true },
    c: { type: Boolean, default: null },
    t: { type: Boolean, default: false },
    ch: { type: String, default: null },
    k: { type: String, default: null },
    ms: { type: Number, default: null },
    ct: { type: String },
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
    responses: { type: [responseSchema], default: [] },
    responses_rev: { type: Number, default: null },
    demo: { type: Boolean, default: false },
    extra_time_percent: { type: Number, enum: [0, 25, 50, 100], default: 0 },
    norm_recorded: { type: Boolean, default: false },
    effort_aware_atoms: { type: [String], default: undefined },
    set_aside: { type: [Number], default: undefined },
    pending_events: pendingEventsField,
  },
  { collection: 'quiz_results', timestamps: TIMESTAMPS, versionKey: false },
);

// Every candidate call looks a quiz up by its token; tokens are unique.
quizResultSchema.index({ token: 1 }, { unique: true });
// required_atoms_left, max_atoms_left and quiz_url look at the invitation's other quizzes.
quizResultSchema.index({ invitation: 1 });
// Content analytics: the quizzes that served a question, the quizzes of an atom, and how many
// quizzes planned an atom (the exposure base; the demo skip's quizzes counted apart, to be left out).
quizResultSchema.index({ 'responses.q': 1 });
quizResultSchema.index({ atom_ids: 1, updated_at: -1 });
// The latest write to any quiz (with the atom one above: when a statistics list must be computed again).
quizResultSchema.index({ updated_at: -1 });
// Response-time models: how many of an atom's quizzes (or of all) are finished, and the first n to finish
// (content/analytics/time-model.ts: a model is recalibrated as that base grows, not on every answer).
quizResultSchema.index({ atom_ids: 1, finished_at: 1 });
quizResultSchema.index({ finished_at: 1 });
// The reconciliation pass: intents still pending after a while (a process died before dispatching).
quizResultSchema.index({ 'pending_events.at': 1 });
quizResultSchema.index({ 'plan.atom_id': 1, simulated: 1 });

// A quiz result saved as a document (issued, imported, or a test's fixture) gets its analytics copy here;
// quiz writes (updates) keep it in quiz/commit-update.ts.
quizResultSchema.pre('validate', function () {
  if (this.isNew || this.isModified('served') || this.responses_rev !== this.rev) {
    this.responses = responsesOf(this.served ?? []);
    this.responses_rev = this.rev;
  }
});

export const QuizResult = model<QuizResultDoc>('QuizResult', quizResultSchema);

/** One served question as the analytics read it (ResponseDoc). */
export function responseOf(s: ServedQuestionDoc): ResponseDoc {
  const answered = s.answered_at != null;
  const key = s.snapshot.answers.find((a) => a.c);
  const chosen = answered && s.answer && s.answer !== key?.hash_id;
  const text = chosen ? s.snapshot.answers.find((a) => a.hash_id === s.answer)?.text : undefined;
  return {
    q: s.question_id,
    v: s.snapshot.version ?? null,
    atom: s.atom_id,
    s: s.scored,
    a: s.snapshot.difficulty_params.a,
    d: s.snapshot.difficulty_params.d,
    c: answered ? s.correct === true : null,
    t: s.timed_out === true,
    ch: answered ? (s.answer ?? '') : null,
    k: key?.hash_id ?? null,
    ms: answered && s.served_at ? new Date(s.answered_at!).getTime() - new Date(s.served_at).getTime() : null,
    ...(text !== undefined ? { ct: text } : {}),
  };
}

export function responsesOf(served: readonly ServedQuestionDoc[]): ResponseDoc[] {
  return served.map(responseOf);
}
