// A bank question. `_id` is an integer from the 'questions' counter; answers are embedded.
// Editing content bumps `version`; quiz results keep their own snapshot of what they served,
// so an edit never changes a recorded result.
import { randomBytes, randomUUID } from 'node:crypto';
import { Schema, model, type HydratedDocument } from 'mongoose';
import { DEFAULT_DIFFICULTY_PARAMS, QUESTION_STATUSES, type QuestionStatus } from '@skillquiz/contracts';
import {
  TIMESTAMPS,
  difficultyParamsSchema,
  isInteger,
  type DifficultyParamsDoc,
  type Timestamps,
  nextSequence,
} from '../../platform';
import { touchAtomBanks } from './atom';

export const QUESTION_COUNTER = 'questions';

/** Fields whose change is a content edit (bumps `version`). administered, atoms and exposure are not content. */
export const QUESTION_CONTENT_FIELDS = [
  'question_text',
  'code_block',
  'code_language',
  'language',
  'answers',
  'claim',
  'difficulty_params',
  'original_question_id',
] as const;

export interface AnswerDoc {
  /** Unique within its question; what a candidate submits. */
  hash_id: string;
  text: string;
  /** Correct flag: never leaves the server for a candidate. */
  c: boolean;
  /** Zero-based locked position; absent = random. */
  position?: number;
}

export interface QuestionDoc extends Timestamps {
  _id: number;
  question_text: string;
  code_block: string;
  code_language: string | null;
  language: string | null;
  administered: boolean;
  answers: AnswerDoc[];
  /** Atom slugs (the API calls them all_atoms). */
  atoms: string[];
  claim: string | null;
  original_question_id: number | null;
  difficulty_params: DifficultyParamsDoc;
  /** Content version, 1 on create, +1 on each content edit. */
  version: number;
  /** How many times it has been served (exposure control). */
  exposure_count: number;
  /**
   * Review state. Absent on questions stored before review existed: they read as ready
   * (`statusOf`). No schema default, so a hydrated old document does not turn into a draft.
   */
  status?: QuestionStatus;
  /** Stable identifier across products (import/export match on it); absent on old questions until exported. */
  uid?: string;
  /** Email of the admin who last changed its content ('system' for seeds). */
  last_edited_by?: string | null;
  /**
   * The distinct words of question_text and code_block (searchWordsOf), kept by every save: the search's
   * index. Not part of the API's question.
   */
  search_words: string[];
}

/** A question's review state: absent (stored before review existed) reads as ready. */
export function statusOf(q: Pick<QuestionDoc, 'status'>): QuestionStatus {
  return q.status ?? 'ready';
}

/** Filter matching questions that count as ready (an absent status included). */
export const READY_FILTER = { status: { $nin: ['draft', 'in_review'] } } as const;

/** The list's status filter: ready includes questions without a status. */
export function statusFilter(status: QuestionStatus): Record<string, unknown> {
  return status === 'ready' ? { ...READY_FILTER } : { status };
}

/** A word: a run of letters, digits and underscores (the same rule for stored text and for a search). */
export const WORD = /[\p{L}\p{N}_]+/gu;

/**
 * The distinct words of a question's text and code, as written (case kept: a search matches them with a
 * case-insensitive regex). A search for any text finds its questions among those holding a word that contains
 * the search's longest word (content/bank/questions.ts).
 */
export function searchWordsOf(text: string | null | undefined, code: string | null | undefined): string[] {
  const words = new Set<string>();
  for (const source of [text, code]) for (const w of (source ?? '').match(WORD) ?? []) words.add(w);
  return [...words];
}

/** 72 random bits, URL-safe (12 characters of base64url). */
export function newHashId(): string {
  return randomBytes(9).toString('base64url');
}

const answerSchema = new Schema<AnswerDoc>(
  {
    hash_id: { type: String, required: true, default: newHashId, match: /^[A-Za-z0-9_-]{1,64}$/ },
    text: { type: String, default: '' },
    c: { type: Boolean, default: false },
    position: {
      type: Number,
      min: 0,
      validate: { validator: (p: unknown) => p == null || isInteger(p), message: 'position is an integer' },
    },
  },
  { _id: false },
);

