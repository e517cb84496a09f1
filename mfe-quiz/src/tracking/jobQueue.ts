// The persistent job queue of SPEC §4 "Queued logging", §8 and §9, as a small typed module of ours.
// It replaces storage-based-queue 1.2.6 (unmaintained since 2018, core-js 2, and a `to-function`
// that compiles code from strings, which the Content-Security-Policy refuses) and keeps its rules
// and its stored format, so jobs an older page left in localStorage are still replayed:
//
// - channels by name (`create(name)`; `channel(name)` throws '"{name}" channel not found');
// - tasks kept in storage under `${prefix}_${channel}` as a JSON array (local-storage storage);
// - one task at a time, each started `timeout` ms (1000) after the previous one ended; highest
//   `priority` first, then first-in first-out (or last-in first-out);
// - a worker resolves true (done: removed), false (try again: `tried` + 1, frozen once `tried`
//   reaches the worker's `retry`, default 1; a frozen task stays stored and never runs again), or
//   rejects (given up: removed); a task whose handler has no worker is removed;
// - a `unique` task is dropped when a task with its `tag` is stored and not frozen;
// - `limit` (-1 = unlimited) counts the tasks waiting to run; past it `add` stores nothing and warns
//   'Task limit exceeded: …'.
// One change from the library: a task that was running when its page went away (locked) is free
// again once its lock is older than `staleLockMs`, rather than locked for ever.
// One addition: a worker with `batch` is handed every waiting task of its handler and key at once
// (in queue order, as many as its `fits` allows), one run instead of one per task; each task still
// has its own outcome, tries and freeze, exactly as if it had run alone.

/** What is stored per task (the library's field names, `freezed` included, for stored compatibility). */
export interface StoredTask<Args = unknown> {
  _id: string;
  handler: string;
  args: Args;
  tag?: string;
  unique?: boolean;
  label?: string;
  priority: number;
  createdAt: number;
  tried?: number;
  retry?: number;
  freezed?: boolean;
  locked?: boolean;
  lockedAt?: number;
}

/** What a caller adds. */
export interface NewTask<Args = unknown> {
  handler: string;
  args: Args;
  tag?: string;
  unique?: boolean;
  label?: string;
  priority?: number;
}

/**
 * Runs one kind of task. `handle` resolves true when the task is done, false to try it again later,
 * and rejects to give it up. `retry` is how many tries a task gets before it is frozen (default 1).
 */
export interface QueueWorker<Args = unknown> {
  retry?: number;
  handle(args: Args): Promise<boolean>;
  /** Runs the waiting tasks of this worker together (see BatchHandling); absent: one at a time. */
  batch?: BatchHandling<Args>;
}

/** A task as a batch handler sees it: its stored id and its arguments. */
export interface BatchTask<Args = unknown> {
  id: string;
  args: Args;
}

/** What came of one task of a batch: as `handle` resolving true, resolving false, or rejecting. */
export type BatchOutcome = 'done' | 'retry' | 'refused';

export interface BatchHandling<Args = unknown> {
  /** Only tasks of one key go together (e.g. the quiz they belong to). */
  key(args: Args): string;
  /** Whether `next` may join the tasks already taken (a bound on count or size); the first always goes. */
  fits(taken: readonly Args[], next: Args): boolean;
  /** One outcome per task, in the order given (a rejection: every task refused). */
  handle(tasks: readonly BatchTask<Args>[]): Promise<BatchOutcome[]>;
}

/** The slice of the Web Storage API the queue uses (localStorage in the browser). */
export type TaskStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface QueueConfig {
  storage: TaskStorage;
  /** Storage keys are `${prefix}_${channel}`. */
  prefix: string;
  /** Pause before each task, in ms. */
  timeout: number;
  /** Most tasks waiting to run per channel; -1 for no limit. */
  limit: number;
  principle: 'fifo' | 'lifo';
  /** A lock older than this is a page that went away mid-task: the task may run again. */
  staleLockMs?: number;
  /** Where 'Task limit exceeded' goes (console.warn). */
  warn?: (message: string) => void;
  now?: () => number;
}

