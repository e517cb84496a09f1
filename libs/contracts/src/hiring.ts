// The hiring API (`/api/hiring/...`): invitations, the candidates list, the per-candidate
// report, bulk invites, revoke/extend and the CSV export, plus the roles behind them. Requests are
// strict (unknown keys are rejected); responses are plain objects so a newer server may add fields.
// Every error is SPEC §8's `{ success: false, message }`; a bulk invite's 400 adds `rows`.
import { z } from 'zod';
import { IsoDateSchema, LevelThresholdsSchema, SlugSchema } from './entities';
import { PipelineStageKeySchema } from './pipeline';

// ---------------------------------------------------------------------------------------------
// Constants

/** Who may use the hiring pages: content admins (every company) and recruiters (their own). */
export const ROLES = ['admin', 'recruiter'] as const;
export type Role = (typeof ROLES)[number];

/** One invitation's status in the candidates list (see services/README.md, "Hiring API"). */
export const INVITATION_STATUSES = [
  'invited',
  'in_progress',
  'finished',
  'abandoned',
  'expired',
  'revoked',
] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** Extra time a candidate may be granted: every question's time limit is multiplied by 1 + p/100. */
export const EXTRA_TIME_PERCENTS = [0, 25, 50, 100] as const;
export type ExtraTimePercent = (typeof EXTRA_TIME_PERCENTS)[number];

/** Candidates list orders: by invited date or by level (candidates without a level last). */
export const INVITATION_SORTS = [
  'date_desc',
  'date_asc',
  'level_desc',
  'level_asc',
  /** By the probability of meeting every bar of the role (candidates without one last). */
  'meets_desc',
  'meets_asc',
] as const;
export type InvitationSort = (typeof INVITATION_SORTS)[number];

export const HIRING = {
  /** Rows per page of the candidates list. */
  PAGE_SIZE: 20,
  /** An invitation's expiry when none is given. */
  DEFAULT_EXPIRY_DAYS: 7,
  /** The latest expiry an invitation may have, from now. */
  MAX_EXPIRY_DAYS: 365,
  /** Rows one bulk invite may hold. */
  BULK_MAX_ROWS: 500,
  /** Characters of CSV text one bulk invite may hold. */
  BULK_MAX_CSV_CHARS: 200_000,
  NAME_MAX: 200,
  EMAIL_MAX: 254,
  SEARCH_MAX: 100,
  /** Atoms one invitation may list (required + optional). */
  ATOMS_MAX: 20,
} as const;

// ---------------------------------------------------------------------------------------------
// Companies and the current user

/** A company as the hiring pages name it: `id` is what `?company=` takes (its slug works too). */
export const CompanyRefSchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type CompanyRef = z.infer<typeof CompanyRefSchema>;

/**
 * GET /api/hiring/me: who is signed in and which company the hiring calls are scoped to. A
 * recruiter's `company` is their own and `companies` lists only it; an admin's `company` is null
 * and `companies` lists every company, for the company switcher.
 */
export const HiringMeResponseSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(ROLES),
  company: CompanyRefSchema.nullable(),
  companies: z.array(CompanyRefSchema),
});
export type HiringMeResponse = z.infer<typeof HiringMeResponseSchema>;

/** GET /api/hiring/atoms: the atoms a candidate can be invited to take (the invite form's choices). */
export const HiringAtomSchema = z.object({
  id: z.string(),
  name: z.string(),
  beta: z.boolean(),
  client_description: z.string(),
  /** Scored questions per quiz as configured (the quiz may serve one more, unscored). */
  num_questions: z.number(),
  eta_minutes: z.number(),
});
export type HiringAtom = z.infer<typeof HiringAtomSchema>;
export const HiringAtomsResponseSchema = z.object({ atoms: z.array(HiringAtomSchema) });
export type HiringAtomsResponse = z.infer<typeof HiringAtomsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Invitations: input

const nameSchema = z.string().trim().min(1, 'name is required').max(HIRING.NAME_MAX, 'name is too long');
const emailSchema = z
  .string()
  .trim()
  .max(HIRING.EMAIL_MAX, 'email is too long')
  .pipe(z.email({ message: 'email is not a valid email address' }))
  .transform((s) => s.toLowerCase());
