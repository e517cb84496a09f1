// Question rules of the admin content API.
//
// Writes arrive already decoded and normalised by the contracts' QuestionWritePayloadSchema
// (base64 UTF-8 text, claim lowercase with '_' for whitespace, original_question_id an integer).
// Here: references must exist, answers without a hash_id get a fresh unique one, all_atoms is
// stored as the model's `atoms`, and content edits bump `version`.
//
// Versioning rule: `version` starts at 1 and goes up by one on every edit of a content field
// (QUESTION_CONTENT_FIELDS: text, code, languages, answers, claim, difficulty, original question).
// Changing only administered or atoms is not a content edit. Quiz results never read a question's
// live content for what they already served: they keep a snapshot (with the version it was), so an
// edit never changes a recorded result.
//
// Concurrency rule: a write that carries `version` (the admin form sends back the one it loaded)
// is based on that version; if the question has moved on since, it is refused with 409 and nothing
// changes. Since the form sends the whole question, a change to administered or atoms alone would
// otherwise be silently undone by a second editor, so every effective edit bumps `version`, not only
// content edits. A write without `version` is accepted as before (SPEC §7's payload has none).
import {
  CONSTANTS,
  PositiveIntParamSchema,
  type Question as QuestionView,
  type QuestionListQuery,
  type QuestionListResponse,
  type QuestionWrite,
} from '@skillquiz/contracts';
import type { QueryFilter } from 'mongoose';
import { recordQuestionVersion } from './history-record';
import { badRequest, conflict, notFound, type Logger } from '../../platform';
import { REVIEW_ON, decideStatus, type ReviewRules } from './status';
import { Atom, touchAtomBanks } from '../models/atom';
import {
  Question,
  WORD,
  createQuestion as insertQuestion,
  isContentChange,
  statusFilter,
  newHashId,
  searchWordsOf,
  type AnswerDoc,
  type QuestionDoc,
} from '../models/question';
import { toQuestion } from '../models/views';

/** Makes user text safe to use inside a regular expression (matched literally). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The longest word of a search (the most selective lookup in the search_words index), or null. */
export function longestWord(search: string): string | null {
  let best: string | null = null;
  for (const w of search.match(WORD) ?? []) if (!best || w.length > best.length) best = w;
  return best;
}

/** A search that is one word (letters, digits, underscores): a question matches it exactly when a word does. */
const ONE_WORD = /^[\p{L}\p{N}_]+$/u;

/**
 * The Mongo filter of the questions list. A search is a case-insensitive substring of the question text or
 * code (or a question's id). A match lies inside one of the question's words when the search is one word,
 * so the search_words index answers it alone (a regex over the index's distinct words, on MongoDB as on the
 * embedded engine). Otherwise a matching question holds a word that contains the search's longest word:
 * the index narrows the bank to those, and the text regex decides.
 */
export function questionListFilter(query: QuestionListQuery): QueryFilter<QuestionDoc> {
  const filter: QueryFilter<QuestionDoc> = {};
  if (query.atom !== CONSTANTS.ALL_ATOMS_KEY) filter.atoms = query.atom;
  if (query.only_administered) filter.administered = true;
  if (query.status) Object.assign(filter, statusFilter(query.status));
  if (query.search) {
    // Typing a question's id finds it too.
    const id = PositiveIntParamSchema.safeParse(query.search);
    const byId: QueryFilter<QuestionDoc>[] = id.success ? [{ _id: id.data }] : [];
    const pattern = { $regex: escapeRegex(query.search), $options: 'i' };
    const text: QueryFilter<QuestionDoc>[] = [{ question_text: pattern }, { code_block: pattern }];
    const word = longestWord(query.search);
    const inWords = word && { search_words: { $regex: escapeRegex(word), $options: 'i' } };
    if (!inWords)
      filter.$or = [...text, ...byId]; // no word to look up (punctuation only): every question is read
    else if (ONE_WORD.test(query.search)) filter.$or = [inWords, ...byId];
    else filter.$and = [{ $or: [inWords, ...byId] }, { $or: [...text, ...byId] }];
  }
  return filter;
}

