// Compromised-question detection (pure): a question that leaked gets easier and faster than its
// calibration says. Over its attempts in time order, each attempt gives a correctness residual
// (u - P) / sqrt(P (1 - P)) at the candidate's ability and a time residual z = alpha (log t - (beta - tau))
// at the candidate's speed; their standardised difference x = (r_correct - z) / sqrt(2) has mean 0 for an
// honest stream and moves up when the question gets easier and faster. A one-sided CUSUM
// S_t = max(0, S_(t-1) + x_t - k) raises the alarm when S_t > h (Page 1954). k and h are set by simulation
// (`npm run bench:integrity`): no alarm on the honest questions of the 2,000-question bank.

export interface DriftAttempt {
  correct: boolean;
  /** P(correct) at the candidate's ability under the question's calibration. */
  p: number;
  /** Time residual alpha (log t - (beta - tau)); null when the time is unknown (timed out, no time model). */
  z: number | null;
}

export const DRIFT_K = 0.5;
export const DRIFT_H = 16;
/** Residuals are clipped here, so one very unlikely attempt cannot raise the alarm by itself. */
const CLIP = 3;

export interface DriftResult {
  /** Largest CUSUM value over the stream. */
  statistic: number;
  /** 0-based index of the attempt that raised the alarm first; null when none did. */
  alarmAt: number | null;
  attempts: number;
  /** Since the CUSUM last started rising before the alarm (or over the last `recent` attempts). */
  recent: { attempts: number; correct: number; expectedCorrect: number; meanTimeResidual: number | null };
}

const clip = (x: number) => Math.max(-CLIP, Math.min(CLIP, x));

export function attemptScore(a: DriftAttempt): number {
  const p = Math.min(0.99, Math.max(0.01, a.p));
  const rc = clip(((a.correct ? 1 : 0) - p) / Math.sqrt(p * (1 - p)));
  if (a.z === null) return rc;
  return (rc - clip(a.z)) / Math.SQRT2;
}

/** CUSUM over a question's attempts in time order. */
export function driftCusum(
  attempts: readonly DriftAttempt[],
  options: { k?: number; h?: number; recent?: number } = {},
): DriftResult {
  const k = options.k ?? DRIFT_K;
  const h = options.h ?? DRIFT_H;
  let s = 0;
  let max = 0;
  let alarmAt: number | null = null;
  let runStart = 0;
  let windowStart = Math.max(0, attempts.length - (options.recent ?? 50));
  for (let t = 0; t < attempts.length; t++) {
    if (s === 0) runStart = t;
    s = Math.max(0, s + attemptScore(attempts[t]) - k);
    max = Math.max(max, s);
    if (alarmAt === null && s > h) {
      alarmAt = t;
      windowStart = runStart;
    }
  }
  const end = alarmAt === null ? attempts.length : Math.max(alarmAt + 1, attempts.length);
  const window = attempts.slice(windowStart, end);
  const zs = window.filter((a) => a.z !== null).map((a) => a.z!);
  return {
    statistic: max,
    alarmAt,
    attempts: attempts.length,
    recent: {
      attempts: window.length,
      correct: window.filter((a) => a.correct).length,
      expectedCorrect: window.reduce((sum, a) => sum + a.p, 0),
      meanTimeResidual: zs.length ? zs.reduce((x, y) => x + y, 0) / zs.length : null,
    },
  };
}
