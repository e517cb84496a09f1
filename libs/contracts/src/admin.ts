// SPEC §7 admin calls: atoms, questions, option lists and the current user.
// Write payloads are strict: unknown keys, wrong types and out-of-range numbers are rejected.
import { z } from 'zod';
import { CONSTANTS } from './constants';
import { Base64Error, decodeBase64Utf8 } from './base64';
import { CompanyRefSchema, ROLES } from './hiring';
import {
  AtomFormatSchema,
  AtomSchema,
  CodeLanguageSchema,
  DifficultyParamsInputSchema,
  HashIdSchema,
  LanguageSchema,
  LevelThresholdsSchema,
  type LevelThresholds,
  OptionSchema,
  QuestionSchema,
  SlugSchema,
  QuestionStatusSchema,
  DEFAULT_LEVELS_THRESHOLDS,
  normalizeClaim,
} from './entities';

const L = CONSTANTS.LIMITS;

// ---------------------------------------------------------------------------------------------
// Current user (GET /me)

/**
 * GET /me (PLAN shape A). Content admins: `isAdmin: true, role: 'admin', company: null`. Recruiters
 * (the hiring workspace): `isAdmin: false, role: 'recruiter'` and their company. A signed-in user with neither
 * role gets 403. `role` and `company` are optional here so an older server's reply still parses.
 */
