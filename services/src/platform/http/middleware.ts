// The request pipeline's cross-cutting pieces: errors → JSON, JSON/form body
// parsing with clear 400/413 answers, and a JSON 404 for unknown /api routes.
import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import { isDatabaseUnreachable, OUTAGE_RETRY_AFTER_SECONDS } from '../db/outages';
import { HttpError, ServiceUnavailableError, notFound, payloadTooLarge } from './errors';
import type { Logger } from '../log/logger';

export interface ErrorReply {
  status: number;
  message: string;
  /** More fields of the body (HttpError.details). */
  details?: Record<string, unknown>;
  /** Sent as Retry-After (429 from a rate limit, 503 while the database is down). */
  retryAfterSeconds?: number;
}

export const DATABASE_DOWN_MESSAGE =
  'The service is briefly unavailable (database unreachable); please retry';

interface ErrorLike {
  name?: string;
  code?: number;
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
  path?: string;
  keyValue?: Record<string, unknown>;
  errors?: Record<string, { message?: string }>;
}

/**
 * MongoDB server error codes caused by the values in a write or query, not by the server:
 * BadValue 2 (e.g. nesting deeper than 100), FailedToParse 9, TypeMismatch 14, Overflow 15,
 * InvalidBSON 22, DollarPrefixedFieldName 52, InvalidDBRef 55, EmptyFieldName 56, DottedFieldName 57,
 * BSONObjectTooLarge 10334, KeyTooLong 17280, an empty field path 40352.
 */
const CLIENT_CAUSED_MONGO_CODES = new Set([2, 9, 14, 15, 22, 52, 55, 56, 57, 10334, 17280, 40352]);

/**
 * What the driver refuses to send, before the database sees it: a NUL byte in a field name or
 * a regex, '$'/'.' in keys when checked, circular values, numbers out of range, too large documents.
 * (Its other BSON errors, on reading a reply, are not the client's doing.)
 */
const CLIENT_CAUSED_DRIVER_ERROR =
  /null bytes|must not start with '\$'|must not contain '\.'|circular structure|larger than the maximum/i;

function isMongoServerError(e: ErrorLike): boolean {
  return (
    typeof e.code === 'number' &&
    (e.name === 'MongoServerError' || e.name === 'MongoBulkWriteError' || e.name === 'MongoWriteConcernError')
  );
}

/**
 * Maps any thrown value to the status and message a client may see. Only errors we recognise
 * keep their message; everything else becomes a generic 500 so internals never leak.
 */
export function toErrorReply(err: unknown): ErrorReply {
  if (err instanceof HttpError) {
    const reply: ErrorReply = { status: err.status, message: err.message, details: err.details };
    if (err.retryAfterSeconds !== undefined) reply.retryAfterSeconds = err.retryAfterSeconds;
    return reply;
  }
  // Not a bug and not the client's fault: the database is down for now, so "try again shortly".
  if (isDatabaseUnreachable(err))
    return { status: 503, message: DATABASE_DOWN_MESSAGE, retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS };
  // Input is parsed with validate(), which throws a 400 HttpError. A bare ZodError comes from an
  // internal strict parse (e.g. the candidate view's leak check): a server bug, not bad input.
  if (err instanceof ZodError) return { status: 500, message: 'Internal server error' };
  const e = (err ?? {}) as ErrorLike;
  // mongoose: a value that cannot become the schema type (e.g. 'abc' for a Number id).
  if (e.name === 'CastError') {
    return { status: 400, message: `Invalid value${e.path ? ` for ${e.path}` : ''}` };
  }
  if (e.name === 'ValidationError' && e.errors) {
    const details = Object.entries(e.errors)
      .map(([field, v]) => `${field}: ${v.message ?? 'invalid'}`)
      .join('; ');
    return { status: 400, message: `Invalid request: ${details}` };
  }
  if (e.name === 'StrictModeError') return { status: 400, message: e.message ?? 'Invalid request' };
  // MongoDB duplicate key (unique index).
  if (e.code === 11000) {
    const fields = e.keyValue ? Object.keys(e.keyValue).join(', ') : '';
    return { status: 409, message: fields ? `Already exists: duplicate ${fields}` : 'Already exists' };
  }
  // The database refused a value the client sent (too deep, bad field name, too large): the
  // request is at fault, not the server. Input schemas should catch these first; this is the net.
  if (
    (isMongoServerError(e) && CLIENT_CAUSED_MONGO_CODES.has(e.code!)) ||
    ((e.name === 'BSONError' || e.name === 'MongoInvalidArgumentError') &&
      CLIENT_CAUSED_DRIVER_ERROR.test(e.message ?? ''))
  ) {
    return { status: 400, message: 'Invalid request: the value cannot be stored' };
  }
  // http-errors thrown by koa / @koa/router (e.g. 405 from allowedMethods) carry safe 4xx messages.
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && e.expose !== false) {
    return { status, message: e.message || 'Bad request' };
  }
  return { status: 500, message: 'Internal server error' };
}

