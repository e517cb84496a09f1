import { isDatabaseUnreachable } from './outages';

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
