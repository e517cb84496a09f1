// One way to change part of a question outside the full form save (status, revert, attach/detach,
// variation link): read it, check the version the admin saw (409 when stale), build the patch from
// what is stored, write it conditionally on that version (+1), and record the new version.
import type { Question as QuestionView } from '@skillquiz/contracts';
import { recordQuestionVersion } from './history-record';
import { notFound } from '../../platform';
import { touchAtomBanks } from '../models/atom';
import { Question, isContentChange, searchWordsOf, type QuestionDoc } from '../models/question';
import { toQuestion } from '../models/views';
import { changesAnything, staleVersion } from './questions';

export interface PatchPlan {
  patch: Partial<QuestionDoc>;
  /** What made the change (history's `via`). */
  via: string;
  detail?: Record<string, unknown>;
}

export async function loadQuestion(id: number): Promise<QuestionDoc> {
  const doc = await Question.findById(id).lean<QuestionDoc>().exec();
  if (!doc) throw notFound(`No question with id ${id}`);
  return doc;
}

/**
 * Applies `plan(before)` to question `id` if its version is still `expected`. A patch that changes
 * nothing writes nothing (same version). A content change makes `actor` the last editor.
 */
export async function patchQuestion(
  id: number,
  expected: number,
  actor: string,
  plan: (before: QuestionDoc) => PatchPlan | Promise<PatchPlan>,
): Promise<QuestionView> {
  const before = await loadQuestion(id);
  if (before.version !== expected) throw staleVersion(id, expected, before.version);
  const { patch, via, detail } = await plan(before);
  if (!changesAnything(before, patch)) return toQuestion(before);
  const set: Partial<QuestionDoc> = { ...patch };
  if (isContentChange(before, patch)) set.last_edited_by = actor;
  // the search's words follow the text: this write skips mongoose's save hook
  if ('question_text' in patch || 'code_block' in patch)
    set.search_words = searchWordsOf(
      set.question_text ?? before.question_text,
      set.code_block ?? before.code_block,
    );
  const after = await Question.findOneAndUpdate(
    { _id: id, version: before.version },
    { $set: set, $inc: { version: 1 } },
    { returnDocument: 'after', runValidators: true },
  )
    .lean<QuestionDoc>()
    .exec();
  if (!after) {
    const now = await Question.findById(id, { version: 1 }).lean<Pick<QuestionDoc, 'version'>>().exec();
    if (!now) throw notFound(`No question with id ${id}`);
    throw staleVersion(id, expected, now.version);
  }
  // its atoms' banks (before and after) changed: services processes prepare them again (quiz/bank-cache.ts)
  await touchAtomBanks([...before.atoms, ...after.atoms]);
  await recordQuestionVersion(actor, before, after, via, detail);
  return toQuestion(after);
}
