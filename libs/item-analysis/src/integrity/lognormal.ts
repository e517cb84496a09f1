// Response times under van der Linden's lognormal model (2006):
//
//   log T_ij ~ N(beta_i - tau_j, 1 / alpha_i^2)
//
// beta_i is question i's time intensity (log seconds an average-speed candidate takes), alpha_i how tightly
// times cluster around it (1 / SD of log time), tau_j candidate j's speed (positive: faster than average).
// The scale is fixed by a mean speed of 0 over the calibration's candidates.

/** One answered, timed attempt: who, which question, how long (seconds, > 0). */
export interface TimedAttempt {
  person: string;
  item: number;
  seconds: number;
}

/** A question's time parameters with the number of timed answers behind them. */
export interface TimeParams {
  /** Time intensity: mean log seconds at speed 0. */
  beta: number;
  /** Precision: 1 / SD of log time. */
  alpha: number;
  /** Timed answers used. */
  n: number;
}

/** Fewer timed answers than this and a question's time parameters are not used for signals. */
export const MIN_TIMED_ANSWERS = 30;

/** SD of log time is floored here (a question answered in exactly the same time by everyone). */
const MIN_SIGMA = 0.05;

export interface TimeCalibration {
  items: Map<number, TimeParams>;
  /** Each calibration candidate's speed (posterior mean). */
  speeds: Map<string, number>;
  /** SD of speed over the candidates. */
  speedSd: number;
  iterations: number;
}

/**
 * Marginal maximum-likelihood calibration with speed as a random effect, tau_j ~ N(0, s^2) (which fixes the
 * scale: mean speed 0), by EM. E-step, per candidate: tau_j | times ~ N(m_j, v_j) with
 *   v_j = 1 / (sum_i alpha_i^2 + 1/s^2),  m_j = v_j sum_i alpha_i^2 (beta_i - log t_ij);
 * M-step: beta_i = mean_j(log t_ij + m_j); 1/alpha_i^2 = mean_j((log t_ij + m_j - beta_i)^2 + v_j);
 * s^2 = mean_j(m_j^2 + v_j). Joint maximum likelihood (a free tau per candidate) is degenerate on few
 * answers per candidate: a candidate's speed can absorb a question's residual exactly and drive its SD to 0.
 * Only candidates with at least two timed answers take part (one answer says nothing about the question
 * apart from the candidate's own speed).
 */
export function calibrateResponseTimes(
  attempts: readonly TimedAttempt[],
  options: { maxIterations?: number; tolerance?: number } = {},
): TimeCalibration {
  const maxIterations = options.maxIterations ?? 500;
  const tolerance = options.tolerance ?? 1e-7;
  const perPerson = new Map<string, number>();
  for (const a of attempts) if (a.seconds > 0) perPerson.set(a.person, (perPerson.get(a.person) ?? 0) + 1);
  const used = attempts.filter((a) => a.seconds > 0 && (perPerson.get(a.person) ?? 0) >= 2);
  const personIndex = new Map<string, number>();
  const itemIndex = new Map<number, number>();
  for (const a of used) {
    if (!personIndex.has(a.person)) personIndex.set(a.person, personIndex.size);
    if (!itemIndex.has(a.item)) itemIndex.set(a.item, itemIndex.size);
  }
  const P = personIndex.size;
  const I = itemIndex.size;
  const pj = Int32Array.from(used, (a) => personIndex.get(a.person)!);
  const ii = Int32Array.from(used, (a) => itemIndex.get(a.item)!);
  const lt = Float64Array.from(used, (a) => Math.log(a.seconds));
  const count = new Float64Array(I);
  const beta = new Float64Array(I);
  for (let k = 0; k < used.length; k++) {
    count[ii[k]]++;
    beta[ii[k]] += lt[k];
  }
  for (let i = 0; i < I; i++) beta[i] /= count[i];
  const alpha = new Float64Array(I).fill(1);
  let s2 = 0.25;
  const m = new Float64Array(P);
  const v = new Float64Array(P);
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    // E-step
    const num = new Float64Array(P);
    const den = new Float64Array(P).fill(1 / s2);
    for (let k = 0; k < used.length; k++) {
      const w = alpha[ii[k]] * alpha[ii[k]];
      num[pj[k]] += w * (beta[ii[k]] - lt[k]);
      den[pj[k]] += w;
    }
    for (let j = 0; j < P; j++) {
      v[j] = 1 / den[j];
      m[j] = num[j] * v[j];
    }
    // M-step
    let change = 0;
    const sum = new Float64Array(I);
    for (let k = 0; k < used.length; k++) sum[ii[k]] += lt[k] + m[pj[k]];
    for (let i = 0; i < I; i++) {
      const next = sum[i] / count[i];
      change = Math.max(change, Math.abs(next - beta[i]));
      beta[i] = next;
    }
    const ss = new Float64Array(I);
    for (let k = 0; k < used.length; k++) {
      const e = lt[k] + m[pj[k]] - beta[ii[k]];
      ss[ii[k]] += e * e + v[pj[k]];
    }
    for (let i = 0; i < I; i++) {
      const next = 1 / Math.max(MIN_SIGMA, Math.sqrt(ss[i] / count[i]));
      change = Math.max(change, Math.abs(next - alpha[i]));
      alpha[i] = next;
    }
    let t2 = 0;
    for (let j = 0; j < P; j++) t2 += m[j] * m[j] + v[j];
    const nextS2 = Math.max(1e-6, t2 / (P || 1));
    change = Math.max(change, Math.abs(Math.sqrt(nextS2) - Math.sqrt(s2)));
    s2 = nextS2;
    if (change < tolerance) break;
  }
  const items = new Map<number, TimeParams>();
  for (const [item, i] of itemIndex) items.set(item, { beta: beta[i], alpha: alpha[i], n: count[i] });
  const speeds = new Map<string, number>();
  for (const [person, j] of personIndex) speeds.set(person, m[j]);
  return { items, speeds, speedSd: Math.sqrt(s2), iterations };
}

