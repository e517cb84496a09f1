// What a candidate is shown: the quiz result (SPEC §3), the question view and the answer response.
// The only place that turns stored state into candidate JSON, so the correct flag `c` is dropped
// here and nowhere else (and CandidateQuestionSchema, a strict schema, would reject a leak).
import {
  CandidateQuestionSchema,
  CandidateQuestionStrictSchema,
  DEFAULT_LEVELS_THRESHOLDS,
  type AnswerResponse,
  type CandidateQuestion,
  type LevelThresholds,
  type NextQuestion,
  type PastQuestion,
  type QuizResult,
} from '@skillquiz/contracts';
import { servedCountOf, slotsOf, totalQuestions, type AtomPlan } from './plan';
import type { QuizState, ServedQuestion } from './types';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** The current question: the served one not answered yet, or the next number still to choose. */
export function nextQuestionOf(state: QuizState, plan: readonly AtomPlan[]): NextQuestion | null {
  const last = state.served[state.served.length - 1];
  if (last && last.answered_at == null) return { number: last.number, expires_at: iso(last.expires_at) };
  const total = slotsOf(plan).length;
  if (state.served.length < total) return { number: state.served.length + 1, expires_at: null };
  return null;
}

/**
 * An answered question as the quiz result lists it. Only a demo quiz (`demo`: demo mode is allowed
 * and the invitation is a demo one) carries what the demo sidebar draws: whether it was correct,
 * the estimate after it and the item's parameters. Any other quiz sends none of them, since the
 * estimate's move after an answer tells whether it was right.
 */
export function pastQuestionOf(q: ServedQuestion, demo: boolean): PastQuestion {
  if (!demo)
    return {
      number: q.number,
      atom_id: q.atom_id,
      claim: q.snapshot.claim,
      difficulty_params: null,
      post_skill_estimate: null,
      post_skill_estimate_error: null,
    };
  return {
    number: q.number,
    correct: q.correct === true,
    atom_id: q.atom_id,
    claim: q.snapshot.claim,
    difficulty_params: { a: q.snapshot.difficulty_params.a, d: q.snapshot.difficulty_params.d },
    post_skill_estimate: q.post_skill_estimate,
    post_skill_estimate_error: q.post_skill_estimate_error,
  };
}

export interface AtomInfo {
  id: string;
  name: string;
  levels_thresholds: LevelThresholds | null;
}

export interface CompanyInfo {
  name: string | null;
  logo_url: string | null;
  support_email: string | null;
}

/** What is left of the invitation (quiz_url: the next takeable quiz, or this quiz's done page). */
export type InvitationProgress = Pick<QuizResult, 'required_atoms_left' | 'max_atoms_left' | 'quiz_url'>;

export interface QuizResultOptions {
  /** Demo mode for this quiz: DEMO_MODE_ALLOWED and a demo invitation (service.ts demoModeFor). */
  demo: boolean;
  /** Seconds per question of each atom, extra time included (the briefing before the start). */
  secondsPerQuestion: ReadonlyMap<string, number>;
  /** SUPPORT_EMAIL: used when the company names no support address. */
  defaultSupportEmail?: string;
}

export function quizResultView(
  state: QuizState,
  plan: readonly AtomPlan[],
  atoms: ReadonlyMap<string, AtomInfo>,
  company: CompanyInfo | null,
  progress: InvitationProgress,
  { demo, secondsPerQuestion, defaultSupportEmail }: QuizResultOptions,
): QuizResult {
  const supportEmail = company?.support_email || defaultSupportEmail;
  const unavailable =
    !state.started_at && !state.finished_at && state.served.length === 0 && totalQuestions(plan) === 0;
  return {
    assessment_token: state.token,
    started_at: iso(state.started_at),
    finished_at: iso(state.finished_at),
    survey_completed: state.survey_completed,
    abandoned_at: iso(state.abandoned_at),
    expires_at: iso(state.expires_at),
    blur_on_window_blur: state.blur_on_window_blur,
    quiz: {
      company_logo_url: company?.logo_url ?? null,
      company_name: company?.name ?? null,
      ...(supportEmail ? { support_email: supportEmail } : {}),
      atoms: plan.map((p) => {
        const atom = atoms.get(p.atom_id);
        return {
          id: p.atom_id,
          name: atom?.name ?? p.atom_id,
          // Served count, beta included: the displayed total is what the candidate will answer.
          num_questions: servedCountOf(p),
          levels_thresholds: atom?.levels_thresholds ?? [...DEFAULT_LEVELS_THRESHOLDS],
          ...(secondsPerQuestion.has(p.atom_id)
            ? { seconds_per_question: secondsPerQuestion.get(p.atom_id)! }
            : {}),
        };
      }),
    },
    next_question: nextQuestionOf(state, plan),
    past_questions: state.served.filter((q) => q.answered_at != null).map((q) => pastQuestionOf(q, demo)),
    required_atoms_left: progress.required_atoms_left,
    max_atoms_left: progress.max_atoms_left,
    quiz_url: progress.quiz_url,
    demo_mode_allowed: demo,
    ...(unavailable ? { unavailable: true as const } : {}),
  };
}

/**
 * The candidate's view of a served question. `demo` (demo mode allowed and a demo invitation) marks
 * the correct answer with `correct: true` for the demo sidebar's 'Correct' label and sends the
 * item's parameters the sidebar draws; otherwise no correctness and no parameters leave.
 */
export function candidateQuestionView(q: ServedQuestion, demo: boolean): CandidateQuestion {
  if (!q.expires_at) throw new Error('candidateQuestionView: the question has not been served yet');
  const view = {
    number: q.number,
    expires_at: q.expires_at.toISOString(),
    difficulty_params: demo ? { a: q.snapshot.difficulty_params.a, d: q.snapshot.difficulty_params.d } : null,
    atom_id: q.atom_id,
    claim: q.snapshot.claim,
    question_text: q.snapshot.question_text,
    code_block: q.snapshot.code_block,
    code_language: q.snapshot.code_language,
    answers: q.snapshot.answers.map((a) =>
      demo && a.c
        ? { text: a.text, hash_id: a.hash_id, correct: true as const }
        : { text: a.text, hash_id: a.hash_id },
    ),
  };
  // Strict parse: an unexpected key (such as `c`, or `correct` outside demo mode) is a bug and must
  // fail here (a logged 500), not reach a browser.
  return demo ? CandidateQuestionSchema.parse(view) : CandidateQuestionStrictSchema.parse(view);
}

/**
 * The answer response of a stored (answered) question; `next` is absent when the quiz is over. Only
 * a demo quiz learns whether the answer was right and the new estimate (see pastQuestionOf).
 */
export function answerResponseOf(
  q: ServedQuestion,
  next: NextQuestion | null,
  demo: boolean,
): AnswerResponse {
  const body: AnswerResponse = demo
    ? {
        correct: q.correct === true,
        post_skill_estimate: q.post_skill_estimate,
        post_skill_estimate_error: q.post_skill_estimate_error,
      }
    : { post_skill_estimate: null, post_skill_estimate_error: null };
  if (next) body.next_question = next;
  return body;
}
