// A realistic quiz result for unit tests.
import type { QuizResult } from '@skillquiz/contracts';

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
        { id: 'javascript', name: 'JavaScript', num_questions: 10, levels_thresholds: ['-inf', -1, -0.25, 0.5, 1.25] },
        { id: 'sql', name: 'SQL', num_questions: 8, levels_thresholds: ['-inf', -1, -0.25, 0.5, 1.25] },
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
