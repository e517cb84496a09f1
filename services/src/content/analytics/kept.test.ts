// KeptByVersion: a value is given back only at the version it was kept at, and past the budget
// the values kept longest go first.
import { KeptByVersion } from './kept';

describe('KeptByVersion', () => {
  it('gives a value back at its version only', () => {
    const kept = new KeptByVersion<number[]>(100, (v) => v.length);
    kept.set('a', '1', [1, 2]);
    expect(kept.get('a', '1')).toEqual([1, 2]);
    expect(kept.get('a', '2')).toBeUndefined();
    expect(kept.get('b', '1')).toBeUndefined();
    kept.set('a', '2', [3]);
    expect(kept.get('a', '1')).toBeUndefined();
    expect(kept.get('a', '2')).toEqual([3]);
    expect(kept.size).toBe(1);
  });

  it('drops the values kept longest once over the budget', () => {
    const kept = new KeptByVersion<number[]>(5, (v) => v.length);
    kept.set('a', '1', [1, 1]);
    kept.set('b', '1', [2, 2]);
    kept.set('a', '2', [1]); // kept again: now the newest
    kept.set('c', '1', [3, 3]);
    expect(kept.size).toBe(5);
    kept.set('d', '1', [4]);
    expect(kept.get('b', '1')).toBeUndefined();
    expect(kept.get('a', '2')).toEqual([1]);
    expect(kept.get('c', '1')).toEqual([3, 3]);
    expect(kept.get('d', '1')).toEqual([4]);
    expect(kept.size).toBe(4);
  });
});