const atomList = z.array(SlugSchema).max(HIRING.ATOMS_MAX, `at most ${HIRING.ATOMS_MAX} atoms`);
const futureDate = IsoDateSchema.refine((s) => !Number.isNaN(Date.parse(s)), {
  message: 'must be an ISO date, e.g. 2030-01-31 or 2030-01-31T17:00:00Z',
});
export const ExtraTimePercentSchema = z
  .number()
  .refine((v): v is ExtraTimePercent => (EXTRA_TIME_PERCENTS as readonly number[]).includes(v), {
    message: `extra_time_percent must be one of ${EXTRA_TIME_PERCENTS.join(', ')}`,
  });

/**
 * POST /api/hiring/invitations. `required_atoms` in the order they are taken; `optional_atoms` may
 * be taken after them. `expires_at`: when the link stops working (default 7 days from now, at
 * most 365 days; a date without a time means the end of that day, UTC). `extra_time_percent`:
 * 0 (default), 25, 50 or 100.
 */
export const InvitationCreateSchema = z.strictObject({
  candidate_name: nameSchema,
  candidate_email: emailSchema,
  required_atoms: atomList.min(1, 'required_atoms needs at least one atom'),
  optional_atoms: atomList.default([]),
  expires_at: futureDate.optional(),
  extra_time_percent: ExtraTimePercentSchema.default(0),
  /** The role it is for (its bars are kept on the invitation as they are now). */
  role_id: z
    .string()
    .regex(/^[0-9a-f]{24}$/i, 'role_id is a role id')
    .optional(),
});
export type InvitationCreate = z.input<typeof InvitationCreateSchema>;

/** One row of a bulk invite given as JSON (a CSV row is the same three or four columns). */
export const BulkInviteRowSchema = z.strictObject({
  candidate_name: z.string(),
  candidate_email: z.string(),
  /** Atom slugs in order: an array, or one string separated by ';', '|', ',' or spaces. */
  required_atoms: z.union([z.array(z.string()), z.string()]),
  optional_atoms: z.union([z.array(z.string()), z.string()]).optional(),
});
export type BulkInviteRow = z.infer<typeof BulkInviteRowSchema>;

/**
 * POST /api/hiring/invitations/bulk. Exactly one of `csv` (text: columns name, email, atoms and
 * optionally optional_atoms; a first row naming those columns is a header) or `rows`.
 * `expires_at` and `extra_time_percent` apply to every row. `dry_run: true` checks every row and
 * creates nothing (the preview); without it, every row is created or, if any row has a problem,
 * none is (400 with `rows`).
 */
export const BulkInviteRequestSchema = z
  .strictObject({
    csv: z.string().max(HIRING.BULK_MAX_CSV_CHARS, 'csv is too long').optional(),
    rows: z.array(BulkInviteRowSchema).max(HIRING.BULK_MAX_ROWS).optional(),
    expires_at: futureDate.optional(),
    extra_time_percent: ExtraTimePercentSchema.default(0),
    dry_run: z.boolean().default(false),
  })
  .refine((b) => (b.csv === undefined) !== (b.rows === undefined), {
    message: 'send either csv (text) or rows, not both',
  });
export type BulkInviteRequest = z.input<typeof BulkInviteRequestSchema>;

/** POST /api/hiring/invitations/{id}/extend: the new expiry (later than the current one and than now). */
export const InvitationExtendSchema = z.strictObject({ expires_at: futureDate });
export type InvitationExtend = z.infer<typeof InvitationExtendSchema>;

/**
 * GET /api/hiring/invitations and /invitations.csv (query strings). `q`: words that must each
 * start a word of the candidate's name or email (case-insensitive; '@acme' matches the domain).
 * `status`, `atom`: filters. `company`: an admin's company switcher (a company id or slug); a
 * recruiter may only name their own. Omitted by an admin: every company.
 */
