// Indexes and the duplicate-key error shapes (code 11000) through the driver.
import { MongoBulkWriteError, MongoServerError } from 'mongodb';
import { TestDoc, useDriverTarget } from './target';

const t = useDriverTarget();

describe('index management', () => {
  it('creates unique, sparse and compound indexes idempotently, lists and drops them', async () => {
    const c = t.db.collection<TestDoc>('ix');
    expect(await c.createIndex({ email: 1 }, { unique: true })).toBe('email_1');
    expect(await c.createIndex({ email: 1 }, { unique: true })).toBe('email_1');
    expect(await c.createIndex({ nick: 1 }, { unique: true, sparse: true })).toBe('nick_1');
    expect(await c.createIndex({ org: 1, num: -1 }, { unique: true, name: 'org_num' })).toBe('org_num');
    const list = await c.listIndexes().toArray();
    expect(list.map((i) => i.name).sort()).toEqual(['_id_', 'email_1', 'nick_1', 'org_num']);
    expect(list.find((i) => i.name === 'email_1')).toMatchObject({ key: { email: 1 }, unique: true });
    expect(list.find((i) => i.name === 'org_num')).toMatchObject({ key: { org: 1, num: -1 }, unique: true });
    await c.dropIndex('nick_1');
    expect((await c.listIndexes().toArray()).map((i) => i.name)).not.toContain('nick_1');
    const err = await c.dropIndex('nope').catch((e) => e);
    expect(err.code).toBe(27);
    await c.dropIndexes();
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
  });

  it('refuses a unique index over existing duplicates', async () => {
    const c = t.db.collection<TestDoc>('dupdata');
    await c.insertMany([{ k: 1 }, { k: 1 }]);
    const err = await c.createIndex({ k: 1 }, { unique: true }).catch((e) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect(err.code).toBe(11000);
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
  });

  it('reports a missing collection on listIndexes', async () => {
    const err = await t.db
      .collection<TestDoc>('never')
      .listIndexes()
      .toArray()
      .catch((e) => e);
    expect(err.code).toBe(26);
  });
});

describe('duplicate keys', () => {
  const users = () => t.db.collection<TestDoc>('users');

  beforeAll(async () => {
    await users().createIndex({ email: 1 }, { unique: true });
    await users().createIndex({ org: 1, num: 1 }, { unique: true });
    await users().createIndex({ nick: 1 }, { unique: true, sparse: true });
    await users().insertMany([
      { _id: 1, email: 'a@x', org: 'o', num: 1 },
      { _id: 2, email: 'b@x', org: 'o', num: 2 },
    ]);
  });

  it('insertOne: code 11000 with keyPattern and keyValue', async () => {
    const err = await users()
      .insertOne({ email: 'a@x', org: 'p', num: 1 })
      .catch((e) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect(err.code).toBe(11000);
    expect(err.keyPattern).toEqual({ email: 1 });
    expect(err.keyValue).toEqual({ email: 'a@x' });
    expect(err.message).toMatch(
      /E11000 duplicate key error collection: \S+\.users index: email_1 dup key: \{ email: "a@x" \}/,
    );
  });

  it('duplicate _id is rejected too', async () => {
    const err = await users()
      .insertOne({ _id: 1, email: 'z@x' })
      .catch((e) => e);
    expect(err.code).toBe(11000);
    expect(err.keyValue).toEqual({ _id: 1 });
  });

  it('compound unique index: only the full tuple must be unique', async () => {
    await users().insertOne({ _id: 3, email: 'c@x', org: 'o', num: 3 });
    const err = await users()
      .insertOne({ email: 'd@x', org: 'o', num: 3 })
      .catch((e) => e);
    expect(err.code).toBe(11000);
    expect(err.keyValue).toEqual({ org: 'o', num: 3 });
  });

  it('sparse unique index ignores documents without the field (a non-sparse one counts missing as null)', async () => {
    await users().insertMany([
      { email: 's1@x', org: 'q', num: 101 },
      { email: 's2@x', org: 'q', num: 102 },
    ]);
    await users().insertOne({ email: 's3@x', org: 'q', num: 103, nick: 'n' });
    expect(
      (
        await users()
          .insertOne({ email: 's4@x', org: 'q', num: 104, nick: 'n' })
          .catch((e) => e)
      ).code,
    ).toBe(11000);
    await users().insertOne({ email: 'nullorg1@x' });
    const err = await users()
      .insertOne({ email: 'nullorg2@x' })
      .catch((e) => e);
    expect(err.code).toBe(11000);
    expect(err.keyValue).toEqual({ org: null, num: null });
  });

  it('insertMany ordered stops at the first duplicate, unordered continues; writeErrors carry index', async () => {
    const ordered = await users()
      .insertMany([
        { email: 'o1@x', org: 'q', num: 105 },
        { email: 'a@x' },
        { email: 'o2@x', org: 'q', num: 106 },
      ])
      .catch((e) => e);
    expect(ordered).toBeInstanceOf(MongoBulkWriteError);
    expect(ordered.insertedCount).toBe(1);
    expect(ordered.writeErrors[0] ?? ordered.writeErrors).toMatchObject({ index: 1, code: 11000 });
    const unordered = await users()
      .insertMany(
        [{ email: 'u1@x', org: 'q', num: 107 }, { email: 'a@x' }, { email: 'u2@x', org: 'q', num: 108 }],
        { ordered: false },
      )
      .catch((e) => e);
    expect(unordered.insertedCount).toBe(2);
    expect(await users().countDocuments({ email: { $in: ['o1@x', 'o2@x', 'u1@x', 'u2@x'] } })).toBe(3);
  });

  it('updateOne into a duplicate: 11000 and the document is unchanged', async () => {
    const err = await users()
      .updateOne({ _id: 2 }, { $set: { email: 'a@x' } })
      .catch((e) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect(err.code).toBe(11000);
    expect(err.keyValue).toEqual({ email: 'a@x' });
    expect((await users().findOne({ _id: 2 }))!.email).toBe('b@x');
  });

  it('upsert into a duplicate: 11000', async () => {
    const err = await users()
      .updateOne({ email: 'new@x' }, { $set: { org: 'o', num: 1 } }, { upsert: true })
      .catch((e) => e);
    expect(err.code).toBe(11000);
    expect(await users().countDocuments({ email: 'new@x' })).toBe(0);
  });

  it('findOneAndUpdate into a duplicate: DuplicateKey error', async () => {
    const err = await users()
      .findOneAndUpdate({ _id: 2 }, { $set: { email: 'a@x' } })
      .catch((e) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect(err.code).toBe(11000);
    expect(err.codeName).toBe('DuplicateKey');
    expect(err.keyPattern).toEqual({ email: 1 });
    expect(err.keyValue).toEqual({ email: 'a@x' });
  });

  it('a document may keep its own unique value when updated', async () => {
    await users().updateOne({ _id: 1 }, { $set: { email: 'a@x', extra: 1 } });
    expect((await users().findOne({ _id: 1 }))!.extra).toBe(1);
  });

  it('finds by indexed fields including $eq and $in', async () => {
    expect((await users().findOne({ email: 'b@x' }))!._id).toBe(2);
    expect((await users().findOne({ email: { $eq: 'b@x' } }))!._id).toBe(2);
    expect(await users().countDocuments({ email: { $in: ['a@x', 'b@x', 'missing'] } })).toBe(2);
    expect(await users().countDocuments({ org: 'o', num: { $in: [1, 3] } })).toBe(2);
    expect(await users().countDocuments({ email: 'b@x', org: 'nope' })).toBe(0);
  });
});
