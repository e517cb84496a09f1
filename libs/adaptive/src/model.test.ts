import { difficulty, itemInformation, logSigmoid, probabilityCorrect } from './model';

describe('2PL model', () => {
  it('gives 0.5 where a*theta + d = 0', () => {
    expect(probabilityCorrect({ a: 1, d: 0 }, 0)).toBe(0.5);
    expect(probabilityCorrect({ a: 1.2, d: -0.6 }, 0.5)).toBeCloseTo(0.5, 15);
  });

  it('matches hand-computed logistic values', () => {
    // 1 / (1 + e^-1) = 0.7310585786300049
    expect(probabilityCorrect({ a: 1, d: 0 }, 1)).toBeCloseTo(0.7310585786300049, 14);
    // a=2, d=1, theta=-1: z = -1
    expect(probabilityCorrect({ a: 2, d: 1 }, -1)).toBeCloseTo(0.2689414213699951, 14);
  });

  it('computes Fisher information a^2 P (1-P)', () => {
    expect(itemInformation({ a: 2, d: 0 }, 0)).toBeCloseTo(1, 14); // 4 * 0.25
    expect(itemInformation({ a: 1, d: 0 }, 1)).toBeCloseTo(0.7310585786300049 * 0.2689414213699951, 14);
    expect(itemInformation({ a: 1.5, d: 3 }, -2)).toBeCloseTo(2.25 * 0.25, 14); // z = 0
  });

  it('derives b = -d/a', () => {
    expect(difficulty({ a: 2, d: -1 })).toBe(0.5);
  });

  it('keeps log P finite for extreme logits', () => {
    expect(logSigmoid(-800)).toBeCloseTo(-800, 10);
    expect(logSigmoid(800)).toBe(-0);
    expect(logSigmoid(0)).toBeCloseTo(Math.log(0.5), 15);
    expect(logSigmoid(-3)).toBeCloseTo(Math.log(1 / (1 + Math.exp(3))), 14);
  });
});
