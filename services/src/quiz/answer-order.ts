// The order a candidate sees a question's answers in (the rule is the contracts' servedOrder, which
// the admin preview uses too), shuffled with crypto randomness. Decided once when the question is
// served and kept in the snapshot, so a reload shows the same order.
import { randomInt } from 'node:crypto';
import { servedOrder as order, type Positioned, type RandomInt } from '@skillquiz/contracts';

export type { Positioned, RandomInt };

const cryptoRandomInt: RandomInt = (n) => randomInt(n);

/** Answers in served order; crypto randomness by default so a candidate cannot predict the shuffle. */
export function servedOrder<T extends Positioned>(
  answers: readonly T[],
  random: RandomInt = cryptoRandomInt,
): T[] {
  return order(answers, random);
}
