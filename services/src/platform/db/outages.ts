// Database outages: while the database is unreachable or stalled the candidate calls answer 503
// with Retry-After (not 500, and without hanging: platform/http/middleware.ts databaseAvailable), and each
// outage's window is remembered so a question's clock does not count it (quiz/timing.ts
// creditedDeadline).
//
// How a process knows, two ways:
// - A dropped database: from its mongoose connection. The window opens at the first sign (the
//   driver marks the server unknown: mongoose 'disconnected', or an operation fails because the
//   server cannot be reached) and closes when the connection is back.
// - A stalled one (frozen process, long disk stall, primary election: connected, but nothing
//   answers): a heartbeat pings the database every HEARTBEAT_MS; a ping still unanswered after
//   STALL_THRESHOLD_MS opens the window from when it was sent. Its reply closes it. A stall never
//   drops the connection, so watching the connection alone let requests hang for as long as the
//   stall lasted and scored in-time answers as late.
// On recovery the window is written to `database_outages`, so every services process on the
// database (and one started later) sees it; it is also kept in memory, for the answer that arrives
// before that write lands.
import mongoose, { Schema, model } from 'mongoose';
import type { Logger } from '../log/logger';

/** What a client is told to wait before retrying, in seconds. */
export const OUTAGE_RETRY_AFTER_SECONDS = 3;
/**
 * A database that has not answered a ping for this long is stalled: an outage. Healthy pings answer
 * in milliseconds (the embedded engine's longest pause, a compaction at 1M documents, is ~66 ms), so
 * 2 s is some 30 times the worst healthy pause and load does not trip it; and short enough that a
 * request caught by a stall gets its 503 within about 2.5 s, and that the time before the stall is
 * noticed stays well inside the 5 s answer grace (see docs/DECISIONS.md, "Database stall").
 */
export const STALL_THRESHOLD_MS = 2_000;
/** How often the heartbeat pings (and looks at the ping in flight). */
const HEARTBEAT_MS = 500;
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
 * A process's view of the database's availability: one per connection, made by connectDatabase (the
 * Database's `outages`) and handed to the app (app.context.outages), the job worker and the metrics.
 * An app built without one (the benches, unit tests) makes its own, which watches nothing and reads
 * recovery from the connection's state.
 */
export class OutageMonitor {
  private downSince: Date | null = null;
  private recent: OutageWindow[] = [];
  private logger: Logger | null = null;
  /** Whether a heartbeat runs (watch()); without one, recovery is read from the connection state. */
  private watching = false;
  /** When the heartbeat ping still waiting for its reply was sent (null: none in flight). */
  private pingSentAt: number | null = null;
  private readonly downListeners = new Set<() => void>();
  /** Milliseconds of the outages that have ended, in this process (the metrics' outage seconds). */
  private endedDownMs = 0;

  /**
   * Follows mongoose's default connection and pings the database every HEARTBEAT_MS; call once it
   * has connected. Returns the function that stops both: call that before a deliberate disconnect,
   * which is no outage.
   */
  watch(logger: Logger, connection = mongoose.connection): () => void {
    this.logger = logger;
    this.watching = true;
    const down = () => this.markDown();
    const up = () => void this.markUp();
    connection.on('disconnected', down);
    connection.on('reconnected', up);
    const heartbeat = setInterval(() => this.beat(connection), HEARTBEAT_MS);
    heartbeat.unref();
    return () => {
      clearInterval(heartbeat);
      this.watching = false;
      connection.off('disconnected', down);
      connection.off('reconnected', up);
    };
  }

  /**
   * One heartbeat: a ping in flight for STALL_THRESHOLD_MS means a stalled database (an outage from
   * when the ping was sent: the database had answered the one before); otherwise a new ping. Its
   * reply, whenever it comes, is the database answering again.
   */
  private beat(connection: mongoose.Connection): void {
    if (this.pingSentAt !== null) {
      if (Date.now() - this.pingSentAt >= STALL_THRESHOLD_MS) this.markDown(new Date(this.pingSentAt));
      return;
    }
    const sentAt = Date.now();
    this.pingSentAt = sentAt;
    connection
      .getClient()
      .db('admin')
      .command({ ping: 1 })
      .then(
        () => {
          this.pingSentAt = null;
          void this.markUp();
        },
        (err: unknown) => {
          this.pingSentAt = null;
          if (isDatabaseUnreachable(err)) this.markDown(new Date(sentAt));
        },
      );
  }

  /** True while the database is known to be down or stalled: requests are refused at once with 503. */
  isDown(connection = mongoose.connection): boolean {
    if (this.downSince === null) return false;
    // Without a heartbeat (an app built without connectDatabase, as the benches do) nothing else
    // would notice recovery: trust the connection's state then.
    if (!this.watching && connection.readyState === mongoose.ConnectionStates.connected) {
      void this.markUp();
      return false;
    }
    return true;
  }

  /** Seconds the database was down or stalled as this process saw it, the ongoing outage included. */
  downSecondsTotal(now = Date.now()): number {
    const ongoing = this.downSince ? Math.max(0, now - this.downSince.getTime()) : 0;
    return (this.endedDownMs + ongoing) / 1000;
  }

  /**
   * Calls `listener` when the database is next found down or stalled; returns the function that
   * stops listening. Requests waiting on the database use it to give up (503) instead of hanging.
   */
  onDown(listener: () => void): () => void {
    this.downListeners.add(listener);
    return () => this.downListeners.delete(listener);
  }

  markDown(at = new Date()): void {
    if (this.downSince) return;
    this.downSince = at;
    this.logger?.warn('the database is unreachable or not answering: answering 503 until it is back');
    for (const listener of [...this.downListeners]) listener();
  }

  async markUp(at = new Date()): Promise<void> {
    const started = this.downSince;
    if (!started) return;
    this.downSince = null;
    this.endedDownMs += Math.max(0, at.getTime() - started.getTime());
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

  /**
   * Every outage window that overlaps [from, to], as any process recorded it, plus the one going on
   * now (until `to`). Windows of one outage seen by several processes overlap: the reader merges them.
   */
  async outagesBetween(from: Date, to: Date): Promise<OutageWindow[]> {
    const stored = await DatabaseOutage.find({ ended_at: { $gt: from }, started_at: { $lt: to } })
      .lean<OutageWindow[]>()
      .exec();
    const open = this.downSince ? [{ started_at: this.downSince, ended_at: to }] : [];
    return [...stored, ...this.recent, ...open];
  }
}
