// SPEC §3 entities: atoms, questions, answers, and the small value types they share.
// Response schemas are plain (unknown keys stripped); write schemas live in admin.ts and candidate.ts.
import { z } from 'zod';
import { CODE_BLOCK_OPTIONS, CONSTANTS } from './constants';

const L = CONSTANTS.LIMITS;

// ---------------------------------------------------------------------------------------------
// Value types

/**
 * An atom id. URL-safe because it appears in paths (/admin/atoms/edit/{id}, /api/atoms/{id}):
 * lowercase letters, digits, '-' and '_', starting with a letter or digit. 'new' is reserved
 * because /admin/atoms/edit/new is the create page.
 */
export const SLUG_RE = /^[a-z0-9][a-z0-9_-]*$/;
export const RESERVED_SLUGS = ['new'] as const;
export const SlugSchema = z
  .string()
  .min(1, 'slug is required')
  .max(L.SLUG_MAX, `slug is at most ${L.SLUG_MAX} characters`)
  .regex(
    SLUG_RE,
    'slug may hold only lowercase letters, digits, "-" and "_", starting with a letter or digit',
  )
  .refine((s) => !(RESERVED_SLUGS as readonly string[]).includes(s), { message: 'slug "new" is reserved' });
export type Slug = z.infer<typeof SlugSchema>;

export const AtomFormatSchema = z.enum(['Coding', 'Multiple Choice']);
export type AtomFormat = z.infer<typeof AtomFormatSchema>;

/**
 * Five level thresholds: level Lk starts at thresholds[k-1] (theta >= it, below the next one).
 * The first may be the string '-inf' (JSON has no -Infinity). Values must be strictly increasing.
 */
export const NEG_INF = '-inf' as const;
export const LevelThresholdsSchema = z
  .tuple([z.union([z.literal(NEG_INF), z.number()]), z.number(), z.number(), z.number(), z.number()])
  .refine(
    (t) => {
      const v = t.map((x) => (x === NEG_INF ? -Infinity : x));
      return v.every((x, i) => i === 0 || x > v[i - 1]);
    },
    { message: 'levels_thresholds must be strictly increasing' },
  );
export type LevelThresholds = z.infer<typeof LevelThresholdsSchema>;

/**
 * Used when an atom has none. With theta ~ N(0, 1) the five levels hold roughly
 * 16% / 24% / 29% / 21% / 10% of candidates: L1 below -1, L5 from 1.25 up.
 */
export const DEFAULT_LEVELS_THRESHOLDS: LevelThresholds = [...CONSTANTS.DEFAULT_LEVELS_THRESHOLDS];

/** 2PL parameters: P(correct | theta) = 1 / (1 + e^-(a*theta + d)). */
export const DifficultyParamsSchema = z.object({
  a: z.number(),
  d: z.number(),
});
export type DifficultyParams = z.infer<typeof DifficultyParamsSchema>;
/** Stricter form for writes: discrimination must be positive and both within a sane range. */
export const DifficultyParamsInputSchema = z.strictObject({
  a: z.number().gt(0, 'a must be positive').max(10, 'a must be at most 10'),
  d: z.number().min(-30, 'd must be at least -30').max(30, 'd must be at most 30'),
});
/** A question with no calibration yet behaves as average: discrimination 1, difficulty 0. */
export const DEFAULT_DIFFICULTY_PARAMS: DifficultyParams = { a: 1, d: 0 };

/** Server-generated answer id; also what a candidate sends back as `answer`. */
export const HASH_ID_RE = /^[A-Za-z0-9_-]+$/;
export const HashIdSchema = z
  .string()
  .min(1)
  .max(L.HASH_ID_MAX)
  .regex(HASH_ID_RE, 'hash_id may hold only letters, digits, "-" and "_"');

/** Claims (topic labels) are stored lowercase with whitespace runs replaced by '_'. */
export { normalizeClaim } from './questions';

export const OptionSchema = z.object({ value: z.string(), label: z.string() });
export type Option = z.infer<typeof OptionSchema>;

export const CODE_LANGUAGES = CODE_BLOCK_OPTIONS.map((o) => o.value) as unknown as readonly [
  (typeof CODE_BLOCK_OPTIONS)[number]['value'],
  ...(typeof CODE_BLOCK_OPTIONS)[number]['value'][],
];
export const CodeLanguageSchema = z.enum(CODE_LANGUAGES);
export type CodeLanguage = z.infer<typeof CodeLanguageSchema>;

/** Natural languages a question (variation) can be written in; value is an ISO 639-1 code. */
export const LANGUAGE_OPTIONS = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Spanish' },
  { value: 'pt', label: 'Portuguese' },
  { value: 'fr', label: 'French' },
  { value: 'de', label: 'German' },
  { value: 'it', label: 'Italian' },
  { value: 'nl', label: 'Dutch' },
  { value: 'pl', label: 'Polish' },
  { value: 'uk', label: 'Ukrainian' },
  { value: 'ru', label: 'Russian' },
  { value: 'tr', label: 'Turkish' },
  { value: 'ar', label: 'Arabic' },
  { value: 'hi', label: 'Hindi' },
  { value: 'zh', label: 'Chinese' },
  { value: 'ja', label: 'Japanese' },
  { value: 'ko', label: 'Korean' },
] as const satisfies readonly Option[];
export const LANGUAGES = LANGUAGE_OPTIONS.map((o) => o.value) as unknown as readonly [
  (typeof LANGUAGE_OPTIONS)[number]['value'],
  ...(typeof LANGUAGE_OPTIONS)[number]['value'][],
];
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;

