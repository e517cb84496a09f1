// Places where the engine used to differ from MongoDB (issue "MongoDB semantics where it differs"), each
// asserted the way MongoDB behaves so the file passes against a real server (MONGODB_TEST_URI) too.
import {
  Binary,
  Collection,
  DBRef,
  Decimal128,
  Document,
  Int32,
  Long,
  MaxKey,
  MinKey,
  MongoServerError,
  ObjectId,
  Timestamp,
  UpdateFilter,
} from 'mongodb';
import { TestDoc, describeEngine, useDriverTarget } from './target';

const t = useDriverTarget();
let n = 0;
/** a fresh collection per test keeps tests independent */
const fresh = <T extends Document = TestDoc>(): Collection<T> => t.db.collection<T>(`s${n++}`);
/** documents with any _id and any field: these tests send shapes the driver's schema types would refuse */
interface LooseDoc extends Document {
  _id?: number | string | Document;
}
const loose = (c: Collection<Document>): Collection<LooseDoc> => c as Collection<LooseDoc>;
/** an update document as sent, whatever the driver's typings allow */
const upd = (u: Document): UpdateFilter<LooseDoc> => u as UpdateFilter<LooseDoc>;
/** DBRef's typings want an ObjectId, but any value is a valid $id */
const ref = (coll: string, id: number): DBRef => new DBRef(coll, id as unknown as ObjectId);
const ownField = (doc: unknown, key: string): unknown =>
  Object.getOwnPropertyDescriptor(doc as object, key)?.value;

async function serverError(p: Promise<unknown>): Promise<MongoServerError> {
  const e = await p.then(
    () => null,
    (err) => err,
  );
  if (!(e instanceof MongoServerError)) throw new Error(`expected a server error, got ${String(e)}`);
  return e;
}

