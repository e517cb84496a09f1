// Per-candidate signals from the answers and their times (pure). Each is a number with a reference
// distribution for a candidate who works honestly, and raises a flag only when an honest candidate would
// show it rarely (the p-value cutoffs below, calibrated by simulating honest candidates:
// `npm run bench:integrity`). They are reasons for a person to look, never a verdict.
//
//   pre-knowledge  answers much faster than the candidate's own pace (time residual z < FAST_Z) and correct
//                  on questions that were not easy for them (P(correct) <= HARD_P); reference: the number
//                  of such answers when times are lognormal and answers 2PL, a Poisson-binomial.
//   rapid guesses  answers under a per-question threshold (10% of the question's typical time, at most
//                  10 s: Wise & Kong's response-time effort, the NT10 rule); reference: Poisson-binomial of
//                  P(log T < log threshold) at the candidate's pace.
//   misfit         Snijders' (2001) lz* of the answer pattern under the 2PL at the estimate; reference
//                  standard normal, lower tail.
import {
  DEFAULT_PRIOR,
  estimateFromResponses,
  logSigmoid,
  probabilityCorrect,
  type DifficultyParams,
  type ThetaEstimate,
} from '@skillquiz/adaptive';
import {
  estimateSpeed,
  normalCdf,
  timeResiduals,
  type SpeedEstimate,
  type TimeParams,
  type TimedAnswer,
} from './lognormal';

/** One served and answered question of a candidate's quiz. */
export interface IntegrityAnswer {
  /** Its position in the quiz (how the report names it). */
  number: number;
  params: DifficultyParams;
  /** Counts in the estimate (false: an unscored beta question). */
  scored: boolean;
  /** A time-out is answered and incorrect. */
  correct: boolean;
  timedOut: boolean;
  /** Seconds from serving to answering; null when timed out or unknown. */
  seconds: number | null;
  /** The question's time calibration; null when it has too few timed answers. */
  time: TimeParams | null;
}

/** Time residual below which an answer counts as much faster than the candidate's pace. */
export const FAST_Z = -2;
/** A question counts as hard for the candidate when P(correct) at their estimate is at most this. */
export const HARD_P = 0.75;
/** Rapid-guess threshold: this share of the question's typical time (exp(beta)), at most RAPID_MAX_SECONDS. */
export const RAPID_SHARE = 0.1;
export const RAPID_MAX_SECONDS = 10;
/** SD of speed among candidates when the calibration does not give one (log-time units). */
export const DEFAULT_SPEED_SD = 0.3;
/** lz* needs at least this many scored answers. */
export const MIN_MISFIT_ANSWERS = 5;

/**
 * p-value cutoffs per signal, set so that together they flag at most about 1% of honest candidates
 * (measured in `npm run bench:integrity`: see README, "Integrity benchmark").
 */
export const SIGNAL_CUTOFFS = Object.freeze({ preknowledge: 0.013, rapid: 0.003, misfit: 0.005 });
/**
 * Share of simulated honest candidates (normal and slow, all benchmark banks, 20 answers) each signal and
 * any of them flags at SIGNAL_CUTOFFS, as `npm run bench:integrity` measured it; the report words these
 * ("about 1 in 300 candidates who work honestly shows this"). Measure again when a cutoff changes.
 */
export const HONEST_RATES = Object.freeze({
  preknowledge: 0.003,
  rapid: 0.001,
  misfit: 0.002,
  combined: 0.006,
});
export type SignalCutoffs = { preknowledge: number; rapid: number; misfit: number };

export interface SignalResult {
  /** The signal's number (a count, or lz*). */
  statistic: number | null;
  /** Probability that an honest candidate shows this much or more (null: not computable). */
  pValue: number | null;
  cutoff: number;
  flagged: boolean;
  /** The answers behind it (their numbers in the quiz). */
  answers: number[];
}

