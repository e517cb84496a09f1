// One error type for every deliberate non-OK reply. Routes and domain functions throw these;
// the error middleware (middleware.ts) turns them into `{ success: false, message }`.
import { type ZodType, ZodError } from 'zod';

export class HttpError extends Error {
  readonly status: number;
  /** Marks errors whose message is safe to show to the client. */
  readonly expose = true;
  /** More fields for the error body, beside `success` and `message` (e.g. a bulk invite's `rows`). */
  readonly details?: Record<string, unknown>;
  /** Sent as Retry-After: seconds until asking again can succeed (429, 503). */
  readonly retryAfterSeconds?: number;
  constructor(
    status: number,
    message: string,
    details?: Record<string, unknown>,
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.details = details;
    if (retryAfterSeconds !== undefined) this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

export const badRequest = (message = 'Bad request') => new HttpError(400, message);
export const unauthorized = (message = 'Not signed in') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message = 'Conflict') => new HttpError(409, message);
export const payloadTooLarge = (message = 'Request body too large') => new HttpError(413, message);
/**
 * 429. The wait is required, so no limit can answer 429 without Retry-After: a client (or a proxy)
 * that honours it comes back when the budget is whole again instead of hammering a closed window.
 */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, retryAfterSeconds);

/** 503: a dependency (the database) is down for now; the client should retry after the delay. */
export class ServiceUnavailableError extends HttpError {
  declare readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(503, message, undefined, retryAfterSeconds);
  }
}

/** Turns a ZodError into one readable sentence naming each offending field. */
export function describeZodError(err: ZodError): string {
  const parts = err.issues.slice(0, 5).map((issue) => {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'body';
    return `${field}: ${issue.message}`;
  });
  if (err.issues.length > 5) parts.push(`and ${err.issues.length - 5} more`);
  return `Invalid request: ${parts.join('; ')}`;
}

/**
 * Parses `value` with `schema`, or throws a 400 HttpError naming the bad fields.
 * Use it at the edge of every route so handlers only ever see well-typed input.
 */
export function validate<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeZodError(result.error));
  return result.data;
}
