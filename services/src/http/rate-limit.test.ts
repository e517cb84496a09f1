import { FixedWindowLimiter } from './rate-limit';

describe('FixedWindowLimiter', () => {
  it('allows `limit` requests per key and window, then refuses until the window ends', () => {
    let t = 0;
    const l = new FixedWindowLimiter(3, 1000, () => t);
    expect([1, 2, 3].map(() => l.take('a').allowed)).toEqual([true, true, true]);
    expect(l.take('a')).toEqual({ allowed: false, remaining: 0, resetSeconds: 1 });
    expect(l.take('b')).toEqual({ allowed: true, remaining: 2, resetSeconds: 1 }); // its own budget
    t = 1000;
    expect(l.take('a').allowed).toBe(true);
  });

  it('isExhausted says whether the budget is used up without counting', () => {
    let t = 0;
    const l = new FixedWindowLimiter(2, 1000, () => t);
    expect(l.isExhausted('a')).toBe(false);
    l.take('a');
    expect(l.isExhausted('a')).toBe(false);
    l.take('a');
    expect(l.isExhausted('a')).toBe(true);
    expect(l.isExhausted('a')).toBe(true);
    expect(l.isExhausted('b')).toBe(false);
    t = 999;
    expect(l.isExhausted('a')).toBe(true);
    t = 1000;
    expect(l.isExhausted('a')).toBe(false);
  });
});
