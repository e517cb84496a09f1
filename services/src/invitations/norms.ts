// The percentile of a result among the finished candidates of an atom (the report), from a running
// histogram of final estimates per atom: one small document per atom, so the percentile costs one
// read whatever the number of candidates (a count over every result would grow with them).
//
// Who is in the norm group: every complete quiz of the atom except simulated candidates (pass_243,
// `npm run simulate`, the first-run demo data) and demo invitations' quizzes (staff trying the
// product). A quiz is counted once: `norm_recorded` is set by a conditional write before the
// histogram's $inc (a process dying between the two loses that one count; it is never doubled).
import mongoose, { type Types } from 'mongoose';
import { QuizResult, type QuizResultDoc } from '../models';
import { atomOutcome, isComplete } from './results';

export const NORMS_COLLECTION = 'atom_norms';
/** Histogram bin width on the theta scale: far below any estimate's error. */
export const NORM_BIN_WIDTH = 0.01;

interface NormDoc {
  _id: string;
  n: number;
  /** bin index (floor(theta / width), as a string key) → candidates. */
  bins: Record<string, number>;
}

function norms() {
  const db = mongoose.connection.db;
  if (!db) throw new Error('norms need a connected mongoose');
  return db.collection<NormDoc>(NORMS_COLLECTION);
}

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
>;

/** Whether a quiz belongs in the norm group (see the top of this file). */
export function countsInNorms(q: Omit<NormQuiz, '_id' | 'norm_recorded'>): boolean {
  return isComplete(q) && !q.simulated && !q.demo_data && !q.demo;
}

/** Adds a complete quiz's atom estimates to the norms, once. */
export async function recordNorms(quizId: Types.ObjectId | string): Promise<void> {
  const quiz = await QuizResult.findById(quizId)
    .select({
      atom_ids: 1,
      served: 1,
      finished_at: 1,
      plan: 1,
      simulated: 1,
      demo_data: 1,
      demo: 1,
      norm_recorded: 1,
    })
    .lean<NormQuiz>()
    .exec();
  if (!quiz || quiz.norm_recorded || !countsInNorms(quiz)) return;
  const claimed = await QuizResult.updateOne(
    { _id: quiz._id, norm_recorded: { $ne: true } },
    { $set: { norm_recorded: true } },
  ).exec();
  if (claimed.modifiedCount !== 1) return; // another process counted it
  for (const atom of quiz.atom_ids) {
    // The estimate does not depend on the thresholds; only the levels do.
    const outcome = atomOutcome(quiz, atom, null);
    if (!outcome) continue;
    await norms().updateOne(
      { _id: atom },
      { $inc: { n: 1, [`bins.${binOf(outcome.estimate)}`]: 1 } },
      { upsert: true },
    );
  }
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