export interface CandidateSignals {
  theta: ThetaEstimate;
  speed: SpeedEstimate | null;
  /** Answers with a time and a calibrated question (the time signals' base). */
  timed: number;
  preknowledge: SignalResult & { eligible: number };
  rapid: SignalResult & { share: number | null };
  misfit: SignalResult;
  /** Any signal flagged. */
  flagged: boolean;
  flags: number;
}

/** P(K >= k) for a sum of independent Bernoulli(p_i) (Poisson-binomial), by dynamic programming. */
export function poissonBinomialTail(ps: readonly number[], k: number): number {
  if (k <= 0) return 1;
  if (k > ps.length) return 0;
  let dist = new Float64Array(ps.length + 1);
  dist[0] = 1;
  for (let i = 0; i < ps.length; i++) {
    const next = new Float64Array(ps.length + 1);
    for (let j = 0; j <= i; j++) {
      next[j] += dist[j] * (1 - ps[i]);
      next[j + 1] += dist[j] * ps[i];
    }
    dist = next;
  }
  let tail = 0;
  for (let j = k; j <= ps.length; j++) tail += dist[j];
  return Math.min(1, tail);
}

/**
 * Snijders' lz* for the 2PL at ability `theta`, the pattern's log-likelihood standardised with the
 * correction for an estimated ability. `r0` is the estimating equation's extra term: 0 for maximum
 * likelihood, -(theta - mean) / sd^2 for the posterior mode under a normal prior (used for our EAP, which
 * is close to the mode). With P_i, Q_i = 1 - P_i, w_i = logit P_i, r_i = a_i:
 *   W = sum (u_i - P_i) w_i,  c = sum a_i P_i Q_i w_i / sum a_i^2 P_i Q_i,
 *   lz* = (W + c r0) / sqrt(sum (w_i - c a_i)^2 P_i Q_i).
 * Strongly negative: the pattern is unlikely (right on hard questions, wrong on easy ones).
 */
export function lzStar(
  responses: ReadonlyArray<DifficultyParams & { correct: boolean }>,
  theta: number,
  r0 = 0,
): number | null {
  let W = 0;
  let num = 0;
  let den = 0;
  for (const r of responses) {
    const p = probabilityCorrect(r, theta);
    const w = r.a * theta + r.d;
    W += ((r.correct ? 1 : 0) - p) * w;
    num += r.a * p * (1 - p) * w;
    den += r.a * r.a * p * (1 - p);
  }
  if (!(den > 0)) return null;
  const c = num / den;
  let V = 0;
  for (const r of responses) {
    const p = probabilityCorrect(r, theta);
    const wt = r.a * theta + r.d - c * r.a;
    V += wt * wt * p * (1 - p);
  }
  if (!(V > 1e-12)) return null;
  return (W + c * r0) / Math.sqrt(V);
}

/** The per-question rapid-guess threshold in seconds (NT10: 10% of the typical time, at most 10 s). */
export function rapidThreshold(time: TimeParams): number {
  return Math.min(RAPID_MAX_SECONDS, RAPID_SHARE * Math.exp(time.beta));
}

/** Whether an answer is a rapid guess (needs a time and a calibrated question). */
export function isRapid(answer: IntegrityAnswer): boolean {
  return (
    !answer.timedOut &&
    answer.seconds !== null &&
    answer.time !== null &&
    answer.seconds < rapidThreshold(answer.time)
  );
}

/** EAP from the scored answers, leaving out those in `setAside` (effort-moderated scoring, Wise & DeMars 2006). */
export function effortModeratedEstimate(
  answers: readonly IntegrityAnswer[],
  setAside: ReadonlySet<number> = new Set(),
): ThetaEstimate {
  return estimateFromResponses(
    answers
      .filter((x) => x.scored && !setAside.has(x.number))
      .map((x) => ({ a: x.params.a, d: x.params.d, correct: x.correct })),
  );
}