/** ISO-8601 timestamps as JSON carries them (Date#toJSON). */
export const IsoDateSchema = z.string();

// ---------------------------------------------------------------------------------------------
// Atom

export const AtomSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  description_html: z.string(),
  client_description: z.string(),
  level_1_description: z.string(),
  level_2_description: z.string(),
  level_3_description: z.string(),
  level_4_description: z.string(),
  level_5_description: z.string(),
  category: z.string(),
  eta_minutes: z.number(),
  /** Questions served to a candidate for this atom (scored; beta questions come on top). */
  num_questions: z.number(),
  /** Questions in the bank that list this atom (derived by the server, never written). */
  num_bank_questions: z.number(),
  format: AtomFormatSchema,
  beta: z.boolean(),
  supported_programming_languages: z.array(z.string()),
  /** Ordered integer question ids served unscored, for calibration. */
  beta_question_ordering: z.array(z.number()),
  levels_thresholds: LevelThresholdsSchema,
  /**
   * Effort-aware scoring: a finished quiz's very quick answers (rapid guesses, the integrity signals'
   * NT10 rule) are set aside when the atom's level and estimate are computed. Off by default; absent
   * on atoms stored before the option existed (reads as off).
   */
  effort_aware_scoring: z.boolean().optional(),
  /**
   * Goes up by one on every change. The admin form sends back the version it loaded, so a save
   * made from a stale copy is refused (409) instead of overwriting someone else's edit.
   */
  version: z.number().optional(),
});
export type Atom = z.infer<typeof AtomSchema>;

/** How an atom appears in lists, dropdowns and checkbox grids. */
export const AtomSummarySchema = AtomSchema.pick({ id: true, name: true, beta: true });
export type AtomSummary = z.infer<typeof AtomSummarySchema>;

// ---------------------------------------------------------------------------------------------
// Question and answer

export const AnswerSchema = z.object({
  text: z.string(),
  hash_id: z.string(),
  /** Correct flag. Never sent to a candidate (see CandidateAnswerSchema). */
  c: z.boolean(),
  /** undefined: random position; otherwise the zero-based position it is locked to. */
  position: z.number().int().min(0).optional(),
});
export type Answer = z.infer<typeof AnswerSchema>;

/**
 * Review state of a question: only `ready` questions can be administered or served.
 * Questions stored before review existed have none and read as `ready`.
 */
export const QUESTION_STATUSES = ['draft', 'in_review', 'ready'] as const;
export const QuestionStatusSchema = z.enum(QUESTION_STATUSES);
export type QuestionStatus = z.infer<typeof QuestionStatusSchema>;

/** The admin's full view of a question. */
export const QuestionSchema = z.object({
  id: z.number(),
  question_text: z.string(),
  code_block: z.string(),
  code_language: z.string().nullable(),
  /** Natural language (ISO 639-1) of a variation; null = the bank's default. */
  language: z.string().nullable(),
  administered: z.boolean(),
  answers: z.array(AnswerSchema),
  /** Slugs of the atoms this question belongs to. */
  all_atoms: z.array(z.string()),
  /** Position in a quiz when served; 0 outside a quiz. */
  number: z.number(),
  expires_at: IsoDateSchema.nullable(),
  /** The question this one is a variation of (same family: never two in one quiz). */
  original_question_id: z.number().nullable(),
  claim: z.string().nullable(),
  difficulty_params: DifficultyParamsSchema,
  /** Content version, bumped on every content edit; quiz results keep a snapshot. */
  version: z.number().optional(),
  exposure_count: z.number().optional(),
  created_at: IsoDateSchema.optional(),
  updated_at: IsoDateSchema.optional(),
  /** draft | in_review | ready; absent in SPEC §7's payloads. */
  status: QuestionStatusSchema.optional(),
  /** Stable identifier across products: what import/export match on. */
  uid: z.string().optional(),
  /** Who last changed its content (email): that admin cannot also move it to ready. */
  last_edited_by: z.string().nullable().optional(),
});
export type Question = z.infer<typeof QuestionSchema>;

/** A question not saved yet: no id. */
export const QuestionDraftSchema = QuestionSchema.extend({ id: z.number().optional() });
export type QuestionDraft = z.infer<typeof QuestionDraftSchema>;

/** A new question with the defaults of SPEC §3. */
export function newQuestion(overrides: Partial<QuestionDraft> = {}): QuestionDraft {
  return {
    question_text: '',
    code_block: '',
    code_language: null,
    language: null,
    administered: false,
    answers: [],
    all_atoms: [],
    number: 0,
    expires_at: null,
    original_question_id: null,
    claim: null,
    difficulty_params: { ...DEFAULT_DIFFICULTY_PARAMS },
    ...overrides,
  };
}
