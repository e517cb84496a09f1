// Database outages: while the database is unreachable the API answers 503 with Retry-After (not
// 500), and each outage's window is remembered so a question's clock does not count it.
//
// How a process knows: from its mongoose connection. The window opens at the first sign (the driver
// marks the server unknown: mongoose 'disconnected', or an operation fails because the server cannot
// be reached) and closes when the connection is back ('reconnected'). On recovery the window is
// written to `database_outages`, so every services process on the database (and one started later)
// sees it; it is also kept in memory, for the answer that arrives before that write lands.
import mongoose, { Schema, model } from 'mongoose';
import type { Logger } from '../http/logger';

/** What a client is told to wait before retrying, in seconds. */
export const OUTAGE_RETRY_AFTER_SECONDS = 3;
/** Windows kept in memory: far longer than any question's time limit (10 minutes at most). */
const KEEP_IN_MEMORY_MS = 60 * 60_000;

export interface OutageWindow {
  started_at: Date;
  ended_at: Date;
}

const outageSchema = new Schema<OutageWindow>(
  {
    started_at: { type: Date, required: true },
    ended_at: { type: Date, required: true, index: true },
  },
  { collection: 'database_outages', versionKey: false },
);
export const DatabaseOutage = model<OutageWindow>('DatabaseOutage', outageSchema);

/**
 * Errors that mean "the database cannot be reached right now" rather than "this request is wrong"
 * or "the server has a bug": no server to select, a dropped or refused connection, a closed pool,
 * or mongoose giving up on a command it buffered while disconnected.
 */
const UNREACHABLE_ERROR_NAMES = new Set([
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
]);

/**
 * Socket errors the driver can pass on unwrapped: a command written to a connection the engine's
 * death had just half-closed fails with Node's own EPIPE ("This socket has been ended by the other
 * party"), not a MongoNetworkError. A request's only outgoing sockets are the database's.
 */
const UNREACHABLE_SOCKET_CODES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED']);

export function isDatabaseUnreachable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { name?: string; message?: string; code?: unknown; cause?: unknown };
  if (e.name && UNREACHABLE_ERROR_NAMES.has(e.name)) return true;
  if (typeof e.code === 'string' && UNREACHABLE_SOCKET_CODES.has(e.code)) return true;
  if (e.name === 'MongooseError' && /buffering timed out/.test(e.message ?? '')) return true;
  return e.cause !== undefined && e.cause !== err && isDatabaseUnreachable(e.cause);
}

/**
 * Milliseconds of [from, to] during which the database was down, windows merged first so one
 * outage reported by several processes counts once.
 */
export function downtimeWithin(windows: readonly OutageWindow[], from: Date, to: Date): number {
  const lo = from.getTime();
  const hi = to.getTime();
  const clipped = windows
    .map((w) => [Math.max(lo, w.started_at.getTime()), Math.min(hi, w.ended_at.getTime())] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let cur: [number, number] | null = null;
  for (const [a, b] of clipped) {
    if (cur && a <= cur[1]) cur[1] = Math.max(cur[1], b);
    else {
      if (cur) total += cur[1] - cur[0];
      cur = [a, b];
    }
  }
  if (cur) total += cur[1] - cur[0];
  return total;
}

/** This process's view of the database's availability. One per process (see `databaseOutages`). */
export class OutageMonitor {
  private downSince: Date | null = null;
  private recent: OutageWindow[] = [];
  private logger: Logger | null = null;

  /**
   * Follows mongoose's default connection; call once it has connected. Returns the function that
   * stops following it: call that before a deliberate disconnect, which is no outage.
   */
  watch(logger: Logger, connection = mongoose.connection): () => void {
    this.logger = logger;
    const down = () => this.markDown();
    const up = () => void this.markUp();
    connection.on('disconnected', down);
    connection.on('reconnected', up);
    return () => {
      connection.off('disconnected', down);
      connection.off('reconnected', up);
    };
  }

  /** True while the connection is known to be down: requests are refused at once with 503. */
  isDown(connection = mongoose.connection): boolean {
    if (this.downSince === null) return false;
    // The driver may recover without mongoose reporting it (no state change was seen): trust the
    // connection's state over our flag, and close the window then.
    if (connection.readyState === mongoose.ConnectionStates.connected) {
      void this.markUp();
      return false;
    }
    return true;
  }

  markDown(at = new Date()): void {
    if (this.downSince) return;
    this.downSince = at;
    this.logger?.warn('the database is unreachable: answering 503 until it is back');
  }

  async markUp(at = new Date()): Promise<void> {
    const started = this.downSince;
    if (!started) return;
    this.downSince = null;
    const window = { started_at: started, ended_at: at };
    this.recent = [
      ...this.recent.filter((w) => at.getTime() - w.ended_at.getTime() < KEEP_IN_MEMORY_MS),
      window,
    ];
    this.logger?.warn(
      `the database is back after ${((at.getTime() - started.getTime()) / 1000).toFixed(1)} s`,
    );
    try {
      await DatabaseOutage.create(window);
    } catch (err) {
      this.logger?.warn({ err }, 'could not record the database outage (kept in this process only)');
    }
  }

  /** Milliseconds the database was down between `from` and `to`, as any process recorded it. */
  async downtimeBetween(from: Date, to: Date): Promise<number> {
    const stored = await DatabaseOutage.find({ ended_at: { $gt: from }, started_at: { $lt: to } })
      .lean<OutageWindow[]>()
      .exec();
    return downtimeWithin([...stored, ...this.recent], from, to);
  }
}

export const databaseOutages = new OutageMonitor();
