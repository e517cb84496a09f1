// Compromised-question detection for the content team's "Needs review": over each question's attempts by
// real candidates, in the order their quizzes were written, a CUSUM of how much easier and faster it was
// than its calibration says (item-analysis driftCusum). Each attempt is judged at the candidate's ability
// from their *other* answers (so the answer itself does not pull the expectation towards it) and at their
// pace on their other timed answers. The attempts are every one recorded now (a leak is seen as it happens);
// the questions' usual times are the atom's time model, recalibrated in steps (time-model.ts).
import { CONSTANTS, type ReviewFlag } from '@skillquiz/contracts';
import {
  GRID_POINTS,
  THETA_GRID,
  logSigmoid,
  posteriorFromResponses,
  posteriorMean,
  probabilityCorrect,
} from '@skillquiz/adaptive';
import {
  DRIFT_H,
  MIN_TIMED_ANSWERS,
  driftCusum,
  estimateSpeed,
  type DriftAttempt,
  type ServedResponse,
} from '@skillquiz/item-analysis';
import { loadResponses } from './records';
import { atomTimeModel, quizzesOfAtom, type TimeModelCache } from './time-model';

/** A question needs this many real attempts before its drift is judged. */
export const MIN_DRIFT_ATTEMPTS = 30;

export async function driftFlags(timeModels: TimeModelCache, atom: string): Promise<Map<number, ReviewFlag>> {
  const model = await atomTimeModel(timeModels, atom);
  const { responses, demoQuizzes } = await loadResponses(quizzesOfAtom(atom));
  const quizzes = new Map<string, ServedResponse[]>();
  for (const r of responses) {
    if (atom !== CONSTANTS.ALL_ATOMS_KEY && r.atomId !== atom) continue;
    if (demoQuizzes.has(r.quizId) || r.correct === null) continue;
    const list = quizzes.get(r.quizId) ?? [];
    list.push(r);
    quizzes.set(r.quizId, list);
  }
  const attempts = new Map<number, DriftAttempt[]>();
  for (const answers of quizzes.values()) {
    const scored = answers.filter((x) => x.scored);
    const full = posteriorFromResponses(
      scored.map((x) => ({ a: x.params.a, d: x.params.d, correct: x.correct === true })),
    );
    const rest = { logDensity: new Float64Array(GRID_POINTS) };
    answers.forEach((r, i) => {
      // a beta question's parameters are provisional by design: its distance from them is calibration's
      // business, not a sign of a leak
      if (!r.scored) return;
      const others = answers.filter((_, k) => k !== i);
      // the posterior without this answer: its log-likelihood term taken out again
      rest.logDensity.set(full.logDensity);
      if (r.scored) {
        const sign = r.correct ? 1 : -1;
        for (let g = 0; g < GRID_POINTS; g++)
          rest.logDensity[g] -= logSigmoid(sign * (r.params.a * THETA_GRID[g] + r.params.d));
      }
      const theta = posteriorMean(rest);
      const time = model.items.get(r.questionId);
      let z: number | null = null;
      if (time && time.n >= MIN_TIMED_ANSWERS && !r.timedOut && r.responseMs) {
        const pace = estimateSpeed(
          others.flatMap((x) => {
            const t = model.items.get(x.questionId);
            return t && t.n >= MIN_TIMED_ANSWERS && !x.timedOut && x.responseMs
              ? [{ beta: t.beta, alpha: t.alpha, logT: Math.log(x.responseMs / 1000) }]
              : [];
          }),
        );
        if (pace) z = time.alpha * (Math.log(r.responseMs / 1000) - (time.beta - pace.tau));
      }
      const list = attempts.get(r.questionId) ?? [];
      list.push({ correct: r.correct === true, p: probabilityCorrect(r.params, theta), z });
      attempts.set(r.questionId, list);
    });
  }
  const flags = new Map<number, ReviewFlag>();
  for (const [id, list] of attempts) {
    if (list.length < MIN_DRIFT_ATTEMPTS) continue;
    const result = driftCusum(list);
    if (result.alarmAt === null) continue;
    const { recent } = result;
    const time = model.items.get(id);
    const faster =
      recent.meanTimeResidual !== null && time
        ? `, answered in about ${Math.round(100 * Math.exp(recent.meanTimeResidual / time.alpha))}% of its usual time for those candidates`
        : '';
    flags.set(id, {
      code: 'possibly_compromised',
      reason:
        `Possibly compromised: over its last ${recent.attempts} of ${result.attempts} attempts ` +
        `${recent.correct} were right where its calibration expects ${recent.expectedCorrect.toFixed(1)}${faster} ` +
        `(drift statistic ${result.statistic.toFixed(1)} above ${DRIFT_H}). It may have leaked: retire it or ` +
        'replace it with a fresh variation.',
    });
  }
  return flags;
}
