// A role's bars on an invitation: per barred atom the probability that the candidate's level meets
// it (from the level probabilities of the posterior), and the probability that every bar is met,
// which the candidates list sorts and filters by (stored on the summary, so read from an index).
import { meetsFromLevelProbabilities } from '@skillquiz/adaptive';

/** P(level >= bar) once the atom has level probabilities; null without a bar or a result. */
export function atomMeets(
  bar: number | null | undefined,
  probabilities: readonly number[] | null | undefined,
) {
  return bar && probabilities ? meetsFromLevelProbabilities(probabilities, bar) : null;
}

/**
 * P(every bar is met), the atoms taken as independent (each is its own posterior): the product of
 * the barred atoms' probabilities; null when there is no bar or a barred atom has no result yet.
 */
export function meetsAll(atoms: readonly { bar: number | null; meets: number | null }[]): number | null {
  const barred = atoms.filter((a) => a.bar != null);
  if (barred.length === 0 || barred.some((a) => a.meets == null)) return null;
  return barred.reduce((p, a) => p * a.meets!, 1);
}
