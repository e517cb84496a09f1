// Named atomic counters. Questions get small integer ids (they appear in admin URLs, in
// beta_question_ordering and as original_question_id), which MongoDB does not generate itself.
import { Schema, model } from 'mongoose';

export interface CounterDoc {
  /** The counter's name, e.g. 'questions'. */
  _id: string;
  seq: number;
}

const counterSchema = new Schema<CounterDoc>(
  {
    _id: { type: String, required: true },
    seq: { type: Number, required: true, default: 0 },
  },
  { collection: 'counters', versionKey: false },
);

export const Counter = model<CounterDoc>('Counter', counterSchema);

/**
 * The next value of counter `name` (1 for a new counter). One findAndModify with $inc and upsert:
 * atomic on the server, so concurrent callers never get the same value.
 */
export async function nextSequence(name: string): Promise<number> {
  const doc = await Counter.findOneAndUpdate(
    { _id: name },
    { $inc: { seq: 1 } },
    { upsert: true, returnDocument: 'after', lean: true },
  ).exec();
  if (!doc) throw new Error(`counter ${name} did not return a value`);
  return doc.seq;
}

/**
 * Reserves `n` consecutive values of counter `name` in one atomic $inc; returns the first (the
 * others follow it). For callers that create many documents at once (an import, the seed).
 */
export async function reserveSequence(name: string, n: number): Promise<number> {
  const doc = await Counter.findOneAndUpdate(
    { _id: name },
    { $inc: { seq: n } },
    { upsert: true, returnDocument: 'after', lean: true },
  ).exec();
  if (!doc) throw new Error(`counter ${name} did not return a value`);
  return doc.seq - n + 1;
}

/**
 * Makes sure counter `name` will hand out values above `floor` (for example after importing
 * documents with explicit ids). Never moves a counter backwards.
 */
export async function raiseSequence(name: string, floor: number): Promise<void> {
  await Counter.updateOne({ _id: name }, { $max: { seq: floor } }, { upsert: true }).exec();
}

/** Adds one to a plain counter (created at 1). */
export async function incrementCounter(name: string): Promise<void> {
  await Counter.updateOne({ _id: name }, { $inc: { seq: 1 } }, { upsert: true }).exec();
}

/** A plain counter's value (0 when it was never incremented). */
export async function counterValue(name: string): Promise<number> {
  const c = await Counter.findById(name).lean().exec();
  return c?.seq ?? 0;
}
