// The norm entries' one-off backfill (quizzes counted before the entries existed), with mongoose on the
// embedded engine: it reads the counted quizzes a page at a time, writes one entry per quiz and atom
// with an outcome, skips an entry already there, never holds a cursor of more than a page, and runs
// once per database.
import mongoose, { Types } from 'mongoose';
import { useMongooseDatabase } from './helpers/mongoose-db';
import {
  NORM_ENTRIES_COLLECTION,
  backfillNormEntries,
  ensureNormIndexes,
  rebuildNorms,
} from '../src/hiring/invitations/norms';

useMongooseDatabase('normbackfill', () => ensureNormIndexes());

const db = () => mongoose.connection.db!;
const entries = () => db().collection(NORM_ENTRIES_COLLECTION);

/** A quiz result as stored: `answered` scored answers in each of `atoms`. */
function quiz(atoms: string[], counted: boolean, answered = 2) {
  const at = new Date('2026-11-01T10:00:00Z');
  let number = 0;
  return {
    _id: new Types.ObjectId(),
    token: `tok${new Types.ObjectId().toHexString()}`,
    atom_ids: atoms,
    norm_recorded: counted,
    started_at: at,
    finished_at: at,
    served: atoms.flatMap((atom_id) =>
      Array.from({ length: answered }, (_, k) => ({
        number: ++number,
        atom_id,
        scored: true,
        answered_at: at,
        correct: k % 2 === 0,
        snapshot: { difficulty_params: { a: 1, d: k * 0.5 } },
      })),
    ),
  };
}

it('writes every counted quiz its entries a page at a time, skips those already there, and runs once', async () => {
  // more than a first batch (101), so a single cursor over them would stay open between reads
  const counted = [
    ...Array.from({ length: 149 }, () => quiz(['javascript'], true)),
    quiz(['javascript', 'react'], true),
  ];
  const notCounted = quiz(['javascript'], false);
  const noAnswers = quiz(['react'], true, 0);
  // stored as they are (the quiz context alone writes through its model; this is the data it left)
  await db()
    .collection('quiz_results')
    .insertMany([...counted, notCounted, noAnswers] as never[]);
  // one entry already there, with its own bin: left as it is
  const already = `javascript:${String(counted[2]._id)}`;
  await entries().insertOne({ _id: already as never, atom: 'javascript', quiz: counted[2]._id, bin: 7 });

  // the cursors the engine keeps open while the backfill reads: none may hold more than a page
  let largestCursor = 0;
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const status = (await db().admin().serverStatus()) as { skillquiz?: { cursors?: { docs: number } } };
      largestCursor = Math.max(largestCursor, status.skillquiz?.cursors?.docs ?? 0);
      await new Promise((r) => setImmediate(r));
    }
  })();
  await backfillNormEntries(40);
  polling = false;
  await poll;

  const expected = [
    ...counted.map((q) => `javascript:${String(q._id)}`),
    `react:${String(counted[149]._id)}`,
  ].sort();
  const stored = await entries().find({}).sort({ _id: 1 }).toArray();
  expect(stored.map((e) => String(e._id))).toEqual(expected);
  expect(stored.find((e) => String(e._id) === already)?.bin).toBe(7);
  for (const e of stored) {
    expect(typeof e.bin).toBe('number');
    expect(String(e.quiz)).toBe(String(e._id).split(':')[1]);
  }
  if (!process.env.MONGODB_TEST_URI) expect(largestCursor).toBeLessThanOrEqual(40);
  expect(
    await db()
      .collection('seed_state')
      .findOne({ _id: 'norm-entries' as never }),
  ).not.toBeNull();

  // once per database: an entry removed afterwards is not written again by the backfill
  await entries().deleteOne({ _id: expected[0] as never });
  await backfillNormEntries(40);
  expect(await entries().countDocuments({})).toBe(expected.length - 1);

  // and the histograms are rebuilt from the entries: javascript has 150 counted quizzes, one entry removed
  expect((await rebuildNorms()).sort()).toEqual(['javascript', 'react']);
  const js = await db()
    .collection('atom_norms')
    .findOne({ _id: 'javascript' as never });
  expect(js?.n).toBe(149);
});
