import {
  createPosterior,
  estimateFromResponses,
  ItemResponse,
  posteriorFromResponses,
  summarizePosterior,
  updatePosterior,
} from './posterior';

// An independent generator and integrator, so the test does not lean on the code under test.
function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** Brute-force EAP: composite Simpson with 20,000 intervals over [-6, 6], naive log-likelihood. */
function bruteForceEap(responses: ItemResponse[], mean = 0, sd = 1): { estimate: number; error: number } {
  const N = 20000;
  const lo = -6;
  const h = 12 / N;
  const logs: number[] = [];
  for (let i = 0; i <= N; i++) {
    const t = lo + i * h;
    let ll = -0.5 * ((t - mean) / sd) ** 2;
    for (const r of responses) {
      const p = 1 / (1 + Math.exp(-(r.a * t + r.d)));
      ll += Math.log(r.correct ? p : 1 - p);
    }
    logs.push(ll);
  }
  const max = Math.max(...logs);
  let m0 = 0;
  let m1 = 0;
  let m2 = 0;
  for (let i = 0; i <= N; i++) {
    const w = (i === 0 || i === N ? 1 : i % 2 === 1 ? 4 : 2) * Math.exp(logs[i] - max);
    const t = lo + i * h;
    m0 += w;
    m1 += w * t;
    m2 += w * t * t;
  }
  const est = m1 / m0;
  return { estimate: est, error: Math.sqrt(m2 / m0 - est * est) };
}

function randomPattern(rnd: () => number, length: number): ItemResponse[] {
  const theta = (rnd() - 0.5) * 4;
  const out: ItemResponse[] = [];
  for (let i = 0; i < length; i++) {
    const a = 0.4 + rnd() * 2;
    const b = (rnd() - 0.5) * 5;
    const d = -a * b;
    out.push({ a, d, correct: rnd() < 1 / (1 + Math.exp(-(a * theta + d))) });
  }
  return out;
}

describe('EAP posterior', () => {
  it('returns the prior mean and SD with no answers', () => {
    expect(summarizePosterior(createPosterior()).estimate).toBeCloseTo(0, 12);
    expect(summarizePosterior(createPosterior()).error).toBeCloseTo(1, 6);
    const s = summarizePosterior(createPosterior({ mean: 0.5, sd: 0.8 }));
    expect(s.estimate).toBeCloseTo(0.5, 8);
    expect(s.error).toBeCloseTo(0.8, 6);
  });

  it('matches a brute-force Simpson EAP for random response patterns', () => {
    const rnd = lcg(42);
    for (let k = 0; k < 25; k++) {
      const responses = randomPattern(rnd, 1 + Math.floor(rnd() * 40));
      const got = estimateFromResponses(responses);
      const want = bruteForceEap(responses);
      expect(Math.abs(got.estimate - want.estimate)).toBeLessThan(1e-6);
      expect(Math.abs(got.error - want.error)).toBeLessThan(1e-6);
    }
  });

  it('honours a configured prior', () => {
    const responses = randomPattern(lcg(7), 12);
    const got = estimateFromResponses(responses, { mean: -0.5, sd: 1.5 });
    const want = bruteForceEap(responses, -0.5, 1.5);
    expect(got.estimate).toBeCloseTo(want.estimate, 6);
    expect(got.error).toBeCloseTo(want.error, 6);
  });

  it('gives the same result incrementally as from the full list, in any order', () => {
    const responses = randomPattern(lcg(3), 20);
    const post = createPosterior();
    for (const r of responses) updatePosterior(post, r, r.correct);
    expect(post.count).toBe(20);
    const full = estimateFromResponses(responses);
    const reversed = estimateFromResponses([...responses].reverse());
    expect(summarizePosterior(post).estimate).toBeCloseTo(full.estimate, 12);
    expect(summarizePosterior(post).error).toBeCloseTo(full.error, 12);
    expect(reversed.estimate).toBeCloseTo(full.estimate, 10);
  });

  it('stays finite and accurate for 60-item all-correct and all-wrong patterns', () => {
    const rnd = lcg(11);
    for (const correct of [true, false]) {
      const responses: ItemResponse[] = [];
      for (let i = 0; i < 60; i++) {
        const a = 0.5 + rnd() * 2;
        responses.push({ a, d: -a * (rnd() - 0.5) * 6, correct });
      }
      const s = estimateFromResponses(responses);
      expect(Number.isFinite(s.estimate) && Number.isFinite(s.error)).toBe(true);
      expect(s.error).toBeGreaterThan(0);
      if (correct) expect(s.estimate).toBeGreaterThan(1.5);
      else expect(s.estimate).toBeLessThan(-1.5);
      const brute = bruteForceEap(responses);
      expect(Math.abs(s.estimate - brute.estimate)).toBeLessThan(1e-4);
      expect(Math.abs(s.error - brute.error)).toBeLessThan(1e-4);
    }
  });

  it('stays finite when extreme items push the posterior against the grid edge', () => {
    for (const correct of [true, false]) {
      const post = createPosterior();
      for (let i = 0; i < 200; i++) updatePosterior(post, { a: 3, d: correct ? -40 : 40 }, correct);
      const s = summarizePosterior(post);
      expect(Number.isFinite(s.estimate) && Number.isFinite(s.error)).toBe(true);
      expect(Math.abs(s.estimate)).toBeGreaterThan(5);
      expect(Math.abs(s.estimate)).toBeLessThanOrEqual(6);
    }
  });

  it('rejects non-finite item params and bad priors', () => {
    expect(() => updatePosterior(createPosterior(), { a: NaN, d: 0 }, true)).toThrow(RangeError);
    expect(() => posteriorFromResponses([{ a: 1, d: Infinity, correct: true }])).toThrow(RangeError);
    expect(() => createPosterior({ sd: 0 })).toThrow(RangeError);
  });
});
