// The input every analysis here shares: one served question of one candidate's quiz, as recorded, and
// each candidate's ability for an atom *without* a given item ("rest ability"). Item statistics correlate
// an answer with the rest ability (so an item is not correlated with itself) and online calibration
// integrates over the rest posterior (so a beta item is put on the operational items' scale).
import {
  DEFAULT_PRIOR,
  GRID_POINTS as ADAPTIVE_GRID_POINTS,
  THETA_GRID as ADAPTIVE_THETA_GRID,
  createPosterior,
  logSigmoid as adaptiveLogSigmoid,
  posteriorDensity,
  posteriorMean,
  type DifficultyParams,
  type Prior,
} from '@skillquiz/adaptive';

// Module copies for the loops below: through @skillquiz/adaptive's CommonJS re-exports every read
// is a getter call, a third of calibration's time when read on each turn of a loop (--cpu-prof).
const GRID_POINTS = ADAPTIVE_GRID_POINTS;
const THETA_GRID = ADAPTIVE_THETA_GRID;
const logSigmoid = adaptiveLogSigmoid;

/** One served question in one candidate's quiz. */
export interface ServedResponse {
  /** The quiz result it belongs to (one candidate, one quiz). */
  quizId: string;
  atomId: string;
  questionId: number;
  /** In the candidate's estimate; false for an unscored beta question. */
  scored: boolean;
  /** The 2PL parameters the question was served with. */
  params: DifficultyParams;
  /** null while unanswered (abandoned, or still open); a time-out is answered and incorrect. */
  correct: boolean | null;
  timedOut: boolean;
  /** The chosen answer's hash_id; '' or null when none was chosen. */
  choice: string | null;
  /** The correct answer's hash_id in the served snapshot (null when it had none). */
  key: string | null;
  /** Milliseconds from serving to answering; null when unknown. */
  responseMs: number | null;
}

/** A response that counts in its candidate's estimate, as the quiz scores it. */
export function countsInEstimate(r: ServedResponse): boolean {
  return r.scored && r.correct !== null;
}

/**
 * Each candidate's log-posterior per atom from their scored answers (as the quiz computes it: EAP on
 * the adaptive engine's grid with its prior), and from it the posterior without any one response.
 * One pass builds a log-posterior per (quiz, atom); a rest posterior is that minus one term, O(grid).
 */
export class RestAbilities {
  private readonly groupOf: Int32Array;
  private readonly groups: Float64Array[] = [];
  /** a -> d -> [incorrect, correct] log-likelihoods (number keys: no string built per response) */
  private readonly logLikelihoods = new Map<number, Map<number, Array<Float64Array | undefined>>>();

  constructor(
    private readonly responses: readonly ServedResponse[],
    prior: Prior = DEFAULT_PRIOR,
  ) {
    this.groupOf = new Int32Array(responses.length);
    // quiz -> atom -> group
    const index = new Map<string, Map<string, number>>();
    const base = createPosterior(prior).logDensity;
    responses.forEach((r, i) => {
      let atoms = index.get(r.quizId);
      if (!atoms) index.set(r.quizId, (atoms = new Map()));
      let g = atoms.get(r.atomId);
      if (g === undefined) {
        g = this.groups.length;
        atoms.set(r.atomId, g);
        this.groups.push(Float64Array.from(base));
      }
      this.groupOf[i] = g;
      if (countsInEstimate(r)) addTo(this.groups[g], this.logLikelihood(r), 1);
    });
  }

  /** The unnormalised log-posterior of response i's candidate without response i's own answer. */
  restLogPosterior(i: number, out: Float64Array = new Float64Array(GRID_POINTS)): Float64Array {
    out.set(this.groups[this.groupOf[i]]);
    const r = this.responses[i];
    if (countsInEstimate(r)) addTo(out, this.logLikelihood(r), -1);
    return out;
  }

