// Quiz results for the front ends' unit tests (`@skillquiz/contracts/testing`), one set for every
// package so a contract change breaks them all at once. Type-only imports: no zod at run time.
import type { QuizResult } from '../candidate';

/** Level thresholds L1..L5 of the fixture atoms. */
export const THRESHOLDS = ['-inf', -1, -0.25, 0.5, 1.25] as const;

/** A quiz not yet started: two atoms (JavaScript, SQL) of Acme, nothing answered, nothing left. */
export function quizResult(overrides: Partial<QuizResult> = {}): QuizResult {
  return {
    assessment_token: 'tok_0123456789abcdefghij',
    started_at: null,
    finished_at: null,
    survey_completed: false,
    abandoned_at: null,
    expires_at: null,
    blur_on_window_blur: false,
    quiz: {
      company_logo_url: '/assets/acme.svg',
      company_name: 'Acme',
      atoms: [
        { id: 'javascript', name: 'JavaScript', num_questions: 10, levels_thresholds: [...THRESHOLDS] },
        { id: 'sql', name: 'SQL', num_questions: 8, levels_thresholds: [...THRESHOLDS] },
      ],
    },
    next_question: null,
    past_questions: [],
    required_atoms_left: 0,
    max_atoms_left: 0,
    quiz_url: null,
    ...overrides,
  };
}

/**
 * A quiz in progress as the quiz app hands it to the demo sidebar: one atom (JavaScript, id 'js'),
 * two answered questions with estimates, one answered question without difficulty_params (the
 * sidebar skips it) and the question on screen (4), which the quiz app adds to past_questions
 * unanswered when it serves it.
 */
export function quizResultInProgress(overrides: Partial<QuizResult> = {}): QuizResult {
  return quizResult({
    assessment_token: 'tok_abcdefghijklmnopqrstuv',
    started_at: '2026-01-01T10:00:00.000Z',
    quiz: {
      company_logo_url: null,
      company_name: 'Acme',
      atoms: [{ id: 'js', name: 'JavaScript', num_questions: 10, levels_thresholds: [...THRESHOLDS] }],
    },
    next_question: { number: 4, expires_at: '2026-01-01T10:05:00.000Z' },
    past_questions: [
      {
        number: 1,
        correct: true,
        atom_id: 'js',
        claim: 'closures',
        difficulty_params: { a: 1.3, d: 0.4 },
        post_skill_estimate: 0.35,
        post_skill_estimate_error: 0.82,
      },
      {
        number: 3,
        correct: true,
        atom_id: 'js',
        claim: null,
        difficulty_params: null,
        post_skill_estimate: 0.5,
        post_skill_estimate_error: 0.7,
      },
      {
        number: 2,
        correct: false,
        atom_id: 'js',
        claim: 'event_loop',
        difficulty_params: { a: 0.9, d: -0.7 },
        post_skill_estimate: -0.12,
        post_skill_estimate_error: 0.74,
      },
      {
        number: 4,
        correct: false,
        atom_id: 'js',
        claim: 'promises',
        difficulty_params: { a: 1.6, d: 1.1 },
        post_skill_estimate: null,
        post_skill_estimate_error: null,
      },
    ],
    ...overrides,
  });
}
