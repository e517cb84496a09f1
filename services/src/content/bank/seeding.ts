// The writes the demo seed (ops/seed) asks of the bank: an atom inserted once (never changed if it
// exists), its seeded questions, and its beta ordering once their ids exist. Atoms and questions are
// this context's collections.
import { Atom, type AtomDoc } from '../models/atom';
import { Question } from '../models/question';

/** Inserts the atom unless it exists (a seed never overwrites what an editor changed). */
export async function insertSeedAtom(
  id: string,
  fields: Omit<Partial<AtomDoc>, '_id' | 'beta_question_ordering'>,
): Promise<void> {
  await Atom.updateOne(
    { _id: id },
    { $setOnInsert: { ...fields, beta_question_ordering: [] } },
    { upsert: true },
  ).exec();
}

/** Inserts seeded questions (their ids reserved by the caller). */
export async function insertSeedQuestions(docs: Record<string, unknown>[]): Promise<void> {
  await Question.insertMany(docs);
}

/** The seeded atom's beta questions, in order. */
export async function setSeedBetaOrdering(id: string, beta: number[]): Promise<void> {
  await Atom.updateOne({ _id: id }, { $set: { beta_question_ordering: beta } }).exec();
}