/** One page of the questions list, newest first, with the total number of matches. */
export async function listQuestions(query: QuestionListQuery): Promise<QuestionListResponse> {
  const filter = questionListFilter(query);
  const pageSize = CONSTANTS.QUESTIONS_PAGE_SIZE;
  // Both along indexes: the page walks the filter's index newest first and reads only its 20 questions;
  // the total is counted from the index (or, for a search, from the narrowed candidates' text).
  const [docs, total] = await Promise.all([
    Question.find(filter)
      .select({ search_words: 0 })
      .sort({ _id: -1 })
      .skip((query.page - 1) * pageSize)
      .limit(pageSize)
      .lean<QuestionDoc[]>()
      .exec(),
    Question.countDocuments(filter).exec(),
  ]);
  return { questions: docs.map(toQuestion), page: query.page, total, page_size: pageSize };
}

/**
 * Gives search words to questions stored without them (written straight into the database, or before
 * questions had search words), so a search finds them. Run at start; a no-op once every question has its words.
 */
export async function backfillSearchWords(logger?: Logger): Promise<number> {
  // { search_words: null } is answered from the index (its null key), not by reading every question
  const missing = await Question.find({ search_words: null })
    .select({ question_text: 1, code_block: 1, search_words: 1 })
    .lean<Pick<QuestionDoc, '_id' | 'question_text' | 'code_block' | 'search_words'>[]>()
    .exec();
  const todo = missing.filter((q) => !Array.isArray(q.search_words));
  for (let i = 0; i < todo.length; i += 500) {
    await Question.bulkWrite(
      todo.slice(i, i + 500).map((q) => ({
        updateOne: {
          filter: { _id: q._id },
          update: { $set: { search_words: searchWordsOf(q.question_text, q.code_block) } },
          timestamps: false,
        },
      })),
      { ordered: false },
    );
  }
  if (todo.length)
    logger?.info(`search: indexed the words of ${todo.length} question(s) stored without them`);
  return todo.length;
}

export async function getQuestion(id: number): Promise<QuestionView> {
  const doc = await Question.findById(id).lean<QuestionDoc>().exec();
  if (!doc) throw notFound(`No question with id ${id}`);
  return toQuestion(doc);
}

/** all_atoms and original_question_id must name things that exist (a question is not its own original). */
async function checkReferences(write: QuestionWrite, selfId?: number): Promise<void> {
  if (write.all_atoms.length) {
    const found = await Atom.find({ _id: { $in: write.all_atoms } }, { _id: 1 })
      .lean()
      .exec();
    const have = new Set(found.map((a) => a._id));
    const missing = write.all_atoms.filter((slug) => !have.has(slug));
    if (missing.length)
      throw badRequest(`all_atoms: no atom with id ${missing.map((s) => `'${s}'`).join(', ')}`);
  }
  const original = write.original_question_id;
  if (original !== null) {
    if (original === selfId)
      throw badRequest('original_question_id: a question cannot be a variation of itself');
    if (!(await Question.exists({ _id: original }).exec()))
      throw badRequest(`original_question_id: no question with id ${original}`);
  }
}

/** Answers as stored: a new answer (no hash_id) gets a fresh id unique within the question. */
export function withHashIds(answers: QuestionWrite['answers']): AnswerDoc[] {
  const taken = new Set(answers.flatMap((a) => (a.hash_id ? [a.hash_id] : [])));
  return answers.map((a) => {
    let hashId = a.hash_id;
    while (!hashId || (!a.hash_id && taken.has(hashId))) hashId = newHashId();
    taken.add(hashId);
    return {
      hash_id: hashId,
      text: a.text,
      c: a.c,
      ...(a.position === undefined ? {} : { position: a.position }),
    };
  });
}

