// A quiz result as the quiz app hands it to the sidebar: two answered questions with estimates, one
// answered question without difficulty_params (the sidebar skips it) and the question on screen,
// which the quiz app adds to past_questions unanswered when it serves it.
import type { QuizResult } from '@skillquiz/contracts';

export const THRESHOLDS = ['-inf', -1, -0.25, 0.5, 1.25] as const;

export function quizResultFixture(overrides: Partial<QuizResult> = {}): QuizResult {
  return {
    assessment_token: 'tok_abcdefghijklmnopqrstuv',
    started_at: '2026-01-01T10:00:00.000Z',
    finished_at: null,
    survey_completed: false,
    abandoned_at: null,
    expires_at: null,
    blur_on_window_blur: false,
    quiz: {
      company_logo_url: null,
      company_name: 'Acme',
      atoms: [{ id: 'js', name: 'JavaScript', num_questions: 10, levels_thresholds: [...THRESHOLDS] }],
    },
    next_question: { number: 4, expires_at: '2026-01-01T10:05:00.000Z' },
    past_questions: [
      { number: 1, correct: true, atom_id: 'js', claim: 'closures', difficulty_params: { a: 1.3, d: 0.4 }, post_skill_estimate: 0.35, post_skill_estimate_error: 0.82 },
      { number: 3, correct: true, atom_id: 'js', claim: null, difficulty_params: null, post_skill_estimate: 0.5, post_skill_estimate_error: 0.7 },
      { number: 2, correct: false, atom_id: 'js', claim: 'event_loop', difficulty_params: { a: 0.9, d: -0.7 }, post_skill_estimate: -0.12, post_skill_estimate_error: 0.74 },
      { number: 4, correct: false, atom_id: 'js', claim: 'promises', difficulty_params: { a: 1.6, d: 1.1 }, post_skill_estimate: null, post_skill_estimate_error: null },
    ],
    required_atoms_left: 0,
    max_atoms_left: 0,
    quiz_url: null,
    ...overrides,
  };
}
