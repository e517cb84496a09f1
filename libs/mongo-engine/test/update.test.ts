// Update operators, positional paths, upserts and findAndModify through the official driver.
import { Collection, Int32, Long, MongoServerError, ObjectId } from 'mongodb';
import { TestDoc, useDriverTarget } from './target';

const t = useDriverTarget();
let n = 0;
/** a fresh collection per test keeps tests independent */
const fresh = <T extends TestDoc = TestDoc>(): Collection<T> => t.db.collection<T>(`u${n++}`);

describe('update operators', () => {
  it('applies $set $unset $inc $mul $min $max $rename $currentDate', async () => {
    const c = fresh();
    await c.insertOne({ _id: 1, a: 1, b: 2, lo: 5, hi: 5, old: 'x', nested: { k: 1 } });
    const r = await c.updateOne(
      { _id: 1 },
      {
        $set: { 'nested.j': 2, c: 'new' },
        $unset: { b: '' },
        $inc: { a: 2, fresh: 3 },
        $mul: { hi: 2 },
        $min: { lo: 1 },
        $max: { top: 9 },
        $rename: { old: 'renamed' },
        $currentDate: { at: true },
      },
    );
    expect(r).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    const d = await c.findOne({ _id: 1 });
    expect(d).toMatchObject({
      a: 3,
      fresh: 3,
      hi: 10,
      lo: 1,
      top: 9,
      renamed: 'x',
      c: 'new',
      nested: { k: 1, j: 2 },
    });
    expect(d).not.toHaveProperty('b');
    expect(d).not.toHaveProperty('old');
    expect(d!.at).toBeInstanceOf(Date);
  });

  it('$inc works on Int32, Long and Double values', async () => {
    const c = fresh();
    await c.insertOne({ _id: 1, i: new Int32(1), l: Long.fromNumber(10), d: 0.5 });
    await c.updateOne({ _id: 1 }, { $inc: { i: 1, l: Long.fromNumber(5), d: 1 } });
    const d = await c.findOne({ _id: 1 });
    expect(Number(d!.i)).toBe(2);
    expect(Number(d!.l)).toBe(15);
    expect(d!.d).toBe(1.5);
  });

  it('rejects $inc on a string with a TypeMismatch error', async () => {
    const c = fresh();
    await c.insertOne({ _id: 1, s: 'text' });
    const err = await c.updateOne({ _id: 1 }, { $inc: { s: 1 } }).catch((e) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect(err.code).toBe(14);
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, s: 'text' });
  });

  it('applies $push with $each/$position/$slice, $addToSet, $pull, $pullAll, $pop', async () => {
    // The driver only accepts array operators on fields its schema declares as arrays.
    const c = fresh<{
      _id: number;
      list: number[];
      set: string[];
      objs: { k: number }[];
      q: number[];
      fresh?: string[];
    }>();
    await c.insertOne({
      _id: 1,
      list: [1, 2, 3],
      set: ['a'],
      objs: [{ k: 1 }, { k: 2 }, { k: 3 }],
      q: [1, 2, 3],
    });
    await c.updateOne(
      { _id: 1 },
      {
        $push: { list: { $each: [0, -1], $position: 0, $slice: 4 } },
        $addToSet: { set: { $each: ['a', 'b'] } },
        $pull: { objs: { k: { $gte: 2 } } },
        $pop: { q: -1 },
      },
    );
    expect(await c.findOne({ _id: 1 })).toEqual({
      _id: 1,
      list: [0, -1, 1, 2],
      set: ['a', 'b'],
      objs: [{ k: 1 }],
      q: [2, 3],
    });
    await c.updateOne({ _id: 1 }, { $push: { fresh: 'x' }, $pullAll: { list: [0, 2] }, $pop: { q: 1 } });
    expect(await c.findOne({ _id: 1 })).toEqual({
      _id: 1,
      list: [-1, 1],
      set: ['a', 'b'],
      objs: [{ k: 1 }],
      q: [2],
      fresh: ['x'],
    });
  });

  it('updates the matched element with positional $, also in two paths at once', async () => {
    const c = fresh();
    await c.insertOne({
      _id: 1,
      answers: [
        { id: 'a', votes: 0, text: 'A' },
        { id: 'b', votes: 0, text: 'B' },
      ],
    });
    await c.updateOne(
      { _id: 1, 'answers.id': 'b' },
      { $inc: { 'answers.$.votes': 1 }, $set: { 'answers.$.text': 'Bee' } },
    );
    expect((await c.findOne({ _id: 1 }))!.answers).toEqual([
      { id: 'a', votes: 0, text: 'A' },
      { id: 'b', votes: 1, text: 'Bee' },
    ]);
    await c.updateOne({ _id: 1, answers: { $elemMatch: { id: 'a' } } }, { $set: { 'answers.$.votes': 7 } });
    expect((await c.findOne({ _id: 1 }))!.answers[0].votes).toBe(7);
  });

  it('updates filtered elements with $[id] and arrayFilters, and all with $[]', async () => {
    const c = fresh();
    await c.insertOne({
      _id: 1,
      grades: [
        { g: 80, ok: false },
        { g: 95, ok: false },
        { g: 99, ok: false },
      ],
    });
    await c.updateOne(
      { _id: 1 },
      { $set: { 'grades.$[hi].ok': true } },
      { arrayFilters: [{ 'hi.g': { $gte: 90 } }] },
    );
    expect((await c.findOne({ _id: 1 }))!.grades.map((x: { ok: boolean }) => x.ok)).toEqual([
      false,
      true,
      true,
    ]);
    await c.updateOne({ _id: 1 }, { $inc: { 'grades.$[].g': 1 } });
    expect((await c.findOne({ _id: 1 }))!.grades.map((x: { g: number }) => x.g)).toEqual([81, 96, 100]);
  });

  it('updates many and reports matched/modified counts', async () => {
    const c = fresh();
    await c.insertMany([
      { k: 1, v: 0 },
      { k: 1, v: 1 },
      { k: 2, v: 0 },
    ]);
    const r = await c.updateMany({ k: 1 }, { $set: { v: 1 } });
    expect(r).toMatchObject({ matchedCount: 2, modifiedCount: 1 });
  });

  it('replaces a document but keeps its _id, and refuses to change _id', async () => {
    const c = fresh();
    await c.insertOne({ _id: 1, a: 1, b: 2 });
    await c.replaceOne({ _id: 1 }, { z: 26 });
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, z: 26 });
    const err = await c.updateOne({ _id: 1 }, { $set: { _id: 2 } }).catch((e) => e);
    expect(err.code).toBe(66);
  });

  it('rejects unknown update operators', async () => {
    const c = fresh();
    await c.insertOne({ _id: 1 });
    const err = await c.updateOne({ _id: 1 }, { $frob: { a: 1 } }).catch((e) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect(err.message).toContain('$frob');
  });
});