export const InvitationListQuerySchema = z.object({
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/, 'page must be a positive integer')
    .transform(Number)
    .default(1),
  q: z.string().trim().max(HIRING.SEARCH_MAX, 'q is too long').optional(),
  status: z.enum(INVITATION_STATUSES).optional(),
  atom: SlugSchema.optional(),
  /** Only the invitations of this role. */
  role: z
    .string()
    .regex(/^[0-9a-f]{24}$/i, 'role is a role id')
    .optional(),
  /** Only candidates whose probability of meeting every bar is at least this (0..1). */
  meets_min: z
    .string()
    .regex(/^(0(\.[0-9]{1,4})?|1(\.0{1,4})?)$/, 'meets_min is a probability between 0 and 1')
    .transform(Number)
    .optional(),
  /** Only the invitations at this pipeline stage ('new' includes those nobody has moved yet). */
  stage: PipelineStageKeySchema.optional(),
  sort: z.enum(INVITATION_SORTS).default('date_desc'),
  /** 'true': only candidates with an integrity signal raised (at least one). */
  needs_a_look: z
    .enum(['true', 'false'], { message: "needs_a_look must be 'true' or 'false'" })
    .transform((v) => v === 'true')
    .optional(),
  company: z.string().max(100).optional(),
  /**
   * 'true': also list demo invitations and simulated candidates (badged "Demo" / "Simulated");
   * by default the list and the export hold real candidates only.
   */
  include_demo: z
    .enum(['true', 'false'], { message: "include_demo must be 'true' or 'false'" })
    .transform((v) => v === 'true')
    .default(false),
});
export type InvitationListQuery = z.input<typeof InvitationListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Invitations: output

/** A candidate link: one quiz per atom, required atoms first. */
export const InvitationLinkSchema = z.object({
  atom_id: z.string(),
  atom_name: z.string(),
  required: z.boolean(),
  url: z.string(),
});
export type InvitationLink = z.infer<typeof InvitationLinkSchema>;

/** An atom of an invitation as the list shows it: its most likely level once finished. */
export const InvitationAtomSchema = z.object({
  id: z.string(),
  name: z.string(),
  required: z.boolean(),
  /** 1..5 once the atom's quiz is finished, else null. */
  level: z.number().int().min(1).max(5).nullable(),
  finished_at: IsoDateSchema.nullable(),
  /** The role's bar for this atom (1..5) and P(level >= bar) once finished; null without a bar. */
  bar: z.number().nullable().optional(),
  meets: z.number().nullable().optional(),
});
export type InvitationAtom = z.infer<typeof InvitationAtomSchema>;

/** One row of the candidates list: one invitation. */
export const InvitationRowSchema = z.object({
  id: z.string(),
  candidate_name: z.string().nullable(),
  candidate_email: z.string().nullable(),
  company: CompanyRefSchema,
  atoms: z.array(InvitationAtomSchema),
  status: z.enum(INVITATION_STATUSES),
  /** When the invitation was created. */
  invited_at: IsoDateSchema,
  started_at: IsoDateSchema.nullable(),
  /** When the last required atom was finished (status finished), else null. */
  finished_at: IsoDateSchema.nullable(),
  /** When the link stops working; null: never (the seeded demo invitation). */
  expires_at: IsoDateSchema.nullable(),
  revoked_at: IsoDateSchema.nullable(),
  extra_time_percent: z.number(),
  /** A demo invitation (staff trying the product): badged "Demo", never in norms or statistics. */
  demo: z.boolean(),
  /**
   * Answered by a simulated candidate (the demo skip, `npm run simulate`, the first-run demo data),
   * not a person: badged "Simulated", never in norms or statistics.
   */
  simulated: z.boolean(),
  /** The role it was sent for, and P(every bar is met) once each barred atom has a result. */
  role_id: z.string().nullable().optional(),
  meets_all: z.number().nullable().optional(),
  /** The pipeline stage and the mean of the recruiters' ratings (null: nobody rated). */
  stage: z.string().optional(),
  rating: z.number().nullable().optional(),
  /**
   * How many statistical integrity signals (the report's "answers and their times" section) are raised
   * over the candidate's quizzes; null until a quiz has ended. A reason to look, never a verdict.
   */
  integrity_flags: z.number().int().nullable().optional(),
});
export type InvitationRow = z.infer<typeof InvitationRowSchema>;

