// Reads answered from indexes: counts of an indexed filter, sort + skip/limit along an index,
// $group counts by an indexed field, regexes on indexed fields. Results are asserted as MongoDB gives them, and
// the work done through serverStatus' metrics.queryExecutor.scannedObjects (documents examined), which a real
// MongoDB reports too: run with MONGODB_TEST_URI to check both. A bound that only this engine's plan meets is
// asserted for the engine alone (`onEngine`).
import { Collection, Document, ObjectId, UpdateFilter } from 'mongodb';
import { EXTERNAL_URI, TestDoc, examinedBy, useDriverTarget } from './target';

const t = useDriverTarget();
let n = 0;
const fresh = <T extends Document = TestDoc>(): Collection<T> => t.db.collection<T>(`p${n++}`);
const onEngine = !EXTERNAL_URI;
/** any _id and any field (the driver's default schema types _id as an ObjectId) */
interface Loose extends Document {
  _id?: number | string;
}

const examined = (run: () => Promise<unknown>) => examinedBy(t.db, run);

interface Item extends TestDoc {
  _id: number;
  kind: string;
  ready: boolean;
  tags: string[];
  word: string;
}

interface Words extends TestDoc {
  _id: number;
  words: string[];
}

const WORDS = ['closure', 'promise', 'generator', 'iterator', 'prototype', 'Closures'];

/** 3,000 items over 3 kinds, half ready, two tags each, one word. */
async function items(): Promise<Collection<Item>> {
  const c = fresh<Item>();
  await c.createIndex({ kind: 1, ready: 1, _id: -1 });
  await c.createIndex({ ready: 1, _id: -1 });
  await c.createIndex({ tags: 1 });
  await c.createIndex({ word: 1 });
  const docs: Item[] = [];
  for (let i = 1; i <= 3000; i++)
    docs.push({
      _id: i,
      kind: ['a', 'b', 'c'][i % 3],
      ready: i % 2 === 0,
      tags: [`t${i % 4}`, `u${i % 5}`],
      word: WORDS[i % WORDS.length],
    });
  await c.insertMany(docs);
  return c;
}

describe('counts answered from an index', () => {
  let c: Collection<Item>;
  beforeAll(async () => {
    c = await items();
  });

  it('counts a compound index prefix, a full key and $in without examining documents', async () => {
    let counts: number[] = [];
    const docs = await examined(async () => {
      counts = [
        await c.countDocuments({ kind: 'a' }),
        await c.countDocuments({ kind: 'a', ready: true }),
        await c.countDocuments({ ready: false }),
        await c.countDocuments({ kind: { $in: ['a', 'b'] } }),
        await c.countDocuments({}),
      ];
    });
    expect(counts).toEqual([1000, 500, 1500, 2000, 3000]);
    expect(docs).toBe(0);
  });

  it('counts a multikey field (each document once) and the legacy count command', async () => {
    let counts: number[] = [];
    const docs = await examined(async () => {
      counts = [
        await c.countDocuments({ tags: 't1' }),
        await c.countDocuments({ tags: { $in: ['t1', 'u1'] } }),
        (await t.db.command({ count: c.collectionName, query: { kind: 'b' } })).n,
      ];
    });
    // t1: i % 4 == 1 (750); t1 or u1: 750 + 600 - 150 (both: i % 20 == 1)
    expect(counts).toEqual([750, 1200, 1000]);
    if (onEngine) expect(docs).toBe(0);
  });

  it('still counts exactly what is not covered (a range, null, an unindexed field)', async () => {
    expect(await c.countDocuments({ kind: 'a', _id: { $gt: 2900 } })).toBe(34);
    expect(await c.countDocuments({ missing: null })).toBe(3000);
    expect(await c.countDocuments({ kind: 'a', word: 'closure' })).toBe(
      [...Array(3000).keys()].map((i) => i + 1).filter((i) => i % 3 === 0 && i % 6 === 0).length,
    );
    expect(await c.countDocuments({ kind: 'a' }, { skip: 990, limit: 5 })).toBe(5);
    expect(await c.countDocuments({ kind: 'a' }, { skip: 998 })).toBe(2);
  });
});