const DEFAULT_STALE_LOCK_MS = 60_000;

let idCounter = 0;
function newId(): string {
  const random = globalThis.crypto?.randomUUID?.();
  idCounter += 1;
  return random ?? `${Date.now().toString(36)}-${idCounter}-${Math.random().toString(36).slice(2)}`;
}

export class JobQueue {
  private readonly channels = new Map<string, Channel>();

  constructor(
    private readonly config: QueueConfig,
    private readonly workers: Readonly<Record<string, QueueWorker<never>>>,
  ) {}

  /** The channel of that name, made on first use. */
  create(name: string): Channel {
    let ch = this.channels.get(name);
    if (!ch) {
      ch = new Channel(name, this.config, this.workers);
      this.channels.set(name, ch);
    }
    return ch;
  }

  /** A channel made before; SPEC §8: '"{channel}" channel not found' otherwise. */
  channel(name: string): Channel {
    const ch = this.channels.get(name);
    if (!ch) throw new Error(`"${name}" channel not found`);
    return ch;
  }
}

export class Channel {
  /** Started and not stopped (what the library's status() says). */
  private running = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** A task is with its worker now: nothing else starts until it settles. */
  private busy = false;
  private readonly key: string;

  constructor(
    readonly name: string,
    private readonly config: QueueConfig,
    private readonly workers: Readonly<Record<string, QueueWorker<never>>>,
  ) {
    this.key = `${config.prefix}_${name}`;
  }

  /** Stores a task; its id, or false when it was dropped (unique tag, limit, storage refused). */
  async add<Args>(task: NewTask<Args>): Promise<string | false> {
    const tasks = this.read();
    if (task.unique === true && tasks.some((t) => !t.freezed && t.tag === task.tag)) return false;
    const { limit } = this.config;
    if (limit !== -1 && this.waiting(tasks).length >= limit) {
      (this.config.warn ?? console.warn)(`Task limit exceeded: The '${this.name}' channel limit is ${limit}`);
      return false;
    }
    const stored: StoredTask<Args> = {
      ...task,
      priority: typeof task.priority === 'number' ? task.priority : 0,
      createdAt: this.now(),
      _id: newId(),
    };
    if (!this.write([...tasks, stored])) return false;
    // A running channel picks the new task up (now, if it was idle).
    if (this.running && !this.busy) this.schedule();
    return stored._id;
  }

  /** Runs the stored tasks one after another until stopped; an empty channel waits for `add`. */
  start(): void {
    this.running = true;
    if (!this.busy) this.schedule();
  }

