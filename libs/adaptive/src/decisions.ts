// What a hiring decision needs from a posterior: the probability that the candidate's level meets a
// bar ("meets L3: 87%"), a central credible interval of theta (the percentile's uncertainty), and
// per topic (claim) how the candidate did against what the 2PL predicts at their estimate.
import { probabilityCorrect, type DifficultyParams } from './model';
import { GRID_POINTS, THETA_GRID, posteriorDensity, type Posterior } from './posterior';
import { LEVEL_COUNT, levelProbabilities, type LevelThreshold } from './levels';

/**
 * P(level >= bar) from the posterior: the sum of the level probabilities the report shows for
 * levels bar..5, so the two can never disagree. Bar 1 is met by everyone (1).
 */
export function meetsBarProbability(
  posterior: Posterior,
  thresholds: readonly LevelThreshold[] | null | undefined,
  bar: number,
): number {
  if (!Number.isInteger(bar) || bar < 1 || bar > LEVEL_COUNT)
    throw new RangeError(`a bar is a level 1..${LEVEL_COUNT}, got ${bar}`);
  return meetsFromLevelProbabilities(levelProbabilities(posterior, thresholds), bar);
}

/** The same from stored level probabilities [P(L1)..P(L5)], clamped to [0, 1]. */
export function meetsFromLevelProbabilities(probabilities: readonly number[], bar: number): number {
  let p = 0;
  for (let k = bar - 1; k < probabilities.length; k++) p += probabilities[k];
  return Math.min(1, Math.max(0, p));
}

export interface ThetaInterval {
  low: number;
  high: number;
  /** The posterior mass between low and high (e.g. 0.8). */
  mass: number;
}

/**
 * The central credible interval of theta holding `mass` of the posterior: its (1-mass)/2 and
 * (1+mass)/2 quantiles, read off the trapezoid CDF on the grid with linear interpolation.
 */
export function posteriorInterval(posterior: Posterior, mass = 0.8): ThetaInterval {
  if (!(mass > 0 && mass < 1)) throw new RangeError(`mass must be in (0, 1), got ${mass}`);
  const density = posteriorDensity(posterior);
  const step = THETA_GRID[1] - THETA_GRID[0];
  const cdf = new Float64Array(GRID_POINTS);
  for (let i = 1; i < GRID_POINTS; i++) cdf[i] = cdf[i - 1] + 0.5 * (density[i - 1] + density[i]) * step;
  const total = cdf[GRID_POINTS - 1];
  const quantile = (q: number): number => {
    const target = q * total;
    for (let i = 1; i < GRID_POINTS; i++) {
      if (cdf[i] >= target) {
        const span = cdf[i] - cdf[i - 1];
        const f = span > 0 ? (target - cdf[i - 1]) / span : 0;
        return THETA_GRID[i - 1] + f * step;
      }
    }
    return THETA_GRID[GRID_POINTS - 1];
  };
  return { low: quantile((1 - mass) / 2), high: quantile((1 + mass) / 2), mass };
}

/** One answered question as the topic view reads it. */
export interface ClaimResponse extends DifficultyParams {
  claim: string | null;
  correct: boolean;
}

export type ClaimVerdict = 'above' | 'as_expected' | 'below' | 'too_few';

export interface ClaimFit {
  claim: string;
  questions: number;
  correct: number;
  /** Correct answers the 2PL expects at the estimate (sum of P(correct)). */
  expected: number;
  /** (correct - expected) / sqrt(sum p(1-p)); null when the variance is 0. */
  z: number | null;
  verdict: ClaimVerdict;
}

/** Below this many questions a topic says "too few questions to tell". */
export const CLAIM_MIN_QUESTIONS = 3;
/** |z| beyond this (two-sided 90%) reads as above or below what the level predicts. */
export const CLAIM_Z = 1.645;

/**
 * Per claim: observed correct against the 2PL's expectation at `theta` (the candidate's estimate),
 * with a normal approximation to say whether the gap is more than chance. Questions without a claim
 * are grouped under '' (the caller may name it). In first-seen order.
 */
export function claimFits(responses: readonly ClaimResponse[], theta: number): ClaimFit[] {
  const groups = new Map<string, { n: number; correct: number; expected: number; variance: number }>();
  for (const r of responses) {
    const key = r.claim ?? '';
    const g = groups.get(key) ?? { n: 0, correct: 0, expected: 0, variance: 0 };
    const p = probabilityCorrect(r, theta);
    g.n++;
    if (r.correct) g.correct++;
    g.expected += p;
    g.variance += p * (1 - p);
    groups.set(key, g);
  }
  return [...groups].map(([claim, g]) => {
    const z = g.variance > 0 ? (g.correct - g.expected) / Math.sqrt(g.variance) : null;
    let verdict: ClaimVerdict = 'as_expected';
    if (g.n < CLAIM_MIN_QUESTIONS) verdict = 'too_few';
    else if (z !== null && z > CLAIM_Z) verdict = 'above';
    else if (z !== null && z < -CLAIM_Z) verdict = 'below';
    return { claim, questions: g.n, correct: g.correct, expected: g.expected, z, verdict };
  });
}
