// Online calibration of 2PL items (MEM: multiple EM cycles, run to convergence).
//
// The operational items fix the ability scale: each respondent's ability is the posterior from their
// *other* scored answers (RestAbilities), as the quiz computes it. An item's (a, d) then maximise the
// marginal likelihood of its responses over those posteriors:
//
//   l(a, d) = sum_r log sum_k w_rk P_k^u_r (1 - P_k)^(1 - u_r),   P_k = 1 / (1 + e^-(a theta_k + d))
//
// which is the fixed point MEM's E and M steps converge to. We maximise it directly with Newton's method
// on the exact gradient and Hessian (Fisher scoring when the Hessian is not negative definite), and the
// standard errors come from the observed information -H^-1 at the maximum (Louis' identity is built in:
// H is the Hessian of the marginal, not of the complete-data likelihood, so the SEs are not too small).
import {
  GRID_POINTS as ADAPTIVE_GRID_POINTS,
  THETA_GRID as ADAPTIVE_THETA_GRID,
  type DifficultyParams,
  type Prior,
} from '@skillquiz/adaptive';
import type { CalibrationResult } from '@skillquiz/contracts';
import { RestAbilities, quadratureWeights, type ServedResponse } from './responses';

// Module copies for the loops below: through @skillquiz/adaptive's CommonJS re-exports every read
// is a getter call, a third of calibration's time when read on each turn of a loop (--cpu-prof).
const GRID_POINTS = ADAPTIVE_GRID_POINTS;
const THETA_GRID = ADAPTIVE_THETA_GRID;

export type { CalibrationResult } from '@skillquiz/contracts';

/** Bounds of a write (the content API refuses a outside (0, 10] and |d| > 30). */
export const PARAM_BOUNDS = Object.freeze({ aMin: 0.05, aMax: 10, dMax: 30 });

/** A question is ready to graduate from beta when both standard errors are at most this. */
export const GRADUATION_MAX_SE = 0.2;

export interface CalibrationOptions {
  /** Start values (the configured parameters); default { a: 1, d: 0 }. */
  start?: DifficultyParams;
  maxIterations?: number;
}

/**
 * Calibrates one item from its responses: `weights` is n x GRID_POINTS (row r: respondent r's rest
 * posterior as normalised quadrature weights), `correct[r]` their answer.
 */
export function calibrateItem(
  weights: Float64Array,
  correct: readonly boolean[],
  options: CalibrationOptions = {},
): CalibrationResult {
  const n = correct.length;
  let a = clamp(options.start?.a ?? 1, PARAM_BOUNDS.aMin, PARAM_BOUNDS.aMax);
  let d = clamp(options.start?.d ?? 0, -PARAM_BOUNDS.dMax, PARAM_BOUNDS.dMax);
  if (n === 0) return { a, d, seA: null, seD: null, n, logLikelihood: 0, iterations: 0, converged: false };
  const maxIterations = options.maxIterations ?? 100;
  let cur = evaluate(weights, correct, a, d);
  let converged = false;
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    const [da, dd] = newtonStep(cur);
    let t = 1;
    let next = cur;
    let na = a;
    let nd = d;
    // Step halving: accept the first step that does not lower the likelihood.
    for (let h = 0; h < 30; h++) {
      na = clamp(a + t * da, PARAM_BOUNDS.aMin, PARAM_BOUNDS.aMax);
      nd = clamp(d + t * dd, -PARAM_BOUNDS.dMax, PARAM_BOUNDS.dMax);
      next = evaluate(weights, correct, na, nd);
      if (next.ll >= cur.ll - 1e-12) break;
      t /= 2;
    }
    const moved = Math.abs(na - a) + Math.abs(nd - d);
    a = na;
    d = nd;
    cur = next;
    if (moved < 1e-7) {
      converged = true;
      break;
    }
  }
  const atBound =
    a <= PARAM_BOUNDS.aMin + 1e-9 || a >= PARAM_BOUNDS.aMax - 1e-9 || Math.abs(d) >= PARAM_BOUNDS.dMax - 1e-9;
  const cov = invertNegative(cur.h);
  const seA = cov && cov[0] > 0 && !atBound ? Math.sqrt(cov[0]) : null;
  const seD = cov && cov[2] > 0 && !atBound ? Math.sqrt(cov[2]) : null;
  return {
    a,
    d,
    seA,
    seD,
    n,
    logLikelihood: cur.ll,
    iterations: iterations + 1,
    converged: converged && !atBound && seA !== null,
  };
}