/** Every signal of one candidate's answers to one atom. */
export function candidateSignals(
  answers: readonly IntegrityAnswer[],
  cutoffs: SignalCutoffs = SIGNAL_CUTOFFS,
  speedSd = DEFAULT_SPEED_SD,
): CandidateSignals {
  const scored = answers.filter((x) => x.scored);
  const theta = estimateFromResponses(
    scored.map((x) => ({ a: x.params.a, d: x.params.d, correct: x.correct })),
  );
  const timed = answers.filter(
    (x): x is IntegrityAnswer & { seconds: number; time: TimeParams } =>
      !x.timedOut && x.seconds !== null && x.seconds > 0 && x.time !== null,
  );
  const timedAnswers = timed.map((x) => ({
    beta: x.time.beta,
    alpha: x.time.alpha,
    logT: Math.log(x.seconds),
  }));
  const speed = estimateSpeed(timedAnswers);

  // pre-knowledge
  const { z, paceSe } = paceResiduals(timed, timedAnswers);
  const eligible: Array<{ p: number; alpha: number }> = [];
  const pkAnswers: number[] = [];
  timed.forEach((x, i) => {
    const p = probabilityCorrect(x.params, theta.estimate);
    if (p > HARD_P || z[i] === null) return;
    eligible.push({ p, alpha: x.time.alpha });
    if (x.correct && z[i]! < FAST_Z) pkAnswers.push(x.number);
  });
  const pkP = eligible.length ? fastCorrectTail(eligible, paceSe, pkAnswers.length) : null;
  const preknowledge = {
    statistic: pkAnswers.length,
    pValue: pkP,
    cutoff: cutoffs.preknowledge,
    flagged: pkP !== null && pkAnswers.length > 0 && pkP <= cutoffs.preknowledge,
    answers: pkAnswers,
    eligible: eligible.length,
  };

  // rapid guesses
  const rapidAnswers = timed.filter((x) => x.seconds < rapidThreshold(x.time)).map((x) => x.number);
  const rapidP = timed.length
    ? rapidTail(
        timed.map((x) => x.time),
        speedSd,
        rapidAnswers.length,
      )
    : null;
  const rapid = {
    statistic: timed.length ? rapidAnswers.length : null,
    share: timed.length ? rapidAnswers.length / timed.length : null,
    pValue: rapidP,
    cutoff: cutoffs.rapid,
    flagged: rapidP !== null && rapidAnswers.length > 0 && rapidP <= cutoffs.rapid,
    answers: rapidAnswers,
  };

  // person misfit
  // Of the chosen answers: a time-out says the time ran out, not what the candidate knows (a slow candidate
  // timing out on easy questions is not a misfit of their answers).
  const chosen = scored.filter((x) => !x.timedOut);
  const chosenTheta = effortModeratedEstimate(chosen).estimate;
  const lz =
    chosen.length >= MIN_MISFIT_ANSWERS
      ? lzStar(
          chosen.map((x) => ({ a: x.params.a, d: x.params.d, correct: x.correct })),
          chosenTheta,
          -(chosenTheta - DEFAULT_PRIOR.mean) / (DEFAULT_PRIOR.sd * DEFAULT_PRIOR.sd),
        )
      : null;
  const lzP = lz === null ? null : normalCdf(lz);
  const misfit = {
    statistic: lz,
    pValue: lzP,
    cutoff: cutoffs.misfit,
    flagged: lzP !== null && lzP <= cutoffs.misfit,
    answers: lz === null ? [] : unexpectedAnswers(chosen, chosenTheta),
  };

  const flags = [preknowledge, rapid, misfit].filter((s) => s.flagged).length;
  return { theta, speed, timed: timed.length, preknowledge, rapid, misfit, flagged: flags > 0, flags };
}

/** The pace of the wrong answers needs at least this many of them (else the other answers' pace is used). */
export const MIN_PACE_ANSWERS = 3;

/**
 * Time residuals of the answers against the candidate's pace on their wrong answers: knowing a question
 * makes the answer right, so no pre-known answer is among them, and under the model a candidate's times
 * do not depend on whether the answers are right (conditional independence given the speed). With fewer
 * than MIN_PACE_ANSWERS wrong answers, each answer against the pace of all the others (timeResiduals).
 */
