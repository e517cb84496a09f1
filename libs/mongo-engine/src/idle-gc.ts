// A full garbage collection once the engine goes quiet after a burst of traffic (engine memory).
//
// Replies and requests pass through buffers outside V8's heap and decoded documents through its heap; V8
// collects the first only every 64 MiB or so of them and grows its heap during a burst without giving it back
// soon after. After the scale bench's statistics calls the engine held 50-100 MiB of garbage buffers and heap
// that nothing would reuse: its resident memory depended on when the last collection happened to run
// (605-680 MiB in four runs of the same calls). So once IDLE_GC_BYTES have passed through the wire or been
// added to the heap since the last collection, and the traffic has been quiet for IDLE_GC_MS (at most
// QUIET_BYTES per half of it: the services' pings and job polls never stop), the engine collects. The engine's
// process runs with --expose-gc (bin/node-flags.js); in-process engines, as in tests, have no `gc` and never
// do this. The collection compacts the heap (exposedGc below) and takes 0.2-0.5 s at the scale bench's size;
// a message that arrives meanwhile waits that long, at most once per burst and only when traffic is quiet.

export const IDLE_GC_MS = 1000;
export const IDLE_GC_BYTES = 16 * 1024 * 1024;
/** Traffic at or under this much per tick (half of IDLE_GC_MS) is quiet. */
export const QUIET_BYTES = 256 * 1024;

export class IdleCollector {
  /** bytes since the last collection, and since the last tick */
  private burst = 0;
  private recent = 0;
  private lastBusy = 0;
  /** the heap's used bytes after the last collection */
  private heapAfter = 0;

  constructor(
    private readonly collect: (() => void) | undefined,
    private readonly idleMs = IDLE_GC_MS,
    private readonly minBytes = IDLE_GC_BYTES,
    private readonly quietBytes = QUIET_BYTES,
  ) {}

  /** Whether this collector can collect at all (the process exposes `gc`). */
  get enabled(): boolean {
    return this.collect !== undefined;
  }

  /** `bytes` of a message or a reply passed. */
  note(bytes: number): void {
    this.burst += bytes;
    this.recent += bytes;
  }

  /**
   * Called every half of idleMs: collects if a burst is over at `now` (ms), `heapUsed` reading the heap's used
   * bytes; true when it did.
   */
  tick(now: number, heapUsed: () => number): boolean {
    if (this.recent > this.quietBytes) this.lastBusy = now;
    this.recent = 0;
    if (!this.collect || now - this.lastBusy < this.idleMs) return false;
    if (this.burst < this.minBytes && heapUsed() - this.heapAfter < this.minBytes) return false;
    this.burst = 0;
    this.collect();
    this.heapAfter = heapUsed();
    return true;
  }
}

type ExposedGc = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * The process's `gc` when it runs with --expose-gc, asked for V8's last-resort collection. A plain `gc()`
 * frees the garbage but keeps its pages: after the scale bench's calls the heap stayed committed at 186 MiB
 * for 135 MiB used, and the freed pages resident. The last-resort flavour also compacts the heap and hands
 * the emptied pages back (133 MiB committed for 128 used, the engine's RSS 606 → 517 MiB); it costs a few
 * full collections in a row, 0.2-0.5 s at the scale bench's 250 MiB of documents, once per burst.
 */
export function exposedGc(): (() => void) | undefined {
  const gc = (globalThis as { gc?: ExposedGc }).gc;
  return typeof gc === 'function'
    ? () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })
    : undefined;
}