export const CurrentUserSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  isAdmin: z.boolean(),
  role: z.enum(ROLES).optional(),
  company: CompanyRefSchema.nullable().optional(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

// ---------------------------------------------------------------------------------------------
// Atoms

/** GET /api/atoms?include_beta=true (query values are strings). */
export const AtomListQuerySchema = z.object({
  include_beta: z.stringbool().default(false),
});
export type AtomListQuery = z.infer<typeof AtomListQuerySchema>;

export const AtomListResponseSchema = z.object({ atoms: z.array(AtomSchema) });
export type AtomListResponse = z.infer<typeof AtomListResponseSchema>;

/** GET /api/atoms/{id}: the atom and the questions that list it. */
/**
 * GET /api/atoms/{id}: the atom and its questions, lowest id first, one page of them
 * (CONSTANTS.ATOM_QUESTIONS_PAGE_SIZE; `questions_page`, from 1) with the count of all.
 */
export const AtomWithQuestionsResponseSchema = z.object({
  atom: AtomSchema,
  questions: z.array(QuestionSchema),
  questions_total: z.number(),
  questions_page: z.number(),
  questions_page_size: z.number(),
});
export type AtomWithQuestionsResponse = z.infer<typeof AtomWithQuestionsResponseSchema>;

/** GET /api/atoms/{id}?questions_page=N: which page of the atom's questions (1 when left out). */
export const AtomGetQuerySchema = z.object({
  questions_page: z.coerce
    .number({ error: 'questions_page must be a whole number from 1' })
    .int('questions_page must be a whole number from 1')
    .min(1, 'questions_page must be a whole number from 1')
    .max(100_000, 'questions_page is too large')
    .default(1),
});

/** POST /api/atoms and PUT /api/atoms/{id}/ reply with the stored atom. */
export const AtomResponseSchema = z.object({ atom: AtomSchema });
export type AtomResponse = z.infer<typeof AtomResponseSchema>;

const shortText = z.string().max(L.NAME_MAX);
const longText = z.string().max(L.DESCRIPTION_MAX);

const atomWritableFields = {
  name: z.string().trim().min(1, 'name is required').max(L.NAME_MAX),
  description: longText,
  description_html: longText,
  client_description: longText,
  level_1_description: longText,
  level_2_description: longText,
  level_3_description: longText,
  level_4_description: longText,
  level_5_description: longText,
  category: shortText,
  eta_minutes: z
    .number()
    .int('eta_minutes must be an integer')
    .min(0)
    .max(24 * 60),
  num_questions: z.number().int('num_questions must be an integer').min(1).max(200),
  format: AtomFormatSchema,
  beta: z.boolean(),
  supported_programming_languages: z.array(z.string().min(1).max(50)).max(50),
  beta_question_ordering: z
    .array(z.number().int('question ids are integers').positive('question ids are positive'))
    .max(L.BETA_ORDERING_MAX)
    .refine((ids) => new Set(ids).size === ids.length, {
      message: 'beta_question_ordering holds a question twice',
    }),
  levels_thresholds: LevelThresholdsSchema,
  effort_aware_scoring: z.boolean({ message: 'effort_aware_scoring must be true or false' }),
};

/** An atom's settings an editor writes (everything but its id and version): what a revert restores. */
export const ATOM_SETTING_FIELDS = Object.keys(atomWritableFields) as Array<keyof typeof atomWritableFields>;

/**
 * POST /api/atoms. Missing fields take the defaults of SPEC §3. num_bank_questions is accepted
 * (the form sends back what it fetched) and ignored: the server derives it.
 */
export const AtomCreateSchema = z.strictObject({
  id: SlugSchema,
  name: atomWritableFields.name,
  description: atomWritableFields.description.default(''),
  description_html: atomWritableFields.description_html.default(''),
  client_description: atomWritableFields.client_description.default(''),
  level_1_description: atomWritableFields.level_1_description.default(''),
  level_2_description: atomWritableFields.level_2_description.default(''),
  level_3_description: atomWritableFields.level_3_description.default(''),
  level_4_description: atomWritableFields.level_4_description.default(''),
  level_5_description: atomWritableFields.level_5_description.default(''),
  category: atomWritableFields.category.default(''),
  eta_minutes: atomWritableFields.eta_minutes.default(CONSTANTS.DEFAULT_ETA_MINUTES),
  num_questions: atomWritableFields.num_questions.default(CONSTANTS.DEFAULT_NUM_QUESTIONS),
  format: atomWritableFields.format.default(CONSTANTS.DEFAULT_ATOM_FORMAT),
  beta: atomWritableFields.beta.default(false),
  supported_programming_languages: atomWritableFields.supported_programming_languages.default([]),
  beta_question_ordering: atomWritableFields.beta_question_ordering.default([]),
  levels_thresholds: atomWritableFields.levels_thresholds.default((): LevelThresholds => [
    ...DEFAULT_LEVELS_THRESHOLDS,
  ]),
  effort_aware_scoring: atomWritableFields.effort_aware_scoring.default(false),
  num_bank_questions: z.number().optional(),
});
export type AtomCreate = z.infer<typeof AtomCreateSchema>;
export type AtomCreateInput = z.input<typeof AtomCreateSchema>;

/**
 * PUT /api/atoms/{id}/: only the fields sent change. The slug cannot change: `id`, when sent,
 * must equal the path's id (the service checks with atomIdMatchesPath). `version`, when sent, must
 * be the stored one (else 409).
 */
export const AtomUpdateSchema = z.strictObject(atomWritableFields).partial().extend({
  id: z.string().optional(),
  num_bank_questions: z.number().optional(),
  /** The version the form loaded; absent (SPEC §7's payload has none) means "overwrite as today". */
  version: z.number().int().positive().optional(),
});
export type AtomUpdate = z.infer<typeof AtomUpdateSchema>;

export function atomIdMatchesPath(update: AtomUpdate, pathId: string): boolean {
  return update.id === undefined || update.id === pathId;
}

// ---------------------------------------------------------------------------------------------
// Questions: list

/** GET /api/questions/ query string. Absent only_administered means no filter; atom 'all' or absent means any. */
export const QuestionListQuerySchema = z.object({
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,6}$/, 'page must be a positive integer')
    .transform(Number)
    .default(1),
  search: z
    .string()
    .max(L.SEARCH_MAX, 'search is too long')
    .transform((s) => s.trim())
    .default(''),
  only_administered: z.stringbool().default(false),
  atom: z
    .union([z.literal(''), z.literal(CONSTANTS.ALL_ATOMS_KEY), SlugSchema])
    .transform((a) => (a === '' ? CONSTANTS.ALL_ATOMS_KEY : a))
    .default(CONSTANTS.ALL_ATOMS_KEY),
  /** Review state filter; absent or '' = any. Questions without a status count as ready. */
  status: z
    .union([z.literal(''), QuestionStatusSchema])
    .transform((s) => (s === '' ? undefined : s))
    .optional(),
});
export type QuestionListQuery = z.infer<typeof QuestionListQuerySchema>;

/** Newest first; `total` counts every match, `page_size` is CONSTANTS.QUESTIONS_PAGE_SIZE. */
export const QuestionListResponseSchema = z.object({
  questions: z.array(QuestionSchema),
  page: z.number(),
  total: z.number(),
  page_size: z.number(),
});
export type QuestionListResponse = z.infer<typeof QuestionListResponseSchema>;

/** GET /api/questions/{id}, POST /api/question/, POST /api/question/{id}. */
export const QuestionResponseSchema = z.object({ question: QuestionSchema });
export type QuestionResponse = z.infer<typeof QuestionResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Questions: write payload (POST /api/question/ and /api/question/{id})

