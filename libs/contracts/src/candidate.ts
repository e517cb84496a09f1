// SPEC §7 candidate calls: the quiz result, the candidate's question view, answers, logs,
// the survey, tracking events and the env-vars response. Inputs are strict.
import { z } from 'zod';
import { CONSTANTS, TRACKING_EVENTS } from './constants';
import { DifficultyParamsSchema, HASH_ID_RE, IsoDateSchema, LevelThresholdsSchema } from './entities';
import { WithdrawnSchema } from './hiring-invitations';

const L = CONSTANTS.LIMITS;

// ---------------------------------------------------------------------------------------------
// Path parameters (they arrive as strings)

/** Assessment tokens: URL-safe, at least 128 bits of randomness (22+ base64url characters). */
export const TokenSchema = z
  .string()
  .min(16, 'token is too short')
  .max(128, 'token is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'token is not URL-safe');
export type Token = z.infer<typeof TokenSchema>;

/** A question number (1-based) or question id in a path: digits only, no leading zero. */
export const PositiveIntParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,8}$/, 'must be a positive integer')
  .transform((s) => Number(s));

// ---------------------------------------------------------------------------------------------
// Quiz result (GET /api/quiz/{token}/)

export const NextQuestionSchema = z.object({
  number: z.number(),
  /** null until the question is first served (its clock starts then). */
  expires_at: IsoDateSchema.nullable(),
});
export type NextQuestion = z.infer<typeof NextQuestionSchema>;

export const PastQuestionSchema = z.object({
  number: z.number(),
  /**
   * Only on a demo quiz (`demo_mode_allowed`), for the demo sidebar's marks. Every other quiz never
   * sends correctness to the browser: no `correct`, and no estimates or parameters.
   */
  correct: z.boolean().optional(),
  atom_id: z.string(),
  claim: z.string().nullable(),
  difficulty_params: DifficultyParamsSchema.nullable(),
  post_skill_estimate: z.number().nullable(),
  post_skill_estimate_error: z.number().nullable(),
});
export type PastQuestion = z.infer<typeof PastQuestionSchema>;

export const QuizAtomSchema = z.object({
  id: z.string(),
  name: z.string(),
  num_questions: z.number(),
  levels_thresholds: LevelThresholdsSchema,
  /**
   * Seconds the candidate gets for each question of this atom, extra time included (the briefing
   * before the start says it). Absent from servers older than the briefing.
   */
  seconds_per_question: z.number().optional(),
});
export type QuizAtom = z.infer<typeof QuizAtomSchema>;

export const QuizInfoSchema = z.object({
  company_logo_url: z.string().nullable(),
  company_name: z.string().nullable(),
  /** Where candidates ask for more time or a new invitation: the company's, else the service's. */
  support_email: z.string().optional(),
  atoms: z.array(QuizAtomSchema),
});
export type QuizInfo = z.infer<typeof QuizInfoSchema>;

export const QuizResultSchema = z.object({
  assessment_token: z.string(),
  started_at: IsoDateSchema.nullable(),
  finished_at: IsoDateSchema.nullable(),
  survey_completed: z.boolean(),
  abandoned_at: IsoDateSchema.nullable(),
  /** Whole-quiz expiry; a quiz not finished by then is expired. */
  expires_at: IsoDateSchema.nullable().optional(),
  blur_on_window_blur: z.boolean(),
  quiz: QuizInfoSchema,
  /** Absent or null when no question is left. */
  next_question: NextQuestionSchema.nullable().optional(),
  past_questions: z.array(PastQuestionSchema),
  required_atoms_left: z.number(),
  max_atoms_left: z.number(),
  /** Where 'Take another quiz' leads (the invitation's next quiz); null when none is left. */
  quiz_url: z.string().nullable(),
  /**
   * True only for a demo invitation's quiz while DEMO_MODE_ALLOWED is set: the demo sidebar,
   * 'Correct' label and pass_243 are for it alone. False (or absent, from an older server): no
   * sidebar, and the server sends no correctness.
   */
  demo_mode_allowed: z.boolean().optional(),
  /**
   * true: this quiz has no question it could serve (its atom's bank is empty or not ready since the
   * invitation was made) and it has not started: the welcome page says the test is not available
   * yet and whom to contact, instead of a Begin Quiz that leads nowhere. Absent otherwise.
   */
  unavailable: z.literal(true).optional(),
  /**
   * Present when the company withdrew (revoked) the invitation: the candidate is told so, with the
   * company's contact, instead of the expired screen's "timed out" texts. Absent otherwise.
   */
  withdrawn: WithdrawnSchema.optional(),
});
export type QuizResult = z.infer<typeof QuizResultSchema>;

