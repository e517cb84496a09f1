// The integrity statistics against independent brute-force computations on small cases.
import { createRng, probabilityCorrect } from '@skillquiz/adaptive';
import { gaussian } from '../simulator';
import {
  calibrateResponseTimes,
  estimateSpeed,
  normalCdf,
  timeResiduals,
  type TimedAnswer,
  type TimedAttempt,
} from './lognormal';
import {
  FAST_Z,
  candidateSignals,
  effortModeratedEstimate,
  fastCorrectTail,
  isRapid,
  lzStar,
  poissonBinomialTail,
  rapidThreshold,
  type IntegrityAnswer,
} from './signals';
import { driftCusum, type DriftAttempt } from './drift';

/** Minimiser of a one-dimensional convex function by golden-section search. */
function argmin(f: (x: number) => number, lo: number, hi: number): number {
  const g = (Math.sqrt(5) - 1) / 2;
  let a = lo;
  let b = hi;
  for (let i = 0; i < 200; i++) {
    const c = b - g * (b - a);
    const d = a + g * (b - a);
    if (f(c) < f(d)) b = d;
    else a = c;
  }
  return (a + b) / 2;
}

/** Every 0/1 pattern of length n with its probability under independent P_i. */
function* patterns(ps: readonly number[]): Generator<{ u: number[]; prob: number }> {
  for (let m = 0; m < 1 << ps.length; m++) {
    const u = ps.map((_, i) => (m >> i) & 1);
    yield { u, prob: u.reduce((acc, x, i) => acc * (x ? ps[i] : 1 - ps[i]), 1) };
  }
}

describe('normalCdf', () => {
  it('matches known quantiles', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(-1.959964)).toBeCloseTo(0.025, 6);
    expect(normalCdf(-2.326348)).toBeCloseTo(0.01, 6);
    expect(normalCdf(1.644854)).toBeCloseTo(0.95, 6);
  });
});

describe('estimateSpeed and timeResiduals', () => {
  const answers: TimedAnswer[] = [
    { beta: 3.4, alpha: 2, logT: 3.1 },
    { beta: 3.0, alpha: 1.5, logT: 3.3 },
    { beta: 3.8, alpha: 2.5, logT: 3.5 },
    { beta: 2.9, alpha: 1.8, logT: 1.2 },
  ];
  it('plain estimate = the least-squares minimiser of sum alpha^2 (log t - beta + tau)^2 (grid search)', () => {
    const loss = (tau: number) => answers.reduce((s, x) => s + (x.alpha * (x.logT - x.beta + tau)) ** 2, 0);
    const e = estimateSpeed(answers, Infinity)!;
    expect(e.tau).toBeCloseTo(argmin(loss, -5, 5), 6);
    expect(e.se).toBeCloseTo(1 / Math.sqrt(4 + 2.25 + 6.25 + 3.24), 10);
  });
  it('Huber estimate = the minimiser of the Huber loss (brute force)', () => {
    const k = 1.5;
    const huber = (r: number) => (Math.abs(r) <= k ? 0.5 * r * r : k * Math.abs(r) - 0.5 * k * k);
    const loss = (tau: number) => answers.reduce((s, x) => s + huber(x.alpha * (x.logT - x.beta + tau)), 0);
    expect(estimateSpeed(answers, k)!.tau).toBeCloseTo(argmin(loss, -5, 5), 6);
    // the very fast fourth answer pulls the Huber estimate less than the plain one
    const plain = estimateSpeed(answers, Infinity)!.tau;
    const without = estimateSpeed(answers.slice(0, 3), Infinity)!.tau;
    expect(Math.abs(estimateSpeed(answers, k)!.tau - without)).toBeLessThan(Math.abs(plain - without));
  });
  it('residual i: against the pace of the other answers, standardised by the predictive SD', () => {
    const z = timeResiduals(answers, Infinity);
    answers.forEach((x, i) => {
      const rest = answers.filter((_, k) => k !== i);
      const loss = (tau: number) => rest.reduce((s, y) => s + (y.alpha * (y.logT - y.beta + tau)) ** 2, 0);
      const tau = argmin(loss, -5, 5);
      const se2 = 1 / rest.reduce((s, y) => s + y.alpha * y.alpha, 0);
      expect(z[i]).toBeCloseTo((x.logT - (x.beta - tau)) / Math.sqrt(1 / x.alpha ** 2 + se2), 5);
    });
    expect(z[3]).toBeLessThan(-2); // the fast one
  });
  it('residuals of simulated honest candidates are about N(0, 1)', () => {
    const rng = createRng(3);
    const normal = gaussian(rng);
    const zs: number[] = [];
    for (let c = 0; c < 2000; c++) {
      const tau = 0.3 * normal();
      const xs = Array.from({ length: 10 }, () => {
        const beta = 3 + 0.4 * normal();
        const alpha = 1.5 + rng();
        return { beta, alpha, logT: beta - tau + normal() / alpha };
      });
      zs.push(...(timeResiduals(xs, Infinity) as number[]));
    }
    const mean = zs.reduce((a, b) => a + b, 0) / zs.length;
    const sd = Math.sqrt(zs.reduce((a, b) => a + (b - mean) ** 2, 0) / zs.length);
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(sd).toBeGreaterThan(0.97);
    expect(sd).toBeLessThan(1.03);
  });
});