describe('1. paths through __proto__, constructor and prototype are plain fields', () => {
  afterEach(() => {
    // the engine runs in this process: a polluted Object.prototype would show here
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(({} as Record<string, unknown>).n).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('$set on __proto__.x stores a field and later projections still work', async () => {
    const c = loose(fresh());
    await c.insertOne({ _id: 1, a: 1 });
    const r = await c.updateOne({ _id: 1 }, { $set: { '__proto__.x': 1 } });
    expect(r.modifiedCount).toBe(1);
    expect(await c.find({}, { projection: { a: 1 } }).toArray()).toEqual([{ _id: 1, a: 1 }]);
    const doc = await c.findOne({ _id: 1 });
    expect(ownField(doc, '__proto__')).toEqual({ x: 1 });
  });

  it('$inc, $set and $unset through constructor and prototype create and remove plain fields', async () => {
    const c = loose(fresh());
    await c.insertOne({ _id: 1 });
    await c.updateOne(
      { _id: 1 },
      { $inc: { '__proto__.n': 2 }, $set: { 'constructor.prototype.polluted': 1, 'a.prototype': 3 } },
    );
    const doc = await c.findOne({ _id: 1 });
    expect(ownField(doc, '__proto__')).toEqual({ n: 2 });
    expect(ownField(doc, 'constructor')).toEqual({ prototype: { polluted: 1 } });
    expect(doc!.a).toEqual({ prototype: 3 });
    await c.updateOne({ _id: 1 }, { $unset: { 'constructor.prototype': '', '__proto__.n': '' } });
    const after = await c.findOne({ _id: 1 });
    expect(ownField(after, 'constructor')).toEqual({});
    expect(ownField(after, '__proto__')).toEqual({});
  });

  it('an upsert seeded from a constructor.* query field stores it as a field', async () => {
    const c = loose(fresh());
    await c.updateOne({ _id: 3, 'constructor.k': 1 }, { $set: { v: 1 } }, { upsert: true });
    const doc = await c.findOne({ _id: 3 });
    expect(ownField(doc, 'constructor')).toEqual({ k: 1 });
    expect(doc!.v).toBe(1);
  });

  it('queries on constructor.* match only documents that have the field', async () => {
    const c = loose(fresh());
    await c.insertMany([{ _id: 1 }, { _id: 2, constructor: { name: 'Object' } }]);
    expect(await c.find({ 'constructor.name': 'Object' }).toArray()).toEqual([
      { _id: 2, constructor: { name: 'Object' } },
    ]);
    expect(await c.countDocuments({ constructor: { $exists: true } })).toBe(1);
  });

  it('queries, sorts and projections read a field named __proto__', async () => {
    const c = loose(fresh());
    await c.insertMany([{ _id: 1, a: 1 }, JSON.parse('{"_id":2,"__proto__":{"x":5}}')]);
    await c.updateOne({ _id: 1 }, { $set: { '__proto__.x': 1 } });
    const ids = async (f: Document) => (await c.find(f).sort({ _id: 1 }).toArray()).map((d) => d._id);
    expect(await ids({ '__proto__.x': 5 })).toEqual([2]);
    expect(await ids({ '__proto__.x': { $gte: 1 } })).toEqual([1, 2]);
    expect(await ids({ $or: [{ '__proto__.x': 1 }, { a: 9 }] })).toEqual([1]);
    expect(await c.countDocuments({ '__proto__.x': { $exists: true } })).toBe(2);
    const projected = await c.findOne({ _id: 2 }, { projection: { '__proto__.x': 1, _id: 0 } });
    expect(ownField(projected, '__proto__')).toEqual({ x: 5 });
    const r = await c.updateMany({ '__proto__.x': 5 }, { $inc: { '__proto__.x': 1 } });
    expect(r.modifiedCount).toBe(1);
    expect(ownField(await c.findOne({ _id: 2 }), '__proto__')).toEqual({ x: 6 });
  });
});

describe('2. $pull with a top-level $or / $and condition', () => {
  it('removes the array elements the condition matches', async () => {
    const c = loose(fresh());
    await c.insertOne({ _id: 1, t: [{ name: 'eggs' }, { name: 'ham' }, { name: 'jam', q: 2 }] });
    const r = await c.updateOne({ _id: 1 }, upd({ $pull: { t: { $or: [{ name: 'eggs' }] } } }));
    expect(r.modifiedCount).toBe(1);
    expect((await c.findOne({ _id: 1 }))!.t).toEqual([{ name: 'ham' }, { name: 'jam', q: 2 }]);
    await c.updateOne({ _id: 1 }, upd({ $pull: { t: { $and: [{ name: 'jam' }, { q: { $gt: 1 } }] } } }));
    expect((await c.findOne({ _id: 1 }))!.t).toEqual([{ name: 'ham' }]);
  });
});

describe('3. two positional $ paths in one update', () => {
  it('both address the element the query matched, even when the first changes the matched field', async () => {
    const c = loose(fresh());
    await c.insertOne({ _id: 1, c: [{ name: 'foo' }, { name: 'bar' }] });
    const r = await c.updateOne({ 'c.name': 'bar' }, { $set: { 'c.$.name': 'L', 'c.$.at': 5 } });
    expect(r.modifiedCount).toBe(1);
    expect((await c.findOne({ _id: 1 }))!.c).toEqual([{ name: 'foo' }, { name: 'L', at: 5 }]);
  });
});

describe('4. $all against a non-array field', () => {
  it('matches a scalar equal to every listed value', async () => {
    const c = loose(fresh());
    await c.insertMany([
      { _id: 1, title: 'A' },
      { _id: 2, title: 'B' },
      { _id: 3, title: ['A', 'C'] },
    ]);
    const ids = async (f: Document) => (await c.find(f).sort({ _id: 1 }).toArray()).map((d) => d._id);
    expect(await ids({ title: { $all: ['A'] } })).toEqual([1, 3]);
    expect(await ids({ title: { $all: ['A', 'C'] } })).toEqual([3]);
    expect(await ids({ title: { $all: [] } })).toEqual([]);
  });
});

describe('5. $type aliases and BSON types in comparisons', () => {
  const c = () => loose(t.db.collection('types'));
  const unsafeLong = Long.fromString('1152921504606846976');

  beforeAll(async () => {
    await c().insertOne({
      _id: 1,
      oid: new ObjectId(),
      bin: new Binary(Buffer.from([1, 2, 3])),
      bits: new Binary(Buffer.from([0b101])),
      ts: new Timestamp({ t: 1, i: 1 }),
      dec: Decimal128.fromString('1.5'),
      lng: unsafeLong,
      min: new MinKey(),
      max: new MaxKey(),
      i: new Int32(5),
      d: 1.5,
    });
  });

  it.each([
    ['oid', 'objectId', 7],
    ['bin', 'binData', 5],
    ['ts', 'timestamp', 17],
    ['dec', 'decimal', 19],
    ['lng', 'long', 18],
    ['min', 'minKey', -1],
    ['max', 'maxKey', 127],
    ['i', 'int', 16],
    ['d', 'double', 1],
  ])('%s matches $type %s and %d', async (field, alias, code) => {
    expect(await c().countDocuments({ [field]: { $type: alias } })).toBe(1);
    expect(await c().countDocuments({ [field]: { $type: code } })).toBe(1);
    expect(await c().countDocuments({ [field]: { $type: [alias, 'string'] } })).toBe(1);
  });

  it('an Int32 is not a double, and "number" covers every numeric type', async () => {
    expect(await c().countDocuments({ i: { $type: 'double' } })).toBe(0);
    expect(await c().countDocuments({ d: { $type: 'int' } })).toBe(0);
    for (const f of ['i', 'd', 'lng', 'dec'])
      expect(await c().countDocuments({ [f]: { $type: 'number' } })).toBe(1);
    expect(await c().countDocuments({ oid: { $type: 'number' } })).toBe(0);
  });

  it('compares binary values by length, subtype, then bytes', async () => {
    const count = (f: Document) => c().countDocuments({ bin: f });
    expect(await count({ $gt: new Binary(Buffer.from([1, 2])) })).toBe(1);
    expect(await count({ $gte: new Binary(Buffer.from([1, 2, 3])) })).toBe(1);
    expect(await count({ $gt: new Binary(Buffer.from([1, 2, 4])) })).toBe(0);
    expect(await count({ $lt: new Binary(Buffer.from([1, 2, 4])) })).toBe(1);
    expect(await count({ $lt: new Binary(Buffer.from([9])) })).toBe(0);
  });

  it('applies bit tests to binary data', async () => {
    expect(await c().countDocuments({ bits: { $bitsAllSet: [0, 2] } })).toBe(1);
    expect(await c().countDocuments({ bits: { $bitsAllSet: [1] } })).toBe(0);
    expect(await c().countDocuments({ bits: { $bitsAnySet: [1, 2] } })).toBe(1);
    expect(await c().countDocuments({ bits: { $bitsAllClear: [1] } })).toBe(1);
  });
});

describe('6. projections', () => {
  const doc = {
    _id: 1,
    fans: [1, 2, 3],
    title: 'x',
    dev: 'd',
    arr: [4, 5, 6],
    ids: [1, 2, 3],
    tags: ['a', 'b', 'c'],
  };
  const c = () => loose(t.db.collection('projections'));
  beforeAll(() => c().insertOne({ ...doc }));

  it('$slice alone keeps every other field', async () => {
    expect(await c().findOne({ _id: 1 }, { projection: { fans: { $slice: 1 } } })).toEqual({
      ...doc,
      fans: [1],
    });
    expect(await c().findOne({ _id: 1 }, { projection: { arr: { $slice: [1, 1] } } })).toEqual({
      ...doc,
      arr: [5],
    });
  });

  it('$slice combines with an exclusion', async () => {
    const { dev: _dev, ...rest } = doc;
    expect(await c().findOne({ _id: 1 }, { projection: { dev: 0, arr: { $slice: 1 } } })).toEqual({
      ...rest,
      arr: [4],
    });
  });

  it('$elemMatch with an operator on scalar elements returns the first match', async () => {
    expect(await c().findOne({ _id: 1 }, { projection: { ids: { $elemMatch: { $in: [2, 3] } } } })).toEqual({
      _id: 1,
      ids: [2],
    });
  });

  it('the positional projection returns the element the query matched', async () => {
    expect(await c().findOne({ tags: 'b' }, { projection: { 'tags.$': 1 } })).toEqual({
      _id: 1,
      tags: ['b'],
    });
    expect(await c().findOne({ ids: { $gte: 3 } }, { projection: { 'ids.$': 1, title: 1 } })).toEqual({
      _id: 1,
      title: 'x',
      ids: [3],
    });
    const after = await c().findOneAndUpdate(
      { _id: 1, fans: 2 },
      { $set: { seen: true } },
      { projection: { 'fans.$': 1 }, returnDocument: 'after' },
    );
    expect(after).toEqual({ _id: 1, fans: [2] });
  });
});

describe('7. $-prefixed and prototype-named field names', () => {
  it('stores top-level $-prefixed fields but refuses them inside _id', async () => {
    const c = loose(fresh());
    await c.insertOne({ _id: 1, $a: 1 });
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, $a: 1 });
    const err = await serverError(c.insertOne({ _id: { $a: 1 } }));
    expect(err.code).toBe(52);
    expect(await c.countDocuments()).toBe(1);
  });

  it('keeps a stored field named __proto__ and renames into constructor.x', async () => {
    const c = loose(fresh());
    await c.insertOne(JSON.parse('{"_id":2,"__proto__":{"x":1},"k":1}'));
    const doc = await c.findOne({ _id: 2 });
    expect(ownField(doc, '__proto__')).toEqual({ x: 1 });
    const projected = await c.findOne({ _id: 2 }, { projection: { k: 0 } });
    expect(ownField(projected, '__proto__')).toEqual({ x: 1 });
    await c.updateOne({ _id: 2 }, { $rename: { k: 'constructor.x' } });
    const after = await c.findOne({ _id: 2 });
    expect(ownField(after, 'constructor')).toEqual({ x: 1 });
    expect(ownField(after, '__proto__')).toEqual({ x: 1 });
    expect(after).not.toHaveProperty('k');
  });
});