// ---------------------------------------------------------------------------------------------
// Candidate question view (GET /api/quiz/{token}/question/{number}/)

/**
 * Strict on purpose: a service that runs its view through this schema fails loudly instead of
 * leaking the correct flag `c`. `correct: true` appears only on the right answer in allowed demo mode.
 */
export const CandidateAnswerSchema = z.strictObject({
  text: z.string(),
  hash_id: z.string(),
  correct: z.literal(true).optional(),
});
export type CandidateAnswer = z.infer<typeof CandidateAnswerSchema>;

export const CandidateQuestionSchema = z.strictObject({
  number: z.number(),
  expires_at: IsoDateSchema,
  difficulty_params: DifficultyParamsSchema.nullable(),
  atom_id: z.string(),
  claim: z.string().nullable(),
  question_text: z.string(),
  code_block: z.string(),
  code_language: z.string().nullable(),
  /** In served order, locked positions honoured. */
  answers: z.array(CandidateAnswerSchema),
});
export type CandidateQuestion = z.infer<typeof CandidateQuestionSchema>;

// ---------------------------------------------------------------------------------------------
// Answer (POST /api/quiz/{token}/question/{number}/)

export const AnswerRequestSchema = z.strictObject({
  /** The chosen answer's hash_id, or '' for the empty answer of a timed-out question. */
  answer: z
    .string()
    .max(L.HASH_ID_MAX, 'answer is too long')
    .refine((s) => s === '' || HASH_ID_RE.test(s), { message: 'answer must be a hash_id or empty' }),
  /** Index of the chosen row as shown; -1 when nothing was chosen. */
  answer_position: z.number().int('answer_position must be an integer').min(-1).max(L.ANSWERS_MAX),
});
export type AnswerRequest = z.infer<typeof AnswerRequestSchema>;

export const AnswerResponseSchema = z.object({
  /** Only on a demo quiz (see PastQuestionSchema.correct). */
  correct: z.boolean().optional(),
  post_skill_estimate: z.number().nullable(),
  post_skill_estimate_error: z.number().nullable(),
  /** Absent when the quiz is over. */
  next_question: NextQuestionSchema.optional(),
});
export type AnswerResponse = z.infer<typeof AnswerResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Survey, per-question log, tracking events, env vars

/**
 * POST /api/quiz/{token}/abandon. Empty: abandon now. `{ on: 'unload' }`: the page-close call
 * (navigator.sendBeacon): the candidate left and has a grace period to come back.
 */
export const AbandonRequestSchema = z.strictObject({
  on: z.literal('unload', { message: "on must be 'unload' or absent" }).optional(),
});
export type AbandonRequest = z.infer<typeof AbandonRequestSchema>;

export const SurveyRequestSchema = z.strictObject({
  /** 0 sad, 1 neutral, 2 happy. */
  content_relevant_rating: z
    .number()
    .int('content_relevant_rating must be an integer')
    .min(CONSTANTS.SURVEY_MIN, 'content_relevant_rating must be 0, 1 or 2')
    .max(CONSTANTS.SURVEY_MAX, 'content_relevant_rating must be 0, 1 or 2'),
});
export type SurveyRequest = z.infer<typeof SurveyRequestSchema>;

function jsonByteLength(value: unknown): number {
  const json = JSON.stringify(value);
  return json === undefined ? 0 : new TextEncoder().encode(json).length;
}

/**
 * Why `v` cannot be stored as a document value, or null when it can: objects and arrays nested
 * deeper than EVENT_DETAILS_MAX_DEPTH (the database refuses deep documents with BadValue), and keys
 * starting with `$` or containing `.` (operator and path syntax to MongoDB) or a NUL byte (BSON
 * field names are C strings: the driver refuses to send one).
 */
