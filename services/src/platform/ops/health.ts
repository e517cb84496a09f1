// /healthz and /readyz: answered first in the pipeline (before the request log's work, the rate
// limits, the outage 503 and the sessions), unauthenticated, cheap, and saying nothing about the
// configuration (no addresses, paths or versions: only which check failed).
//   /healthz  the process serves HTTP: 200 { status: 'ok' } whatever the database does.
//   /readyz   this instance should get traffic: the database answers a ping within
//             READINESS_DB_TIMEOUT_MS, the job worker runs, the live remotes manifest is valid, and
//             the process is not shutting down. 503 { status: 'unavailable', failing: [...] } otherwise.
import type { Context, Middleware, Next } from 'koa';
import mongoose from 'mongoose';
import type { OutageMonitor } from '../db/outages';

export type CheckName = 'database' | 'jobs' | 'remotes_manifest' | 'shutting_down';

/** What /readyz looks at besides the database; the services set it as they start and stop. */
export class Readiness {
  /** Set once SIGTERM (or close()) has begun: /readyz answers 503 from then on. */
  draining = false;
  /**
   * Set once the listener is closed: each response then carries `Connection: close`, so a proxy's
   * keep-alive connection is given back after its request instead of being cut under it.
   */
  closing = false;
  /** Whether the job worker is running (set by server.ts). */
  jobsRunning: () => boolean = () => false;
  /** Requests whose handlers are still running (their connection may already be gone). */
  private inFlight = 0;
  private settledListeners: Array<() => void> = [];

  /** Counts a request from the start of the pipeline to its handler's end. */
  async track(run: () => Promise<void>): Promise<void> {
    this.inFlight++;
    try {
      await run();
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) for (const listener of this.settledListeners.splice(0)) listener();
    }
  }

  /**
   * Resolves once no handler runs (or after `timeoutMs`): a handler cut off from its client at the
   * shutdown bound still finishes its writes (an answer, the job it enqueues) before the database
   * closes.
   */
  settled(timeoutMs: number): Promise<boolean> {
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.settledListeners.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

export interface HealthOptions {
  readiness: Readiness;
  /** The app's view of the database's outages (one known answers at once, without a ping). */
  outages: OutageMonitor;
  /** null when the live manifest is valid, else why not (kept out of the response). */
  manifestProblem: () => string | null;
  dbTimeoutMs: number;
}

/**
 * One ping in flight at a time, shared by every /readyz request that arrives meanwhile: a burst of
 * probes costs the database one command.
 */
function pinger(timeoutMs: number): () => Promise<boolean> {
  let inFlight: Promise<boolean> | null = null;
  return () => {
    inFlight ??= (async () => {
      const db = mongoose.connection.db;
      if (!db || mongoose.connection.readyState !== mongoose.ConnectionStates.connected) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const ping = db
        .admin()
        .command({ ping: 1 })
        .then(
          () => true,
          () => false,
        );
      try {
        return await Promise.race([ping, timeout]);
      } finally {
        clearTimeout(timer);
      }
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}

export function healthEndpoints(options: HealthOptions): Middleware {
  const ping = pinger(options.dbTimeoutMs);
  return (ctx, next) => options.readiness.track(() => answer(ctx, next));
  async function answer(ctx: Context, next: Next): Promise<void> {
    if (options.readiness.closing) ctx.set('Connection', 'close');
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/healthz') {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { status: 'ok' };
      return;
    }
    if (ctx.path !== '/readyz') return next();
    const failing: CheckName[] = [];
    if (options.readiness.draining) failing.push('shutting_down');
    // An outage the heartbeat already knows of answers at once; otherwise one bounded ping.
    if (options.outages.isDown() || !(await ping())) failing.push('database');
    if (!options.readiness.jobsRunning()) failing.push('jobs');
    if (options.manifestProblem() !== null) failing.push('remotes_manifest');
    ctx.set('Cache-Control', 'no-store');
    ctx.status = failing.length ? 503 : 200;
    ctx.body = failing.length ? { status: 'unavailable', failing } : { status: 'ready' };
  }
}
