// Fixed-window counting shared by every services process: one counter document per limit and
// key in the product's database (platform/models/rate-limit.ts), counted with atomic findOneAndUpdate
// calls, so several processes behind a load balancer share one budget.
// The one limiter behind the sign-in and admin limits (platform/auth/rate-limit.ts), the unknown-quiz-token
// limit and the per-quiz event limit (quiz/rate-limit.ts).
//
// take() is the only way in: it counts and answers in one atomic step, and callers decide from the
// count it returns. A separate "is the budget used up?" read followed by a take let every request
// of a burst read "not yet" before any of them counted (300 concurrent guesses got 225-248
// answers under a limit of 20), so there is no such read.
import { RateLimitCounter } from '../models/rate-limit';

/** Where a key stands after take(). */
export interface WindowUse {
  /** Within the limit (this request counted). */
  allowed: boolean;
  /** Requests still allowed in this window. */
  remaining: number;
  /** Seconds until the window ends and the budget is whole again. */
  resetSeconds: number;
}

/** E11000: another request created or restarted the same counter first; count again. */
const isDuplicateKey = (err: unknown): boolean => (err as { code?: number }).code === 11000;

/** Enough for any realistic pile-up of requests racing to restart one window. */
const MAX_ATTEMPTS = 5;

export class FixedWindowLimiter {
  /**
   * @param name tells this limit's counters apart from other limits' (same key, other budget).
   * A key's window starts at its first request and lasts `windowMs`.
   */
  constructor(
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one request for `key` and says whether it is within the limit, from the count this very
   * request's increment produced: of N concurrent requests exactly `limit` are allowed, whichever
   * process they reach.
   */
  async take(key: string): Promise<WindowUse> {
    const t = this.now();
    const _id = this.counterId(key);
    for (let attempt = 1; ; attempt++) {
      // The common case: the key's window is running; count in it.
      const running = await RateLimitCounter.findOneAndUpdate(
        { _id, start: { $gt: new Date(t - this.windowMs) } },
        { $inc: { count: 1 } },
        { returnDocument: 'after', lean: true },
      ).exec();
      if (running) return this.use(running.count, running.start.getTime(), t);
      // No window, or an ended one: start a new window with this request. Conditional on the old
      // window still being there, so of two requests racing here one starts the window and the
      // other (E11000 on the upsert) goes back to counting in it.
      try {
        await RateLimitCounter.findOneAndUpdate(
          { _id, start: { $lte: new Date(t - this.windowMs) } },
          { $set: { start: new Date(t), count: 1, expires_at: new Date(t + this.windowMs) } },
          { upsert: true, lean: true },
        ).exec();
        return this.use(1, t, t);
      } catch (err) {
        if (!isDuplicateKey(err) || attempt >= MAX_ATTEMPTS) throw err;
      }
    }
  }

  private use(count: number, start: number, t: number): WindowUse {
    return {
      allowed: count <= this.limit,
      remaining: Math.max(0, this.limit - count),
      // At most the window: a request timed just before a concurrent one (or another process)
      // started the window would otherwise be told to wait a little longer than the window lasts.
      resetSeconds: Math.ceil(Math.min(this.windowMs, start + this.windowMs - t) / 1000),
    };
  }

  private counterId(key: string): string {
    return `${this.name}|${key}`;
  }
}
