// Candidate quiz API (SPEC §7 candidate calls). Thin: each route validates its input with the
// contracts' schemas and calls one function of service.ts. Trailing slashes are optional.
import { Router } from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import {
  AbandonRequestSchema,
  AnswerRequestSchema,
  EventBatchRequestSchema,
  LogEventRequestSchema,
  PositiveIntParamSchema,
  SurveyRequestSchema,
  TokenSchema,
  TrackingEventSchema,
  type EnvVarsResponse,
} from '@skillquiz/contracts';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import {
  badRequest,
  notFound,
  payloadTooLarge,
  tooManyRequests,
  validate,
  arrivedAt,
  type FixedWindowLimiter,
  type OutageMonitor,
  type PendingEventDoc,
} from '../platform';
import { EVENT_WRITES_PER_MINUTE } from './event-limits';
import { eventWriteLimiter, unknownTokenLimiter } from './rate-limit';
import {
  UnknownTokenError,
  abandonQuiz,
  answerQuestion,
  finishQuiz,
  getQuestion,
  getQuizResult,
  logQuestionEvent,
  passQuiz,
  recordEventBatch,
  recordTrackingEvent,
  submitSurvey,
  type QuizDeps,
} from './service';
import { quizEndEvents } from './ended';
import { answersRecorded } from './timing';
import { requestScopedStore } from './request-store';
import { mongooseQuizStore } from './store';
import type { QuizBankSource, QuizInvitationSource } from './store-types';
import type { QuizState } from './types';

/** The candidate quiz calls (the quiz page's), as opposed to the admin and sign-on routes. */
export const isCandidatePath = (path: string): boolean => path.startsWith('/api/quiz/');

/** What other contexts do after a quiz write (the invitation's summary, dispatching what it carried). */
export type AfterQuizCommit = (
  ctx: Context,
  prev: QuizState,
  next: QuizState,
  written: readonly PendingEventDoc[],
) => Promise<void>;

export interface QuizRouterOptions {
  /** The app's view of the database's outages: a question's clock does not count them. */
  outages: OutageMonitor;
  /** The question bank (the content context's, wired by the composition root). */
  bank: QuizBankSource;
  /** The invitation and company of a quiz (the hiring context's, wired by the composition root). */
  invitations: QuizInvitationSource;
  /** Heard after every quiz write that won (wired by the composition root). */
  afterCommit?: AfterQuizCommit;
  /** Replaces the per-client unknown-token limiter (tests). */
  limiter?: FixedWindowLimiter;
  /** Replaces the per-token limiter of event writes (tests). */
  eventLimiter?: FixedWindowLimiter;
}

/**
 * A body a closing page may send: nothing, JSON (fetch, or sendBeacon with an application/json
 * Blob), or JSON in a text/plain body (sendBeacon with a string). Empty is `empty`.
 */
function beaconBody(raw: unknown, empty: unknown): unknown {
  if (raw === undefined || raw === null) return empty;
  if (typeof raw !== 'string') return raw;
  if (raw.trim() === '') return empty;
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('Malformed JSON body');
  }
}

/** The body's size in bytes as received (the parser keeps the raw text of JSON and text bodies). */
function bodyBytes(ctx: Context): number {
  const raw = (ctx.request as { rawBody?: unknown }).rawBody;
  if (typeof raw === 'string') return Buffer.byteLength(raw);
  return Number(ctx.get('content-length')) || 0;
}

