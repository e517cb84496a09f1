import { APPLY_RULES, applyVerdict, calibrationBasis } from './trust';

const good = { n: 400, seA: 0.12, seD: 0.1, converged: true };

describe('calibrationBasis', () => {
  it('uses real answers whenever there are any, demo answers only when allowed and alone', () => {
    expect(calibrationBasis({ real: 1, demo: 500 }, true)).toBe('real');
    expect(calibrationBasis({ real: 0, demo: 500 }, true)).toBe('demo');
    expect(calibrationBasis({ real: 0, demo: 500 }, false)).toBe('none');
    expect(calibrationBasis({ real: 0, demo: 0 }, true)).toBe('none');
  });
});

describe('applyVerdict', () => {
  it('allows a precise estimate on enough answers', () => {
    expect(applyVerdict(good, 'real', { real: 400, demo: 0 })).toEqual({ allowed: true, reasons: [] });
  });
  it("refuses the issue's case: a ± 0.63 from 57 answers", () => {
    const v = applyVerdict({ n: 57, seA: 0.63 / 1.96, seD: 0.2, converged: true }, 'real', {
      real: 57,
      demo: 0,
    });
    expect(v.allowed).toBe(false);
    expect(v.reasons.join(' ')).toMatch(/57 real answers; at least 100/);
    expect(v.reasons.join(' ')).toMatch(/a ± 0\.63/);
  });
  it('refuses a wide interval even on many answers, and an unconverged estimate', () => {
    expect(
      applyVerdict({ ...good, seD: APPLY_RULES.maxSe + 0.01 }, 'real', { real: 400, demo: 0 }).allowed,
    ).toBe(false);
    expect(applyVerdict({ ...good, converged: false }, 'real', { real: 400, demo: 0 }).reasons[0]).toMatch(
      /converged/,
    );
  });
  it('says when only simulated answers exist outside demo data', () => {
    const v = applyVerdict(null, 'none', { real: 0, demo: 56 });
    expect(v).toEqual({ allowed: false, reasons: [expect.stringMatching(/only simulated answers \(56\)/)] });
  });
});