function paceResiduals(
  timed: ReadonlyArray<{ correct: boolean }>,
  answers: readonly TimedAnswer[],
): { z: Array<number | null>; paceSe: number } {
  const wrong = answers.filter((_, i) => !timed[i].correct);
  if (wrong.length < MIN_PACE_ANSWERS) {
    const all = estimateSpeed(answers);
    return { z: timeResiduals(answers), paceSe: all ? all.se : 0 };
  }
  const pace = estimateSpeed(wrong)!;
  const paceWithout = (i: number) =>
    timed[i].correct ? pace : estimateSpeed(answers.filter((_, k) => k !== i && !timed[k].correct))!;
  const z = answers.map((x, i) => {
    const p = paceWithout(i);
    return (x.logT - (x.beta - p.tau)) / Math.sqrt(1 / (x.alpha * x.alpha) + p.se * p.se);
  });
  return { z, paceSe: pace.se };
}

/**
 * P(at least k answers correct and with z < FAST_Z) for an honest candidate. The answers share one
 * estimated pace, so given its error delta ~ N(0, se^2) each is fast with probability
 * Phi(alpha_i (FAST_Z s_i - delta)), s_i = sqrt(1/alpha_i^2 + se^2), independently; the tail is the
 * Poisson-binomial tail averaged over delta (trapezoid rule over +-5 se). Treating the answers as
 * independent instead (one shared error ignored) made honest candidates' counts look rarer than they are.
 */
export function fastCorrectTail(
  eligible: ReadonlyArray<{ p: number; alpha: number }>,
  se: number,
  k: number,
): number {
  const at = (delta: number) =>
    poissonBinomialTail(
      eligible.map(({ p, alpha }) => {
        const s = Math.sqrt(1 / (alpha * alpha) + se * se);
        return p * normalCdf(alpha * (FAST_Z * s - delta));
      }),
      k,
    );
  if (!(se > 0)) return at(0);
  const STEPS = 40;
  let sum = 0;
  let mass = 0;
  for (let j = 0; j <= STEPS; j++) {
    const u = -5 + (10 * j) / STEPS;
    const w = Math.exp(-0.5 * u * u) * (j === 0 || j === STEPS ? 0.5 : 1);
    sum += w * at(u * se);
    mass += w;
  }
  return Math.min(1, sum / mass);
}

/**
 * P(at least k answers under their rapid-guess thresholds) for an honest candidate of the population: not
 * at the candidate's own pace, which a run of rapid guesses makes look fast (a candidate who clicked
 * through everything would then look like a fast candidate), but over the speeds honest candidates have,
 * tau ~ N(0, speedSd^2): the Poisson-binomial tail of Phi(alpha_i (log threshold_i - beta_i + tau)),
 * averaged over tau (trapezoid rule over +-5 SD).
 */
export function rapidTail(times: readonly TimeParams[], speedSd: number, k: number): number {
  const at = (tau: number) =>
    poissonBinomialTail(
      times.map((t) => normalCdf(t.alpha * (Math.log(rapidThreshold(t)) - t.beta + tau))),
      k,
    );
  if (!(speedSd > 0)) return at(0);
  const STEPS = 40;
  let sum = 0;
  let mass = 0;
  for (let j = 0; j <= STEPS; j++) {
    const u = -5 + (10 * j) / STEPS;
    const w = Math.exp(-0.5 * u * u) * (j === 0 || j === STEPS ? 0.5 : 1);
    sum += w * at(u * speedSd);
    mass += w;
  }
  return Math.min(1, sum / mass);
}

/** The answers that lower the pattern's likelihood most: right where P < 0.3, wrong where P > 0.7. */
function unexpectedAnswers(scored: readonly IntegrityAnswer[], theta: number): number[] {
  return scored
    .filter((x) => {
      const z = x.params.a * theta + x.params.d;
      const logP = x.correct ? logSigmoid(z) : logSigmoid(-z);
      return logP < Math.log(0.3);
    })
    .map((x) => x.number);
}
