// Reads, writes, cursors and admin commands through the official driver.
import { Int32, Long, MongoServerError, ObjectId } from 'mongodb';
import { EXTERNAL_URI, TestDoc, useDriverTarget } from './target';

const t = useDriverTarget();

describe('handshake and admin', () => {
  it('answers ping, buildInfo and hello like a writable standalone', async () => {
    expect(await t.db.command({ ping: 1 })).toMatchObject({ ok: 1 });
    const info = await t.db.admin().buildInfo();
    expect(typeof info.version).toBe('string');
    const hello = await t.db.admin().command({ hello: 1 });
    expect(hello.isWritablePrimary).toBe(true);
    expect(hello.maxWireVersion).toBeGreaterThanOrEqual(9);
    expect(hello.maxBsonObjectSize).toBe(16 * 1024 * 1024);
  });

  it('names an unknown command in a CommandNotFound error', async () => {
    const err = await t.db.command({ frobnicateWidgets: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect(err.code).toBe(59);
    expect(err.codeName).toBe('CommandNotFound');
    expect(err.message).toContain('frobnicateWidgets');
  });

  it('creates, lists and drops collections and databases', async () => {
    await t.db.createCollection('created');
    const names = (await t.db.listCollections().toArray()).map((c) => c.name);
    expect(names).toContain('created');
    const err = await t.db.createCollection('created').catch((e) => e);
    // MongoDB >= 7 accepts an identical re-create; older ones (and this engine) answer NamespaceExists
    if (err instanceof Error) expect((err as MongoServerError).code).toBe(48);
    expect(await t.db.collection<TestDoc>('created').drop()).toBe(true);
    expect((await t.db.listCollections({ name: 'created' }).toArray()).length).toBe(0);

    const other = t.client.db(`${t.target.dbName}_other`);
    await other.collection<TestDoc>('x').insertOne({ a: 1 });
    const dbs = (await t.client.db('admin').admin().listDatabases()).databases.map((d) => d.name);
    expect(dbs).toContain(`${t.target.dbName}_other`);
    await other.dropDatabase();
    const after = (await t.client.db('admin').admin().listDatabases()).databases.map((d) => d.name);
    expect(after).not.toContain(`${t.target.dbName}_other`);
  });
});

describe('insert and find', () => {
  const coll = () => t.db.collection<TestDoc>('people');

  beforeAll(async () => {
    await coll().insertMany(
      Array.from({ length: 250 }, (_, i) => ({
        _id: i,
        name: `p${String(i).padStart(3, '0')}`,
        age: i % 50,
        group: i % 3,
        tags: i % 2 ? ['odd'] : ['even', 'x'],
      })),
    );
  });

  it('returns inserted ids and generates ObjectIds', async () => {
    const r = await t.db.collection<TestDoc>('misc').insertOne({ hello: 'world' });
    expect(r.insertedId).toBeInstanceOf(ObjectId);
    const found = await t.db.collection<TestDoc>('misc').findOne({ _id: r.insertedId });
    expect(found).toEqual({ _id: r.insertedId, hello: 'world' });
  });

  it('iterates more than one batch through getMore', async () => {
    const all = await coll().find({}).toArray();
    expect(all).toHaveLength(250);
    expect(new Set(all.map((d) => d._id)).size).toBe(250);
    const small = await coll().find({}, { batchSize: 7 }).toArray();
    expect(small).toHaveLength(250);
  });

  it('sorts, skips, limits and projects', async () => {
    const docs = await coll()
      .find({ group: 1 })
      .sort({ age: -1, _id: 1 })
      .skip(2)
      .limit(5)
      .project({ name: 1, age: 1, _id: 0 })
      .toArray();
    expect(docs).toHaveLength(5);
    for (const d of docs) expect(Object.keys(d).sort()).toEqual(['age', 'name']);
    const ages = docs.map((d) => d.age);
    expect([...ages].sort((a, b) => b - a)).toEqual(ages);
    const excluded = await coll().findOne({ _id: 4 }, { projection: { tags: 0 } });
    expect(excluded).toEqual({ _id: 4, name: 'p004', age: 4, group: 1 });
    // the exclusion must not have touched the stored document
    expect((await coll().findOne({ _id: 4 }))!.tags).toEqual(['even', 'x']);
  });

  it('sorts by $natural in both directions', async () => {
    const first = await coll().find({}).sort({ $natural: 1 }).limit(3).toArray();
    const last = await coll().find({}).sort({ $natural: -1 }).limit(3).toArray();
    expect(first.map((d) => d._id)).toEqual([0, 1, 2]);
    expect(last.map((d) => d._id)).toEqual([249, 248, 247]);
  });

  it('matches query operators, arrays and $in', async () => {
    expect(await coll().countDocuments({ age: { $gte: 45 } })).toBe(25);
    expect(await coll().countDocuments({ tags: 'odd' })).toBe(125);
    expect(await coll().countDocuments({ _id: { $in: [1, 2, 3, 999] } })).toBe(3);
    expect(await coll().countDocuments({ $or: [{ age: 0 }, { age: 1 }] })).toBe(10);
    expect(await coll().countDocuments({ name: /^p00/ })).toBe(10);
  });

  it('closes a cursor with killCursors', async () => {
    const cursor = coll().find({}, { batchSize: 10 });
    await cursor.next();
    const id = cursor.id!;
    expect(id.isZero()).toBe(false);
    expect(
      (await t.db.command({ getMore: id, collection: 'people', batchSize: 2 })).cursor.nextBatch,
    ).toHaveLength(2);
    await cursor.close();
    const err = await t.db.command({ getMore: id, collection: 'people' }).catch((e) => e);
    expect(err.code).toBe(43);
  });

  it('counts, estimates and finds distinct values', async () => {
    expect(await coll().estimatedDocumentCount()).toBe(250);
    expect(await coll().countDocuments({ group: 0 })).toBe(84);
    expect(await coll().countDocuments({}, { skip: 240 })).toBe(10);
    expect(await coll().countDocuments({ group: 0 }, { skip: 80, limit: 10 })).toBe(4);
    expect(await coll().countDocuments({ group: 0 }, { limit: 10 })).toBe(10);
    expect(await coll().countDocuments({}, { skip: 300 })).toBe(0);
    expect(await coll().countDocuments({ group: 7 })).toBe(0);
    // the pipeline countDocuments sends, and a near one that is not counted the same way (the field is a sum of 2)
    const counted = (pipeline: object[]) => coll().aggregate(pipeline).toArray();
    expect(await counted([{ $match: { group: 1 } }, { $group: { _id: 1, n: { $sum: 1 } } }])).toEqual([
      { _id: 1, n: 83 },
    ]);
    expect(await counted([{ $match: { group: 1 } }, { $group: { _id: null, c: { $sum: 2 } } }])).toEqual([
      { _id: null, c: 166 },
    ]);
    expect(await counted([{ $match: { group: 9 } }, { $group: { _id: 1, n: { $sum: 1 } } }])).toEqual([]);
    expect((await coll().distinct('group')).sort()).toEqual([0, 1, 2]);
    expect((await coll().distinct('tags')).sort()).toEqual(['even', 'odd', 'x']);
    expect(await coll().distinct('age', { group: 2, age: { $lt: 5 } })).toEqual(expect.arrayContaining([2]));
  });

  it('keeps numeric BSON types readable', async () => {
    await t.db
      .collection<TestDoc>('nums')
      .insertOne({ _id: 'n', i: new Int32(5), l: Long.fromNumber(7), d: 1.5 });
    const d = await t.db.collection<TestDoc>('nums').findOne({ _id: 'n' });
    expect(Number(d!.i)).toBe(5);
    expect(Number(d!.l)).toBe(7);
    expect(d!.d).toBe(1.5);
  });
});

describe('delete', () => {
  it('deletes one or many', async () => {
    const c = t.db.collection<TestDoc>('del');
    await c.insertMany([{ k: 1 }, { k: 1 }, { k: 1 }, { k: 2 }]);
    expect((await c.deleteOne({ k: 1 })).deletedCount).toBe(1);
    expect((await c.deleteMany({ k: 1 })).deletedCount).toBe(2);
    expect((await c.deleteMany({ k: 3 })).deletedCount).toBe(0);
    expect(await c.countDocuments()).toBe(1);
  });
});

describe('aggregate', () => {
  beforeAll(async () => {
    await t.db.collection<TestDoc>('orders').insertMany([
      {
        _id: 1,
        customer: 'a',
        items: [
          { sku: 'x', qty: 2 },
          { sku: 'y', qty: 1 },
        ],
        total: 30,
      },
      { _id: 2, customer: 'b', items: [{ sku: 'x', qty: 5 }], total: 50 },
      { _id: 3, customer: 'a', items: [], total: 5 },
    ]);
    await t.db.collection<TestDoc>('customers').insertMany([
      { _id: 'a', name: 'Alice' },
      { _id: 'b', name: 'Bob' },
    ]);
  });

  it('runs $match $group $sort $limit $skip $project', async () => {
    const r = await t.db
      .collection<TestDoc>('orders')
      .aggregate([
        { $match: { total: { $gt: 1 } } },
        { $group: { _id: '$customer', sum: { $sum: '$total' }, n: { $sum: 1 } } },
        { $sort: { sum: -1 } },
        { $skip: 0 },
        { $limit: 5 },
        { $project: { _id: 0, customer: '$_id', sum: 1, n: 1 } },
      ])
      .toArray();
    expect(r).toEqual([
      { sum: 50, n: 1, customer: 'b' },
      { sum: 35, n: 2, customer: 'a' },
    ]);
  });

  it('runs $unwind $lookup $addFields $count $facet', async () => {
    const unwound = await t.db
      .collection<TestDoc>('orders')
      .aggregate([
        { $unwind: '$items' },
        { $group: { _id: '$items.sku', qty: { $sum: '$items.qty' } } },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(unwound).toEqual([
      { _id: 'x', qty: 7 },
      { _id: 'y', qty: 1 },
    ]);
    const joined = await t.db
      .collection<TestDoc>('orders')
      .aggregate([
        { $match: { _id: 2 } },
        { $lookup: { from: 'customers', localField: 'customer', foreignField: '_id', as: 'who' } },
        { $addFields: { whoName: { $arrayElemAt: ['$who.name', 0] } } },
        { $project: { who: 0, items: 0 } },
      ])
      .toArray();
    expect(joined).toEqual([{ _id: 2, customer: 'b', total: 50, whoName: 'Bob' }]);
    expect(
      await t.db
        .collection<TestDoc>('orders')
        .aggregate([{ $match: { customer: 'a' } }, { $count: 'n' }])
        .toArray(),
    ).toEqual([{ n: 2 }]);
    const [facet] = await t.db
      .collection<TestDoc>('orders')
      .aggregate([
        { $facet: { big: [{ $match: { total: { $gte: 30 } } }, { $count: 'n' }], all: [{ $count: 'n' }] } },
      ])
      .toArray();
    expect(facet).toEqual({ big: [{ n: 2 }], all: [{ n: 3 }] });
    // stored documents are untouched by pipeline stages
    expect(await t.db.collection<TestDoc>('orders').findOne({ _id: 2 })).toEqual({
      _id: 2,
      customer: 'b',
      items: [{ sku: 'x', qty: 5 }],
      total: 50,
    });
  });

  it('returns large results through a cursor', async () => {
    const c = t.db.collection<TestDoc>('many');
    await c.insertMany(Array.from({ length: 300 }, (_, i) => ({ i })));
    const r = await c.aggregate([{ $match: { i: { $gte: 0 } } }, { $sort: { i: -1 } }]).toArray();
    expect(r).toHaveLength(300);
    expect(r[0].i).toBe(299);
  });

  it('rejects a malformed pipeline with an error naming aggregate', async () => {
    const err = await t.db
      .collection<TestDoc>('orders')
      .aggregate([{ $match: { a: 1 }, $sort: { a: 1 } }])
      .toArray()
      .catch((e) => e);
    expect(err).toBeInstanceOf(MongoServerError);
  });
});

describe('write concern and sessions', () => {
  it('applies unacknowledged (w:0) writes sent with moreToCome', async () => {
    const c = t.db.collection<TestDoc>('w0');
    await c.insertOne({ _id: 'fire-and-forget' }, { writeConcern: { w: 0 } });
    // the next command on the pool is processed after it, so the document is visible
    let found = null;
    for (let i = 0; i < 50 && !found; i++) {
      found = await c.findOne({ _id: 'fire-and-forget' });
      if (!found) await new Promise((r) => setTimeout(r, 20));
    }
    expect(found).toEqual({ _id: 'fire-and-forget' });
  });

  it('accepts explicit sessions for ordinary commands', async () => {
    const session = t.client.startSession();
    try {
      await t.db.collection<TestDoc>('sess').insertOne({ a: 1 }, { session });
      expect(await t.db.collection<TestDoc>('sess').countDocuments({}, { session })).toBe(1);
    } finally {
      await session.endSession();
    }
  });

  (EXTERNAL_URI ? it.skip : it)('refuses transactions with a clear error', async () => {
    const session = t.client.startSession();
    try {
      const err = await session
        .withTransaction(async () => {
          await t.db.collection<TestDoc>('tx').insertOne({ a: 1 }, { session });
        })
        .catch((e) => e);
      expect(err).toBeInstanceOf(Error);
      expect(String(err.message)).toMatch(/transaction/i);
    } finally {
      await session.endSession();
    }
  });
});