describe('calibrateResponseTimes', () => {
  it('reaches the marginal maximum likelihood (every partial derivative is 0, numerically)', () => {
    const rng = createRng(11);
    const normal = gaussian(rng);
    const attempts: TimedAttempt[] = [];
    const truth = [3.0, 3.6, 2.5];
    const precision = [1.5, 2.5, 2];
    for (let j = 0; j < 8; j++) {
      const tau = 0.4 * normal();
      for (let i = 0; i < 3; i++)
        attempts.push({
          person: `p${j}`,
          item: i,
          seconds: Math.exp(truth[i] - tau + normal() / precision[i]),
        });
    }
    const cal = calibrateResponseTimes(attempts, { tolerance: 1e-12, maxIterations: 100_000 });
    // the marginal log-likelihood, written out directly: per candidate, log t - beta ~ N(0, D + s^2 1 1')
    // with D = diag(1/alpha^2); determinant and inverse by the matrix determinant lemma / Sherman-Morrison
    const ll = (params: number[]) => {
      const [b, al, s] = [params.slice(0, 3), params.slice(3, 6), params[6]];
      let total = 0;
      for (let j = 0; j < 8; j++) {
        const r = [0, 1, 2].map((i) => Math.log(attempts[j * 3 + i].seconds) - b[i]);
        const sumA2 = al.reduce((x, a) => x + a * a, 0);
        const logDet = al.reduce((x, a) => x - 2 * Math.log(a), 0) + Math.log(1 + s * s * sumA2);
        const quad =
          r.reduce((x, ri, i) => x + al[i] ** 2 * ri * ri, 0) -
          (s * s * r.reduce((x, ri, i) => x + al[i] ** 2 * ri, 0) ** 2) / (1 + s * s * sumA2);
        total += -0.5 * logDet - 0.5 * quad;
      }
      return total;
    };
    const at = [
      ...[0, 1, 2].map((i) => cal.items.get(i)!.beta),
      ...[0, 1, 2].map((i) => cal.items.get(i)!.alpha),
      cal.speedSd,
    ];
    const h = 1e-5;
    at.forEach((_, k) => {
      const up = [...at];
      const down = [...at];
      up[k] += h;
      down[k] -= h;
      expect(Math.abs((ll(up) - ll(down)) / (2 * h))).toBeLessThan(1e-4);
    });
    // and it is a maximum: moving any parameter a little lowers it
    at.forEach((_, k) => {
      const moved = [...at];
      moved[k] += 0.01;
      expect(ll(moved)).toBeLessThan(ll(at));
    });
    expect(cal.items.get(0)!.n).toBe(8);
  });
  it('recovers the parameters of a simulated bank', () => {
    const rng = createRng(5);
    const normal = gaussian(rng);
    const items = Array.from({ length: 20 }, () => ({ beta: 3 + 0.5 * normal(), alpha: 1.5 + rng() }));
    const attempts: TimedAttempt[] = [];
    for (let j = 0; j < 400; j++) {
      const tau = 0.3 * normal();
      items.forEach((q, i) => {
        if (rng() < 0.5)
          attempts.push({ person: String(j), item: i, seconds: Math.exp(q.beta - tau + normal() / q.alpha) });
      });
    }
    const cal = calibrateResponseTimes(attempts);
    items.forEach((q, i) => {
      expect(Math.abs(cal.items.get(i)!.beta - q.beta)).toBeLessThan(0.12);
      expect(Math.abs(cal.items.get(i)!.alpha - q.alpha) / q.alpha).toBeLessThan(0.15);
    });
  });
});

