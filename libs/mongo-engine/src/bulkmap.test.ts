import { BulkMap } from './bulkmap';

/** A small deterministic random sequence (the same run every time). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32;
  };
}

describe('BulkMap (a Map whose bulk-appended entries sit in typed arrays)', () => {
  it('behaves as a Map under random sets, deletes and reads, in the same order', () => {
    for (const seed of [1, 2, 3]) {
      const rnd = random(seed);
      const ours = new BulkMap<number>();
      const map = new Map<string, number>();
      // a bulk phase (appends only), then a mixed phase with deletes
      for (let i = 0; i < 3000; i++) {
        const k = `k${Math.floor(rnd() * 5000)}`;
        ours.load(k, i);
        map.set(k, i);
      }
      for (let i = 0; i < 20000; i++) {
        const k = `k${Math.floor(rnd() * 6000)}`;
        const r = rnd();
        if (r < 0.4) expect(ours.delete(k)).toBe(map.delete(k));
        else if (r < 0.8) {
          // load and set alike: a load after the first delete goes where a set goes
          if (r < 0.6) ours.load(k, i);
          else ours.set(k, i);
          map.set(k, i);
        } else {
          expect(ours.get(k)).toBe(map.get(k));
          expect(ours.has(k)).toBe(map.has(k));
        }
      }
      expect(ours.size).toBe(map.size);
      expect([...ours]).toEqual([...map]);
      expect([...ours.keys()]).toEqual([...map.keys()]);
      expect([...ours.values()]).toEqual([...map.values()]);
    }
  });

  it('keeps a replaced key in its place and moves a deleted-then-added key to the end', () => {
    const m = new BulkMap<number>();
    m.load('a', 1).load('b', 2).load('c', 3);
    m.set('a', 10);
    expect([...m.keys()]).toEqual(['a', 'b', 'c']);
    m.delete('a');
    m.set('d', 4);
    m.set('a', 5);
    expect([...m]).toEqual([
      ['b', 2],
      ['c', 3],
      ['d', 4],
      ['a', 5],
    ]);
    expect(m.get('a')).toBe(5);
    expect(m.size).toBe(4);
  });

  it('iterates as a Map does while entries are added and deleted', () => {
    const build = <M extends Map<string, number>>(m: M) => {
      for (let i = 0; i < 50; i++) {
        if (m instanceof BulkMap) m.load(`k${i}`, i);
        else m.set(`k${i}`, i);
      }
      return m;
    };
    const walk = (m: Map<string, number>) => {
      const seen: string[] = [];
      let n = 0;
      for (const [k] of m) {
        seen.push(k);
        n++;
        if (n === 5) for (let i = 10; i < 20; i++) m.delete(`k${i}`); // ahead: skipped
        if (n === 8) m.delete('k0'); // behind
        if (n < 30) m.set(`new${n}`, n); // added: visited
        if (n === 12) m.set('k45', -1); // replaced ahead: keeps its place
      }
      return seen;
    };
    expect(walk(build(new BulkMap<number>()))).toEqual(walk(build(new Map<string, number>())));
  });

  it('frees its arrays once every bulk entry is deleted and goes on as a Map', () => {
    const m = new BulkMap<string>();
    for (let i = 0; i < 1000; i++) m.load(String(i), 'x');
    for (let i = 0; i < 1000; i++) m.delete(String(i));
    expect(m.size).toBe(0);
    m.set('z', 'y');
    m.set('0', 'w');
    expect([...m]).toEqual([
      ['z', 'y'],
      ['0', 'w'],
    ]);
    m.clear();
    expect(m.size).toBe(0);
    expect(m.get('z')).toBeUndefined();
  });

  it('puts keys given to set after the loaded ones, and loads nothing more into the base after them', () => {
    const m = new BulkMap<number>();
    m.load('a', 1).load('b', 2);
    m.set('c', 3);
    m.load('d', 4);
    m.set('a', 5);
    expect([...m]).toEqual([
      ['a', 5],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ]);
    const plain = new BulkMap<number>();
    plain.set('x', 1);
    plain.load('y', 2);
    expect([...plain.keys()]).toEqual(['x', 'y']);
  });

  it('loadNew adds a missing key and gives the value of an existing one without changing it', () => {
    const m = new BulkMap<number>();
    const map = new Map<string, number>();
    const rnd = random(7);
    for (let i = 0; i < 5000; i++) {
      const k = `k${Math.floor(rnd() * 3000)}`;
      if (i === 4000) {
        m.delete('k1');
        map.delete('k1');
      }
      const had = map.get(k);
      if (had === undefined) map.set(k, i);
      expect(m.loadNew(k, i)).toBe(had);
    }
    expect([...m]).toEqual([...map]);
  });

  it('tells keys apart whose hashes collide', () => {
    const m = new BulkMap<number>();
    // keys differing only past what a short table's mask sees, and equal strings built differently
    for (let i = 0; i < 2000; i++) m.load(`same-prefix-${i}`, i);
    for (let i = 0; i < 2000; i++) expect(m.get(['same-prefix-', String(i)].join(''))).toBe(i);
    expect(m.get('same-prefix-2000')).toBeUndefined();
  });
});
