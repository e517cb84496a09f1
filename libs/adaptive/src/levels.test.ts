import { DEFAULT_LEVELS_THRESHOLDS, levelForTheta, levelProbabilities, resolveThresholds } from './levels';
import { createPosterior, posteriorFromResponses, THETA_GRID } from './posterior';
import { chanceAtLevels, estimateDensityAtLevels } from './demo';

describe('levels', () => {
  it('uses the default set when thresholds are missing', () => {
    expect(DEFAULT_LEVELS_THRESHOLDS).toEqual(['-inf', -1, -0.25, 0.5, 1.25]);
    for (const missing of [undefined, null, []]) {
      expect(resolveThresholds(missing)).toEqual([-Infinity, -1, -0.25, 0.5, 1.25]);
    }
  });

  it('maps theta to level k when threshold k <= theta < threshold k+1', () => {
    expect(levelForTheta(-100)).toBe(1);
    expect(levelForTheta(-1.000001)).toBe(1);
    expect(levelForTheta(-1)).toBe(2);
    expect(levelForTheta(-0.25)).toBe(3);
    expect(levelForTheta(-0.2500001)).toBe(2);
    expect(levelForTheta(0.5)).toBe(4);
    expect(levelForTheta(1.2499)).toBe(4);
    expect(levelForTheta(1.25)).toBe(5);
    expect(levelForTheta(100)).toBe(5);
  });

  it('puts theta below a finite first threshold in level 1', () => {
    expect(levelForTheta(-3, [-2, -1, 0, 1, 2])).toBe(1);
    expect(levelForTheta(-2, [-2, -1, 0, 1, 2])).toBe(1);
    expect(levelForTheta(0, [-2, -1, 0, 1, 2])).toBe(3);
  });

  it('rejects malformed thresholds loudly', () => {
    expect(() => resolveThresholds([-1, 0, 1, 2])).toThrow(TypeError);
    expect(() => resolveThresholds([-2, -1, '-inf', 1, 2])).toThrow(TypeError);
    expect(() => resolveThresholds([-2, 1, 0, 1, 2])).toThrow(TypeError);
    expect(() => resolveThresholds([-2, NaN, 0, 1, 2])).toThrow(TypeError);
  });

  it('gives normal-CDF level probabilities for the N(0,1) prior', () => {
    // Phi(-1) = 0.158655, Phi(-0.25) = 0.401294, Phi(0.5) = 0.691462, Phi(1.25) = 0.894350
    const p = levelProbabilities(createPosterior());
    const want = [0.158655, 0.401294 - 0.158655, 0.691462 - 0.401294, 0.89435 - 0.691462, 1 - 0.89435];
    p.forEach((v, i) => expect(Math.abs(v - want[i])).toBeLessThan(2e-5));
    expect(p.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 10);
  });

  it('matches a brute-force integration of the posterior for level probabilities', () => {
    const responses = [
      { a: 1.3, d: 0.4, correct: true },
      { a: 0.8, d: -0.9, correct: true },
      { a: 1.9, d: -1.5, correct: false },
      { a: 1.1, d: 0.2, correct: true },
    ];
    const thresholds = [-1.5, -0.5, 0.25, 0.75, 1.5];
    const got = levelProbabilities(posteriorFromResponses(responses), thresholds);
    // Riemann sum with 200k midpoints over [-6, 6].
    const N = 200000;
    const h = 12 / N;
    const mass = [0, 0, 0, 0, 0];
    for (let i = 0; i < N; i++) {
      const t = -6 + (i + 0.5) * h;
      let w = Math.exp(-0.5 * t * t);
      for (const r of responses) {
        const p = 1 / (1 + Math.exp(-(r.a * t + r.d)));
        w *= r.correct ? p : 1 - p;
      }
      mass[levelForTheta(t, thresholds) - 1] += w;
    }
    const total = mass.reduce((s, v) => s + v, 0);
    got.forEach((v, i) => expect(Math.abs(v - mass[i] / total)).toBeLessThan(1e-4));
  });

  it('uses a grid of 241 points over [-6, 6]', () => {
    expect(THETA_GRID.length).toBe(241);
    expect(THETA_GRID[0]).toBe(-6);
    expect(THETA_GRID[240]).toBeCloseTo(6, 12);
  });
});

describe('demo helpers', () => {
  it('chanceAtLevels evaluates P(correct) at each threshold with -inf as -6', () => {
    const got = chanceAtLevels({ a: 1, d: 0 });
    const sig = (z: number) => 1 / (1 + Math.exp(-z));
    expect(got).toHaveLength(5);
    expect(got[0]).toBeCloseTo(0.0024726231566347743, 14); // sigma(-6)
    expect(got[1]).toBeCloseTo(0.2689414213699951, 14); // sigma(-1)
    expect(got[2]).toBeCloseTo(sig(-0.25), 14);
    expect(got[3]).toBeCloseTo(0.6224593312018546, 14); // sigma(0.5)
    expect(got[4]).toBeCloseTo(sig(1.25), 14);
    // a = 2, d = -1 at thresholds [-2, -1, 0, 0.5, 1]: z = -5, -3, -1, 0, 1
    const got2 = chanceAtLevels({ a: 2, d: -1 }, [-2, -1, 0, 0.5, 1]);
    expect(got2[3]).toBe(0.5);
    expect(got2[2]).toBeCloseTo(0.2689414213699951, 14);
  });

  it('estimateDensityAtLevels evaluates N(estimate, error) with -inf as second threshold - 1 (SPEC §9)', () => {
    const got = estimateDensityAtLevels(0, 1);
    // phi(1) = 0.24197072451914337, phi(0.25) = 0.3866681168028493, phi(0.5) = 0.3520653267642995
    expect(got[1]).toBeCloseTo(0.24197072451914337, 14);
    expect(got[2]).toBeCloseTo(0.3866681168028493, 14);
    expect(got[3]).toBeCloseTo(0.3520653267642995, 14);
    // x = -1 - 1 = -2: phi(2) = 0.05399096651318806
    expect(got[0]).toBeCloseTo(0.05399096651318806, 14);
    // The offset follows the second threshold: thresholds ['-inf', 0.3, ...] put '-inf' at -0.7.
    const shifted = estimateDensityAtLevels(0, 1, ['-inf', 0.3, 0.6, 0.9, 1.2]);
    expect(shifted[0]).toBeCloseTo(Math.exp(-(0.7 ** 2) / 2) / Math.sqrt(2 * Math.PI), 14);
    // Scaling: N(1, 0.5) at threshold 1.25 is phi(0.5) / 0.5
    expect(estimateDensityAtLevels(1, 0.5)[4]).toBeCloseTo(0.3520653267642995 / 0.5, 13);
  });

  it('returns zeros rather than NaN for a missing or zero error', () => {
    expect(estimateDensityAtLevels(0, 0)).toEqual([0, 0, 0, 0, 0]);
    expect(estimateDensityAtLevels(0, NaN)).toEqual([0, 0, 0, 0, 0]);
  });
});