describe('8. pipeline updates', () => {
  it('$replaceRoot / $replaceWith keep the _id', async () => {
    const c = loose(fresh());
    await c.insertOne({ _id: 1, t: { a: 1 } });
    await c.updateOne({ _id: 1 }, [{ $replaceRoot: { newRoot: '$t' } }]);
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, a: 1 });
    await c.updateOne({ _id: 1 }, [{ $replaceWith: { b: 2 } }]);
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, b: 2 });
    const err = await serverError(c.updateOne({ _id: 1 }, [{ $replaceWith: { _id: 2 } }]));
    expect(err.code).toBe(66);
  });
});

describe('9. binary values', () => {
  it('changing only the subtype is written', async () => {
    const c = loose(fresh());
    await c.insertOne({ _id: 1, b: new Binary(Buffer.from([1, 2]), 0) });
    const r = await c.updateOne({ _id: 1 }, { $set: { b: new Binary(Buffer.from([1, 2]), 0x80) } });
    expect(r.modifiedCount).toBe(1);
    expect((await c.findOne({ _id: 1 }))!.b.sub_type).toBe(0x80);
  });
});

describe('10. unknown query operators', () => {
  it('are refused also when the collection is empty or missing', async () => {
    const missing = loose(fresh());
    const empty = loose(fresh());
    await empty.insertOne({ _id: 1 });
    await empty.deleteOne({ _id: 1 });
    for (const c of [missing, empty]) {
      for (const p of [
        c.find({ a: { $frob: 1 } }).toArray(),
        c.countDocuments({ a: { $frob: 1 } }),
        c.updateMany({ a: { $frob: 1 } }, { $set: { b: 1 } }),
        c.deleteMany({ a: { $frob: 1 } }),
      ]) {
        const err = await serverError(p);
        expect(err.code).toBe(2);
        expect(err.message).toContain('$frob');
      }
    }
  });
});