function storableJsonProblem(v: unknown, depth = 0): string | null {
  if (v === null || typeof v !== 'object') return null;
  if (depth >= L.EVENT_DETAILS_MAX_DEPTH)
    return `eventDetails must not nest deeper than ${L.EVENT_DETAILS_MAX_DEPTH} levels`;
  const entries = Array.isArray(v) ? v.map((x) => ['', x] as const) : Object.entries(v);
  for (const [key, child] of entries) {
    if (key.startsWith('$') || key.includes('.') || key.includes('\0'))
      return `eventDetails keys must not start with '$' or contain '.' or a NUL byte (${JSON.stringify(key.slice(0, 40))})`;
    const problem = storableJsonProblem(child, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** Arbitrary JSON, bounded in size and nesting, with keys a database stores as plain data. */
export const EventDetailsSchema = z.unknown().superRefine((v, ctx) => {
  let bytes: number;
  try {
    bytes = jsonByteLength(v);
  } catch {
    bytes = Infinity; // cycles or BigInt: not JSON
  }
  if (bytes > L.EVENT_DETAILS_MAX_BYTES) {
    ctx.addIssue({
      code: 'custom',
      message: `eventDetails must be JSON of at most ${L.EVENT_DETAILS_MAX_BYTES} bytes`,
    });
    return;
  }
  const problem = storableJsonProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const LogEventRequestSchema = z.strictObject({
  eventName: z.string().min(1, 'eventName is required').max(L.EVENT_NAME_MAX, 'eventName is too long'),
  eventDetails: EventDetailsSchema.optional(),
});
export type LogEventRequest = z.infer<typeof LogEventRequestSchema>;

export const TrackingEventTypeSchema = z.union([
  z.literal(TRACKING_EVENTS.switchedTabs),
  z.literal(TRACKING_EVENTS.wentOffline),
  z.literal(TRACKING_EVENTS.devToolsOpened),
  z.literal(TRACKING_EVENTS.devToolsClosed),
  z.literal(TRACKING_EVENTS.usedClipboard),
]);

const msSchema = z.number().min(0).max(Number.MAX_SAFE_INTEGER);
/** For switchedTabs and wentOffline: l = left (epoch ms), r = returned (epoch ms), t = duration ms. */
export const TrackingEventDetailsSchema = z.strictObject({
  l: msSchema.optional(),
  r: msSchema.optional(),
  t: msSchema.optional(),
});
export type TrackingEventDetails = z.infer<typeof TrackingEventDetailsSchema>;

export const TrackingEventSchema = z.strictObject({
  token: TokenSchema,
  /** The question number the event happened on (0: outside a question). */
  questionId: z.number().int().min(0).max(10_000),
  event: TrackingEventTypeSchema,
  eventDetails: TrackingEventDetailsSchema.optional(),
});
export type TrackingEvent = z.infer<typeof TrackingEventSchema>;

// ---------------------------------------------------------------------------------------------
// Event batches (POST /api/quiz/{token}/events): what the page's queue has waiting, in one request,
// beside the one-event routes above. Each event carries an id the page made when it queued it, so
// a batch sent again (a retry, or the page-close flush of events already on their way) is stored
// once.

/** A client-made event id (a UUID, or any URL-safe string of 8 to 64 characters). */
export const ClientEventIdSchema = z
  .string()
  .min(8, 'id is too short')
  .max(64, 'id is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'id must be URL-safe');

/**
 * When the event happened by the page's clock (epoch ms), as the tab-switch and offline details
 * already say it: a batch arrives later than its events (after a second, or after an offline
 * period), and the report times the developer tools and clipboard use by it.
 */
const ClientTimeSchema = z.number().int().min(0).max(8_640_000_000_000_000);

/** A per-question log event (as POST …/question/{number}/log/ takes it) and its question's number. */
export const BatchLogEventSchema = z.strictObject({
  id: ClientEventIdSchema,
  kind: z.literal('log'),
  at: ClientTimeSchema.optional(),
  number: z.number().int().min(1).max(10_000),
  ...LogEventRequestSchema.shape,
});

/** An integrity event (as POST …/tracking takes it; the token is the path's). */
export const BatchTrackingEventSchema = z.strictObject({
  id: ClientEventIdSchema,
  kind: z.literal('tracking'),
  at: ClientTimeSchema.optional(),
  questionId: TrackingEventSchema.shape.questionId,
  event: TrackingEventTypeSchema,
  eventDetails: TrackingEventDetailsSchema.optional(),
});

export const BatchEventSchema = z.discriminatedUnion('kind', [BatchLogEventSchema, BatchTrackingEventSchema]);
export type BatchEvent = z.infer<typeof BatchEventSchema>;

export const EventBatchRequestSchema = z.strictObject({
  events: z
    .array(BatchEventSchema)
    .min(1, 'events must hold at least one event')
    .max(
      CONSTANTS.EVENT_BATCH.MAX_EVENTS,
      `events must hold at most ${CONSTANTS.EVENT_BATCH.MAX_EVENTS} events per batch`,
    )
    .superRefine((events, ctx) => {
      const seen = new Set<string>();
      for (const e of events) {
        if (seen.has(e.id)) ctx.addIssue({ code: 'custom', message: `event id ${e.id} appears twice` });
        seen.add(e.id);
      }
    }),
  /**
   * 'leave': sent as the page is hidden or closed. Any other event shows the candidate is back
   * (a pending page-close is forgotten); these do not, since they were sent on the way out.
   */
  on: z.literal('leave', { message: "on must be 'leave' or absent" }).optional(),
});
export type EventBatchRequest = z.infer<typeof EventBatchRequestSchema>;

/**
 * The reply: `stored` events are new, `duplicates` were stored before (same id), `refused` were
 * not stored and never will be (a question not served, the per-quiz cap): the page drops them.
 */
export const EventBatchResponseSchema = z.strictObject({
  success: z.literal(true),
  stored: z.number().int().min(0),
  duplicates: z.number().int().min(0),
  refused: z.array(z.strictObject({ id: z.string(), message: z.string() })),
});
export type EventBatchResponse = z.infer<typeof EventBatchResponseSchema>;

export const EnvVarsResponseSchema = z.object({ demoModeAllowed: z.boolean() });
export type EnvVarsResponse = z.infer<typeof EnvVarsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Generic replies

export const ErrorResponseSchema = z.object({ success: z.literal(false), message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const OkResponseSchema = z.object({ success: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponseSchema>;

export function isErrorResponse(body: unknown): body is ErrorResponse {
  return ErrorResponseSchema.safeParse(body).success;
}

// ---------------------------------------------------------------------------------------------
// Strict response schemas: what a server outside demo mode may send to a candidate, and nothing
// more. Every object is strict at every depth, and answers carry no correct flag at all. Clients
// keep parsing with the lenient schemas above (a server may add fields); tests and the server's
// own leak checks use these.

export const CandidateAnswerStrictSchema = z.strictObject({ text: z.string(), hash_id: z.string() });

/** A question outside a demo quiz: no correct flag, and no item parameters (the sidebar's only use). */
export const CandidateQuestionStrictSchema = z.strictObject({
  ...CandidateQuestionSchema.shape,
  difficulty_params: z.null(),
  answers: z.array(CandidateAnswerStrictSchema),
});

const NextQuestionStrictSchema = z.strictObject(NextQuestionSchema.shape);

/** A past question outside a demo quiz: no correctness, no estimate, no parameters. */
export const PastQuestionStrictSchema = z.strictObject({
  number: z.number(),
  atom_id: z.string(),
  claim: z.string().nullable(),
  difficulty_params: z.null(),
  post_skill_estimate: z.null(),
  post_skill_estimate_error: z.null(),
});

export const QuizResultStrictSchema = z.strictObject({
  ...QuizResultSchema.shape,
  quiz: z.strictObject({ ...QuizInfoSchema.shape, atoms: z.array(z.strictObject(QuizAtomSchema.shape)) }),
  next_question: NextQuestionStrictSchema.nullable().optional(),
  past_questions: z.array(PastQuestionStrictSchema),
  demo_mode_allowed: z.literal(false),
});

/** An answer's reply outside a demo quiz: whether another question follows, nothing about the answer. */
export const AnswerResponseStrictSchema = z.strictObject({
  post_skill_estimate: z.null(),
  post_skill_estimate_error: z.null(),
  next_question: NextQuestionStrictSchema.optional(),
});

export const OkResponseStrictSchema = z.strictObject(OkResponseSchema.shape);
export const ErrorResponseStrictSchema = z.strictObject(ErrorResponseSchema.shape);
export const EnvVarsResponseStrictSchema = z.strictObject(EnvVarsResponseSchema.shape);
