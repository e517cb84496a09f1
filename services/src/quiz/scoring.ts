// Scoring one answer against the served snapshot, and the atom's skill estimate after it.
// The IRT itself lives in @skillquiz/adaptive; this module only decides what counts.
import {
  createPosterior,
  summarizePosterior,
  updatePosterior,
  type DifficultyParams,
  type ThetaEstimate,
} from '@skillquiz/adaptive';
import { badRequest } from '../platform';
import { hasExpired, isTooLate } from './timing';

export interface SnapshotAnswer {
  hash_id: string;
  c: boolean;
}

export interface Verdict {
  correct: boolean;
  /** The answer did not count because the clock ran out (empty answer, or after the grace). */
  timed_out: boolean;
}

/**
 * Decides whether an answer is correct.
 * - '' (no selection) is accepted only once the question has expired, and is incorrect.
 * - A hash_id that is not one of the question's answers is a bad request.
 * - A real answer after expires_at + grace counts as timed out (incorrect).
 */
export function scoreAnswer(
  answers: readonly SnapshotAnswer[],
  answer: string,
  expiresAt: Date,
  now: Date,
): Verdict {
  if (answer === '') {
    if (!hasExpired(expiresAt, now)) {
      throw badRequest('An empty answer is accepted only once the question has timed out');
    }
    return { correct: false, timed_out: true };
  }
  const chosen = answers.find((a) => a.hash_id === answer);
  if (!chosen) throw badRequest("answer is not one of this question's answers");
  if (isTooLate(expiresAt, now)) return { correct: false, timed_out: true };
  return { correct: chosen.c === true, timed_out: false };
}

export interface ScoredResponse {
  difficulty_params: DifficultyParams;
  correct: boolean;
}

/**
 * EAP estimate and posterior SD of an atom from its scored responses, in order (N(0, 1) prior).
 * With no responses it is the prior itself (0, 1). Rebuilding from the stored responses costs
 * O(answers x grid) and cannot drift from what was recorded.
 */
export function estimateAtom(responses: readonly ScoredResponse[]): ThetaEstimate {
  const posterior = createPosterior();
  for (const r of responses) updatePosterior(posterior, r.difficulty_params, r.correct);
  return summarizePosterior(posterior);
}