/** A base64 (UTF-8) field that decodes to at most `maxChars` characters. */
function base64Text(field: string, maxChars: number) {
  return z
    .string({ error: `${field} must be a base64 string` })
    .max(Math.ceil((maxChars * 4) / 3) * 4 + 4, `${field} is too long`)
    .transform((encoded, ctx) => {
      try {
        return decodeBase64Utf8(encoded);
      } catch (e) {
        const why = e instanceof Base64Error ? e.message : 'cannot be decoded';
        ctx.issues.push({ code: 'custom', message: `${field}: ${why}`, input: encoded });
        return z.NEVER;
      }
    })
    .pipe(z.string().max(maxChars, `${field} is at most ${maxChars} characters`));
}

/** null, '' and absent all mean "none". */
function optionalChoice<T extends z.ZodType<string>>(schema: T) {
  return z
    .union([schema, z.literal(''), z.null()])
    .transform((v) => (v === '' || v === null ? null : (v as z.output<T>)))
    .default(null);
}

export const AnswerWritePayloadSchema = z.strictObject({
  text: base64Text('answer text', L.ANSWER_TEXT_MAX),
  /** Absent for a new answer: the server generates a unique one. */
  hash_id: HashIdSchema.optional(),
  c: z.boolean().default(false),
  /** null or absent: random position. */
  position: z
    .number()
    .int('position must be an integer')
    .min(0, 'position must be >= 0')
    .max(L.ANSWERS_MAX - 1)
    .nullish()
    .transform((p) => p ?? undefined),
});

export const QuestionWritePayloadSchema = z
  .strictObject({
    // Sent back by a form that round-trips a fetched question; ignored (the path and the server decide).
    id: z.number().optional(),
    number: z.number().optional(),
    expires_at: z.string().nullable().optional(),
    version: z.number().optional(),
    exposure_count: z.number().optional(),
    created_at: z.string().optional(),
    updated_at: z.string().optional(),
    uid: z.string().optional(),
    last_edited_by: z.string().nullable().optional(),

    /**
     * Review state. Absent: unchanged on update, `draft` on create (with
     * REVIEW_REQUIRED=false, a write that administers the question without naming a status makes
     * it `ready`). Moving to `ready` needs an admin other than the last editor while review is required.
     */
    status: QuestionStatusSchema.optional(),
    question_text: base64Text('question_text', L.QUESTION_TEXT_MAX),
    code_block: base64Text('code_block', L.CODE_BLOCK_MAX).default(''),
    code_language: optionalChoice(CodeLanguageSchema),
    language: optionalChoice(LanguageSchema),
    administered: z.boolean().default(false),
    answers: z
      .array(AnswerWritePayloadSchema)
      .max(L.ANSWERS_MAX, `at most ${L.ANSWERS_MAX} answers`)
      .default([]),
    all_atoms: z
      .array(SlugSchema)
      .max(L.ATOMS_PER_QUESTION_MAX)
      .refine((a) => new Set(a).size === a.length, { message: 'all_atoms lists an atom twice' })
      .default([]),
    original_question_id: z
      .union([
        z.number().int('original_question_id must be an integer').positive(),
        z
          .string()
          .regex(/^[1-9][0-9]{0,8}$/, 'original_question_id must be an integer')
          .transform(Number),
        z.literal('').transform(() => null),
        z.null(),
      ])
      .default(null),
    /** Stored lowercase with whitespace replaced by '_'; empty means none. */
    claim: z
      .string()
      .max(L.CLAIM_MAX, 'claim is too long')
      .nullable()
      .transform((c) => (c === null || c.trim() === '' ? null : normalizeClaim(c)))
      .default(null),
    difficulty_params: DifficultyParamsInputSchema.optional(),
  })
  .superRefine((q, ctx) => {
    for (const p of questionRuleProblems(q))
      ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  });
/** What exactly a question breaks of the stored-question rules (`questionRuleFindings`). */
export type QuestionRuleCode =
  | 'duplicate_hash_id'
  | 'same_position'
  | 'position_past_end'
  | 'two_correct'
  | 'empty_text'
  | 'fewer_than_two_answers'
  | 'no_correct_answer';

export interface QuestionRuleFinding {
  code: QuestionRuleCode;
  field: 'answers' | 'question_text';
  /** What is wrong, in words that name it. */
  message: string;
  /**
   * 'always': no question may be stored like this. 'administered': a draft may be (it is fixed in the
   * editor), but a question candidates can get may not.
   */
  scope: 'always' | 'administered';
}

