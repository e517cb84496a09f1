// A small fixed-window rate limiter (in memory, per process), used for sign-in attempts and admin
// calls. A deployment with several processes gets one budget per process, which still bounds abuse.
import type { Context, Middleware } from 'koa';
import { tooManyRequests } from '../http/errors';

export interface RateLimitOptions {
  /** Requests allowed per key in one window. */
  max: number;
  windowMs: number;
  /** What is limited (the client address by default). */
  key?: (ctx: Context) => string;
  message?: string;
  now?: () => number;
}

/** Sign-in attempts (POST /auth/central and its callback) per client address per minute. */
export const SIGN_IN_LIMIT = { max: 20, windowMs: 60_000 };
/** Admin calls per client address per minute: far above what the admin screens need. */
export const ADMIN_LIMIT = { max: 600, windowMs: 60_000 };

export function rateLimit(opts: RateLimitOptions): Middleware {
  const windows = new Map<string, { start: number; count: number }>();
  const now = opts.now ?? Date.now;
  const keyOf = opts.key ?? ((ctx: Context) => ctx.ip || 'unknown');
  return async (ctx, next) => {
    const t = now();
    const key = keyOf(ctx);
    let w = windows.get(key);
    if (!w || t - w.start >= opts.windowMs) {
      w = { start: t, count: 0 };
      windows.set(key, w);
      if (windows.size > 10_000) {
        for (const [k, v] of windows) if (t - v.start >= opts.windowMs) windows.delete(k);
      }
    }
    w.count++;
    const resetSeconds = Math.ceil((w.start + opts.windowMs - t) / 1000);
    ctx.set('X-RateLimit-Limit', String(opts.max));
    ctx.set('X-RateLimit-Remaining', String(Math.max(0, opts.max - w.count)));
    ctx.set('X-RateLimit-Reset', String(resetSeconds));
    if (w.count > opts.max) {
      ctx.set('Retry-After', String(resetSeconds));
      throw tooManyRequests(opts.message);
    }
    await next();
  };
}