describe('poissonBinomialTail', () => {
  it('equals the sum over every pattern', () => {
    const ps = [0.1, 0.5, 0.03, 0.8, 0.25];
    for (let k = 0; k <= 6; k++) {
      let tail = 0;
      for (const { u, prob } of patterns(ps)) if (u.reduce((a, b) => a + b, 0) >= k) tail += prob;
      expect(poissonBinomialTail(ps, k)).toBeCloseTo(tail, 12);
    }
  });
});

describe('fastCorrectTail', () => {
  it('with no pace error is the Poisson-binomial of P_i Phi(FAST_Z)', () => {
    const el = [
      { p: 0.4, alpha: 2 },
      { p: 0.6, alpha: 1.5 },
    ];
    expect(fastCorrectTail(el, 0, 1)).toBeCloseTo(
      1 - (1 - 0.4 * normalCdf(FAST_Z)) * (1 - 0.6 * normalCdf(FAST_Z)),
      10,
    );
  });
  it('with a shared pace error matches a simulation of it', () => {
    const el = Array.from({ length: 10 }, (_, i) => ({ p: 0.5, alpha: 1.5 + i / 10 }));
    const se = 0.25;
    const rng = createRng(9);
    const normal = gaussian(rng);
    let hits = 0;
    const runs = 60_000;
    for (let r = 0; r < runs; r++) {
      const delta = se * normal();
      let k = 0;
      for (const x of el) {
        const z = (normal() / x.alpha + delta) / Math.sqrt(1 / x.alpha ** 2 + se * se);
        if (rng() < x.p && z < FAST_Z) k++;
      }
      if (k >= 2) hits++;
    }
    expect(fastCorrectTail(el, se, 2)).toBeCloseTo(hits / runs, 2);
  });
});