describe('11. let variables, $bit and DBRef fields', () => {
  it('passes let variables to find, aggregate, update, findAndModify and delete', async () => {
    const c = loose(fresh());
    await c.insertMany([
      { _id: 1, v: 0 },
      { _id: 2, v: 0 },
    ]);
    const byVar = { $expr: { $eq: ['$_id', '$$id'] } };
    expect(await c.find(byVar, { let: { id: 1 } }).toArray()).toEqual([{ _id: 1, v: 0 }]);
    expect(await c.aggregate([{ $match: byVar }], { let: { id: 2 } }).toArray()).toEqual([{ _id: 2, v: 0 }]);
    await c.updateOne(byVar, [{ $set: { v: '$$val' } }], { let: { id: 2, val: 7 } });
    expect(await c.findOne({ _id: 2 })).toEqual({ _id: 2, v: 7 });
    const found = await c.findOneAndUpdate(byVar, [{ $set: { v: '$$val' } }], {
      let: { id: 1, val: 3 },
      returnDocument: 'after',
    });
    expect(found).toEqual({ _id: 1, v: 3 });
    expect(await c.find(byVar, { let: { id: { $add: [1, 1] } } }).toArray()).toEqual([{ _id: 2, v: 7 }]);
    await c.deleteOne(byVar, { let: { id: 1 } });
    expect(await c.find().toArray()).toEqual([{ _id: 2, v: 7 }]);
  });

  it('$bit applies and, or and xor to integers', async () => {
    const c = loose(fresh());
    await c.insertOne({ _id: 1, a: 13, b: 1, x: 5, l: Long.fromNumber(12) });
    await c.updateOne(
      { _id: 1 },
      upd({ $bit: { a: { and: 10 }, b: { or: 4 }, x: { xor: 1 }, l: { and: 4 } } }),
    );
    const d = await c.findOne({ _id: 1 });
    expect({ a: d!.a, b: d!.b, x: d!.x, l: Number(d!.l) }).toEqual({ a: 8, b: 5, x: 4, l: 4 });
    const err = await serverError(c.updateOne({ _id: 1 }, upd({ $bit: { a: { nand: 1 } } })));
    expect(err.code).toBe(2);
  });

  it('matches DBRef fields $ref and $id inside $elemMatch', async () => {
    const c = loose(fresh());
    await c.insertMany([
      { _id: 1, refs: [ref('users', 5), ref('users', 7)] },
      { _id: 2, refs: [ref('users', 6)] },
    ]);
    const hits = await c.find({ refs: { $elemMatch: { $ref: 'users', $id: 7 } } }).toArray();
    expect(hits.map((d) => d._id)).toEqual([1]);
    expect(hits[0].refs[1]).toBeInstanceOf(DBRef);
    expect(hits[0].refs[1].oid).toBe(7);
    expect(await c.countDocuments({ 'refs.$id': 6 })).toBe(1);
  });
});

