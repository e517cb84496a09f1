// Many question writes at once (an import's updates, a bulk status change), each conditional on the
// version the caller checked: the never-a-silent-overwrite rule of a single save, in batches.
//
// One ordered bulk write per WRITE_BATCH questions, each statement `{ _id, version } → $set, $inc
// version`. A batch whose statements all matched is written as planned, so its new documents are
// known without reading them back (content changes always bump the version, so a question still at
// the checked version holds what was checked). Only a batch where some filter matched nothing (the
// question changed or went in between) is read back, to tell which were written: those at the next
// version with the values set. The writes go through the driver (no per-statement casting by
// mongoose: the values come from checked documents), with `updated_at` set here.
import type { mongo } from 'mongoose';
import { touchAtomBanks } from '../models/atom';
import { findQuestionsIn } from '../models/find-in';
import {
  Question,
  isContentChange,
  QUESTION_CONTENT_FIELDS,
  searchWordsOf,
  type QuestionDoc,
} from '../models/question';

/** Statements per bulk write: one write of 10,000 would hold the event loop for its whole encode. */
export const WRITE_BATCH = 1000;

export interface VersionedUpdate {
  /** The question as checked (its version is the condition). */
  before: QuestionDoc;
  set: Partial<QuestionDoc>;
}

export interface VersionedResult {
  /** The questions written, as they are now (before + set, next version). */
  written: QuestionDoc[];
  /** Ids left as they were: changed or deleted since they were checked. */
  lost: number[];
}

const content = new Set<string>(QUESTION_CONTENT_FIELDS);

/** True when `doc` holds every value of `set`. */
function holds(doc: QuestionDoc, set: Partial<QuestionDoc>): boolean {
  return Object.entries(set).every(([key, value]) =>
    content.has(key)
      ? !isContentChange(doc, { [key]: value })
      : JSON.stringify(doc[key as keyof QuestionDoc] ?? null) === JSON.stringify(value ?? null),
  );
}

export async function versionedUpdates(updates: VersionedUpdate[]): Promise<VersionedResult> {
  const written: QuestionDoc[] = [];
  const lost: number[] = [];
  for (let i = 0; i < updates.length; i += WRITE_BATCH) {
    const batch = updates.slice(i, i + WRITE_BATCH);
    const now = new Date();
    const questions = Question.collection as unknown as mongo.Collection<QuestionDoc>;
    const result = await questions.bulkWrite(
      batch.map((u) => ({
        updateOne: {
          filter: { _id: u.before._id, version: u.before.version },
          update: { $set: { ...u.set, ...searchWords(u), updated_at: now }, $inc: { version: 1 } },
        },
      })),
      { ordered: true },
    );
    const planned = (u: VersionedUpdate): QuestionDoc => ({
      ...u.before,
      ...u.set,
      ...searchWords(u),
      version: u.before.version + 1,
      updated_at: now,
    });
    if (result.matchedCount === batch.length) {
      written.push(...batch.map(planned));
      continue;
    }
    const stored = new Map(
      (
        await findQuestionsIn<QuestionDoc>(
          '_id',
          batch.map((u) => u.before._id),
        )
      ).map((q) => [q._id, q]),
    );
    for (const u of batch) {
      const doc = stored.get(u.before._id);
      if (doc && doc.version === u.before.version + 1 && holds(doc, u.set)) written.push(doc);
      else lost.push(u.before._id);
    }
  }
  // the atoms' banks (before and after) changed: services processes prepare them again (quiz/bank-cache.ts)
  const byId = new Map(updates.map((u) => [u.before._id, u.before]));
  await touchAtomBanks(written.flatMap((a) => [...(byId.get(a._id)?.atoms ?? []), ...(a.atoms ?? [])]));
  return { written, lost };
}

/**
 * The search words of an update that sets the text or the code: these writes skip mongoose's
 * save hook, which keeps them on every other write.
 */
function searchWords({ before, set }: VersionedUpdate): Pick<QuestionDoc, 'search_words'> | object {
  if (!('question_text' in set) && !('code_block' in set)) return {};
  return {
    search_words: searchWordsOf(
      set.question_text ?? before.question_text,
      set.code_block ?? before.code_block,
    ),
  };
}
