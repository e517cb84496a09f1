// serverStatus reports the engine's open cursors (skillquiz.cursors): what a memory reading needs to
// tell results still held for a reader from documents the engine keeps.
import { MongoClient } from 'mongodb';
import { describeEngine, startTarget, type Target } from './target';

let target: Target;
let client: MongoClient;
beforeAll(async () => {
  target = await startTarget();
  client = await MongoClient.connect(target.uri);
});
afterAll(async () => {
  await client?.close();
  await target?.close();
});

describeEngine('open cursors in serverStatus', () => {
  const status = async () =>
    (await client.db().admin().serverStatus()).skillquiz.cursors as { open: number; docs: number };

  it('counts a cursor with results left, and forgets it once read to the end or closed', async () => {
    const coll = client.db(target.dbName).collection<{ _id: number }>('things');
    await coll.insertMany(Array.from({ length: 250 }, (_, i) => ({ _id: i })));
    expect(await status()).toEqual({ open: 0, docs: 0 });

    const reading = coll.find({}, { batchSize: 100 });
    await reading.next(); // the first batch of 100 is sent; 150 wait in the engine
    expect(await status()).toEqual({ open: 1, docs: 250 });
    await reading.toArray();
    expect(await status()).toEqual({ open: 0, docs: 0 });

    const left = coll.find({}, { batchSize: 10 });
    await left.next();
    expect((await status()).open).toBe(1);
    await left.close();
    expect(await status()).toEqual({ open: 0, docs: 0 });
  });
});