describe('12. options the engine does not honour are refused', () => {
  const c = () => loose(t.db.collection('options'));
  beforeAll(async () => {
    await c().insertMany([
      { _id: 1, a: 1 },
      { _id: 2, a: 2 },
    ]);
    await c().createIndex({ a: 1 });
  });

  it('a hint naming a missing index, in every command that takes one', async () => {
    for (const p of [
      c().find({}, { hint: 'nope_1' }).toArray(),
      c()
        .find({}, { hint: { nope: 1 } })
        .toArray(),
      c().countDocuments({}, { hint: 'nope_1' }),
      c().aggregate([], { hint: 'nope_1' }).toArray(),
      c().updateOne({ _id: 1 }, { $set: { b: 1 } }, { hint: 'nope_1' }),
      c().deleteOne({ _id: 99 }, { hint: { nope: 1 } }),
      c().findOneAndUpdate({ _id: 1 }, { $set: { b: 1 } }, { hint: { nope: 1 } }),
    ]) {
      const err = await serverError(p);
      expect(err.code).toBe(2);
      expect(err.message).toMatch(/hint/);
    }
    expect(await c().findOne({ _id: 1 })).toEqual({ _id: 1, a: 1 });
    // hints naming a real index (by name or key) or $natural are fine
    expect(await c().find({ a: 2 }, { hint: 'a_1' }).toArray()).toEqual([{ _id: 2, a: 2 }]);
    expect(
      await c()
        .find({ a: 2 }, { hint: { a: 1 } })
        .toArray(),
    ).toEqual([{ _id: 2, a: 2 }]);
    expect(
      await c()
        .find({ a: 2 }, { hint: { $natural: 1 } })
        .toArray(),
    ).toEqual([{ _id: 2, a: 2 }]);
    expect(await c().countDocuments({}, { hint: '_id_' })).toBe(2);
  });

  it('w > 1 on a standalone', async () => {
    const err = await serverError(c().insertOne({ _id: 9 }, { writeConcern: { w: 2 } }));
    expect(err.code).toBe(2);
    expect(err.message).toContain("'w' > 1");
    expect(await c().countDocuments({ _id: 9 })).toBe(0);
    await c().insertOne({ _id: 10 }, { writeConcern: { w: 'majority', journal: true } });
    await c().deleteOne({ _id: 10 }, { writeConcern: { w: 1 } });
  });

  it('a tailable cursor on a normal collection', async () => {
    const err = await serverError(c().find({}, { tailable: true }).toArray());
    expect(err.code).toBe(2);
    expect(err.message).toMatch(/tailable/);
  });

  it('unknown fields in update and delete statements', async () => {
    const up = await serverError(
      t.db.command({ update: 'options', updates: [{ q: { _id: 1 }, u: { $set: { z: 1 } }, bogus: 1 }] }),
    );
    expect(up.code).toBe(40415);
    expect(up.message).toContain('bogus');
    const del = await serverError(
      t.db.command({ delete: 'options', deletes: [{ q: { _id: 1 }, limit: 1, bogus: 1 }] }),
    );
    expect(del.code).toBe(40415);
    expect(await c().findOne({ _id: 1 })).toEqual({ _id: 1, a: 1 });
  });

  it('an unknown aggregation stage gives 40324', async () => {
    const err = await serverError(
      c()
        .aggregate([{ $frob: {} }])
        .toArray(),
    );
    expect(err.code).toBe(40324);
    expect(err.message).toContain("Unrecognized pipeline stage name: '$frob'");
  });
});

// MongoDB honours these; the engine cannot, so it says so instead of answering differently.
describeEngine('12b. options only a real MongoDB honours', () => {
  it('a non-simple collation is refused wherever it could change results', async () => {
    const c = loose(fresh());
    await c.insertOne({ _id: 1, s: 'a' });
    const fr = { locale: 'fr', strength: 1 };
    for (const p of [
      c.find({ s: 'A' }, { collation: fr }).toArray(),
      c.countDocuments({ s: 'A' }, { collation: fr }),
      c.updateOne({ s: 'A' }, { $set: { t: 1 } }, { collation: fr }),
      c.deleteMany({ s: 'A' }, { collation: fr }),
      c.findOneAndUpdate({ s: 'A' }, { $set: { t: 1 } }, { collation: fr }),
      c.distinct('s', {}, { collation: fr }),
      c.createIndex({ s: 1 }, { collation: fr }),
      t.db.createCollection(`coll_fr_${n++}`, { collation: fr }),
    ]) {
      const err = await serverError(p);
      expect(err.code).toBe(238);
      expect(err.message).toContain('collation');
    }
    expect(await c.find({}, { collation: { locale: 'simple' } }).toArray()).toEqual([{ _id: 1, s: 'a' }]);
  });
});