describe('sort + skip/limit along an index', () => {
  let c: Collection<Item>;
  beforeAll(async () => {
    c = await items();
  });

  it('pages a pinned prefix in the index order, examining only the page', async () => {
    let page: Item[] = [];
    const docs = await examined(async () => {
      page = await c.find({ kind: 'a', ready: true }).sort({ _id: -1 }).limit(5).toArray();
    });
    expect(page.map((d) => d._id)).toEqual([3000, 2994, 2988, 2982, 2976]);
    expect(docs).toBeLessThanOrEqual(5);
  });

  it('walks backwards for the opposite direction, and skips without reading what it skips', async () => {
    let page: Item[] = [];
    const docs = await examined(async () => {
      page = await c.find({ ready: true }).sort({ _id: 1 }).skip(100).limit(3).toArray();
    });
    expect(page.map((d) => d._id)).toEqual([202, 204, 206]);
    if (onEngine) expect(docs).toBe(3);
    else expect(docs).toBeLessThanOrEqual(103);
  });

  it('sorts by _id without a filter along the _id index', async () => {
    let page: Item[] = [];
    const docs = await examined(async () => {
      page = await c.find().sort({ _id: -1 }).limit(4).toArray();
    });
    expect(page.map((d) => d._id)).toEqual([3000, 2999, 2998, 2997]);
    expect(docs).toBeLessThanOrEqual(4);
  });

  it('tests the rest of the filter along the walk', async () => {
    const page = await c
      .find({ ready: true, word: 'closure' })
      .sort({ _id: -1 })
      .limit(3)
      .project({ _id: 1 })
      .toArray();
    // ready: even; closure: i % 6 == 0
    expect(page).toEqual([{ _id: 3000 }, { _id: 2994 }, { _id: 2988 }]);
  });

  it('pages thousands of candidates with a condition left to test along the walk, not by sorting them all', async () => {
    // the candidates list's status filter: company and status pinned by the index, "not demo" tested
    interface Row extends TestDoc {
      _id: number;
      org: string;
      state: string;
      demo?: boolean;
      at: Date;
    }
    const k = fresh<Row>();
    await k.createIndex({ org: 1, state: 1, at: -1, _id: -1 });
    const rows: Row[] = [];
    for (let i = 1; i <= 6000; i++)
      rows.push({
        _id: i,
        org: i % 10 === 0 ? 'other' : 'acme',
        state: i % 6 === 0 ? 'open' : 'gone',
        ...(i % 7 === 0 ? { demo: true } : {}),
        // two rows share each date: the _id breaks the tie, descending
        at: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 2) * 60_000),
      });
    await k.insertMany(rows);
    const filter = { $and: [{ org: 'acme' }, { demo: { $ne: true } }, { state: 'gone' }] };
    const expected = rows
      .filter((r) => r.org === 'acme' && r.state === 'gone' && !r.demo)
      .sort((a, b) => b.at.getTime() - a.at.getTime() || b._id - a._id)
      .map((r) => r._id);
    expect(expected.length).toBeGreaterThan(3000);
    const page = (skip: number, limit: number) =>
      k.find(filter).sort({ at: -1, _id: -1 }).skip(skip).limit(limit).project({ _id: 1 }).toArray();
    let first: Loose[] = [];
    const docs = await examined(async () => {
      first = await page(0, 25);
    });
    expect(first.map((d) => d._id)).toEqual(expected.slice(0, 25));
    // the page (each row read to test it, then to return it) and the few demo rows met before it is
    // full, not the 4,500 candidates
    if (onEngine) expect(docs).toBeLessThanOrEqual(60);
    expect((await page(2000, 25)).map((d) => d._id)).toEqual(expected.slice(2000, 2025));
    expect((await page(expected.length - 10, 25)).map((d) => d._id)).toEqual(expected.slice(-10));
    // without a limit every match, in order
    expect(
      (await k.find(filter).sort({ at: -1, _id: -1 }).project({ _id: 1 }).toArray()).map((d) => d._id),
    ).toEqual(expected);
    // and after writes that move rows in and out of the pinned prefix
    await k.updateOne({ _id: expected[0] }, { $set: { demo: true } });
    await k.updateOne({ _id: 6 }, { $set: { state: 'gone', at: new Date(Date.UTC(2030, 0, 1)) } });
    expect((await page(0, 3)).map((d) => d._id)).toEqual([6, ...expected.slice(1, 3)]);
  });

  it('keeps the order through inserts, updates and deletes after the first ordered read', async () => {
    const k = fresh<Item>();
    await k.createIndex({ kind: 1, _id: -1 });
    await k.insertMany([1, 2, 3].map((i) => ({ _id: i, kind: 'a', ready: true, tags: [], word: '' })));
    const ids = async () =>
      (await k.find({ kind: 'a' }).sort({ _id: -1 }).limit(10).toArray()).map((d) => d._id);
    expect(await ids()).toEqual([3, 2, 1]);
    await k.insertOne({ _id: 10, kind: 'a', ready: true, tags: [], word: '' });
    await k.insertOne({ _id: 0, kind: 'a', ready: true, tags: [], word: '' });
    await k.updateOne({ _id: 2 }, { $set: { kind: 'b' } });
    await k.deleteOne({ _id: 3 });
    expect(await ids()).toEqual([10, 1, 0]);
    expect(await k.countDocuments({ kind: 'a' })).toBe(3);
  });

  it("orders values of mixed types in MongoDB's order of types, ascending and descending", async () => {
    const k = fresh<Loose>();
    await k.createIndex({ v: 1 });
    const oid = new ObjectId('0123456789abcdef01234567');
    const date = new Date('2024-01-02T03:04:05Z');
    const values: Array<[number, unknown]> = [
      [1, 'b'],
      [2, -1.5],
      [3, null],
      [4, date],
      [5, true],
      [6, oid],
      [7, 'a'],
      [8, 10],
      [9, false],
      [10, ''],
      [11, -Infinity],
      [12, 'ab'],
    ];
    await k.insertMany(values.map(([_id, v]) => ({ _id, v })));
    await k.insertOne({ _id: 13 }); // missing sorts as null
    const asc = (await k.find().sort({ v: 1, _id: 1 }).toArray()).map((d) => d._id);
    // null/missing, numbers, strings, ObjectId, booleans, dates
    expect(asc).toEqual([3, 13, 11, 2, 8, 10, 7, 12, 1, 6, 9, 5, 4]);
    const byIndex = (await k.find({}).sort({ v: -1 }).limit(13).toArray()).map((d) => d._id);
    expect(byIndex.slice(0, 11)).toEqual([4, 5, 9, 6, 1, 12, 7, 10, 8, 2, 11]);
    expect(byIndex.slice(11).sort()).toEqual([13, 3]);
  });

  it('sorts an array field by its smallest element ascending and its largest descending', async () => {
    const k = fresh<Loose>();
    await k.createIndex({ t: 1 });
    await k.insertMany([
      { _id: 1, t: [5, 1] },
      { _id: 2, t: [3] },
      { _id: 3, t: [0, 9] },
      { _id: 4, t: 4 },
    ]);
    expect((await k.find().sort({ t: 1 }).limit(4).toArray()).map((d) => d._id)).toEqual([3, 1, 2, 4]);
    expect((await k.find().sort({ t: -1 }).limit(4).toArray()).map((d) => d._id)).toEqual([3, 1, 4, 2]);
  });

  it('orders strings by their characters, with "ab" before "abc" and embedded NULs kept apart', async () => {
    const k = fresh<Loose>();
    await k.createIndex({ s: -1 });
    await k.insertMany(['abc', 'ab', 'a\u0000b', 'a', 'b', 'ab\u0000'].map((s, i) => ({ _id: i, s })));
    const desc = (await k.find().sort({ s: -1 }).limit(6).toArray()).map((d) => d.s);
    expect(desc).toEqual(['b', 'abc', 'ab\u0000', 'ab', 'a\u0000b', 'a']);
  });
});