export function quizRouter(options: QuizRouterOptions): Router {
  const router = new Router();
  const limiter = options.limiter ?? unknownTokenLimiter();
  const eventLimiter = options.eventLimiter ?? eventWriteLimiter();
  const store = mongooseQuizStore(options.outages, options.bank, options.invitations);
  /**
   * Each request gets its own memo of atoms and banks (see request-store.ts), and is judged by the
   * time it arrived, whatever the database's speed (see QuizDeps.now).
   */
  const deps = (ctx: Context): QuizDeps => {
    const arrival = arrivedAt(ctx);
    return {
      store: requestScopedStore(store),
      config: ctx.config,
      now: () => arrival,
      // A write that ends the quiz carries its quiz.ended event (the result webhook, the percentile
      // norms, the invitation's summary for the hiring pages), dispatched right after it.
      eventsOf: (prev, next) => quizEndEvents(prev, next, arrival),
      // Also counts the answers recorded (platform/ops/metrics.ts).
      onCommitted: async (prev, next, written) => {
        if (ctx.metrics)
          for (const answer of answersRecorded(prev, next, arrival)) ctx.metrics.answerRecorded(answer);
        await options.afterCommit?.(ctx, prev, next, written);
      },
    };
  };
  /** Event writes (/log, /tracking, /events): at most EVENT_WRITES_PER_MINUTE per existing quiz, else 429. */
  const eventDeps = (ctx: Context): QuizDeps => ({
    ...deps(ctx),
    admitEvent: async (t) => {
      const use = await eventLimiter.take(t);
      if (!use.allowed)
        throw tooManyRequests(
          `Too many events for this quiz: at most ${EVENT_WRITES_PER_MINUTE} per minute`,
          use.resetSeconds,
        );
    },
  });

  /**
   * Token lookups: a client that keeps asking for unknown tokens gets 429 for a while. Only misses
   * are counted and refused, so a valid token is always served, even to a client behind a shared
   * address (corporate NAT) that someone else used up. Each miss takes from the budget and is judged
   * by the count its own take returned (one atomic step), so a burst gets exactly the budget as
   * 404s, however many processes it is spread over.
   */
  const tokenGuard: Middleware = async (ctx: Context, next: Next) => {
    try {
      if (!TokenSchema.safeParse(ctx.params.token).success) throw new UnknownTokenError();
      await next();
    } catch (err) {
      if (!(err instanceof UnknownTokenError)) throw err;
      const use = await limiter.take(ctx.ip || 'unknown');
      if (!use.allowed)
        throw tooManyRequests(
          'Too many unknown quiz links from this client; try again in a minute',
          use.resetSeconds,
        );
      throw err;
    }
  };

  const token = (ctx: Context): string => ctx.params.token;
  /** A question number in the path: a positive integer, else 404 (no such question). */
  const number = (ctx: Context): number => {
    const parsed = PositiveIntParamSchema.safeParse(ctx.params.number);
    if (!parsed.success) throw notFound('No such question: the question number must be a positive integer');
    return parsed.data;
  };

  const ok = (ctx: Context, body: unknown, status = 200) => {
    ctx.status = status;
    ctx.body = body;
  };

  router.get('/api/env-vars', (ctx) => {
    const body: EnvVarsResponse = { demoModeAllowed: ctx.config.demoModeAllowed };
    ok(ctx, body);
  });

  router.get('/api/quiz/:token', tokenGuard, async (ctx) => {
    ok(ctx, await getQuizResult(deps(ctx), token(ctx)));
  });

  router.get('/api/quiz/:token/question/:number', tokenGuard, async (ctx) => {
    ok(ctx, await getQuestion(deps(ctx), token(ctx), number(ctx)));
  });

  router.post('/api/quiz/:token/question/:number', tokenGuard, async (ctx) => {
    const n = number(ctx);
    const body = validate(AnswerRequestSchema, ctx.request.body);
    ok(ctx, await answerQuestion(deps(ctx), token(ctx), n, body));
  });

  router.post('/api/quiz/:token/question/:number/log', tokenGuard, async (ctx) => {
    const n = number(ctx);
    const body = validate(LogEventRequestSchema, ctx.request.body);
    await logQuestionEvent(eventDeps(ctx), token(ctx), n, body);
    ok(ctx, { success: true }, 201);
  });

  router.post('/api/quiz/:token/tracking', tokenGuard, async (ctx) => {
    const body = validate(TrackingEventSchema, ctx.request.body);
    await recordTrackingEvent(eventDeps(ctx), token(ctx), body);
    ok(ctx, { success: true }, 201);
  });

  // What the page's event queue has waiting, in one request (and what is left when the page is
  // hidden or closed: a keepalive fetch or a beacon, so JSON in a text/plain body is taken too).
  router.post('/api/quiz/:token/events', tokenGuard, async (ctx) => {
    if (bodyBytes(ctx) > CONSTANTS.EVENT_BATCH.MAX_BYTES)
      throw payloadTooLarge(
        `An event batch may be at most ${CONSTANTS.EVENT_BATCH.MAX_BYTES} bytes; send fewer events at a time`,
      );
    const body = validate(EventBatchRequestSchema, beaconBody(ctx.request.body, undefined));
    ok(ctx, await recordEventBatch(eventDeps(ctx), token(ctx), body), 201);
  });

  router.post('/api/quiz/:token/survey', tokenGuard, async (ctx) => {
    const body = validate(SurveyRequestSchema, ctx.request.body);
    ok(ctx, await submitSurvey(deps(ctx), token(ctx), body));
  });

  router.post('/api/quiz/:token/finish', tokenGuard, async (ctx) => {
    ok(ctx, await finishQuiz(deps(ctx), token(ctx)));
  });

  router.post('/api/quiz/:token/abandon', tokenGuard, async (ctx) => {
    const body = validate(AbandonRequestSchema, beaconBody(ctx.request.body, {}));
    ok(ctx, await abandonQuiz(deps(ctx), token(ctx), body));
  });

  router.post('/api/quiz/:token/pass_243', tokenGuard, async (ctx) => {
    ok(ctx, await passQuiz(deps(ctx), token(ctx)));
  });

  return router;
}
