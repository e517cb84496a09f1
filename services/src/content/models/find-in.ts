// Reading many questions by a list of ids or uids ($in) in batches. The embedded engine finds the
// candidates of an `$in` through the index, then checks each against the whole list (mingo's `$in`
// hashes it per document), so one `$in` costs candidates × list: 10,000 question ids or uids in one
// query took 17-20 s of CPU, in batches of 500 about 0.7 s (250-500 were the fastest measured).
// A real MongoDB does not need the batches and is not slowed by them.
import { Question, type QuestionDoc } from './question';

/** Values per `$in` query. */
export const IN_BATCH = 500;

/** Lean questions whose `field` is one of `values` (duplicates read once; in no particular order). */
export async function findQuestionsIn<T = QuestionDoc>(
  field: '_id' | 'uid',
  values: readonly (number | string)[],
  projection?: Record<string, 0 | 1>,
): Promise<T[]> {
  const unique = [...new Set(values)];
  const out: T[] = [];
  for (let i = 0; i < unique.length; i += IN_BATCH)
    out.push(
      ...(await Question.find({ [field]: { $in: unique.slice(i, i + IN_BATCH) } }, projection)
        .lean<T[]>()
        .exec()),
    );
  return out;
}
