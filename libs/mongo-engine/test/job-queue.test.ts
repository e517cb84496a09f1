// The queries the background jobs send (agenda 6 with @agendajs/mongo-backend, and agendash; issue
// 20), written out as the driver sends them, so a change to the engine that breaks the job queue fails
// here and not only in the services' tests. Each asserts MongoDB's behaviour, so the file also passes
// against a real server (MONGODB_TEST_URI). The engine needed no change for them.
import { ObjectId, type Collection, type Document } from 'mongodb';
import { useDriverTarget } from './target';

const t = useDriverTarget();
let n = 0;
const fresh = (): Collection<Document> => t.db.collection(`jobs${n++}`);

/** A job document as the mongo backend inserts it. */
const job = (name: string, nextRunAt: Date | null, extra: Document = {}): Document => ({
  name,
  data: {},
  priority: 0,
  type: 'normal',
  nextRunAt,
  lockedAt: null,
  lastFinishedAt: null,
  failedAt: null,
  failCount: null,
  failReason: null,
  disabled: null,
  ...extra,
});

/** agenda's getNextJobToRun: due and unlocked, or locked longer ago than the lock deadline. */
const lockNext = (
  c: Collection<Document>,
  name: string,
  scanUntil: Date,
  lockDeadline: Date,
  now = new Date(),
) =>
  c.findOneAndUpdate(
    {
      name,
      disabled: { $ne: true },
      $or: [
        { lockedAt: { $eq: null }, nextRunAt: { $lte: scanUntil } },
        { lockedAt: { $lte: lockDeadline } },
      ],
    },
    { $set: { lockedAt: now, lastModifiedBy: 'test' } },
    { returnDocument: 'after', sort: { nextRunAt: 1, priority: -1 } },
  );

it("creates the backend's compound index (again: a no-op)", async () => {
  const c = fresh();
  const spec = { name: 1, nextRunAt: 1, priority: -1, lockedAt: 1, disabled: 1 } as const;
  expect(await c.createIndex(spec, { name: 'findAndLockNextJobIndex' })).toBe('findAndLockNextJobIndex');
  expect(await c.createIndex(spec, { name: 'findAndLockNextJobIndex' })).toBe('findAndLockNextJobIndex');
});

it('locks the earliest due job once; a missing lockedAt counts as unlocked; an expired lock is taken over', async () => {
  const c = fresh();
  const now = Date.now();
  await c.insertMany([
    job('mail', new Date(now - 1000), { _id: new ObjectId(), tag: 'later' }),
    job('mail', new Date(now - 5000), { tag: 'earliest' }),
    job('mail', new Date(now + 60_000), { tag: 'future' }),
    job('mail', new Date(now - 9000), { tag: 'paused', disabled: true }),
    job('other', new Date(now - 9000), { tag: 'other' }),
  ]);
  const deadline = new Date(now - 60_000);
  const first = await lockNext(c, 'mail', new Date(now), deadline);
  expect(first?.tag).toBe('earliest');
  const second = await lockNext(c, 'mail', new Date(now), deadline);
  expect(second?.tag).toBe('later');
  expect(await lockNext(c, 'mail', new Date(now), deadline)).toBeNull(); // the rest: future or paused

  // unlockJob: $unset lockedAt (a missing field matches { $eq: null } again)
  await c.updateOne({ _id: first!._id, nextRunAt: { $ne: null } }, { $unset: { lockedAt: true } });
  expect((await lockNext(c, 'mail', new Date(now), deadline))?.tag).toBe('earliest');

  // A process died holding 'later' (nextRunAt null while running): taken over once the lock expires.
  await c.updateOne({ _id: second!._id }, { $set: { nextRunAt: null, lockedAt: new Date(now - 120_000) } });
  const takenOver = await lockNext(c, 'mail', new Date(now), deadline, new Date(now));
  expect(takenOver?.tag).toBe('later');
  expect(takenOver?.lockedAt).toEqual(new Date(now));
});

it('two concurrent lockers never get the same job', async () => {
  const c = fresh();
  const now = Date.now();
  await c.insertMany(Array.from({ length: 30 }, (_, i) => job('race', new Date(now - i))));
  const deadline = new Date(now - 60_000);
  const taken: string[] = [];
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (;;) {
        const j = await lockNext(c, 'race', new Date(now), deadline);
        if (!j) return;
        taken.push(String(j._id));
      }
    }),
  );
  expect(taken).toHaveLength(30);
  expect(new Set(taken).size).toBe(30);
});

it("enqueues unique jobs with an insert-only upsert, and 'single' jobs by name", async () => {
  const c = fresh();
  const props = job('result-webhook', new Date(), { data: { event_id: 'evt_1' } });
  for (let i = 0; i < 2; i++)
    await c.findOneAndUpdate(
      { 'data.event_id': 'evt_1', name: 'result-webhook' },
      { $setOnInsert: props },
      { upsert: true, returnDocument: 'after' },
    );
  expect(await c.countDocuments({ name: 'result-webhook' })).toBe(1);

  // every('1 minute'): type 'single', upserted by name, nextRunAt protected once set in the past
  const past = new Date(Date.now() - 1000);
  for (let i = 0; i < 2; i++)
    await c.findOneAndUpdate(
      { name: 'sweep', type: 'single' },
      {
        $set: { name: 'sweep', type: 'single', repeatInterval: '1 minute' },
        $setOnInsert: { nextRunAt: past },
      },
      { upsert: true, returnDocument: 'after' },
    );
  const sweeps = await c.find({ name: 'sweep' }).toArray();
  expect(sweeps).toHaveLength(1);
  expect(sweeps[0].nextRunAt).toEqual(past);
});

it("answers agendash's listing: names by $group, page by sort/skip/limit, search by escaped regex, counts", async () => {
  const c = fresh();
  await c.insertMany([
    job('invitation-email', new Date(2000)),
    job('invitation-email', new Date(3000)),
    job('expiry-sweep', new Date(1000)),
    job('a.b', null),
  ]);
  const names = (await c.aggregate([{ $group: { _id: '$name' } }]).toArray()).map((d) => d._id).sort();
  expect(names).toEqual(['a.b', 'expiry-sweep', 'invitation-email']);
  const page = await c.find({}).sort({ nextRunAt: -1, lastRunAt: -1 }).skip(1).limit(2).toArray();
  expect(page.map((d) => d.nextRunAt?.getTime() ?? null)).toEqual([2000, 1000]);
  expect(await c.countDocuments({ name: { $regex: 'a\\.b', $options: 'i' } })).toBe(1);
  expect(await c.countDocuments({ nextRunAt: { $lt: new Date() } })).toBe(3);
  const ids = page.map((d) => d._id);
  expect((await c.updateMany({ _id: { $in: ids } }, { $set: { disabled: true } })).modifiedCount).toBe(2);
  expect((await c.deleteMany({ _id: { $in: ids } })).deletedCount).toBe(2);
});

it('marks invitations expired with a pipeline update (the expiry sweep)', async () => {
  const c = fresh();
  const at = new Date(Date.now() - 5000);
  await c.insertMany([
    { expires_at: at },
    { expires_at: new Date(Date.now() + 60_000) },
    { expires_at: null },
  ]);
  const r = await c.updateMany({ expires_at: { $ne: null, $lte: new Date() }, expired_at: null }, [
    { $set: { expired_at: '$expires_at' } },
  ]);
  expect(r.modifiedCount).toBe(1);
  expect(await c.countDocuments({ expired_at: at })).toBe(1);
});
