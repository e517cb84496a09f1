import { createRng, type BankItem } from '@skillquiz/adaptive';
import { gaussian, simulateBank } from './simulator';

function bank(n: number, seed: number, bRange: [number, number] = [-2.5, 2.5]): BankItem[] {
  const rng = createRng(seed);
  const normal = gaussian(rng);
  return Array.from({ length: n }, (_, i) => {
    const a = Math.exp(0.3 * normal());
    const b = bRange[0] + (bRange[1] - bRange[0]) * rng();
    return { id: String(i + 1), a, d: -a * b, claim: ['syntax', 'runtime', 'types'][i % 3] };
  });
}

describe('simulateBank', () => {
  it('reports an honest error for a well-spread bank, reproducibly', () => {
    const input = { items: bank(200, 1), numQuestions: 20, candidates: 400, seed: 42 };
    const r = simulateBank(input);
    expect(r.candidates).toBe(400);
    expect(r.rmse).toBeGreaterThan(0.2);
    expect(r.rmse).toBeLessThan(0.45);
    // The posterior SD the quiz reports should be about the real error.
    expect(r.meanReportedError / r.rmse).toBeGreaterThan(0.8);
    expect(r.meanReportedError / r.rmse).toBeLessThan(1.25);
    expect(r.highestExposure).toBeLessThanOrEqual(r.exposureCap + 1e-9);
    expect(r.levelAgreement).toBeGreaterThan(0.5);
    expect(r.claims.map((c) => c.claim).sort()).toEqual(['runtime', 'syntax', 'types']);
    expect(r.errorByAbility.reduce((s, b) => s + b.candidates, 0)).toBe(400);
    expect(r.testInformation).toHaveLength(33);
    expect(simulateBank(input)).toEqual(r);
  });

  it('warns in plain words where the bank runs thin', () => {
    // Nothing hard: strong candidates cannot be told apart.
    const easy = bank(120, 2, [-3, 0]);
    const r = simulateBank({
      items: easy,
      numQuestions: 20,
      candidates: 600,
      seed: 3,
      population: { mean: 0.5, sd: 1 },
    });
    expect(
      r.warnings.some((w) =>
        /^Few questions above L4 \(0 with their difficulty there\): candidates there are measured to \+\/- \d\.\d\.$/.test(
          w,
        ),
      ),
    ).toBe(true);
    const small = simulateBank({ items: bank(25, 4), numQuestions: 20, candidates: 50, seed: 1 });
    expect(small.warnings[0]).toBe(
      'The bank has only 25 questions for 20 per candidate: most candidates see the same questions.',
    );
  });

  it('answers follow the true parameters when they differ from the configured ones', () => {
    const items = bank(150, 5);
    const wrong = new Map(items.map((it) => [it.id, { a: it.a, d: it.d + 2 }]));
    const honest = simulateBank({ items, numQuestions: 15, candidates: 300, seed: 9 });
    const miscalibrated = simulateBank({
      items,
      numQuestions: 15,
      candidates: 300,
      seed: 9,
      trueParams: wrong,
    });
    expect(miscalibrated.bias).toBeGreaterThan(honest.bias + 0.5);
    expect(miscalibrated.rmse).toBeGreaterThan(honest.rmse);
  });
});
