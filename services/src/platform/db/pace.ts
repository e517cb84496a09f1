// A duty cycle for a long run of database work that shares the database with the candidates (an
// import's commit, the reconciliation pass over every invitation). The embedded engine serves one
// command at a time, so a candidate's read that arrives while one of the run's commands is being
// applied waits for it; with the next command sent as soon as the last one answers, each of the
// candidate's few commands per request can land behind one, and a long enough run starves them
// (the services then answer 503). Resting after each step about as long as the engine took for it
// keeps the run's share of the engine near `duty`, whatever the machine's load (a slow engine makes
// the rests longer by itself): the candidates' commands go in during the rests, and the run takes
// about 1 / duty as long.
import { setImmediate as nextTurn, setTimeout as delay } from 'node:timers/promises';

export interface PaceOptions {
  /** The share of the wall time the run's writes may hold the engine (0 < duty <= 1). */
  duty: number;
  /** The longest rest after one write, so one stalled write does not stall the run for as long again. */
  maxRestMs: number;
}

/** How long to rest after a write that held the engine `busyMs`: busy * (1 - duty) / duty, capped. */
export function restAfter(busyMs: number, { duty, maxRestMs }: PaceOptions): number {
  if (!(busyMs > 0) || duty >= 1) return 0;
  return Math.min(maxRestMs, (busyMs * (1 - duty)) / duty);
}

/**
 * Runs `write` and then rests as `restAfter` says (a `setImmediate` turn at least, so the requests
 * already waiting go first). A write that throws is not followed by a rest: the error goes up as it is.
 */
export async function paced<T>(
  write: () => Promise<T>,
  options: PaceOptions,
  clock: { now: () => number; rest: (ms: number) => Promise<unknown> } = defaultClock,
): Promise<T> {
  const t0 = clock.now();
  const out = await write();
  await clock.rest(restAfter(clock.now() - t0, options));
  return out;
}

const defaultClock = {
  now: () => performance.now(),
  // below a millisecond a timer would round up to one: a turn of the loop is enough
  rest: (ms: number) => (ms >= 1 ? delay(ms) : nextTurn()),
};
