import { downtimeWithin, isDatabaseUnreachable } from './outages';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
const w = (a: number, b: number) => ({ started_at: at(a), ended_at: at(b) });

describe('downtimeWithin', () => {
  it('counts only the part of each outage inside the interval', () => {
    expect(downtimeWithin([w(10, 20)], at(0), at(100))).toBe(10_000);
    expect(downtimeWithin([w(10, 20)], at(15), at(100))).toBe(5_000);
    expect(downtimeWithin([w(10, 20)], at(0), at(12))).toBe(2_000);
    expect(downtimeWithin([w(10, 20)], at(30), at(40))).toBe(0);
    expect(downtimeWithin([], at(0), at(40))).toBe(0);
  });

  it('counts one outage reported by several processes once (overlapping windows merge)', () => {
    expect(downtimeWithin([w(10, 20), w(11, 21), w(10, 20)], at(0), at(100))).toBe(11_000);
    expect(downtimeWithin([w(30, 35), w(10, 20)], at(0), at(100))).toBe(15_000);
  });
});

describe('isDatabaseUnreachable', () => {
  const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });

  it('recognises the driver and mongoose errors of a database that cannot be reached', () => {
    expect(isDatabaseUnreachable(named('MongoServerSelectionError'))).toBe(true);
    expect(isDatabaseUnreachable(named('MongoNetworkError'))).toBe(true);
    expect(
      isDatabaseUnreachable(
        named('MongooseError', 'Operation `a.findOne()` buffering timed out after 10000ms'),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnreachable(Object.assign(new Error('wrapped'), { cause: named('MongoNetworkError') })),
    ).toBe(true);
    // What a command written to the connection of an engine killed a moment before fails with.
    const ended = Object.assign(new Error('This socket has been ended by the other party'), {
      code: 'EPIPE',
    });
    expect(isDatabaseUnreachable(ended)).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(
      true,
    );
  });

  it('leaves every other error alone (bugs stay 500, bad values 400)', () => {
    expect(isDatabaseUnreachable(named('MongooseError', 'something else'))).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(named('MongoServerError'), { code: 2 }))).toBe(false);
    expect(isDatabaseUnreachable(new TypeError('x'))).toBe(false);
    expect(isDatabaseUnreachable(undefined)).toBe(false);
  });
});