const questionSchema = new Schema<QuestionDoc>(
  {
    _id: {
      type: Number,
      required: true,
      validate: {
        validator: (id: unknown) => isInteger(id) && (id as number) > 0,
        message: 'question ids are positive integers',
      },
    },
    question_text: { type: String, default: '' },
    code_block: { type: String, default: '' },
    code_language: { type: String, default: null },
    language: { type: String, default: null },
    administered: { type: Boolean, default: false },
    answers: {
      type: [answerSchema],
      default: [],
      validate: [
        {
          validator: (answers: AnswerDoc[]) => new Set(answers.map((a) => a.hash_id)).size === answers.length,
          message: 'answer hash_ids must be unique within a question',
        },
        {
          validator: (answers: AnswerDoc[]) => {
            const locked = answers.flatMap((a) => (a.position == null ? [] : [a.position]));
            return new Set(locked).size === locked.length && locked.every((p) => p < answers.length);
          },
          message: 'locked positions must be distinct and within the answers',
        },
      ],
    },
    atoms: { type: [String], default: [] },
    claim: { type: String, default: null },
    original_question_id: { type: Number, default: null },
    difficulty_params: { type: difficultyParamsSchema, default: () => ({ ...DEFAULT_DIFFICULTY_PARAMS }) },
    version: { type: Number, default: 1, min: 1 },
    exposure_count: { type: Number, default: 0, min: 0 },
    status: { type: String, enum: QUESTION_STATUSES },
    uid: { type: String },
    last_edited_by: { type: String },
    search_words: { type: [String], default: undefined },
  },
  { collection: 'questions', timestamps: TIMESTAMPS, versionKey: false },
);

// The search words follow the text on every save (create, insertMany and document saves validate first).
// Writes that bypass documents (updateOne and the like) do not change text or code anywhere in the product;
// a question stored without words (written directly into the database) gets them at the next start
// (backfillSearchWords).
questionSchema.pre('validate', function () {
  if (this.isNew || this.isModified('question_text') || this.isModified('code_block') || !this.search_words)
    this.search_words = searchWordsOf(this.question_text, this.code_block);
});

// Serving (an atom's administered questions) and the admin list of one atom's administered questions,
// newest first; counting an atom's questions (the atoms list's $group by atoms, its first field), deleting
// an atom (its questions). (Variation families and claim balancing work on the bank serving loads, so they
// need no index of their own.)
questionSchema.index({ atoms: 1, administered: 1, _id: -1 });
// The admin list of one atom with non-administered questions, newest first.
questionSchema.index({ atoms: 1, _id: -1 });
// The admin list with only_administered, newest first (ids grow with time; the unfiltered list
// pages on the built-in _id index).
questionSchema.index({ administered: 1, _id: -1 });
// claim-options: the distinct claims in use.
questionSchema.index({ claim: 1 });
// Import matches items to questions by uid; unique among questions that have one.
questionSchema.index({ uid: 1 }, { unique: true, sparse: true });
// Search: the questions holding a word that contains the search's longest word (a regex over this index's
// keys), then the case-insensitive regex over question_text and code_block (content/bank/questions.ts).
questionSchema.index({ search_words: 1 });

export const Question = model<QuestionDoc>('Question', questionSchema);
export type QuestionDocument = HydratedDocument<QuestionDoc>;

export type NewQuestionInput = Partial<
  Omit<QuestionDoc, '_id' | 'version' | 'created_at' | 'updated_at' | 'answers'>
> & {
  answers?: Array<Omit<AnswerDoc, 'hash_id'> & { hash_id?: string }>;
};

/**
 * Creates a question with the next integer id and marks its atoms' banks changed (touchAtomBanks). Answers
 * without a hash_id get a fresh one.
 * (An explicit function rather than a save hook, so where ids come from is visible at the call site.)
 */
export async function createQuestion(
  input: NewQuestionInput,
  { touchBanks = true }: { touchBanks?: boolean } = {},
): Promise<QuestionDocument> {
  const _id = await nextSequence(QUESTION_COUNTER);
  const created = await Question.create({ uid: randomUUID(), ...input, _id, version: 1 });
  // its atoms' banks changed: services processes prepare them again (quiz/bank-cache.ts); a caller
  // creating many questions (the seed) marks their atoms once at the end instead
  if (touchBanks) await touchAtomBanks(created.atoms ?? []);
  return created;
}

/** Field values in a comparable form (key order and mongoose wrappers do not matter). */
function comparable(field: (typeof QUESTION_CONTENT_FIELDS)[number], value: unknown): string {
  if (field === 'answers' && Array.isArray(value)) {
    return JSON.stringify(
      (value as AnswerDoc[]).map((a) => [a.hash_id, a.text, Boolean(a.c), a.position ?? null]),
    );
  }
  if (field === 'difficulty_params' && value && typeof value === 'object') {
    const p = value as DifficultyParamsDoc;
    return JSON.stringify([p.a, p.d]);
  }
  return JSON.stringify(value ?? null);
}

/** True when `patch` changes a content field of `before` (then the writer must $inc version). */
export function isContentChange(before: Partial<QuestionDoc>, patch: Partial<QuestionDoc>): boolean {
  return QUESTION_CONTENT_FIELDS.some(
    (field) => field in patch && comparable(field, patch[field]) !== comparable(field, before[field]),
  );
}
