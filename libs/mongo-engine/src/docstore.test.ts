import { Binary, Decimal128, Int32, Long, ObjectId } from 'bson';
import { Doc, decode, encode, keyOf } from './bsonutil';
import { DocStore, docsRecord, fieldsAt, forEachArrayDoc, idKeyAt, worthReclaiming } from './docstore';
import { HashIndex, type IndexSpec, idCount, idsOf, lookupSet } from './indexes';

// ~1 KiB documents, so a few hundred fill the first 64 KiB slab and reclaiming starts early
const big = (n: number, v = 0) => ({ _id: n, v, pad: 'x'.repeat(1000) });

function fill(store: DocStore, n: number): void {
  for (let i = 0; i < n; i++) store.set(String(i), big(i));
}

describe('DocStore (documents as BSON in slabs)', () => {
  it('reads back what was stored, replaced documents keeping their place in natural order', () => {
    const s = new DocStore();
    s.set('a', { _id: 'a', n: 1 });
    s.set('b', { _id: 'b', n: 2 });
    s.set('c', { _id: 'c', n: 3 });
    s.set('a', { _id: 'a', n: 10 });
    expect(s.delete('b')).toBe(true);
    expect(s.delete('b')).toBe(false);
    s.set('d', { _id: 'd', n: 4 });
    expect([...s.values()]).toEqual([
      { _id: 'a', n: 10 },
      { _id: 'c', n: 3 },
      { _id: 'd', n: 4 },
    ]);
    expect(s.size).toBe(3);
    expect(s.has('b')).toBe(false);
    expect(s.get('b')).toBeUndefined();
    expect(Buffer.from(s.getRaw('c')!)).toEqual(encode({ _id: 'c', n: 3 }));
  });

  it('gives a fresh copy on each read', () => {
    const s = new DocStore();
    s.set('a', { _id: 'a', tags: ['x'] });
    (s.get('a')!.tags as string[]).push('y');
    expect(s.get('a')).toEqual({ _id: 'a', tags: ['x'] });
  });

  it('reclaims slabs with enough garbage, moving their live documents', () => {
    const s = new DocStore();
    fill(s, 2000); // ~2 MiB over several slabs
    const before = s.stats();
    expect(before.slabs).toBeGreaterThan(3);
    // replace every document several times: without reclaiming, the slabs would hold 5x the live bytes
    for (let round = 1; round <= 4; round++) for (let i = 0; i < 2000; i++) s.set(String(i), big(i, round));
    const after = s.stats();
    expect(after.liveBytes).toBe(before.liveBytes);
    expect(after.slabBytes).toBeLessThan(3 * after.liveBytes);
    for (let i = 0; i < 2000; i += 97) expect(s.get(String(i))).toEqual(big(i, 4));
    expect([...s.values()].map((d) => d._id)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
  });

  it('stores a document that no longer fits once the slab before is reclaimed into the new one', () => {
    const s = new DocStore();
    // 45 documents of ~1 KiB and 18 replaced while their slab is the one appended to: the first 64 KiB slab is
    // full, a quarter of it garbage
    for (let i = 0; i < 45; i++) s.set(String(i), big(i));
    for (let i = 0; i < 18; i++) s.set(String(i), big(i, 1));
    // a 25 KiB document takes a new slab; the full one is reclaimed into it first, leaving ~19 KiB of room
    const large = { _id: 'large', pad: 'y'.repeat(25 * 1024) };
    s.set('large', large);
    expect(s.get('large')).toEqual(large);
    for (let i = 0; i < 45; i++) expect(s.get(String(i))).toEqual(big(i, i < 18 ? 1 : 0));
  });

  it('frees the slabs of deleted documents', () => {
    const s = new DocStore();
    fill(s, 3000);
    for (let i = 0; i < 3000; i++) if (i % 10) s.delete(String(i));
    const { liveBytes, slabBytes } = s.stats();
    expect(s.size).toBe(300);
    expect(slabBytes).toBeLessThan(4 * liveBytes + 16 * 1024 * 1024);
    expect([...s.values()].map((d) => d._id)).toEqual(Array.from({ length: 300 }, (_, i) => i * 10));
    for (let i = 0; i < 3000; i++) s.delete(String(i));
    expect(s.size).toBe(0);
    expect(s.stats().liveBytes).toBe(0);
    expect([...s.values()]).toEqual([]);
  });

  it('keeps a capture pointing at the bytes it saw while documents are replaced, deleted and slabs reclaimed', () => {
    const s = new DocStore();
    fill(s, 2000);
    const cap = s.capture();
    const seen = Array.from({ length: cap.count }, (_, i) => Buffer.from(cap.bytes(i)));
    for (let round = 1; round <= 4; round++) for (let i = 0; i < 2000; i++) s.set(String(i), big(i, round));
    for (let i = 0; i < 1000; i++) s.delete(String(i));
    fill(s, 500);
    expect(cap.count).toBe(2000);
    const changed = seen.filter((bytes, i) => !bytes.equals(cap.bytes(i)));
    expect(changed).toHaveLength(0);
    expect(seen[5].equals(encode(big(5)))).toBe(true);
  });

  it('adopts a snapshot chunk as a slab without copying, then handles writes over it', () => {
    const docs = Array.from({ length: 300 }, (_, i) => encode(big(i)));
    const record = docsRecord(docs);
    // the chunk as read from a file: other bytes around the record
    const chunk = Buffer.concat([Buffer.alloc(13, 7), record, Buffer.alloc(5, 9)]);
    const s = new DocStore();
    const slab = s.adopt(chunk);
    expect(s.adopt(chunk)).toBe(slab);
    forEachArrayDoc(chunk, 13 + 7, (at) => s.setAt(idKeyAt(chunk, at), slab, at));
    expect(s.size).toBe(300);
    expect(s.getRaw(keyOf(7))!.buffer).toBe(chunk.buffer);
    expect(s.get(keyOf(7))).toEqual(big(7));
    const copy = Buffer.from(chunk);
    for (let i = 0; i < 300; i++) s.set(keyOf(i), big(i, 1));
    expect(chunk.equals(copy)).toBe(true); // never written to
    expect(s.stats().slabs).toBeGreaterThan(0);
    expect(s.get(keyOf(7))).toEqual(big(7, 1));
    expect(() => s.setAt(keyOf(7), slab, 13 + 7 + 4 + 3)).toThrow(/twice/);
  });

  it("copies a few documents out of a chunk that is mostly another collection's, and keeps its own chunks", () => {
    // one chunk holding a big collection's 300 documents, then a small one's 3
    const bigRecord = docsRecord(Array.from({ length: 300 }, (_, i) => encode(big(i))));
    const smallRecord = docsRecord([0, 1, 2].map((i) => encode({ _id: i, small: true })));
    const chunk = Buffer.concat([bigRecord, smallRecord]);
    const large = new DocStore();
    const small = new DocStore();
    const a = large.adopt(chunk);
    forEachArrayDoc(chunk, 7, (at) => large.setAt(idKeyAt(chunk, at), a, at));
    const b = small.adopt(chunk);
    forEachArrayDoc(chunk, bigRecord.length + 7, (at) => small.setAt(idKeyAt(chunk, at), b, at));
    large.settleAdopted();
    small.settleAdopted();
    // the big collection still reads its documents from the chunk; the small one holds a slab of its own
    expect(large.getRaw(keyOf(7))!.buffer).toBe(chunk.buffer);
    expect(small.getRaw(keyOf(1))!.buffer).not.toBe(chunk.buffer);
    expect(small.stats().slabBytes).toBeLessThan(chunk.length / 2);
    expect([...small.values()]).toEqual([0, 1, 2].map((i) => ({ _id: i, small: true })));
    expect(large.get(keyOf(299))).toEqual(big(299));
  });

  it('reclaims slabs a third of whose documents were replaced', () => {
    const s = new DocStore();
    fill(s, 4000); // ~4 MiB in slabs of up to 1 MiB
    // three documents in ten replaced: every slab 30% garbage (1.54x the live bytes while reclaiming waited for
    // a half; 1.27x now, the slab written to included)
    for (let i = 0; i < 4000; i++) if (i % 10 < 3) s.set(String(i), big(i, 1));
    const { liveBytes, slabBytes } = s.stats();
    expect(slabBytes).toBeLessThan(1.4 * liveBytes);
    for (let i = 0; i < 4000; i += 101) expect(s.get(String(i))).toEqual(big(i, i % 10 < 3 ? 1 : 0));
  });
});

describe('worthReclaiming', () => {
  it('is true once an eighth of what was placed in a slab is garbage', () => {
    expect(worthReclaiming(88, 100)).toBe(false);
    expect(worthReclaiming(87.5, 100)).toBe(true);
    expect(worthReclaiming(0, 100)).toBe(true);
  });
});

describe('reading fields from BSON bytes', () => {
  it('builds the _id key from the bytes as keyOf does', () => {
    for (const id of [new ObjectId(), new ObjectId('000000000000000000000000'), 42, 'str', { a: 1 }]) {
      const bytes = Buffer.concat([Buffer.alloc(3), encode({ _id: id, x: 1 })]);
      expect(idKeyAt(bytes, 3)).toBe(keyOf(id));
    }
  });

  it('reads only the named top-level fields of a document inside a larger buffer', () => {
    const at = new Date(1_700_000_000_000);
    const bytes = Buffer.concat([Buffer.alloc(5), encode({ _id: 1, token: 't', at, other: { deep: [1] } })]);
    expect(fieldsAt(bytes, 5, new Set(['token', 'at']))).toEqual({ token: 't', at });
    expect(fieldsAt(bytes, 5, null)).toEqual({ _id: 1, token: 't', at, other: { deep: [1] } });
  });
});

describe('indexing a document straight from its bytes', () => {
  const values: unknown[] = [
    'text',
    '',
    'ünïcödé and a longer string over twelve characters',
    0,
    -0,
    42,
    -7.5,
    2 ** 40,
    new Int32(5),
    Long.fromNumber(2 ** 60),
    new Date(1_700_000_000_123),
    new Date(-86_400_000),
    new ObjectId(),
    new ObjectId('ff7f80c3a9000102e2fefdff'),
    NaN,
    'a\u0001b',
    '\u00ff\u0100 \u{1f600}',
    true,
    false,
    null,
    undefined,
    [1, 2],
    { a: 1 },
    new Binary(Buffer.from([1, 2])),
    Decimal128.fromString('1.5'),
  ];

  // the ids, index map and prefix map an index holds after adding `docs` one way or the other
  function contents(ix: HashIndex): string {
    const show = (m: Map<string, unknown> | null) =>
      m && [...m].map(([k, v]) => [k, typeof v === 'string' ? v : [...(v as Set<string>)]]);
    return JSON.stringify([show(ix.map), show(ix.prefix)]);
  }

  it.each([
    [{ name: 'v_1', key: { v: 1 } }],
    [{ name: 'v_1_w_1', key: { v: 1, w: -1 } }],
    [{ name: 'w_1_x_1_v_1', key: { w: 1, x: 1, v: 1 } }],
  ])('gives the same keys as entriesOf over the decoded values (%j)', (spec) => {
    const fromBytes = new HashIndex(spec);
    const fromValues = new HashIndex(spec);
    let viaBytes = 0;
    values.forEach((v, i) => {
      values.forEach((w, j) => {
        const doc: Doc = { _id: `${i}.${j}`, x: 1, v, w };
        const bytes = Buffer.concat([Buffer.alloc(2), encode(doc)]);
        if (fromBytes.addFromBytes(String(doc._id), bytes, 2)) viaBytes++;
        else fromBytes.add(String(doc._id), fromBytes.entriesOf(fieldsAt(bytes, 2, null)));
        fromValues.add(String(doc._id), fromValues.entriesOf(decode(encode(doc))));
      });
    });
    expect(viaBytes).toBeGreaterThan(100);
    expect(contents(fromBytes)).toBe(contents(fromValues));
  });

  it("gathers a reopen's ids of one key in an array that becomes a Set on the first write or membership test", () => {
    const ix = new HashIndex({ name: 'v_1_w_1', key: { v: 1, w: 1 } });
    const docs = [1, 2, 3, 4].map((i) => ({ _id: i, v: 'same', w: i % 2 }));
    for (const d of docs) expect(ix.addFromBytes(String(d._id), encode(d), 0)).toBe(true);
    expect(Array.isArray(ix.prefix!.get(keyOf('same')))).toBe(true);
    expect([...ix.idsAt(ix.lookupKey(['same', 1]))]).toEqual(['1', '3']);
    expect(idCount(ix.prefix!.get(keyOf('same')))).toBe(4);
    // a write: the array becomes a Set, the ids and their order kept
    ix.remove('2', ix.entriesOf(docs[1]));
    ix.add('5', ix.entriesOf({ _id: 5, v: 'same', w: 0 }));
    expect(ix.prefix!.get(keyOf('same'))).toBeInstanceOf(Set);
    expect([...ix.idsAt(keyOf('same'))]).toEqual([]);
    expect([...idsOf(ix.prefix!.get(keyOf('same')))]).toEqual(['1', '3', '4', '5']);
    expect([...ix.idsAt(ix.lookupKey(['same', 0]))]).toEqual(['4', '5']);
    // a membership test of a key still gathered
    ix.addFromBytes('6', encode({ _id: 6, v: 'other', w: 1 }), 0);
    ix.addFromBytes('7', encode({ _id: 7, v: 'other', w: 2 }), 0);
    expect(lookupSet(ix.prefix!, keyOf('other'))).toEqual(new Set(['6', '7']));
    expect(ix.prefix!.get(keyOf('other'))).toBeInstanceOf(Set);
  });

  it('leaves sparse, partial and dotted-path indexes to entriesOf', () => {
    const bytes = encode({ _id: 1, v: 1 });
    const specs: IndexSpec[] = [
      { name: 's', key: { v: 1 }, sparse: true },
      { name: 'p', key: { v: 1 }, partialFilterExpression: { v: 1 } },
      { name: 'd', key: { 'v.a': 1 } },
    ];
    for (const spec of specs) expect(new HashIndex(spec).addFromBytes('1', bytes, 0)).toBe(false);
  });
});