  /**
   * log P(answer | theta) on the grid for a response, cached by parameters and outcome: a bank's
   * responses share a few hundred distinct values, so this saves an exp and a log per grid point.
   */
  private logLikelihood(r: ServedResponse): Float64Array {
    const { a, d } = r.params;
    let byD = this.logLikelihoods.get(a);
    if (!byD) this.logLikelihoods.set(a, (byD = new Map()));
    let pair = byD.get(d);
    if (!pair) byD.set(d, (pair = [undefined, undefined]));
    const outcome = r.correct ? 1 : 0;
    let ll = pair[outcome];
    if (!ll) {
      ll = new Float64Array(GRID_POINTS);
      const s = r.correct ? 1 : -1;
      for (let k = 0; k < GRID_POINTS; k++) ll[k] = logSigmoid(s * (a * THETA_GRID[k] + d));
      pair[outcome] = ll;
    }
    return ll;
  }

  /** EAP of the rest posterior (the candidate's ability for the atom without response i). */
  restEstimate(i: number, scratch: Float64Array = new Float64Array(GRID_POINTS)): number {
    return posteriorMean({ logDensity: this.restLogPosterior(i, scratch) });
  }

  /**
   * Every response's rest EAP at once, with no exp or log per response: each (quiz, atom) posterior is
   * exponentiated once, and a rest posterior is that divided by the response's likelihood on the grid,
   * which is shared by every response to the same parameters (statistics over 100k records in well
   * under a second).
   */
  allRestEstimates(): Float64Array {
    const weights = this.groups.map((ld) => {
      const w = new Float64Array(GRID_POINTS);
      let max = -Infinity;
      for (let k = 0; k < GRID_POINTS; k++) if (ld[k] > max) max = ld[k];
      for (let k = 0; k < GRID_POINTS; k++) {
        w[k] = (k === 0 || k === GRID_POINTS - 1 ? 0.5 : 1) * Math.exp(ld[k] - max);
      }
      return w;
    });
    const likelihoods = new Map<Float64Array, Float64Array>();
    const out = new Float64Array(this.responses.length);
    this.responses.forEach((r, i) => {
      const w = weights[this.groupOf[i]];
      let m0 = 0;
      let m1 = 0;
      if (countsInEstimate(r)) {
        const ll = this.logLikelihood(r);
        let f = likelihoods.get(ll);
        if (!f) {
          f = ll.map(Math.exp);
          likelihoods.set(ll, f);
        }
        for (let k = 0; k < GRID_POINTS; k++) {
          const v = w[k] / f[k];
          m0 += v;
          m1 += v * THETA_GRID[k];
        }
      } else {
        for (let k = 0; k < GRID_POINTS; k++) {
          m0 += w[k];
          m1 += w[k] * THETA_GRID[k];
        }
      }
      out[i] = m1 / m0;
    });
    return out;
  }
}

/** Adds (sign 1) or removes (sign -1) one answer's log-likelihood from a log-posterior on the grid. */
function addTo(logDensity: Float64Array, logLikelihood: Float64Array, sign: 1 | -1): void {
  for (let k = 0; k < GRID_POINTS; k++) logDensity[k] += sign * logLikelihood[k];
}

/**
 * Normalised quadrature weights of a log-density on the grid: they sum to 1, so sum_k w[k] f(theta_k)
 * is the posterior expectation of f (the engine's density times the trapezoid weights).
 */
export function quadratureWeights(
  logDensity: Float64Array,
  out: Float64Array = new Float64Array(GRID_POINTS),
): Float64Array {
  posteriorDensity({ prior: DEFAULT_PRIOR, logDensity, count: 0 }, out);
  let total = 0;
  for (let k = 0; k < GRID_POINTS; k++) {
    if (k === 0 || k === GRID_POINTS - 1) out[k] *= 0.5;
    total += out[k];
  }
  for (let k = 0; k < GRID_POINTS; k++) out[k] /= total;
  return out;
}
