// Candidate-side settings the spec leaves open. The product-wide values (name, default support
// address, privacy link) are in the contracts constants (`@skillquiz/contracts/constants`).
import type { QuizResult } from '@skillquiz/contracts';
import { DEFAULT_SUPPORT_EMAIL } from '@skillquiz/contracts/constants';

/** The quiz's own support address (its company's, when the quiz result carries one), else the default. */
export function supportEmailOf(result: QuizResult | null | undefined): string {
  // Optional in the contract: a result without one falls back.
  const email = result?.quiz.support_email?.trim();
  return email ? email : DEFAULT_SUPPORT_EMAIL;
}
