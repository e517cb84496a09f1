// OrderedKeys in chunks against the plain sorted array it replaces: the same positions, keys and bounds
// after any mix of inserts and removals (tiny chunks, so splits and emptied chunks happen often).
import { OrderedKeys } from './sortkey';

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const enc = (n: number) => `k${String(n).padStart(5, '0')}`;

function expectSame(o: OrderedKeys, model: string[]) {
  expect(o.size).toBe(model.length);
  expect([...o.keysIn(0, o.size)]).toEqual(model.map((s) => `key-${s}`));
  expect([...o.keysIn(0, o.size, true)]).toEqual(model.map((s) => `key-${s}`).reverse());
  for (let i = 0; i < model.length; i += 7) {
    expect(o.sortedAt(i)).toBe(model[i]);
    expect(o.keyAt(i)).toBe(`key-${model[i]}`);
  }
}

const lowerBound = (model: string[], s: string) => {
  const i = model.findIndex((m) => m >= s);
  return i === -1 ? model.length : i;
};

it('keeps the same order as one sorted array through inserts, removals, splits and emptied chunks', () => {
  const next = random(42);
  for (const chunkSize of [1, 2, 3, 8]) {
    const o = new OrderedKeys(chunkSize);
    let model: string[] = [];
    for (let step = 0; step < 1500; step++) {
      const s = enc(Math.floor(next() * 400));
      if (next() < 0.62) {
        o.insert(s, `key-${s}`);
        if (!model.includes(s)) model = [...model, s].sort();
      } else {
        o.remove(s);
        model = model.filter((m) => m !== s);
      }
      if (step % 97 === 0) expectSame(o, model);
    }
    expectSame(o, model);
    for (const probe of [enc(0), enc(123), enc(399), enc(400), 'a', 'z']) {
      expect(o.lowerBound(probe)).toBe(lowerBound(model, probe));
    }
    expect(o.prefixEnd('k001')).toBe(model.filter((m) => m < 'k002').length);
    expect(o.prefixEnd('')).toBe(model.length);
  }
});

it('builds from unsorted pairs, each encoding once, and takes new keys at both ends', () => {
  const pairs: Array<[string, string]> = [5, 1, 9, 1, 3, 7, 5].map((n) => [enc(n), `key-${enc(n)}`]);
  const o = OrderedKeys.from(pairs, 2);
  expectSame(o, [1, 3, 5, 7, 9].map(enc));
  o.insert(enc(0), `key-${enc(0)}`);
  o.insert(enc(10), `key-${enc(10)}`);
  expectSame(o, [0, 1, 3, 5, 7, 9, 10].map(enc));
  expect([...o.keysIn(2, 5)]).toEqual([3, 5, 7].map((n) => `key-${enc(n)}`));
});

it('a walk whose keys are removed meanwhile stops at the end instead of failing', () => {
  const o = OrderedKeys.from(
    [1, 2, 3, 4, 5, 6].map((n) => [enc(n), `key-${enc(n)}`]),
    2,
  );
  const walk = o.keysIn(0, 6);
  expect(walk.next().value).toBe(`key-${enc(1)}`);
  for (const n of [2, 3, 4, 5, 6]) o.remove(enc(n));
  expect([...walk]).toEqual([]);
  expect(o.size).toBe(1);
  const backwards = OrderedKeys.from(
    [1, 2, 3, 4, 5, 6].map((n) => [enc(n), `key-${enc(n)}`]),
    2,
  ).keysIn(0, 6, true);
  expect(backwards.next().value).toBe(`key-${enc(6)}`);
  expect([...backwards]).toEqual([5, 4, 3, 2, 1].map((n) => `key-${enc(n)}`));
  const shrinking = OrderedKeys.from(
    [1, 2, 3, 4, 5, 6].map((n) => [enc(n), `key-${enc(n)}`]),
    2,
  );
  const back = shrinking.keysIn(0, 6, true);
  expect(back.next().value).toBe(`key-${enc(6)}`);
  for (const n of [4, 5, 6]) shrinking.remove(enc(n));
  const rest = [...back];
  expect(rest.every((k) => typeof k === 'string')).toBe(true);
  expect(rest.length).toBeLessThanOrEqual(3);
  const empty = new OrderedKeys();
  expect(empty.lowerBound('x')).toBe(0);
  expect([...empty.keysIn(0, 3)]).toEqual([]);
});