describe('upserts', () => {
  it('inserts from the query equality fields with $setOnInsert, and reports the upserted id', async () => {
    const c = fresh();
    const r = await c.updateOne(
      { slug: 'js', 'meta.lang': 'en' },
      { $set: { n: 1 }, $setOnInsert: { created: true } },
      { upsert: true },
    );
    expect(r.upsertedCount).toBe(1);
    expect(r.upsertedId).toBeInstanceOf(ObjectId);
    expect(await c.findOne({ _id: r.upsertedId! }, { projection: { _id: 0 } })).toEqual({
      slug: 'js',
      meta: { lang: 'en' },
      n: 1,
      created: true,
    });
    const again = await c.updateOne(
      { slug: 'js', 'meta.lang': 'en' },
      { $set: { n: 2 }, $setOnInsert: { created: false } },
      { upsert: true },
    );
    expect(again).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
    expect((await c.findOne({ slug: 'js' }))!).toMatchObject({ n: 2, created: true });
  });

  it('upserts a replacement document with the _id from the query', async () => {
    const c = fresh();
    const r = await c.replaceOne({ _id: 'x' }, { v: 1 }, { upsert: true });
    expect(r.upsertedId).toBe('x');
    expect(await c.findOne({ _id: 'x' })).toEqual({ _id: 'x', v: 1 });
  });

  it('keeps counters atomic with $inc upserts', async () => {
    const c = fresh();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        c.findOneAndUpdate(
          { _id: 'question' },
          { $inc: { seq: 1 } },
          { upsert: true, returnDocument: 'after' },
        ),
      ),
    );
    const seqs = results.map((r) => r!.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe('findAndModify', () => {
  it('returns the document before or after, honouring sort and projection', async () => {
    const c = fresh();
    await c.insertMany([
      { _id: 1, p: 1, s: 'a' },
      { _id: 2, p: 5, s: 'a' },
      { _id: 3, p: 3, s: 'a' },
    ]);
    const before = await c.findOneAndUpdate(
      { s: 'a' },
      { $set: { taken: true } },
      { sort: { p: -1 }, projection: { p: 1 } },
    );
    expect(before).toEqual({ _id: 2, p: 5 });
    const after = await c.findOneAndUpdate(
      { s: 'a', taken: { $exists: false } },
      { $set: { taken: true } },
      { sort: { p: -1 }, returnDocument: 'after' },
    );
    expect(after).toEqual({ _id: 3, p: 3, s: 'a', taken: true });
  });

  it('reports lastErrorObject for updates, upserts and misses', async () => {
    const c = fresh();
    await c.insertOne({ _id: 1, v: 0 });
    const hit = await c.findOneAndUpdate({ _id: 1 }, { $inc: { v: 1 } }, { includeResultMetadata: true });
    expect(hit.lastErrorObject).toMatchObject({ n: 1, updatedExisting: true });
    const up = await c.findOneAndUpdate(
      { _id: 2 },
      { $set: { v: 5 }, $setOnInsert: { born: 1 } },
      { upsert: true, returnDocument: 'after', includeResultMetadata: true },
    );
    expect(up.lastErrorObject).toMatchObject({ n: 1, updatedExisting: false, upserted: 2 });
    expect(up.value).toEqual({ _id: 2, v: 5, born: 1 });
    const miss = await c.findOneAndUpdate({ _id: 99 }, { $set: { v: 1 } }, { includeResultMetadata: true });
    expect(miss.value).toBeNull();
    expect(miss.lastErrorObject).toMatchObject({ n: 0, updatedExisting: false });
  });

  it('removes and replaces', async () => {
    const c = fresh();
    await c.insertMany([
      { _id: 1, q: 1 },
      { _id: 2, q: 2 },
    ]);
    expect(await c.findOneAndDelete({ q: 2 })).toEqual({ _id: 2, q: 2 });
    expect(await c.countDocuments()).toBe(1);
    expect(await c.findOneAndReplace({ _id: 1 }, { r: 1 }, { returnDocument: 'after' })).toEqual({
      _id: 1,
      r: 1,
    });
  });

  it('updates array elements with arrayFilters', async () => {
    const c = fresh();
    await c.insertOne({
      _id: 1,
      a: [
        { k: 1, v: 0 },
        { k: 2, v: 0 },
      ],
    });
    const r = await c.findOneAndUpdate(
      { _id: 1 },
      { $set: { 'a.$[e].v': 9 } },
      { arrayFilters: [{ 'e.k': 2 }], returnDocument: 'after' },
    );
    expect(r!.a).toEqual([
      { k: 1, v: 0 },
      { k: 2, v: 9 },
    ]);
  });
});
