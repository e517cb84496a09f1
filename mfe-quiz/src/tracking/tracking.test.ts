import { AwayPeriod } from './awayPeriod';
import { isRetryable } from './jobs';

describe('AwayPeriod', () => {
  it('measures one absence from the first leave to the return', () => {
    const away = new AwayPeriod();
    expect(away.back(5)).toBeNull();
    away.leave(1000);
    away.leave(1200); // blur then visibilitychange: one absence
    expect(away.away).toBe(true);
    expect(away.back(4500)).toEqual({ l: 1000, r: 4500, t: 3500 });
    expect(away.back(5000)).toBeNull();
  });
});

describe('isRetryable (log worker)', () => {
  it.each([
    [0, true],
    [408, true],
    [429, true],
    [500, true],
    [503, true],
    [400, false],
    [404, false],
    [403, false],
  ])('status %i -> %s', (status, retry) =>
    expect(isRetryable({ success: false, status, message: 'x' })).toBe(retry),
  );
  it('never retries a success', () => expect(isRetryable({ success: true, data: {} })).toBe(false));
});
