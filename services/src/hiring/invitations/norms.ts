// The percentile of a result among the finished candidates of an atom (the report), from a running
// histogram of final estimates per atom: one small document per atom, so the percentile costs one
// read whatever the number of candidates (a count over every result would grow with them).
//
// Who is in the norm group: every complete quiz of the atom except simulated candidates (pass_243,
// `npm run simulate`, the first-run demo data) and demo invitations' quizzes (staff trying the
// product). A quiz is counted once per atom: its entry in `atom_norm_entries` (_id atom:quiz, with
// its bin) is inserted before the histogram's $inc, and a duplicate insert skips the $inc. The
// entries are the record; the histogram is derived from them: a process dying between the insert
// and the $inc leaves the histogram one short, which the reconciliation pass sees (n differs from
// the atom's entry count) and repairs by rebuilding that atom's histogram from its entries
// (rebuildNorms). `norm_recorded` is set on the quiz once all its atoms are in.
import mongoose, { type Types } from 'mongoose';
import { markNormRecorded, QuizResult, type QuizResultDoc } from '../../quiz';
import { atomOutcome, isComplete } from './results';

export const NORMS_COLLECTION = 'atom_norms';
export const NORM_ENTRIES_COLLECTION = 'atom_norm_entries';
/** Histogram bin width on the theta scale: far below any estimate's error. */
export const NORM_BIN_WIDTH = 0.01;

interface NormDoc {
  _id: string;
  n: number;
  /** bin index (floor(theta / width), as a string key) → candidates. */
  bins: Record<string, number>;
}

interface NormEntryDoc {
  /** `<atom>:<quiz id>` */
  _id: string;
  atom: string;
  quiz: Types.ObjectId;
  bin: number;
}

function database() {
  const db = mongoose.connection.db;
  if (!db) throw new Error('norms need a connected mongoose');
  return db;
}
const norms = () => database().collection<NormDoc>(NORMS_COLLECTION);
const entries = () => database().collection<NormEntryDoc>(NORM_ENTRIES_COLLECTION);

/**
 * The index the per-atom counts read: made at start (server.ts) and by every rebuild (the
 * reconciliation pass, `npm run repair`); a no-op once it exists.
 */
export async function ensureNormIndexes(): Promise<void> {
  await entries().createIndex({ atom: 1 });
}

const isDuplicate = (err: unknown) => (err as { code?: number }).code === 11000;

export const binOf = (theta: number): number => Math.floor(theta / NORM_BIN_WIDTH);

type NormQuiz = Pick<
  QuizResultDoc,
  | '_id'
  | 'atom_ids'
  | 'served'
  | 'finished_at'
  | 'plan'
  | 'simulated'
  | 'demo_data'
  | 'demo'
  | 'norm_recorded'
> &
  Partial<Pick<QuizResultDoc, 'set_aside'>>;

/** What `countsInNorms` reads of a quiz: the projection of every read that decides it. */
export const NORM_QUIZ_FIELDS = {
  atom_ids: 1,
  served: 1,
  finished_at: 1,
  plan: 1,
  simulated: 1,
  demo_data: 1,
  demo: 1,
} as const;

/** Whether a quiz belongs in the norm group (see the top of this file). */
export function countsInNorms(q: Omit<NormQuiz, '_id' | 'norm_recorded'>): boolean {
  return isComplete(q) && !q.simulated && !q.demo_data && !q.demo;
}

/** Adds a complete quiz's atom estimates to the norms, once. */
export async function recordNorms(quizId: Types.ObjectId | string): Promise<void> {
  const quiz = await QuizResult.findById(quizId)
    .select({ ...NORM_QUIZ_FIELDS, norm_recorded: 1, set_aside: 1 })
    .lean<NormQuiz>()
    .exec();
  if (!quiz || quiz.norm_recorded || !countsInNorms(quiz)) return;
  for (const atom of quiz.atom_ids) {
    // The estimate does not depend on the thresholds; only the levels do.
    const outcome = atomOutcome(quiz, atom, null);
    if (!outcome) continue;
    const bin = binOf(outcome.estimate);
    try {
      await entries().insertOne({ _id: `${atom}:${String(quiz._id)}`, atom, quiz: quiz._id, bin });
    } catch (err) {
      if (isDuplicate(err)) continue; // counted already (or its $inc was cut off: rebuildNorms)
      throw err;
    }
    await norms().updateOne({ _id: atom }, { $inc: { n: 1, [`bins.${bin}`]: 1 } }, { upsert: true });
  }
  await markNormRecorded(quiz._id);
}