export const InvitationListResponseSchema = z.object({
  items: z.array(InvitationRowSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type InvitationListResponse = z.infer<typeof InvitationListResponseSchema>;

/** POST /api/hiring/invitations (201): the invitation and its links. */
export const InvitationResponseSchema = z.object({
  invitation: InvitationRowSchema,
  /** The candidate's starting link (the first required atom's quiz). */
  link: z.string(),
  links: z.array(InvitationLinkSchema),
  /**
   * What happens to the candidate's email: 'queued', 'no_address', 'not_configured'
   * (this server sends no email: share the link yourself) or 'failed' (could not be queued).
   */
  email: z
    .object({ status: z.enum(['queued', 'no_address', 'not_configured', 'failed']), message: z.string() })
    .optional(),
});
export type InvitationResponse = z.infer<typeof InvitationResponseSchema>;

/** A bulk row as understood, with every problem found (empty `errors`: the row is fine). */
export const BulkRowResultSchema = z.object({
  /** 1-based row number in the file (the header, when present, is row 1) or in `rows`. */
  row: z.number(),
  candidate_name: z.string(),
  candidate_email: z.string(),
  required_atoms: z.array(z.string()),
  optional_atoms: z.array(z.string()),
  errors: z.array(z.string()),
});
export type BulkRowResult = z.infer<typeof BulkRowResultSchema>;

/** POST .../bulk with dry_run: every row and its problems; nothing is created. */
export const BulkPreviewResponseSchema = z.object({
  valid: z.boolean(),
  rows: z.array(BulkRowResultSchema),
});
export type BulkPreviewResponse = z.infer<typeof BulkPreviewResponseSchema>;

/** POST .../bulk (201): every row created, in row order. */
export const BulkCreatedResponseSchema = z.object({ created: z.array(InvitationResponseSchema) });
export type BulkCreatedResponse = z.infer<typeof BulkCreatedResponseSchema>;

/** POST .../bulk 400 when a row has a problem: nothing was created; `rows` holds every row's errors. */
export const BulkErrorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  rows: z.array(BulkRowResultSchema),
});
export type BulkErrorResponse = z.infer<typeof BulkErrorResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The report (GET /api/hiring/invitations/{id})

export const QUESTION_OUTCOMES = ['correct', 'incorrect', 'timed_out', 'not_answered'] as const;
export type QuestionOutcome = (typeof QUESTION_OUTCOMES)[number];

/** One question as served to the candidate. */
export const ReportQuestionSchema = z.object({
  number: z.number(),
  /** The topic label (claim) of the question, or null. */
  claim: z.string().nullable(),
  /** false: the unscored trial (beta) question; it does not count towards the level. */
  scored: z.boolean(),
  outcome: z.enum(QUESTION_OUTCOMES),
  /** Seconds from the question's first display to the answer (the limit when it timed out). */
  time_taken_seconds: z.number().nullable(),
  /** Seconds the candidate had for it (extra time included). */
  time_allowed_seconds: z.number().nullable(),
});
export type ReportQuestion = z.infer<typeof ReportQuestionSchema>;

export const PercentileSchema = z.object({
  /** 0..100: share of finished candidates of this atom scoring below (ties count half); null below 2. */
  value: z.number().nullable(),
  /** How many finished candidates of this atom that is (this one included). */
  among: z.number(),
});

/** Per atom of the invitation: its quiz and, once finished, the result. */
export const ReportAtomSchema = z.object({
  atom_id: z.string(),
  atom_name: z.string(),
  required: z.boolean(),
  /** The atom's own status (its quiz), with the same values as the invitation's. */
  status: z.enum(INVITATION_STATUSES),
  started_at: IsoDateSchema.nullable(),
  finished_at: IsoDateSchema.nullable(),
  /** The atom's description for clients. */
  client_description: z.string(),
  levels_thresholds: LevelThresholdsSchema,
  /** The most likely level 1..5 (of the posterior), null until the atom is finished. */
  level: z.number().int().min(1).max(5).nullable(),
  /** The atom's client-facing description of that level. */
  level_description: z.string().nullable(),
  /** P(L1) .. P(L5) from the posterior of the candidate's scored answers (sums to 1). */
  level_probabilities: z.array(z.number()).length(5).nullable(),
  /** Ability estimate (EAP, theta scale) and its error (posterior SD). */
  estimate: z.number().nullable(),
  error: z.number().nullable(),
  /** estimate ± error, on the theta scale and as the levels those two ends fall in. */
  band: z
    .object({ low: z.number(), high: z.number(), low_level: z.number(), high_level: z.number() })
    .nullable(),
  percentile: PercentileSchema.nullable(),
  questions: z.array(ReportQuestionSchema),
  /**
   * true: the result was reached through the demo skip (pass_243): simulated answers, not the
   * candidate's. The done page's survey answer is never here: the candidate is told it is not
   * shared individually (see GET /api/hiring/survey for the aggregate).
   */
  skipped: z.boolean(),
});
export type ReportAtom = z.infer<typeof ReportAtomSchema>;

export const INTEGRITY_KINDS = ['tab_switch', 'offline', 'devtools', 'clipboard'] as const;
export type IntegrityKind = (typeof INTEGRITY_KINDS)[number];

/** One integrity signal: something for a person to look at, never a verdict. */
export const IntegrityEventSchema = z.object({
  kind: z.enum(INTEGRITY_KINDS),
  atom_id: z.string(),
  /** The question it happened on, or null (outside a question). */
  question_number: z.number().nullable(),
  /** When it started. */
  at: IsoDateSchema,
  /** How long it lasted (tab switches, offline periods, open developer tools); null when unknown. */
  duration_seconds: z.number().nullable(),
});
export type IntegrityEvent = z.infer<typeof IntegrityEventSchema>;

export const IntegrityReportSchema = z.object({
  counts: z.object({
    tab_switches: z.number(),
    offline_periods: z.number(),
    devtools_opened: z.number(),
    clipboard_uses: z.number(),
  }),
  /** Total seconds on another tab or window. */
  time_away_seconds: z.number(),
  /** Total seconds offline. */
  time_offline_seconds: z.number(),
  /** In time order. */
  events: z.array(IntegrityEventSchema),
});
export type IntegrityReport = z.infer<typeof IntegrityReportSchema>;

/**
 * GET /api/hiring/invitations/{id}; also the reply of POST .../{id}/revoke and .../{id}/extend (the
 * report as it stands after the change).
 */
export const InvitationReportSchema = z.object({
  invitation: InvitationRowSchema.extend({
    links: z.array(InvitationLinkSchema),
    /** Who created it: a user's email, 'cli' (npm run invite) or 'seed'. */
    created_by: z.string().nullable(),
  }),
  atoms: z.array(ReportAtomSchema),
  integrity: IntegrityReportSchema,
  extra_time_percent: z.number(),
});
export type InvitationReport = z.infer<typeof InvitationReportSchema>;

/** The CSV export's columns, in order (one row per invitation and atom). */
export const INVITATION_CSV_COLUMNS = [
  'invitation_id',
  'candidate_name',
  'candidate_email',
  'company',
  'status',
  'invited_at',
  'expires_at',
  'extra_time_percent',
  'atom',
  'atom_required',
  'atom_status',
  'level',
  'estimate',
  'error',
  'atom_finished_at',
  /** 'Demo' (a demo invitation), 'Simulated' (a simulated candidate) or empty (a real candidate). */
  'label',
  /** The pipeline stage's label and the mean recruiter rating (empty: nobody rated). */
  'stage',
  'rating',
] as const;

// ---------------------------------------------------------------------------------------------
// The relevance survey, in aggregate only (GET /api/hiring/survey)

/** A period's distribution is shown only once at least this many candidates answered in it. */
export const SURVEY_MIN_ANSWERS = 10;

/** What a period with fewer answers than SURVEY_MIN_ANSWERS says instead of a distribution. */
export const SURVEY_NOT_ENOUGH = 'not enough answers yet';

export const SurveyQuerySchema = z.object({
  company: z.string().max(100).optional(),
});

/** One atom in one period (a calendar month, UTC, of the quizzes' completion). */
export const SurveyPeriodSchema = z.object({
  atom_id: z.string(),
  atom_name: z.string(),
  /** YYYY-MM (UTC). */
  period: z.string(),
  /**
   * Counts of the three faces (0 sad, 1 neutral, 2 happy) once `enough`; null below
   * SURVEY_MIN_ANSWERS, so no small group's answers can be read back to a person.
   */
  distribution: z.object({ sad: z.number(), neutral: z.number(), happy: z.number() }).nullable(),
  /** Whether at least SURVEY_MIN_ANSWERS candidates answered (the count itself is not given below it). */
  enough: z.boolean(),
  /** SURVEY_NOT_ENOUGH below the minimum, else null. */
  message: z.string().nullable(),
});
export type SurveyPeriod = z.infer<typeof SurveyPeriodSchema>;

export const SurveyResponseSchema = z.object({
  min_answers: z.number(),
  /** Newest period first, then by atom name. */
  periods: z.array(SurveyPeriodSchema),
});
export type SurveyResponse = z.infer<typeof SurveyResponseSchema>;
