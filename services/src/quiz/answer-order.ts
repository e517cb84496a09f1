// The order a candidate sees a question's answers in: answers with a locked `position` sit at that
// zero-based position; the others fill the free positions in a random order. Decided once when the
// question is served and kept in the snapshot, so a reload shows the same order.
import { randomInt } from 'node:crypto';

export interface Positioned {
  /** Zero-based locked position; undefined/null means "anywhere". */
  position?: number | null;
}

/** Uniform integer in [0, n); crypto by default so a candidate cannot predict the shuffle. */
export type RandomInt = (n: number) => number;

const cryptoRandomInt: RandomInt = (n) => randomInt(n);

/**
 * Returns the answers in served order. A locked position beyond the end, or two answers locked to
 * the same position, cannot be honoured literally: such answers take the first free positions (in
 * the order of their locks), before the shuffled ones, so every answer is still shown exactly once.
 */
export function servedOrder<T extends Positioned>(
  answers: readonly T[],
  random: RandomInt = cryptoRandomInt,
): T[] {
  const n = answers.length;
  const out: (T | undefined)[] = new Array(n).fill(undefined);
  const overflow: T[] = [];
  const free: T[] = [];
  const locked = answers
    .map((a, i) => ({ a, i }))
    .filter(({ a }) => a.position != null)
    .sort((x, y) => (x.a.position as number) - (y.a.position as number) || x.i - y.i);
  for (const { a } of locked) {
    const p = a.position as number;
    if (Number.isInteger(p) && p >= 0 && p < n && out[p] === undefined) out[p] = a;
    else overflow.push(a);
  }
  for (const a of answers) if (a.position == null) free.push(a);
  // Fisher-Yates over the unlocked answers.
  for (let i = free.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [free[i], free[j]] = [free[j], free[i]];
  }
  const fill = [...overflow, ...free];
  for (let p = 0, k = 0; p < n; p++) if (out[p] === undefined) out[p] = fill[k++];
  return out as T[];
}
