// Candidate-side settings the spec leaves open. One place, so they are easy to find and change.

import type { QuizResult } from '@skillquiz/contracts';

/** Default support address for the timer's screen-reader text and the quiz-expired screen. */
export const SUPPORT_EMAIL = 'support@skillquiz.example';

/** The quiz's own support address (its company's, when the quiz result carries one), else the default. */
export function supportEmailOf(result: QuizResult | null | undefined): string {
  // Optional in the contract: a result without one falls back.
  const email = result?.quiz.support_email?.trim();
  return email ? email : SUPPORT_EMAIL;
}

export const PRODUCT_NAME = 'SkillQuiz';

export const PRIVACY_POLICY_URL = 'https://skillquiz.example/privacy';
