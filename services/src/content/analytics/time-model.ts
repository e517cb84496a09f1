// Each atom's response-time model (van der Linden's lognormal, item-analysis calibrateResponseTimes), from
// the answered attempts the item statistics read (content/analytics/records.ts): simulated candidates are left out
// by the loader and demo quizzes have no response times there, so only real candidates' times count. A
// time-out has no time (it is censored at the limit) and is left out too. Kept per atom at the version
// of its quizzes, like the statistics lists.
import { CONSTANTS } from '@skillquiz/contracts';
import {
  DEFAULT_SPEED_SD,
  calibrateResponseTimes,
  type ServedResponse,
  type TimeParams,
} from '@skillquiz/item-analysis';
import { LRUCache } from 'lru-cache';
import { loadResponses, quizzesVersion } from './records';

export interface AtomTimeModel {
  items: Map<number, TimeParams>;
  /** The atom's responses as read (the drift check reads them too), in the order of their quizzes. */
  responses: ServedResponse[];
  /** SD of speed among the calibration's candidates. */
  speedSd: number;
  /** Quizzes of simulated demo candidates among them. */
  demoQuizzes: Set<string>;
}

/**
 * The models computed last, per atom, with the version of the quizzes they came from: one per app
 * (app.context.caches.timeModels), the least recently used dropped beyond MAX_KEPT atoms.
 */
export type TimeModelCache = LRUCache<string, { version: string; model: AtomTimeModel }>;
const MAX_KEPT = 64;
export const timeModelCache = (): TimeModelCache => new LRUCache({ max: MAX_KEPT });

/** The attempts a time model is calibrated from: answered with a choice, a time, not timed out. */
export function timedAttempts(responses: readonly ServedResponse[]) {
  return responses
    .filter((r) => r.correct !== null && !r.timedOut && r.responseMs !== null && r.responseMs > 0)
    .map((r) => ({ person: r.quizId, item: r.questionId, seconds: r.responseMs! / 1000 }));
}

const quizzesOfAtom = (atom: string) => (atom === CONSTANTS.ALL_ATOMS_KEY ? {} : { atom_ids: atom });

/**
 * The version of the quizzes an atom's time model is calibrated from (it changes when one of them is
 * written): a model is recalibrated when it changes, and a count computed from the model can record it.
 */
export const timeModelVersion = (atom: string): Promise<string> => quizzesVersion(quizzesOfAtom(atom));

export async function atomTimeModel(kept: TimeModelCache, atom: string): Promise<AtomTimeModel> {
  const filter = quizzesOfAtom(atom);
  const version = await quizzesVersion(filter);
  const hit = kept.get(atom);
  if (hit?.version === version) return hit.model;
  const { responses, demoQuizzes } = await loadResponses(filter);
  const own = atom === CONSTANTS.ALL_ATOMS_KEY ? responses : responses.filter((r) => r.atomId === atom);
  const calibration = calibrateResponseTimes(timedAttempts(own));
  const model = {
    items: calibration.items,
    speedSd: calibration.speeds.size ? calibration.speedSd : DEFAULT_SPEED_SD,
    responses: own,
    demoQuizzes,
  };
  kept.set(atom, { version, model });
  return model;
}

declare module '../../platform' {
  interface AppCaches {
    /** Per-atom response-time models, per app. */
    timeModels: TimeModelCache;
  }
}
