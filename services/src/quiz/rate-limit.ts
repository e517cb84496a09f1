// Per-client limit on unknown-token lookups, so assessment tokens cannot be guessed by brute force
// (they carry >= 128 random bits; this keeps probing noisy and slow). In memory, per process: a
// deployment with several processes gets one budget per process, which still bounds guessing.

/** Unknown-token lookups allowed per client IP in one window. */
export const UNKNOWN_TOKEN_LIMIT = 20;
/** Window length. A client over the limit gets 429 on every token lookup until its window ends. */
export const UNKNOWN_TOKEN_WINDOW_MS = 60_000;

interface Window {
  startedAt: number;
  misses: number;
}

export class MissLimiter {
  private readonly windows = new Map<string, Window>();
  constructor(
    private readonly limit = UNKNOWN_TOKEN_LIMIT,
    private readonly windowMs = UNKNOWN_TOKEN_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when this client has used up its unknown-token budget for the current window. */
  isBlocked(client: string): boolean {
    const w = this.current(client);
    return w !== undefined && w.misses >= this.limit;
  }

  /** Counts one unknown-token lookup by this client. */
  recordMiss(client: string): void {
    const w = this.current(client);
    if (w) w.misses++;
    else this.windows.set(client, { startedAt: this.now(), misses: 1 });
    this.sweep();
  }

  private current(client: string): Window | undefined {
    const w = this.windows.get(client);
    if (w && this.now() - w.startedAt >= this.windowMs) {
      this.windows.delete(client);
      return undefined;
    }
    return w;
  }

  /** Keeps memory bounded: drops finished windows once the map grows. */
  private sweep(): void {
    if (this.windows.size < 10_000) return;
    const t = this.now();
    for (const [k, w] of this.windows) if (t - w.startedAt >= this.windowMs) this.windows.delete(k);
  }
}

/**
 * A plain fixed-window counter: `take(key)` counts one request and says whether it is within the
 * limit. Used per token on the candidate's event writes (/log, /tracking).
 */
export class WindowLimiter {
  private readonly windows = new Map<string, Window>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string): boolean {
    const t = this.now();
    let w = this.windows.get(key);
    if (!w || t - w.startedAt >= this.windowMs) {
      if (this.windows.size >= 10_000) this.sweep(t);
      w = { startedAt: t, misses: 0 };
      this.windows.set(key, w);
    }
    w.misses++;
    return w.misses <= this.limit;
  }

  private sweep(t: number): void {
    for (const [k, w] of this.windows) if (t - w.startedAt >= this.windowMs) this.windows.delete(k);
  }
}