/** The stored fields a write sets (the whole editable question: the form always sends all of it). */
function storedFields(write: QuestionWrite): Partial<QuestionDoc> {
  return {
    question_text: write.question_text,
    code_block: write.code_block,
    code_language: write.code_language,
    language: write.language,
    administered: write.administered,
    answers: withHashIds(write.answers),
    atoms: write.all_atoms,
    claim: write.claim,
    original_question_id: write.original_question_id,
    ...(write.difficulty_params ? { difficulty_params: write.difficulty_params } : {}),
  };
}

export async function createQuestion(
  write: QuestionWrite,
  actor: string,
  rules: ReviewRules = REVIEW_ON,
): Promise<QuestionView> {
  const status = decideStatus({
    before: null,
    requested: write.status,
    administered: write.administered,
    contentChanged: true,
    actor,
    rules,
  });
  await checkReferences(write);
  const created = (
    await insertQuestion({ ...storedFields(write), status, last_edited_by: actor })
  ).toObject<QuestionDoc>();
  await recordQuestionVersion(actor, null, created, 'edit');
  return toQuestion(created);
}

/** True when the write changes any stored field: content, administered, atoms or review status. */
export function changesAnything(before: QuestionDoc, patch: Partial<QuestionDoc>): boolean {
  return (
    isContentChange(before, patch) ||
    (patch.status !== undefined && patch.status !== (before.status ?? 'ready')) ||
    (patch.administered !== undefined && patch.administered !== before.administered) ||
    (patch.atoms !== undefined && JSON.stringify(patch.atoms) !== JSON.stringify(before.atoms))
  );
}

/** The 409 for a write based on an older version than the stored one. */
export function staleVersion(id: number, sent: number, current: number) {
  return conflict(
    `Question ${id} was changed by someone else since you opened it (you edited version ${sent}, ` +
      `it is now version ${current}). Your changes were not saved: keep a copy of them, reload the ` +
      'question, and make them again.',
  );
}

/**
 * Replaces the question's editable fields; any effective change bumps its version. A write that
 * carries `version` must be based on the stored one (else 409); the save itself is conditional on
 * the version read here, so a write landing in between is refused too, never overwritten.
 */
export async function updateQuestion(
  id: number,
  write: QuestionWrite,
  actor: string,
  rules: ReviewRules = REVIEW_ON,
): Promise<QuestionView> {
  const doc = await Question.findById(id).exec();
  if (!doc) throw notFound(`No question with id ${id}`);
  const beforeDoc = doc.toObject<QuestionDoc>();
  if (write.version !== undefined && write.version !== beforeDoc.version) {
    throw staleVersion(id, write.version, beforeDoc.version);
  }
  await checkReferences(write, id);
  const patch = storedFields(write);
  const contentChanged = isContentChange(beforeDoc, patch);
  patch.status = decideStatus({
    before: beforeDoc,
    requested: write.status,
    administered: write.administered,
    contentChanged,
    actor,
    rules,
  });
  if (!changesAnything(beforeDoc, patch)) return toQuestion(beforeDoc);
  if (contentChanged) patch.last_edited_by = actor;
  doc.set(patch);
  doc.version = beforeDoc.version + 1;
  doc.$where = { version: beforeDoc.version };
  try {
    await doc.save();
  } catch (err) {
    if ((err as Error).name !== 'DocumentNotFoundError') throw err;
    const now = await Question.findById(id, { version: 1 }).lean<Pick<QuestionDoc, 'version'>>().exec();
    if (!now) throw notFound(`No question with id ${id}`);
    throw staleVersion(id, write.version ?? beforeDoc.version, now.version);
  }
  const after = doc.toObject<QuestionDoc>();
  // its atoms' banks changed (before and after): services processes prepare them again (quiz/bank-cache.ts)
  await touchAtomBanks([...beforeDoc.atoms, ...after.atoms]);
  await recordQuestionVersion(actor, beforeDoc, after, 'edit');
  return toQuestion(after);
}