  /** Stops before the next task (one with its worker now finishes and keeps its outcome). */
  stop(): void {
    this.running = false;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  status(): boolean {
    return this.running;
  }

  /** Tasks not frozen (the library's count()). */
  count(): number {
    return this.read().filter((t) => !t.freezed).length;
  }

  /** Every stored task, frozen ones included, in storage order. */
  tasks(): StoredTask[] {
    return this.read();
  }

  /** Removes these tasks (done some other way, e.g. sent as the page was hidden). */
  discard(ids: readonly string[]): void {
    if (ids.length === 0) return;
    const gone = new Set(ids);
    this.write(this.read().filter((t) => !gone.has(t._id)));
  }

  private now(): number {
    return (this.config.now ?? Date.now)();
  }

  private isLocked(task: StoredTask): boolean {
    if (!task.locked) return false;
    const stale = this.config.staleLockMs ?? DEFAULT_STALE_LOCK_MS;
    return task.lockedAt !== undefined && this.now() - task.lockedAt < stale;
  }

  /** Tasks that may run: not frozen, not with a worker. */
  private waiting(tasks: StoredTask[]): StoredTask[] {
    return tasks.filter((t) => !t.freezed && !this.isLocked(t));
  }

  /** The waiting tasks in the order they run: highest priority first, then first (or last) in. */
  private ordered(): StoredTask[] {
    const order = this.config.principle === 'lifo' ? -1 : 1;
    return this.waiting(this.read()).sort(
      (a, b) => b.priority - a.priority || order * (a.createdAt - b.createdAt),
    );
  }

  private schedule(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runNext();
    }, this.config.timeout);
  }

  private async runNext(): Promise<void> {
    if (!this.running || this.busy) return;
    const waiting = this.ordered();
    const task = waiting[0];
    if (!task) return; // idle until add() or start()
    this.busy = true;
    try {
      const worker = this.workers[task.handler] as QueueWorker<unknown> | undefined;
      if (!worker) {
        this.remove(task._id); // SPEC §4: a failed job with no worker is removed
        return;
      }
      if (worker.batch) {
        await this.runBatch(worker, worker.batch, waiting);
        return;
      }
      this.update(task._id, { locked: true, lockedAt: this.now() });
      let done: boolean;
      try {
        done = (await worker.handle(task.args)) === true;
      } catch {
        this.remove(task._id); // the worker gave up
        return;
      }
      if (done) {
        this.remove(task._id);
        return;
      }
      const retry = worker.retry ?? 1;
      const tried = (task.tried ?? 0) + 1;
      this.update(task._id, {
        tried,
        retry: task.retry ?? retry,
        freezed: tried >= retry,
        locked: false,
        lockedAt: undefined,
      });
    } finally {
      this.busy = false;
      if (this.running) this.schedule();
    }
  }

  /** The first waiting task and those after it with its handler and key, as many as fit, in one run. */
  private async runBatch(
    worker: QueueWorker<unknown>,
    batch: BatchHandling<unknown>,
    waiting: StoredTask[],
  ): Promise<void> {
    const [first] = waiting;
    const key = batch.key(first.args);
    const taken: StoredTask[] = [first];
    for (const t of waiting.slice(1)) {
      if (t.handler !== first.handler || batch.key(t.args) !== key) continue;
      if (
        !batch.fits(
          taken.map((x) => x.args),
          t.args,
        )
      )
        break;
      taken.push(t);
    }
    const ids = new Set(taken.map((t) => t._id));
    const lockedAt = this.now();
    this.write(this.read().map((t) => (ids.has(t._id) ? { ...t, locked: true, lockedAt } : t)));
    let outcomes: BatchOutcome[];
    try {
      outcomes = await batch.handle(taken.map((t) => ({ id: t._id, args: t.args })));
    } catch {
      outcomes = taken.map(() => 'refused');
    }
    const outcomeOf = new Map(taken.map((t, i) => [t._id, outcomes[i] ?? 'retry']));
    const retry = worker.retry ?? 1;
    const next: StoredTask[] = [];
    for (const t of this.read()) {
      const outcome = outcomeOf.get(t._id);
      if (outcome === undefined) next.push(t);
      else if (outcome === 'retry') {
        const tried = (t.tried ?? 0) + 1;
        next.push({
          ...t,
          tried,
          retry: t.retry ?? retry,
          freezed: tried >= retry,
          locked: false,
          lockedAt: undefined,
        });
      }
      // done and refused: removed
    }
    this.write(next);
  }

  private read(): StoredTask[] {
    try {
      const parsed: unknown = JSON.parse(this.config.storage.getItem(this.key) ?? '[]');
      return Array.isArray(parsed) ? (parsed as StoredTask[]).filter((t) => t && typeof t === 'object') : [];
    } catch {
      return [];
    }
  }

  private write(tasks: StoredTask[]): boolean {
    try {
      if (tasks.length === 0) this.config.storage.removeItem(this.key);
      else this.config.storage.setItem(this.key, JSON.stringify(tasks));
      return true;
    } catch {
      return false; // storage full or blocked
    }
  }

  private update(id: string, change: Partial<StoredTask>): void {
    this.write(this.read().map((t) => (t._id === id ? { ...t, ...change } : t)));
  }

  private remove(id: string): void {
    this.write(this.read().filter((t) => t._id !== id));
  }
}
