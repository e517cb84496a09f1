// The two curves the demo sidebar draws (SPEC §9 "Adaptive curves").
import { DifficultyParams, probabilityCorrect } from './model';
import { LevelThreshold, resolveThresholds } from './levels';

/** '-inf' stands for this theta when computing the chance of a correct answer. */
export const DEMO_CHANCE_INF_THETA = -6;

/**
 * For the estimate density, '-inf' becomes (second threshold - this): SPEC §9 says "minus 1".
 * (An earlier draft used 1.24855; the SPEC wins where the two disagree.)
 */
export const DEMO_DENSITY_INF_OFFSET = 1;

/** Chance of a correct answer at each of the five thresholds ('-inf' treated as -6). */
export function chanceAtLevels(
  params: DifficultyParams,
  thresholds?: readonly LevelThreshold[] | null,
): number[] {
  return resolveThresholds(thresholds).map((t) =>
    probabilityCorrect(params, t === -Infinity ? DEMO_CHANCE_INF_THETA : t),
  );
}

/**
 * Normal density N(estimate, error) at each of the five thresholds, '-inf' replaced by
 * (second threshold - 1). A non-positive or non-finite error gives all zeros
 * rather than NaN/Infinity, so the chart shows nothing instead of breaking.
 */
export function estimateDensityAtLevels(
  estimate: number,
  error: number,
  thresholds?: readonly LevelThreshold[] | null,
): number[] {
  const t = resolveThresholds(thresholds);
  const xs = t.map((x) => (x === -Infinity ? t[1] - DEMO_DENSITY_INF_OFFSET : x));
  if (!(error > 0) || !Number.isFinite(error) || !Number.isFinite(estimate)) return xs.map(() => 0);
  const c = 1 / (error * Math.sqrt(2 * Math.PI));
  return xs.map((x) => {
    const z = (x - estimate) / error;
    return c * Math.exp(-0.5 * z * z);
  });
}