describe('$group counts by an indexed field', () => {
  it('counts each value of a scalar field and each element after $unwind, as the pipeline would', async () => {
    const c = fresh<Loose>();
    await c.createIndex({ atoms: 1, ready: 1 });
    await c.createIndex({ kind: 1 });
    const docs: Document[] = [];
    for (let i = 0; i < 600; i++)
      docs.push({ _id: i, kind: i % 3 ? 'x' : 'y', atoms: i % 5 ? [`a${i % 4}`, 'all'] : [], ready: true });
    docs.push({ _id: 1000 }, { _id: 1001, kind: null, atoms: [null] }, { _id: 1002, atoms: 'solo' });
    await c.insertMany(docs);
    const sorted = (rows: Document[]) =>
      rows.sort((a, b) => String(a._id).localeCompare(String(b._id))).map((r) => [r._id, r.n]);
    let kinds: Document[] = [];
    let atoms: Document[] = [];
    const examinedDocs = await examined(async () => {
      kinds = await c.aggregate([{ $group: { _id: '$kind', n: { $sum: 1 } } }]).toArray();
      atoms = await c
        .aggregate([{ $unwind: '$atoms' }, { $group: { _id: '$atoms', n: { $sum: 1 } } }])
        .toArray();
    });
    expect(sorted(kinds)).toEqual([
      [null, 3],
      ['x', 400],
      ['y', 200],
    ]);
    expect(sorted(atoms)).toEqual([
      ['a0', 120],
      ['a1', 120],
      ['a2', 120],
      ['a3', 120],
      ['all', 480],
      [null, 1],
      ['solo', 1],
    ]);
    // only the documents under the null key (no value, null, an empty array) are read
    if (onEngine) expect(examinedDocs).toBeLessThanOrEqual(2 * 123);
    // a later stage still runs on the counts
    const top = await c
      .aggregate([{ $group: { _id: '$kind', n: { $sum: 1 } } }, { $sort: { n: -1 } }, { $limit: 1 }])
      .toArray();
    expect(top).toEqual([{ _id: 'x', n: 400 }]);
  });

  it('groups whole arrays when the field holds arrays and there is no $unwind', async () => {
    const c = fresh<Loose>();
    await c.createIndex({ tags: 1 });
    await c.insertMany([
      { _id: 1, tags: ['a', 'b'] },
      { _id: 2, tags: ['a', 'b'] },
      { _id: 3, tags: 'a' },
      { _id: 4, tags: ['a', 'a'] },
    ]);
    const groups = await c.aggregate([{ $group: { _id: '$tags', n: { $sum: 1 } } }]).toArray();
    expect(groups.map((g) => JSON.stringify([g._id, g.n])).sort()).toEqual(
      ['[["a","a"],1]', '[["a","b"],2]', '["a",1]'].sort(),
    );
    const unwound = await c
      .aggregate([{ $unwind: '$tags' }, { $group: { _id: '$tags', n: { $sum: 1 } } }])
      .toArray();
    expect(unwound.map((g) => JSON.stringify([g._id, g.n])).sort()).toEqual(['["a",5]', '["b",2]']);
  });
});

