// Each atom's response-time model (van der Linden's lognormal, item-analysis calibrateResponseTimes), from
// the answered attempts the item statistics read (content/analytics/records.ts): simulated candidates are left out
// by the loader and demo quizzes have no response times there, so only real candidates' times count. A
// time-out has no time (it is censored at the limit) and is left out too.
//
// A model is calibrated from a base of the atom's finished quizzes (a finished quiz's answers no longer
// change), the first ones to finish, and recalibrated only when the finished quizzes have grown by a step
// past it: max(10, 10%) quizzes. Its version is the size of that base, so an answer or a served question
// moves neither the model nor the stored integrity counts computed at it (hiring/integrity/at-quiz-end.ts),
// and every process calibrates the same model at the same version (the report and the stored counts agree).
// 10% more quizzes move an item's calibrated time parameters by a small part of their standard error
// (that shrinks as 1/sqrt(n)); an atom is recalibrated about 80 times on its way to 100,000 quizzes.
import { CONSTANTS } from '@skillquiz/contracts';
import {
  DEFAULT_SPEED_SD,
  calibrateResponseTimes,
  type ServedResponse,
  type TimeParams,
} from '@skillquiz/item-analysis';
import { LRUCache } from 'lru-cache';
import { finishedQuizzes, firstFinished, loadResponses } from './records';

export interface AtomTimeModel {
  items: Map<number, TimeParams>;
  /** SD of speed among the calibration's candidates. */
  speedSd: number;
  /** How many finished quizzes (the first to finish) it is calibrated from: its version. */
  base: number;
}

/**
 * The models computed last, per atom, with their version (the size of their base): one per app
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

/** The quizzes of an atom ('all': every quiz). */
export const quizzesOfAtom = (atom: string) => (atom === CONSTANTS.ALL_ATOMS_KEY ? {} : { atom_ids: atom });

/** A model is recalibrated once the finished quizzes have grown past its base by this many, */
export const RECALIBRATE_MIN_QUIZZES = 10;
/** or by this share of its base, whichever is more. */
export const RECALIBRATE_SHARE = 0.1;

/** The base after `base`: the finished quizzes at which a model calibrated from `base` is recalibrated. */
export const nextCalibrationBase = (base: number): number =>
  base + Math.max(RECALIBRATE_MIN_QUIZZES, Math.ceil(base * RECALIBRATE_SHARE));

/** The base a model is calibrated from when `finished` quizzes are finished: 0, 10, ..., 100, 110, 121, 134, ... */
export function calibrationBase(finished: number): number {
  let base = 0;
  for (let next = nextCalibrationBase(base); next <= finished; next = nextCalibrationBase(base)) base = next;
  return base;
}

/**
 * The version of an atom's time model: the size of the base it is calibrated from, from one count on an
 * index. It moves only when a quiz's finish crosses a step (not on answers), so a count computed from the
 * model can record it and a later recalibration is seen by comparing it.
 */
export async function timeModelVersion(atom: string): Promise<string> {
  return String(calibrationBase(await finishedQuizzes(quizzesOfAtom(atom))));
}

/** The model at a version: from the first `base` finished quizzes (the same ones whenever it is computed). */
async function calibrateFrom(atom: string, base: number): Promise<AtomTimeModel> {
  const filter = await firstFinished(quizzesOfAtom(atom), base);
  const responses = filter ? (await loadResponses(filter)).responses : [];
  const own = atom === CONSTANTS.ALL_ATOMS_KEY ? responses : responses.filter((r) => r.atomId === atom);
  const calibration = calibrateResponseTimes(timedAttempts(own));
  return {
    items: calibration.items,
    speedSd: calibration.speeds.size ? calibration.speedSd : DEFAULT_SPEED_SD,
    base,
  };
}

export async function atomTimeModel(kept: TimeModelCache, atom: string): Promise<AtomTimeModel> {
  const version = await timeModelVersion(atom);
  const hit = kept.get(atom);
  if (hit?.version === version) return hit.model;
  const model = await calibrateFrom(atom, Number(version));
  kept.set(atom, { version, model });
  return model;
}

declare module '../../platform' {
  interface AppCaches {
    /** Per-atom response-time models, per app. */
    timeModels: TimeModelCache;
  }
}
