import { claimFits, meetsBarProbability, meetsFromLevelProbabilities, posteriorInterval } from './decisions';
import { levelProbabilities, resolveThresholds } from './levels';
import { probabilityCorrect } from './model';
import { createPosterior, posteriorFromResponses, type ItemResponse } from './posterior';

/** Unnormalised posterior at theta: N(0,1) prior times the 2PL likelihood, straight from the model. */
function unnormalised(responses: readonly ItemResponse[], theta: number): number {
  let l = Math.exp(-0.5 * theta * theta);
  for (const r of responses) {
    const p = probabilityCorrect(r, theta);
    l *= r.correct ? p : 1 - p;
  }
  return l;
}

/** Simpson's rule on [lo, hi] with n (even) intervals: independent of the engine's grid. */
function simpson(f: (x: number) => number, lo: number, hi: number, n = 8_000): number {
  const h = (hi - lo) / n;
  let s = f(lo) + f(hi);
  for (let i = 1; i < n; i++) s += (i % 2 ? 4 : 2) * f(lo + i * h);
  return (s * h) / 3;
}

/** P(theta >= threshold of the bar) by brute force over [-8, 8]. */
function bruteMeets(responses: readonly ItemResponse[], thresholds: number[], bar: number): number {
  const f = (x: number) => unnormalised(responses, x);
  const total = simpson(f, -8, 8);
  if (bar === 1) return 1;
  return simpson(f, thresholds[bar - 1], 8) / total;
}

/** A reproducible answer pattern (a linear congruential generator, no library). */
function pattern(seed: number, n: number): ItemResponse[] {
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: n }, () => ({
    a: 0.6 + 1.6 * next(),
    d: -2 + 4 * next(),
    correct: next() < 0.55,
  }));
}

describe('meetsBarProbability', () => {
  const thresholdSets = [null, [-2, -1, 0, 1, 2], ['-inf', -0.8, 0, 0.6, 1.4]] as const;

  it.each([1, 7, 23, 99])('matches a brute-force integration of the posterior (seed %i)', (seed) => {
    for (const t of thresholdSets) {
      const responses = pattern(seed, 5 + (seed % 20));
      const post = posteriorFromResponses(responses);
      const numeric = resolveThresholds(t as never);
      for (let bar = 1; bar <= 5; bar++) {
        expect(meetsBarProbability(post, t as never, bar)).toBeCloseTo(
          bruteMeets(responses, numeric, bar),
          4,
        );
      }
    }
  });

  it('is 1 at L1, falls as the bar rises, and is the sum of the level probabilities above it', () => {
    const post = posteriorFromResponses(pattern(5, 12));
    const probs = levelProbabilities(post);
    let last = 1.0000001;
    for (let bar = 1; bar <= 5; bar++) {
      const p = meetsBarProbability(post, null, bar);
      expect(p).toBeLessThanOrEqual(last);
      expect(p).toBeCloseTo(
        probs.slice(bar - 1).reduce((a, b) => a + b, 0),
        12,
      );
      last = p;
    }
    expect(meetsBarProbability(post, null, 1)).toBeCloseTo(1, 12);
  });

  it('gives the normal tail for the prior alone: P(theta >= 0.5) = 0.308538', () => {
    expect(meetsBarProbability(createPosterior(), null, 4)).toBeCloseTo(0.308538, 4);
  });

  it('refuses a bar that is not a level', () => {
    for (const bar of [0, 6, 2.5, NaN])
      expect(() => meetsBarProbability(createPosterior(), null, bar)).toThrow(RangeError);
  });

  it('clamps sums of stored probabilities into [0, 1]', () => {
    expect(meetsFromLevelProbabilities([0.2, 0.2, 0.2, 0.2, 0.2000001], 1)).toBe(1);
    expect(meetsFromLevelProbabilities([0.5, 0.5, 0, 0, 0], 3)).toBe(0);
  });
});

describe('posteriorInterval', () => {
  it('is the prior normal quantiles for no answers: 80% of N(0,1) is ±1.281552', () => {
    const i = posteriorInterval(createPosterior(), 0.8);
    expect(i.low).toBeCloseTo(-1.281552, 2);
    expect(i.high).toBeCloseTo(1.281552, 2);
    expect(i.mass).toBe(0.8);
  });

  it('holds the asked mass of a brute-force integration', () => {
    const responses = pattern(42, 15);
    const i = posteriorInterval(posteriorFromResponses(responses), 0.8);
    const f = (x: number) => unnormalised(responses, x);
    expect(simpson(f, i.low, i.high) / simpson(f, -8, 8)).toBeCloseTo(0.8, 2);
    expect(simpson(f, -8, i.low) / simpson(f, -8, 8)).toBeCloseTo(0.1, 2);
  });

  it('narrows with more answers', () => {
    const few = posteriorInterval(posteriorFromResponses(pattern(3, 4)));
    const many = posteriorInterval(posteriorFromResponses(pattern(3, 40)));
    expect(many.high - many.low).toBeLessThan(few.high - few.low);
  });

  it('refuses a mass outside (0, 1)', () => {
    for (const m of [0, 1, -0.1, 1.5])
      expect(() => posteriorInterval(createPosterior(), m)).toThrow(RangeError);
  });
});

describe('claimFits', () => {
  const item = (claim: string | null, correct: boolean) => ({ a: 1, d: 0, claim, correct });

  it('counts questions, correct answers and the 2PL expectation per claim', () => {
    const fits = claimFits([item('joins', true), item('joins', false), item('indexes', true)], 0);
    expect(fits).toEqual([
      expect.objectContaining({ claim: 'joins', questions: 2, correct: 1, expected: 1, verdict: 'too_few' }),
      expect.objectContaining({
        claim: 'indexes',
        questions: 1,
        correct: 1,
        expected: 0.5,
        verdict: 'too_few',
      }),
    ]);
  });

  it('says above, below or as expected only past the z cut-off', () => {
    const six = (correct: number) => Array.from({ length: 6 }, (_, i) => item('t', i < correct));
    // expected 3 of 6, sd sqrt(1.5) = 1.22: 6 right is z 2.45 (above), 0 right -2.45 (below), 4 is 0.82
    expect(claimFits(six(6), 0)[0].verdict).toBe('above');
    expect(claimFits(six(0), 0)[0].verdict).toBe('below');
    expect(claimFits(six(4), 0)[0].verdict).toBe('as_expected');
    expect(claimFits(six(4), 0)[0].z).toBeCloseTo(1 / Math.sqrt(1.5), 10);
  });

  it('groups questions without a claim under an empty name', () => {
    expect(claimFits([item(null, true)], 0)[0].claim).toBe('');
  });
});
