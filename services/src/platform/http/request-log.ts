// The request log: one line of the services' pino logger per request (method, route pattern, status, duration) at
// LOG_LEVEL. Quiz tokens are credentials and appear in URLs, so the log names the route pattern
// (`/api/quiz/:token/question/:number`), and a path no router matched (the shell's `/quiz/<token>/...`
// pages, a 404) is logged with the segment after `quiz` replaced. No query strings, headers or
// cookies are logged (the OpenID callback's code and state, session cookies); pino's redact
// (logger.ts) is the second line of defence should a later field carry them.
import { randomBytes } from 'node:crypto';
import type { Middleware } from 'koa';
import type { DestinationStream } from 'pino';
import { createLogger, REDACTED, type Logger, type LogLevel } from '../log/logger';

export { REDACTED };

/** A logger for request lines only (tests hand it a stream); the app uses its one logger. */
export function createRequestLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return createLogger(level, { destination });
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
export function requestLog(logger: Logger): Middleware {
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
