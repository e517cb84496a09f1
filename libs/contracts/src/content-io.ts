// Import and export of questions: the interchange item every format maps to, the plain
// JSON file, and the preview / commit calls. QTI 2.2 and CSV are read and written by the services
// (services/src/content/io) into and out of these same shapes.
import { z } from 'zod';
import { CONSTANTS } from './constants';
import { QuestionListQuerySchema } from './admin';
import { AtomFormatSchema, HashIdSchema, LevelThresholdsSchema, SlugSchema } from './entities';

const L = CONSTANTS.LIMITS;

/** Stable question identifier across products: letters, digits and `._:-`, up to 100 characters. */
export const UID_RE = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;
export const UidSchema = z
  .string()
  .regex(UID_RE, 'uid may hold only letters, digits, ".", "_", ":" and "-" (at most 100 characters)');

/** One answer as exchanged: plain text, `correct`, and an optional locked zero-based position. */
export const InterchangeAnswerSchema = z.strictObject({
  hash_id: HashIdSchema.nullish().transform((h) => h ?? undefined),
  text: z.string().max(L.ANSWER_TEXT_MAX, `answer text is at most ${L.ANSWER_TEXT_MAX} characters`),
  correct: z.boolean().default(false),
  position: z
    .number()
    .int('position must be an integer')
    .min(0)
    .max(L.ANSWERS_MAX - 1)
    .nullish()
    .transform((p) => p ?? undefined),
});
export type InterchangeAnswer = z.output<typeof InterchangeAnswerSchema>;

/**
 * One question as exchanged (JSON `questions[]`, one CSV row, one QTI item): content only. Review
 * status and `administered` are not exchanged: they belong to the product the question lives in.
 * `original_uid` is the variation link, by the original's uid (ids differ between products).
 */
export const InterchangeQuestionSchema = z.strictObject({
  uid: UidSchema.nullish().transform((u) => u ?? undefined),
  question_text: z
    .string()
    .max(L.QUESTION_TEXT_MAX, `question_text is at most ${L.QUESTION_TEXT_MAX} characters`),
  code_block: z.string().max(L.CODE_BLOCK_MAX).default(''),
  code_language: z
    .string()
    .nullish()
    .transform((v) => (v ? v : null)),
  language: z
    .string()
    .nullish()
    .transform((v) => (v ? v : null)),
  answers: z
    .array(InterchangeAnswerSchema)
    .max(L.ANSWERS_MAX, `at most ${L.ANSWERS_MAX} answers`)
    .default([]),
  claim: z
    .string()
    .max(L.CLAIM_MAX)
    .nullish()
    .transform((v) => (v ? v : null)),
  atoms: z.array(SlugSchema).max(L.ATOMS_PER_QUESTION_MAX).default([]),
  difficulty_params: z
    .strictObject({
      a: z.number().gt(0, 'a must be positive').max(10, 'a must be at most 10'),
      d: z.number().min(-30).max(30),
    })
    .default({ a: 1, d: 0 }),
  original_uid: UidSchema.nullish().transform((u) => u ?? null),
});
export type InterchangeQuestion = z.output<typeof InterchangeQuestionSchema>;
export type InterchangeQuestionInput = z.input<typeof InterchangeQuestionSchema>;

/** An atom as exchanged: its settings; the beta ordering names questions by uid. */
export const InterchangeAtomSchema = z.strictObject({
  id: SlugSchema,
  name: z.string().trim().min(1).max(L.NAME_MAX),
  description: z.string().max(L.DESCRIPTION_MAX).default(''),
  description_html: z.string().max(L.DESCRIPTION_MAX).default(''),
  client_description: z.string().max(L.DESCRIPTION_MAX).default(''),
  level_1_description: z.string().max(L.DESCRIPTION_MAX).default(''),
  level_2_description: z.string().max(L.DESCRIPTION_MAX).default(''),
  level_3_description: z.string().max(L.DESCRIPTION_MAX).default(''),
  level_4_description: z.string().max(L.DESCRIPTION_MAX).default(''),
  level_5_description: z.string().max(L.DESCRIPTION_MAX).default(''),
  category: z.string().max(L.NAME_MAX).default(''),
  eta_minutes: z.number().int().min(0).max(1440).default(CONSTANTS.DEFAULT_ETA_MINUTES),
  num_questions: z.number().int().min(1).max(200).default(CONSTANTS.DEFAULT_NUM_QUESTIONS),
  format: AtomFormatSchema.default(CONSTANTS.DEFAULT_ATOM_FORMAT),
  beta: z.boolean().default(false),
  supported_programming_languages: z.array(z.string().min(1).max(50)).max(50).default([]),
  beta_question_uids: z.array(UidSchema).max(L.BETA_ORDERING_MAX).default([]),
  levels_thresholds: LevelThresholdsSchema.default([...CONSTANTS.DEFAULT_LEVELS_THRESHOLDS]),
});
export type InterchangeAtom = z.output<typeof InterchangeAtomSchema>;