describe('lzStar', () => {
  const items = [
    { a: 1.2, d: 0.5 },
    { a: 0.8, d: -0.3 },
    { a: 1.6, d: 1.1 },
    { a: 1.0, d: -1.2 },
    { a: 2.0, d: 0.2 },
  ];
  const pattern = [true, false, false, true, true];
  const responses = items.map((p, i) => ({ ...p, correct: pattern[i] }));

  it('at a fixed ability, uncorrected: W / sqrt(V) is lz from the enumerated moments of l0', () => {
    // lz (no correction) = (l0 - E l0) / sd(l0); W / sqrt(sum w^2 PQ) is the same quantity.
    const theta = 0.3;
    const ps = items.map((p) => probabilityCorrect(p, theta));
    const l0 = (u: number[]) => u.reduce((s, x, i) => s + (x ? Math.log(ps[i]) : Math.log(1 - ps[i])), 0);
    let mean = 0;
    let second = 0;
    for (const { u, prob } of patterns(ps)) {
      mean += prob * l0(u);
      second += prob * l0(u) ** 2;
    }
    const lz = (l0(pattern.map(Number)) - mean) / Math.sqrt(second - mean * mean);
    let W = 0;
    let V = 0;
    items.forEach((p, i) => {
      const w = p.a * theta + p.d;
      W += (Number(pattern[i]) - ps[i]) * w;
      V += w * w * ps[i] * (1 - ps[i]);
    });
    expect(W / Math.sqrt(V)).toBeCloseTo(lz, 10);
  });

  it("at the maximum-likelihood ability equals Snijders' projection computed by enumeration", () => {
    // theta-hat: root of sum a_i (u_i - P_i(theta)) = 0 (bisection)
    let lo = -6;
    let hi = 6;
    const score = (t: number) =>
      items.reduce((s, p, i) => s + p.a * (Number(pattern[i]) - probabilityCorrect(p, t)), 0);
    for (let i = 0; i < 200; i++) {
      const mid = (lo + hi) / 2;
      if (score(mid) > 0) lo = mid;
      else hi = mid;
    }
    const theta = (lo + hi) / 2;
    const ps = items.map((p) => probabilityCorrect(p, theta));
    // W = sum (u - P) w and S = sum (u - P) a as random variables over every pattern at theta;
    // c = Cov(W, S) / Var(S) and lz* = (W_obs - c S_obs) / sd(W - c S)
    const Wof = (u: number[]) =>
      u.reduce((s, x, i) => s + (x - ps[i]) * (items[i].a * theta + items[i].d), 0);
    const Sof = (u: number[]) => u.reduce((s, x, i) => s + (x - ps[i]) * items[i].a, 0);
    let cov = 0;
    let varS = 0;
    for (const { u, prob } of patterns(ps)) {
      cov += prob * Wof(u) * Sof(u);
      varS += prob * Sof(u) ** 2;
    }
    const c = cov / varS;
    let varR = 0;
    for (const { u, prob } of patterns(ps)) varR += prob * (Wof(u) - c * Sof(u)) ** 2;
    const obs = pattern.map(Number);
    const reference = (Wof(obs) - c * Sof(obs)) / Math.sqrt(varR);
    expect(lzStar(responses, theta, 0)).toBeCloseTo(reference, 8);
  });

  it('at the posterior mode (N(0, 1) prior) with r0 = -theta equals the same projection', () => {
    let lo = -6;
    let hi = 6;
    const score = (t: number) =>
      items.reduce((s, p, i) => s + p.a * (Number(pattern[i]) - probabilityCorrect(p, t)), 0) - t;
    for (let i = 0; i < 200; i++) {
      const mid = (lo + hi) / 2;
      if (score(mid) > 0) lo = mid;
      else hi = mid;
    }
    const theta = (lo + hi) / 2;
    const ps = items.map((p) => probabilityCorrect(p, theta));
    const Wof = (u: number[]) =>
      u.reduce((s, x, i) => s + (x - ps[i]) * (items[i].a * theta + items[i].d), 0);
    const Sof = (u: number[]) => u.reduce((s, x, i) => s + (x - ps[i]) * items[i].a, 0);
    let cov = 0;
    let varS = 0;
    for (const { u, prob } of patterns(ps)) {
      cov += prob * Wof(u) * Sof(u);
      varS += prob * Sof(u) ** 2;
    }
    const c = cov / varS;
    let varR = 0;
    for (const { u, prob } of patterns(ps)) varR += prob * (Wof(u) - c * Sof(u)) ** 2;
    const obs = pattern.map(Number);
    expect(lzStar(responses, theta, -theta)).toBeCloseTo((Wof(obs) - c * Sof(obs)) / Math.sqrt(varR), 8);
  });

  it('is strongly negative for a reversed pattern (right on the hardest, wrong on the easiest)', () => {
    const bank = Array.from({ length: 20 }, (_, i) => ({ a: 1.5, d: -1.5 * (-2 + (4 * i) / 19) }));
    const reversed = bank.map((p, i) => ({ ...p, correct: i >= 10 }));
    const fitting = bank.map((p, i) => ({ ...p, correct: i < 10 }));
    expect(lzStar(reversed, 0)!).toBeLessThan(-4);
    expect(lzStar(fitting, 0)!).toBeGreaterThan(0);
  });
});

function answer(number: number, over: Partial<IntegrityAnswer> = {}): IntegrityAnswer {
  return {
    number,
    params: { a: 1.5, d: 0 },
    scored: true,
    correct: number % 2 === 0,
    timedOut: false,
    seconds: 30,
    time: { beta: Math.log(30), alpha: 2, n: 100 },
    ...over,
  };
}

