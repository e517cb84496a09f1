// The request log: one pino JSON line per request (method, route pattern, status, duration) at
// LOG_LEVEL. Quiz tokens are credentials and appear in URLs, so the log names the route pattern
// (`/api/quiz/:token/question/:number`), and a path no router matched (the shell's `/quiz/<token>/...`
// pages, a 404) is logged with the segment after `quiz` replaced. No query strings, headers or
// cookies are logged (the OpenID callback's code and state, session cookies); pino's redact is the
// second line of defence should a later field carry them.
import { randomBytes } from 'node:crypto';
import type { Middleware } from 'koa';
import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';
import type { LogLevel } from './logger';

export const REDACTED = '[redacted]';

/** Paths that would carry a session id or a credential if someone logged them. */
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'token',
  'sessionId',
];

export function createRequestLogger(level: LogLevel, destination?: DestinationStream): PinoLogger {
  return pino(
    { level, base: undefined, redact: { paths: REDACT_PATHS, censor: REDACTED } },
    destination ?? pino.destination(1),
  );
}

/**
 * A request path fit for the log: no query string, and the segment after every `quiz` segment
 * (the candidate token, in `/quiz/<token>/...` and `/api/quiz/<token>/...`) replaced.
 */
export function loggablePath(url: string): string {
  const path = url.split(/[?#]/, 1)[0];
  const segments = path.split('/');
  for (let i = 0; i < segments.length - 1; i++) {
    if (segments[i] === 'quiz' && segments[i + 1] !== '') segments[i + 1] = REDACTED;
  }
  return segments.join('/');
}

/**
 * Requests this process makes to itself in bulk (the first-run simulated candidates: some 25,000 in
 * three minutes) carry this header with this process's random key and are logged at debug, so they
 * do not bury the start summary and real traffic. The key is unguessable and never leaves the
 * process, so no outside client can keep its requests out of the log.
 */
export const QUIET_HEADER = 'x-skillquiz-quiet';
export const QUIET_KEY = randomBytes(18).toString('base64url');

/** First in the pipeline, so it sees the status the error middleware chose. */
export function requestLog(logger: PinoLogger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const level = ctx.get(QUIET_HEADER) === QUIET_KEY ? 'debug' : 'info';
      if (logger.isLevelEnabled(level)) {
        const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
        logger[level](
          {
            method: ctx.method,
            // A router's pattern names no token; without one, the path with the token replaced.
            route: typeof matched === 'string' ? matched : loggablePath(ctx.originalUrl),
            status: ctx.status,
            duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
          },
          'request',
        );
      }
    }
  };
}