describe('regexes on indexed fields', () => {
  let c: Collection<Item>;
  beforeAll(async () => {
    c = await items();
  });

  it('finds through the index keys, case-insensitively too, and examines only the candidates', async () => {
    let found: Item[] = [];
    let count = 0;
    const docs = await examined(async () => {
      found = await c
        .find({ word: { $regex: 'closure', $options: 'i' } })
        .sort({ _id: -1 })
        .limit(3)
        .toArray();
      count = await c.countDocuments({ word: /^Clos/ });
    });
    // closure: i % 6 == 0; Closures: i % 6 == 5
    expect(found.map((d) => d._id)).toEqual([3000, 2999, 2994]);
    expect(count).toBe(500);
    expect(docs).toBeLessThan(3000);
  });

  it('reads no document for conditions the index answers exactly, only for what is left to test', async () => {
    let counts: number[] = [];
    const docs = await examined(async () => {
      counts = [
        await c.countDocuments({ word: /^gen/ }),
        await c.countDocuments({ $or: [{ word: /^gen/ }, { _id: 7 }] }),
      ];
    });
    expect(counts).toEqual([500, 501]);
    if (onEngine) expect(docs).toBe(0);
    let rest = 0;
    const tested = await examined(async () => {
      rest = await c.countDocuments({ word: /^gen/, ready: true });
    });
    expect(rest).toBe(500);
    expect(tested).toBeLessThanOrEqual(500);
  });

  it('gives what a full scan gives for a regex on a multikey field, before and after writes', async () => {
    // the same documents with the words indexed and without: the indexed path (whose answer is kept until
    // the index's next write) must give exactly the unindexed scan's pages and counts
    const indexed = fresh<Words>();
    const scanned = fresh<Words>();
    await indexed.createIndex({ words: 1 });
    const docs = Array.from({ length: 600 }, (_, k) => ({
      _id: k + 1,
      words: [WORDS[k % 6], WORDS[(k * 7) % 6].toLowerCase(), `w${k % 13}`],
    }));
    await indexed.insertMany(docs);
    await scanned.insertMany(docs);
    const filters = [
      { words: { $regex: 'closure', $options: 'i' } },
      { $or: [{ words: { $regex: 'closure', $options: 'i' } }] },
      { $or: [{ words: /^gen/ }, { _id: 5 }] },
      { words: /w1/ },
    ];
    const read = async (c: Collection<Words>) => {
      const out: unknown[] = [];
      for (const f of filters) {
        out.push(await c.find(f).sort({ _id: -1 }).skip(3).limit(5).toArray());
        out.push(await c.countDocuments(f));
        out.push(await c.countDocuments(f)); // a second time: the kept answer
      }
      return out;
    };
    const before = await read(scanned);
    expect(await read(indexed)).toEqual(before);
    // k % 6 == 0: 'closure' twice (one key); k % 6 == 5: 'Closures' and 'closures' (two keys, counted once)
    expect(before[1]).toBe(200);
    for (const c of [indexed, scanned]) {
      await c.insertOne({ _id: 1000, words: ['Closure', 'closure'] });
      await c.updateOne({ _id: 6 }, { $set: { words: ['none'] } });
      await c.deleteOne({ _id: 12 });
      await c.updateOne({ _id: 7 }, { $push: { words: 'generator' } } as unknown as UpdateFilter<Words>);
    }
    const after = await read(scanned);
    expect(after).not.toEqual(before);
    expect(await read(indexed)).toEqual(after);
    // a repeated count of a regex the index answers exactly reads no document
    if (onEngine)
      expect(
        await examined(() => indexed.countDocuments({ words: { $regex: 'closure', $options: 'i' } })),
      ).toBe(0);
  });

  it('answers an $or of a regex branch and an _id branch', async () => {
    const found = await c
      .find({ $or: [{ word: /^gen/ }, { _id: 7 }], ready: true })
      .sort({ _id: 1 })
      .limit(3)
      .project({ _id: 1, word: 1 })
      .toArray();
    expect(found).toEqual([
      { _id: 2, word: 'generator' },
      { _id: 8, word: 'generator' },
      { _id: 14, word: 'generator' },
    ]);
    expect(await c.countDocuments({ $or: [{ word: /^gen/ }, { _id: 7 }] })).toBe(501);
  });
});