/** One timed answer of a candidate with its question's time parameters. */
export interface TimedAnswer {
  beta: number;
  alpha: number;
  /** log seconds */
  logT: number;
}

export interface SpeedEstimate {
  tau: number;
  /** Standard error: 1 / sqrt(sum alpha_i^2) (of the plain estimate). */
  se: number;
}

/** Huber's constant (in SDs): residuals beyond it weigh less, so a few very fast answers barely move tau. */
export const HUBER_K = 1.5;

/**
 * A candidate's speed: the maximum-likelihood estimate sum alpha^2 (beta - log t) / sum alpha^2 when
 * `huber` is Infinity; by default a Huber M-estimate (iteratively reweighted), which a run of pre-known
 * or rapid answers pulls far less, since the signals below ask how an answer compares to the
 * candidate's *usual* pace. null without timed answers.
 */
export function estimateSpeed(answers: readonly TimedAnswer[], huber = HUBER_K): SpeedEstimate | null {
  if (answers.length === 0) return null;
  let info = 0;
  for (const x of answers) info += x.alpha * x.alpha;
  let tau = 0;
  for (const x of answers) tau += x.alpha * x.alpha * (x.beta - x.logT);
  tau /= info;
  if (Number.isFinite(huber)) {
    for (let it = 0; it < 100; it++) {
      let num = 0;
      let den = 0;
      for (const x of answers) {
        const r = x.alpha * (x.logT - (x.beta - tau)); // standardised residual
        const w = Math.abs(r) <= huber ? 1 : huber / Math.abs(r);
        num += w * x.alpha * x.alpha * (x.beta - x.logT);
        den += w * x.alpha * x.alpha;
      }
      const next = num / den;
      const done = Math.abs(next - tau) < 1e-10;
      tau = next;
      if (done) break;
    }
  }
  return { tau, se: 1 / Math.sqrt(info) };
}

/**
 * Each answer's standardised log-time residual against the candidate's pace on their *other* answers
 * (van der Linden & Guo 2008): the predictive distribution of log t_i given the rest is
 * N(beta_i - tau_(-i), 1/alpha_i^2 + se_(-i)^2), so
 *   z_i = (log t_i - (beta_i - tau_(-i))) / sqrt(1/alpha_i^2 + se_(-i)^2),
 * about N(0, 1) for an honest candidate; strongly negative is much faster than their own pace predicts.
 * null for an answer when it is the only timed one.
 */
export function timeResiduals(answers: readonly TimedAnswer[], huber = HUBER_K): Array<number | null> {
  return answers.map((x, i) => {
    const rest = estimateSpeed(
      answers.filter((_, k) => k !== i),
      huber,
    );
    if (!rest) return null;
    return (x.logT - (x.beta - rest.tau)) / Math.sqrt(1 / (x.alpha * x.alpha) + rest.se * rest.se);
  });
}

/** Standard normal CDF, through erfc below (accurate in the tails, where the thresholds sit). */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

/** Complementary error function, relative error < 1.2e-7 everywhere (Numerical Recipes' erfcc). */
const ERFC_COEFFICIENTS = [
  -1.26551223, 1.00002368, 0.37409196, 0.09678418, -0.18628806, 0.27886807, -1.13520398, 1.48851587,
  -0.82215223, 0.17087277,
];
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  let poly = 0;
  for (let i = ERFC_COEFFICIENTS.length - 1; i >= 0; i--) poly = ERFC_COEFFICIENTS[i] + t * poly;
  const r = t * Math.exp(-z * z + poly);
  return x >= 0 ? r : 2 - r;
}