/** Quizzes read a page at a time by the entries' backfill. */
export const BACKFILL_PAGE = 500;

/**
 * Quizzes counted before the entries existed get theirs (once per database: a marker in
 * `seed_state`), so every atom's histogram can be rebuilt from its entries. The quizzes are read a
 * page at a time in `_id` order and each page's entries inserted in one write: one cursor over every
 * counted quiz, read one entry write at a time, kept all of them (each with its served questions)
 * in the database's memory for as long as the backfill took, minutes at 10,000 quizzes.
 */
export async function backfillNormEntries(pageSize = BACKFILL_PAGE): Promise<void> {
  const markers = database().collection<{ _id: string; done_at: Date }>('seed_state');
  if (await markers.findOne({ _id: 'norm-entries' })) return;
  let after: Types.ObjectId | null = null;
  for (;;) {
    const page: Pick<QuizResultDoc, '_id' | 'atom_ids' | 'served' | 'set_aside'>[] = await QuizResult.find({
      norm_recorded: true,
      ...(after ? { _id: { $gt: after } } : {}),
    })
      .sort({ _id: 1 })
      .limit(pageSize)
      .select({ atom_ids: 1, served: 1, set_aside: 1 })
      .lean<Pick<QuizResultDoc, '_id' | 'atom_ids' | 'served' | 'set_aside'>[]>()
      .exec();
    if (!page.length) break;
    const docs = page.flatMap((q) =>
      (q.atom_ids ?? []).flatMap((atom) => {
        const outcome = atomOutcome({ served: q.served ?? [], set_aside: q.set_aside }, atom, null);
        return outcome
          ? [{ _id: `${atom}:${String(q._id)}`, atom, quiz: q._id, bin: binOf(outcome.estimate) }]
          : [];
      }),
    );
    // an entry already there (a quiz counted while this ran) is a duplicate, skipped; the rest go in
    if (docs.length)
      await entries()
        .insertMany(docs, { ordered: false })
        .catch((err: unknown) => {
          const failed = (err as { writeErrors?: unknown[] }).writeErrors;
          if (!failed?.length || !failed.every((e) => isDuplicate(e))) throw err;
        });
    after = page[page.length - 1]._id;
  }
  await markers.updateOne({ _id: 'norm-entries' }, { $set: { done_at: new Date() } }, { upsert: true });
}

/**
 * Rebuilds the histogram of every atom whose count disagrees with its entries; returns those atoms.
 * A $inc racing the rebuild can leave a difference again, which the next pass repairs.
 */
export async function rebuildNorms(): Promise<string[]> {
  await ensureNormIndexes();
  await backfillNormEntries();
  const atoms = new Set<string>([
    ...(
      await norms()
        .find({}, { projection: { _id: 1 } })
        .toArray()
    ).map((d) => d._id),
    ...((await entries().distinct('atom')) as string[]),
  ]);
  const rebuilt: string[] = [];
  for (const atom of [...atoms].sort()) {
    const [doc, count] = await Promise.all([
      norms().findOne({ _id: atom }),
      entries().countDocuments({ atom }),
    ]);
    if ((doc?.n ?? 0) === count) continue;
    const bins: Record<string, number> = {};
    for await (const e of entries().find({ atom }, { projection: { bin: 1 } })) {
      const key = String(e.bin);
      bins[key] = (bins[key] ?? 0) + 1;
    }
    await norms().updateOne({ _id: atom }, { $set: { n: count, bins } }, { upsert: true });
    rebuilt.push(atom);
  }
  return rebuilt;
}

export interface Percentile {
  /** 0..100, or null when fewer than 2 candidates finished the atom. */
  value: number | null;
  among: number;
}

/**
 * The percentile of `estimate` among the atom's norm group: the share below it, ties (its bin)
 * counting half. `among` is the group's size.
 */
export async function percentileOf(atom: string, estimate: number): Promise<Percentile> {
  const doc = await norms().findOne({ _id: atom });
  const among = doc?.n ?? 0;
  if (!doc || among < 2) return { value: null, among };
  const bin = binOf(estimate);
  let below = 0;
  let same = 0;
  for (const [key, count] of Object.entries(doc.bins ?? {})) {
    const b = Number(key);
    if (b < bin) below += count;
    else if (b === bin) same += count;
  }
  return { value: Math.round((1000 * (below + same / 2)) / among) / 10, among };
}