/**
 * Every rule of a stored question, each finding on its own, whether or not the question is
 * administered: the one rule set behind the editor's save (`questionRuleProblems`, which applies the
 * 'administered' ones only to an administered question) and the import preview (which names each).
 */
export function questionRuleFindings(q: {
  question_text: string;
  answers: ReadonlyArray<{ hash_id?: string; c: boolean; position?: number }>;
}): QuestionRuleFinding[] {
  const found: QuestionRuleFinding[] = [];
  const hashIds = q.answers.flatMap((a) => (a.hash_id ? [a.hash_id] : []));
  if (new Set(hashIds).size !== hashIds.length)
    found.push({
      code: 'duplicate_hash_id',
      field: 'answers',
      message: 'two answers share a hash_id',
      scope: 'always',
    });
  const positions = q.answers.flatMap((a) => (a.position === undefined ? [] : [a.position]));
  if (new Set(positions).size !== positions.length)
    found.push({
      code: 'same_position',
      field: 'answers',
      message: 'two answers are locked to the same position',
      scope: 'always',
    });
  if (positions.some((p) => p >= q.answers.length))
    found.push({
      code: 'position_past_end',
      field: 'answers',
      message: 'a locked position is past the last answer',
      scope: 'always',
    });
  const correct = q.answers.filter((a) => a.c).length;
  if (correct > 1)
    found.push({
      code: 'two_correct',
      field: 'answers',
      message: 'only one answer can be correct',
      scope: 'always',
    });
  // A question candidates can get must be answerable and scorable.
  if (q.question_text.trim() === '')
    found.push({
      code: 'empty_text',
      field: 'question_text',
      message: 'the question has no text',
      scope: 'administered',
    });
  if (q.answers.length < 2)
    found.push({
      code: 'fewer_than_two_answers',
      field: 'answers',
      message: `fewer than two answers (it has ${q.answers.length})`,
      scope: 'administered',
    });
  if (correct === 0)
    found.push({
      code: 'no_correct_answer',
      field: 'answers',
      message: 'no answer is marked correct',
      scope: 'administered',
    });
  return found;
}

/**
 * The rules every stored question keeps (writes and imports): answer ids unique, locked positions
 * distinct and inside the list, at most one correct answer; an administered question needs text,
 * two answers and exactly one correct. The editor's words for `questionRuleFindings`.
 */
export function questionRuleProblems(q: {
  question_text: string;
  administered: boolean;
  answers: ReadonlyArray<{ hash_id?: string; c: boolean; position?: number }>;
}): { field: 'answers' | 'question_text'; message: string }[] {
  const found = questionRuleFindings(q);
  const problems: { field: 'answers' | 'question_text'; message: string }[] = found
    .filter((f) => f.scope === 'always')
    .map((f) => ({ field: f.field, message: f.message }));
  if (q.administered) {
    const has = (code: QuestionRuleCode) => found.some((f) => f.code === code);
    if (has('empty_text'))
      problems.push({ field: 'question_text', message: 'an administered question needs question text' });
    if (has('fewer_than_two_answers') || has('no_correct_answer') || has('two_correct'))
      problems.push({
        field: 'answers',
        message: 'an administered question needs at least two answers and exactly one correct',
      });
  }
  return problems;
}

/** What a client sends: free text base64-encoded. */
export type QuestionWritePayload = z.input<typeof QuestionWritePayloadSchema>;
/** What the service gets after parsing: decoded, normalised, defaults filled in. */
export type QuestionWrite = z.output<typeof QuestionWritePayloadSchema>;

/** Base64 of the free-text fields (SPEC §7), defined zod-free in questions.ts for the admin remote. */
export { encodeQuestionPayload, decodeQuestionPayload } from './questions';

// ---------------------------------------------------------------------------------------------
// Option lists

export const CodeBlockOptionsResponseSchema = z.object({ code_block_options: z.array(OptionSchema) });
export type CodeBlockOptionsResponse = z.infer<typeof CodeBlockOptionsResponseSchema>;
/** Claims in use, value = label = the stored claim. */
export const ClaimOptionsResponseSchema = z.object({ claim_options: z.array(OptionSchema) });
export type ClaimOptionsResponse = z.infer<typeof ClaimOptionsResponseSchema>;
export const LanguageOptionsResponseSchema = z.object({ language_options: z.array(OptionSchema) });
export type LanguageOptionsResponse = z.infer<typeof LanguageOptionsResponseSchema>;
