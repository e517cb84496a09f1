// Rate limits of sign-in attempts and admin calls, per client address: koa middleware over the
// fixed-window limiter shared by every services process (in the database; see platform/http/rate-limit.ts).
import type { Context, Middleware } from 'koa';
import { tooManyRequests } from '../http/errors';
import { FixedWindowLimiter } from '../http/rate-limit';

export interface RateLimitOptions {
  /** Names the limit's counters (each limit has its own budget per key). */
  name: string;
  /** Requests allowed per key in one window. */
  max: number;
  windowMs: number;
  /** What is limited (the client address by default). */
  key?: (ctx: Context) => string;
  /** The 429's message. */
  message?: string;
  now?: () => number;
}

/** Sign-in attempts (POST /auth/central and its callback) per client address per minute. */
export const SIGN_IN_LIMIT = { name: 'sign-in', max: 20, windowMs: 60_000 };
/** Admin calls per client address per minute: far above what the admin screens need. */
export const ADMIN_LIMIT = { name: 'admin', max: 600, windowMs: 60_000 };

export function rateLimit(opts: RateLimitOptions): Middleware {
  const limiter = new FixedWindowLimiter(opts.name, opts.max, opts.windowMs, opts.now);
  const keyOf = opts.key ?? ((ctx: Context) => ctx.ip || 'unknown');
  return async (ctx, next) => {
    const use = await limiter.take(keyOf(ctx));
    ctx.set('X-RateLimit-Limit', String(opts.max));
    ctx.set('X-RateLimit-Remaining', String(use.remaining));
    ctx.set('X-RateLimit-Reset', String(use.resetSeconds));
    if (!use.allowed)
      throw tooManyRequests(opts.message ?? 'Too many requests, please try again later', use.resetSeconds);
    await next();
  };
}