describe('candidateSignals', () => {
  it('rapid guesses: answers under 10% of the typical time (at most 10 s); a time-out is none', () => {
    expect(rapidThreshold({ beta: Math.log(30), alpha: 2, n: 50 })).toBeCloseTo(3, 10);
    expect(rapidThreshold({ beta: Math.log(300), alpha: 2, n: 50 })).toBe(10);
    const answers = Array.from({ length: 20 }, (_, i) =>
      answer(i + 1, i >= 15 ? { seconds: 1.5, correct: false } : { seconds: 25 + i }),
    );
    answers[3] = answer(4, { timedOut: true, seconds: null, correct: false });
    const s = candidateSignals(answers);
    expect(s.rapid.answers).toEqual([16, 17, 18, 19, 20]);
    expect(s.rapid.share).toBeCloseTo(5 / 19, 10);
    expect(s.rapid.flagged).toBe(true);
    expect(answers.filter(isRapid).map((x) => x.number)).toEqual([16, 17, 18, 19, 20]);
    expect(s.timed).toBe(19);
  });
  it('a candidate who clicked through every question is flagged (the reference is honest speeds, not their own)', () => {
    const answers = Array.from({ length: 12 }, (_, i) => answer(i + 1, { seconds: 0.8 }));
    const s = candidateSignals(answers);
    expect(s.rapid.answers).toHaveLength(12);
    expect(s.rapid.flagged).toBe(true);
  });
  it('pre-knowledge: correct answers much faster than the pace of the wrong ones', () => {
    const answers = Array.from({ length: 20 }, (_, i) =>
      answer(i + 1, { seconds: i % 2 === 0 && i < 12 ? 6 : 28 + (i % 5), correct: i % 2 === 0 }),
    );
    const s = candidateSignals(answers);
    expect(s.preknowledge.answers).toEqual([1, 3, 5, 7, 9, 11]);
    expect(s.preknowledge.flagged).toBe(true);
    expect(s.rapid.flagged).toBe(false);
  });
  it('an ordinary pattern raises nothing', () => {
    const rng = createRng(1);
    const normal = gaussian(rng);
    const answers = Array.from({ length: 20 }, (_, i) =>
      answer(i + 1, { seconds: Math.exp(Math.log(30) + normal() / 2), correct: rng() < 0.5 }),
    );
    const s = candidateSignals(answers);
    expect(s.flagged).toBe(false);
    expect(s.preknowledge.pValue!).toBeGreaterThan(0.01);
  });
  it('effort-moderated estimate leaves the set-aside answers out', () => {
    const answers = [
      answer(1, { correct: true }),
      answer(2, { correct: false }),
      answer(3, { correct: false }),
    ];
    const all = effortModeratedEstimate(answers);
    const moderated = effortModeratedEstimate(answers, new Set([3]));
    expect(moderated.estimate).toBeGreaterThan(all.estimate);
    expect(moderated.estimate).toBeCloseTo(effortModeratedEstimate(answers.slice(0, 2)).estimate, 12);
  });
});

describe('driftCusum', () => {
  it('is the one-sided CUSUM recursion', () => {
    const attempts: DriftAttempt[] = [
      { correct: true, p: 0.5, z: -1 },
      { correct: false, p: 0.5, z: 0.5 },
      { correct: true, p: 0.2, z: -2 },
    ];
    const x = [(1 + 1) / Math.SQRT2, (-1 - 0.5) / Math.SQRT2, (2 + 2) / Math.SQRT2];
    let s = 0;
    let max = 0;
    for (const v of x) {
      s = Math.max(0, s + v - 0.5);
      max = Math.max(max, s);
    }
    const r = driftCusum(attempts, { k: 0.5, h: 100 });
    expect(r.statistic).toBeCloseTo(max, 12);
    expect(r.alarmAt).toBeNull();
    expect(driftCusum(attempts, { k: 0.5, h: 2 }).alarmAt).toBe(2);
  });
  it('finds a question that got easier and faster, and not an honest one', () => {
    const rng = createRng(2);
    const normal = gaussian(rng);
    const stream = (leakAt: number) =>
      Array.from({ length: 300 }, (_, t) => {
        const p = 0.5;
        const leaked = t >= leakAt;
        return { correct: rng() < (leaked ? 0.7 : p), p, z: normal() - (leaked ? 1.4 : 0) };
      });
    expect(driftCusum(stream(Infinity)).alarmAt).toBeNull();
    const found = driftCusum(stream(150));
    expect(found.alarmAt).toBeGreaterThanOrEqual(150);
    expect(found.alarmAt!).toBeLessThan(200);
    expect(found.recent.correct).toBeGreaterThan(found.recent.expectedCorrect);
  });
});