export function errorMiddleware(logger: Logger, onDatabaseUnreachable: () => void = () => {}): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const reply = toErrorReply(err);
      if (isDatabaseUnreachable(err)) onDatabaseUnreachable();
      if (reply.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(reply.retryAfterSeconds));
      if (reply.status >= 500 && reply.status !== 503) {
        logger.error({ err }, `${ctx.method} ${ctx.path} failed`);
      }
      ctx.status = reply.status;
      ctx.body = { ...reply.details, success: false, message: reply.message };
    }
  };
}

export interface BodyOptions {
  /** Maximum JSON/form body size, in bytes or a bytes string such as '1mb'. */
  limit?: string | number;
}

/**
 * JSON and urlencoded bodies (the sign-on form posts urlencoded). Malformed JSON → 400
 * 'Malformed JSON body'; a body over the limit → 413.
 */
export function jsonBody(opts: BodyOptions = {}): Middleware {
  const limit = opts.limit ?? '1mb';
  // text: navigator.sendBeacon with a string sends text/plain (the page-close abandon call); routes
  // that expect JSON get a string and reject it in validate().
  const parse = bodyParser({
    enableTypes: ['json', 'form', 'text'],
    jsonLimit: limit,
    formLimit: limit,
    textLimit: limit,
  });
  return async (ctx, next) => {
    let parsed = false;
    try {
      await parse(ctx, async () => {
        parsed = true;
      });
    } catch (err) {
      const e = err as ErrorLike;
      if ((e.status ?? e.statusCode) === 413) throw payloadTooLarge();
      if (ctx.is('application/json', '+json')) throw new HttpError(400, 'Malformed JSON body');
      throw new HttpError((e.status ?? 400) < 500 ? (e.status ?? 400) : 400, 'Malformed request body');
    }
    if (!parsed) return; // the parser answered by itself (client closed the request)
    await next();
  };
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** What databaseAvailable() needs of the outage monitor (platform/db/outages.ts). */
export interface DatabaseHealth {
  isDown(): boolean;
  onDown(listener: () => void): () => void;
}

/**
 * Candidate calls (`gated(path)`) never wait on a database that is down or stalled: while it is known
 * to be, they get 503 with Retry-After at once, and a call already waiting on it when the outage is
 * found (a stall holds its queries without failing them) gets the same 503 then. Its work goes on in
 * the background and lands, or not, when the database answers: every quiz write is conditional on
 * the quiz's revision and judged by the request's arrival time, so the client's retry (the same
 * request) finds whatever landed and nothing is done twice.
 * Other calls (admin, sign-on) wait for the database like any client, and a dropped one still
 * reaches them as 503 through the error mapping: an admin's statistics read can itself keep the
 * single-threaded embedded engine busy past the stall threshold, and refusing or cutting admin calls
 * then would only make the admin ask again.
 */
export function databaseAvailable(
  health: DatabaseHealth,
  gated: (path: string) => boolean = isApiPath,
): Middleware {
  const unavailable = () => new ServiceUnavailableError(DATABASE_DOWN_MESSAGE, OUTAGE_RETRY_AFTER_SECONDS);
  return async (ctx, next) => {
    if (!gated(ctx.path)) return next();
    if (health.isDown()) throw unavailable();
    let stopListening = () => {};
    const outage = new Promise<never>((_, reject) => {
      stopListening = health.onDown(() => reject(unavailable()));
    });
    try {
      await Promise.race([next(), outage]);
    } finally {
      stopListening();
    }
  };
}

/**
 * Stamps when the request reached this process, before anything in the pipeline can wait on the
 * database (the session read, the routes): `arrivedAt(ctx)` is what quiz answers are judged by.
 */
export function stampArrival(): Middleware {
  return async (ctx, next) => {
    ctx.state.arrivedAt = new Date();
    await next();
  };
}

/** The request's arrival time (stampArrival), or now for a context that was not stamped. */
export function arrivedAt(ctx: { state: { arrivedAt?: unknown } }): Date {
  return ctx.state.arrivedAt instanceof Date ? ctx.state.arrivedAt : new Date();
}

/** Mounted after the routers: an /api path nobody answered is a JSON 404, never the web app. */
export function apiNotFound(): Middleware {
  return async (ctx, next) => {
    if (isApiPath(ctx.path) && ctx.body == null && ctx.status === 404) {
      throw notFound(`No such API route: ${ctx.method} ${ctx.path}`);
    }
    await next();
  };
}