export const JSON_EXPORT_FORMAT = 'skillquiz-questions';
export const JSON_EXPORT_VERSION = 1;

/** The plain JSON file: the atoms the questions name, then the questions (lowest id first). */
export interface QuestionsJsonFile {
  format: typeof JSON_EXPORT_FORMAT;
  format_version: typeof JSON_EXPORT_VERSION;
  atoms: InterchangeAtom[];
  questions: InterchangeQuestion[];
}

export const IMPORT_FORMATS = ['json', 'csv', 'qti'] as const;
export const ImportFormatSchema = z.enum(IMPORT_FORMATS);
export type ImportFormat = z.infer<typeof ImportFormatSchema>;

/**
 * GET /api/questions/export?format=&atom=&search=&only_administered=&status=: the questions list's
 * filters (same meaning as GET /api/questions), so "export" takes what the list shows, every page.
 */
export const ExportQuerySchema = z.strictObject({
  format: ImportFormatSchema.default('json'),
  ...QuestionListQuerySchema.pick({ atom: true, search: true, only_administered: true, status: true }).shape,
});
export type ExportQuery = z.infer<typeof ExportQuerySchema>;

/** POST /api/questions/import/preview?format= (body: the file's bytes, application/octet-stream). */
export const ImportPreviewQuerySchema = z.strictObject({
  /** Absent: guessed from the bytes (zip or XML → qti, `{` → json, else csv). */
  format: ImportFormatSchema.optional(),
  filename: z.string().max(255).optional(),
});

export interface ImportProblem {
  /** Where, e.g. `answers.1.text`, `atoms`, `xml`; '' for the item as a whole. */
  path: string;
  message: string;
  /**
   * What it is, for the problems the editor's rules name (`QuestionRuleCode`: `no_correct_answer`,
   * `fewer_than_two_answers`, `two_correct`, `empty_text`, ...) and `unknown_language`,
   * `unknown_code_language`, `new_claim`. Absent for the others (shape, references, XML).
   */
  code?: string;
}

export type ImportAction = 'create' | 'update' | 'unchanged' | 'invalid';

/**
 * What the commit would do with an item, in the editor's terms: `refused` (an error: nothing of the
 * file is imported until it is fixed), `draft` (created as a draft, not administered), `update` (an
 * existing question overwritten once confirmed) or `unchanged`.
 */
export type ImportOutcome = 'refused' | 'draft' | 'update' | 'unchanged';

export interface ImportPreviewItem {
  /** 0-based position in the file. */
  index: number;
  /** Where it came from: `questions[3]`, `row 5`, `items/choice.xml`. */
  source: string;
  uid: string | null;
  /** The question text on one line, cut (for the table). */
  label: string;
  action: ImportAction;
  /** The existing question it matches (update / unchanged). */
  question_id: number | null;
  /** That question's version when previewed: the commit refuses (409) if it moved on. */
  version: number | null;
  /** Update: the fields the import would change. */
  changes: string[];
  errors: ImportProblem[];
  warnings: ImportProblem[];
  /** `action` in the editor's terms (refused, created as a draft, update, unchanged). */
  outcome: ImportOutcome;
  /**
   * What keeps the question from being administered once imported (the editor's rules for an
   * administered question: no correct answer, fewer than two answers, no text): not a reason to
   * refuse the file (the item arrives as a draft, fixed in the editor), but named, each with its code.
   */
  not_ready: ImportProblem[];
}

export interface ImportPreviewResponse {
  import_id: string;
  format: ImportFormat;
  expires_at: string;
  /** Problems of the file as a whole (unreadable zip, no items, ...). */
  file_errors: ImportProblem[];
  summary: {
    items: number;
    create: number;
    update: number;
    unchanged: number;
    invalid: number;
    warnings: number;
    /** Items that would be imported but cannot be administered until fixed (`not_ready`). */
    not_ready: number;
  };
  atoms: { create: string[]; existing: string[] };
  items: ImportPreviewItem[];
  /** False while any item (or the file) has an error: the commit would be refused. */
  can_commit: boolean;
}

/** POST /api/questions/import/:import_id/commit */
export const ImportCommitSchema = z.strictObject({
  /** 'all': every update the preview listed; or the uids confirmed one by one. Unconfirmed updates are skipped. */
  confirm_updates: z.union([z.literal('all'), z.array(z.string().max(100)).max(100_000)]).default([]),
});
export type ImportCommit = z.input<typeof ImportCommitSchema>;

export interface ImportCommitResponse {
  import_id: string;
  created: { uid: string; id: number }[];
  updated: { uid: string; id: number; version: number }[];
  unchanged: number;
  /** Matched questions whose update was not confirmed: left as they were. */
  skipped: string[];
  atoms_created: string[];
}
