// What a quiz says about a candidate, read from its stored snapshot (never the bank): whether it
// is complete, and per atom the posterior of the scored answers, its most likely level and the
// probability of each level. Pure functions, shared by the invitation summary (the hiring list)
// and the report.
import {
  levelForTheta,
  levelProbabilities,
  posteriorFromResponses,
  summarizePosterior,
  type LevelThreshold,
} from '@skillquiz/adaptive';
import type { QuizResultDoc } from '../../quiz';

export { completedAt, isComplete } from '../../quiz';

export interface AtomOutcome {
  /** Scored answers the result rests on. */
  answered: number;
  estimate: number;
  error: number;
  /** P(L1) .. P(L5). */
  probabilities: number[];
  /** The most likely level (of `probabilities`; the lower one on a tie). */
  level: number;
}

/**
 * The result of `atomId` in `quiz`: the posterior (N(0, 1) prior) of its scored, answered questions
 * as served, its EAP and SD, and the level probabilities with the atom's thresholds. Null when the
 * atom has no scored answer.
 */
export function atomOutcome(
  quiz: Pick<QuizResultDoc, 'served'> & Partial<Pick<QuizResultDoc, 'set_aside'>>,
  atomId: string,
  thresholds: readonly LevelThreshold[] | null | undefined,
): AtomOutcome | null {
  // effort-aware scoring: the very quick answers set aside when the quiz ended are not counted
  const aside = new Set(quiz.set_aside ?? []);
  const responses = quiz.served
    .filter((q) => q.atom_id === atomId && q.scored && q.answered_at != null && !aside.has(q.number))
    .map((q) => ({
      a: q.snapshot.difficulty_params.a,
      d: q.snapshot.difficulty_params.d,
      correct: q.correct === true,
    }));
  if (responses.length === 0) return null;
  const posterior = posteriorFromResponses(responses);
  const { estimate, error } = summarizePosterior(posterior);
  const probabilities = levelProbabilities(posterior, thresholds);
  return {
    answered: responses.length,
    estimate,
    error,
    probabilities,
    level: mostLikelyLevel(probabilities),
  };
}

/** 1-based index of the largest probability (the first on a tie). */
export function mostLikelyLevel(probabilities: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < probabilities.length; i++) if (probabilities[i] > probabilities[best]) best = i;
  return best + 1;
}

/** The level a theta falls in (for the ends of the estimate's band). */
export function levelAt(theta: number, thresholds: readonly LevelThreshold[] | null | undefined): number {
  return levelForTheta(theta, thresholds);
}
