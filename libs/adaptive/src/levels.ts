// Map theta to the five score levels L1..L5 with an atom's levels_thresholds.
import { GRID_POINTS, Posterior, posteriorCdf, posteriorDensity } from './posterior';

/** One threshold as stored on an atom: a number, or '-inf' for "no lower bound". */
export type LevelThreshold = number | '-inf';

/** Number of score levels (SPEC §9). */
export const LEVEL_COUNT = 5;

/** Used when an atom has no levels_thresholds (the contracts package uses the same set). */
export const DEFAULT_LEVELS_THRESHOLDS: readonly LevelThreshold[] = Object.freeze([
  '-inf',
  -1,
  -0.25,
  0.5,
  1.25,
] as const);

/**
 * Numeric thresholds (-Infinity for '-inf'). Missing (undefined, null or empty) gives the default
 * set. Anything else must be five non-decreasing values, '-inf' only first; otherwise a TypeError,
 * because a silently wrong level is worse than a loud configuration error.
 */
export function resolveThresholds(thresholds?: readonly LevelThreshold[] | null): number[] {
  const src = thresholds == null || thresholds.length === 0 ? DEFAULT_LEVELS_THRESHOLDS : thresholds;
  if (src.length !== LEVEL_COUNT) {
    throw new TypeError(`levels_thresholds needs ${LEVEL_COUNT} values, got ${src.length}`);
  }
  const out = src.map((t, i) => {
    if (t === '-inf' || t === -Infinity) {
      if (i !== 0) throw new TypeError(`'-inf' is only allowed as the first threshold (position ${i})`);
      return -Infinity;
    }
    if (typeof t !== 'number' || !Number.isFinite(t)) {
      throw new TypeError(`threshold ${i} must be a finite number or '-inf', got ${JSON.stringify(t)}`);
    }
    return t;
  });
  for (let i = 1; i < out.length; i++) {
    if (out[i] < out[i - 1])
      throw new TypeError(`levels_thresholds must be non-decreasing, got ${JSON.stringify(src)}`);
  }
  return out;
}

/**
 * Level 1..5: level k when theta >= threshold k and < threshold k+1. A theta below the first
 * (finite) threshold is still level 1: every candidate has a level.
 */
export function levelForTheta(theta: number, thresholds?: readonly LevelThreshold[] | null): number {
  const t = resolveThresholds(thresholds);
  let level = 1;
  for (let k = 1; k < LEVEL_COUNT; k++) if (theta >= t[k]) level = k + 1;
  return level;
}

/**
 * Posterior probability of each level [P(L1), ..., P(L5)], summing to 1. Mass below the first
 * threshold counts as L1, matching levelForTheta.
 */
export function levelProbabilities(
  posterior: Posterior,
  thresholds?: readonly LevelThreshold[] | null,
): number[] {
  const t = resolveThresholds(thresholds);
  const density = posteriorDensity(posterior, new Float64Array(GRID_POINTS));
  const cdf = t.map((x) => posteriorCdf(density, x));
  const probs: number[] = [];
  for (let k = 0; k < LEVEL_COUNT; k++) {
    const lo = k === 0 ? 0 : cdf[k];
    const hi = k === LEVEL_COUNT - 1 ? 1 : cdf[k + 1];
    probs.push(Math.max(0, hi - lo));
  }
  return probs;
}
