import { GRID_POINTS, THETA_GRID, createRng, probabilityCorrect } from '@skillquiz/adaptive';
import { calibrateBank, calibrateItem, readyToGraduate, GRADUATION_MAX_SE } from './calibration';
import { gaussian } from './simulator';
import type { ServedResponse } from './responses';

/** Respondents whose ability posterior is N(theta_true + noise, sd^2) on the grid, answering a 2PL item. */
function sample(n: number, truth: { a: number; d: number }, sd: number, seed: number) {
  const rng = createRng(seed);
  const normal = gaussian(rng);
  const weights = new Float64Array(n * GRID_POINTS);
  const correct: boolean[] = [];
  for (let r = 0; r < n; r++) {
    const theta = normal();
    const centre = theta + sd * normal();
    let total = 0;
    for (let k = 0; k < GRID_POINTS; k++) {
      const w = Math.exp(-0.5 * ((THETA_GRID[k] - centre) / sd) ** 2);
      weights[r * GRID_POINTS + k] = w;
      total += w;
    }
    for (let k = 0; k < GRID_POINTS; k++) weights[r * GRID_POINTS + k] /= total;
    correct.push(rng() < probabilityCorrect(truth, theta));
  }
  return { weights, correct };
}

/** The marginal log-likelihood written out plainly, as an independent reference. */
function logLik(weights: Float64Array, correct: boolean[], a: number, d: number): number {
  // P(correct) at each grid point is the same for every respondent: computed once per (a, d).
  const p = THETA_GRID.map((theta) => probabilityCorrect({ a, d }, theta));
  let ll = 0;
  for (let r = 0; r < correct.length; r++) {
    let m = 0;
    for (let k = 0; k < GRID_POINTS; k++) m += weights[r * GRID_POINTS + k] * (correct[r] ? p[k] : 1 - p[k]);
    ll += Math.log(m);
  }
  return ll;
}

describe('calibrateItem', () => {
  const { weights, correct } = sample(400, { a: 1.4, d: -0.5 }, 0.4, 7);
  const fit = calibrateItem(weights, correct, { start: { a: 1, d: 0 } });

  it('finds the maximum of the marginal likelihood (brute-force search around it)', () => {
    expect(fit.converged).toBe(true);
    expect(fit.logLikelihood).toBeCloseTo(logLik(weights, correct, fit.a, fit.d), 8);
    for (let da = -0.3; da <= 0.3; da += 0.05) {
      for (let dd = -0.3; dd <= 0.3; dd += 0.05) {
        expect(logLik(weights, correct, fit.a + da, fit.d + dd)).toBeLessThanOrEqual(
          fit.logLikelihood + 1e-9,
        );
      }
    }
    // ...and it is where the generating values are, within sampling error.
    expect(Math.abs(fit.a - 1.4)).toBeLessThan(3 * fit.seA!);
  });

  it('reports standard errors from the observed information (finite differences of the likelihood)', () => {
    const h = 1e-3;
    const f = (a: number, d: number) => logLik(weights, correct, a, d);
    const haa = (f(fit.a + h, fit.d) - 2 * f(fit.a, fit.d) + f(fit.a - h, fit.d)) / (h * h);
    const hdd = (f(fit.a, fit.d + h) - 2 * f(fit.a, fit.d) + f(fit.a, fit.d - h)) / (h * h);
    const had =
      (f(fit.a + h, fit.d + h) -
        f(fit.a + h, fit.d - h) -
        f(fit.a - h, fit.d + h) +
        f(fit.a - h, fit.d - h)) /
      (4 * h * h);
    const det = haa * hdd - had * had;
    expect(fit.seA!).toBeCloseTo(Math.sqrt(-hdd / det), 3);
    expect(fit.seD!).toBeCloseTo(Math.sqrt(-haa / det), 3);
  });

  it('recovers the generating parameters within their standard errors', () => {
    const big = sample(4000, { a: 1.4, d: -0.5 }, 0.4, 11);
    const r = calibrateItem(big.weights, big.correct);
    expect(Math.abs(r.a - 1.4)).toBeLessThan(3 * r.seA!);
    expect(Math.abs(r.d + 0.5)).toBeLessThan(3 * r.seD!);
    expect(r.seA!).toBeLessThan(GRADUATION_MAX_SE);
    expect(readyToGraduate(r)).toBe(true);
  });

  it('does not pretend to know an item the data cannot pin down', () => {
    const allRight = sample(30, { a: 1, d: 0 }, 0.4, 3);
    const r = calibrateItem(
      allRight.weights,
      allRight.correct.map(() => true),
    );
    expect(r.converged).toBe(false);
    expect(readyToGraduate(r)).toBe(false);
    expect(calibrateItem(new Float64Array(0), [])).toMatchObject({ n: 0, converged: false, seA: null });
  });
});

describe('calibrateBank', () => {
  it('calibrates a beta item on the scale the scored items set', () => {
    const rng = createRng(5);
    const normal = gaussian(rng);
    const scored = Array.from({ length: 15 }, (_, i) => ({
      id: i + 1,
      a: 1.2 + (i % 3) * 0.3,
      d: (i - 7) * 0.25,
    }));
    const beta = { id: 100, a: 1.8, d: 0.6 };
    const responses: ServedResponse[] = [];
    for (let c = 0; c < 1500; c++) {
      const theta = normal();
      for (const q of [...scored, beta]) {
        const correct = rng() < probabilityCorrect(q, theta);
        responses.push({
          quizId: `c${c}`,
          atomId: 'js',
          questionId: q.id,
          scored: q !== beta,
          // The beta item was served with wrong provisional parameters.
          params: q === beta ? { a: 1, d: 0 } : { a: q.a, d: q.d },
          correct,
          timedOut: false,
          choice: correct ? 'k' : 'x',
          key: 'k',
          responseMs: 5000,
        });
      }
    }
    // As the services ask for it (content/analytics/trust.ts): the one question; every answer informs the abilities.
    const result = calibrateBank(responses, { only: new Set([100]) }).get(100)!;
    expect(result.n).toBe(1500);
    expect(Math.abs(result.a - beta.a)).toBeLessThan(3 * result.seA!);
    expect(Math.abs(result.d - beta.d)).toBeLessThan(3 * result.seD!);
  });
});
