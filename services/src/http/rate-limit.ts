// Fixed-window counting, in memory, per process: the one limiter behind the sign-in and admin
// limits (auth/rate-limit.ts), the unknown-quiz-token limit and the per-quiz event limit
// (quiz/rate-limit.ts). A deployment with several processes gets one budget per process, which
// still bounds abuse.

/** Where a key stands after take(). */
export interface WindowUse {
  /** Within the limit (this request counted). */
  allowed: boolean;
  /** Requests still allowed in this window. */
  remaining: number;
  /** Seconds until the window ends and the budget is whole again. */
  resetSeconds: number;
}

interface Window {
  start: number;
  count: number;
}

/** Windows kept before finished ones are swept, so memory stays bounded under many keys. */
const SWEEP_AT = 10_000;

export class FixedWindowLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request for `key` and says whether it is within the limit. */
  take(key: string): WindowUse {
    const t = this.now();
    let w = this.current(key, t);
    if (!w) {
      if (this.windows.size >= SWEEP_AT) this.sweep(t);
      w = { start: t, count: 0 };
      this.windows.set(key, w);
    }
    w.count++;
    return {
      allowed: w.count <= this.limit,
      remaining: Math.max(0, this.limit - w.count),
      resetSeconds: Math.ceil((w.start + this.windowMs - t) / 1000),
    };
  }

  /** True when `key` has used its whole budget in the current window; counts nothing. */
  isExhausted(key: string): boolean {
    const w = this.current(key, this.now());
    return w !== undefined && w.count >= this.limit;
  }

  private current(key: string, t: number): Window | undefined {
    const w = this.windows.get(key);
    if (w && t - w.start >= this.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private sweep(t: number): void {
    for (const [k, w] of this.windows) if (t - w.start >= this.windowMs) this.windows.delete(k);
  }
}
