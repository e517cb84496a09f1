// The CSP-safe stand-in for `to-function` gives the accessors group-by needs without `new Function`.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const toFunction = require('./to-function.cjs') as (arg: unknown) => (obj: unknown) => unknown;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const original = require('to-function') as (arg: unknown) => (obj: unknown) => unknown;

describe('to-function stand-in', () => {
  it('reads the same values as the original for property paths, calling function properties', () => {
    const tasks = [
      { priority: 2, tag: 'log' },
      { priority: 0, tag: 'log', nested: { level: 3 } },
      { priority: () => 7 },
      {},
    ];
    for (const path of ['priority', 'tag']) {
      expect(tasks.map(toFunction(path))).toEqual(tasks.map(original(path)));
    }
    expect(toFunction('nested.level')(tasks[1])).toBe(original('nested.level')(tasks[1]));
    expect(toFunction('priority')(tasks[2])).toBe(7);
  });

  it('passes functions through and refuses anything it would have to compile', () => {
    const fn = (x: unknown) => x;
    expect(toFunction(fn)).toBe(fn);
    expect(() => toFunction('> 5')).toThrow(/unsupported/);
    expect(() => toFunction({ priority: 1 })).toThrow(/unsupported/);
  });

  it('never compiles code from a string', () => {
    const spy = jest.spyOn(globalThis, 'Function');
    toFunction('priority')({ priority: 1 });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