/** Calibration of every question in `responses` (answered ones), keyed by question id. */
export function calibrateBank(
  responses: readonly ServedResponse[],
  options: {
    prior?: Prior;
    start?: (questionId: number) => DifficultyParams | undefined;
    /** Calibrate only these questions (the others still inform the abilities). */
    only?: ReadonlySet<number>;
  } = {},
): Map<number, CalibrationResult> {
  const rest = new RestAbilities(responses, options.prior);
  const byQuestion = new Map<number, number[]>();
  responses.forEach((r, i) => {
    if (r.correct === null || (options.only && !options.only.has(r.questionId))) return;
    const list = byQuestion.get(r.questionId);
    if (list) list.push(i);
    else byQuestion.set(r.questionId, [i]);
  });
  const out = new Map<number, CalibrationResult>();
  const scratch = new Float64Array(GRID_POINTS);
  for (const [questionId, indices] of byQuestion) {
    const weights = new Float64Array(indices.length * GRID_POINTS);
    indices.forEach((i, row) => {
      quadratureWeights(
        rest.restLogPosterior(i, scratch),
        weights.subarray(row * GRID_POINTS, (row + 1) * GRID_POINTS),
      );
    });
    const correct = indices.map((i) => responses[i].correct === true);
    const last = responses[indices[indices.length - 1]].params;
    out.set(questionId, calibrateItem(weights, correct, { start: options.start?.(questionId) ?? last }));
  }
  return out;
}

/** Whether a calibration is precise enough to graduate a beta question. */
export function readyToGraduate(c: Pick<CalibrationResult, 'seA' | 'seD' | 'converged'>): boolean {
  return (
    c.converged &&
    c.seA !== null &&
    c.seD !== null &&
    c.seA <= GRADUATION_MAX_SE &&
    c.seD <= GRADUATION_MAX_SE
  );
}

interface Evaluation {
  ll: number;
  /** Gradient (d/da, d/dd). */
  g: [number, number];
  /** Hessian [aa, ad, dd] of the marginal log-likelihood. */
  h: [number, number, number];
  /** Expected-information version of the Hessian [aa, ad, dd] (negative definite), for Fisher scoring. */
  f: [number, number, number];
}

function evaluate(weights: Float64Array, correct: readonly boolean[], a: number, d: number): Evaluation {
  const p = new Float64Array(GRID_POINTS);
  for (let k = 0; k < GRID_POINTS; k++) p[k] = 1 / (1 + Math.exp(-(a * THETA_GRID[k] + d)));
  let ll = 0;
  let ga = 0;
  let gd = 0;
  let haa = 0;
  let had = 0;
  let hdd = 0;
  let faa = 0;
  let fad = 0;
  let fdd = 0;
  for (let r = 0; r < correct.length; r++) {
    const u = correct[r] ? 1 : 0;
    const row = r * GRID_POINTS;
    let m = 0;
    for (let k = 0; k < GRID_POINTS; k++) m += weights[row + k] * (u ? p[k] : 1 - p[k]);
    if (!(m > 0)) m = Number.MIN_VALUE;
    ll += Math.log(m);
    // Posterior weights including this item, then the score and curvature expectations under them.
    let sa = 0;
    let sd = 0;
    let saa = 0;
    let sad = 0;
    let sdd = 0;
    let caa = 0;
    let cad = 0;
    let cdd = 0;
    for (let k = 0; k < GRID_POINTS; k++) {
      const w = (weights[row + k] * (u ? p[k] : 1 - p[k])) / m;
      if (w === 0) continue;
      const th = THETA_GRID[k];
      const resid = u - p[k];
      const info = p[k] * (1 - p[k]);
      sa += w * resid * th;
      sd += w * resid;
      saa += w * resid * resid * th * th;
      sad += w * resid * resid * th;
      sdd += w * resid * resid;
      caa += w * info * th * th;
      cad += w * info * th;
      cdd += w * info;
    }
    ga += sa;
    gd += sd;
    haa += saa - caa - sa * sa;
    had += sad - cad - sa * sd;
    hdd += sdd - cdd - sd * sd;
    faa -= caa;
    fad -= cad;
    fdd -= cdd;
  }
  return { ll, g: [ga, gd], h: [haa, had, hdd], f: [faa, fad, fdd] };
}

/** Newton step -H^-1 g, or Fisher scoring's -F^-1 g when H is not negative definite. */
function newtonStep(e: Evaluation): [number, number] {
  const negDef = (m: [number, number, number]) => m[0] < 0 && m[0] * m[2] - m[1] * m[1] > 0;
  const m = negDef(e.h) ? e.h : negDef(e.f) ? e.f : null;
  if (!m) return [0, 0];
  const det = m[0] * m[2] - m[1] * m[1];
  const [ga, gd] = e.g;
  return [-(m[2] * ga - m[1] * gd) / det, -(-m[1] * ga + m[0] * gd) / det];
}

/** (-H)^-1 as [aa, ad, dd], or null when -H is not positive definite. */
function invertNegative(h: [number, number, number]): [number, number, number] | null {
  const [aa, ad, dd] = [-h[0], -h[1], -h[2]];
  const det = aa * dd - ad * ad;
  if (!(aa > 0) || !(det > 0)) return null;
  return [dd / det, -ad / det, aa / det];
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}
