// Clocks the server decides: a question's time limit, the grace for answers in flight, and when a
// whole quiz counts as expired.
import type { OutageWindow } from '../platform';
import type { QuizState } from './types';

/** Time limit of a question when its atom gives no usable estimate (eta_minutes 0). */
export const DEFAULT_QUESTION_SECONDS = 90;
/** Bounds of a per-question limit derived from an atom's eta_minutes. */
export const MIN_QUESTION_SECONDS = 30;
export const MAX_QUESTION_SECONDS = 600;
/**
 * An answer arriving up to this long after expires_at still counts: it covers network latency and
 * the candidate who clicked in the last second. Later answers are scored as timed out (incorrect).
 */
export const ANSWER_GRACE_MS = 5_000;

export interface AtomTiming {
  eta_minutes?: number | null;
  num_questions?: number | null;
}

/**
 * Seconds a candidate gets for one question of this atom. QUESTION_TIME_LIMIT_SECONDS (the
 * override) wins; otherwise the atom's estimated duration spread over its questions
 * (eta_minutes * 60 / num_questions), kept within [30 s, 10 min]; otherwise 90 s.
 */
export function questionTimeLimitSeconds(atom: AtomTiming, override?: number): number {
  if (override !== undefined && override > 0) return override;
  const eta = atom.eta_minutes ?? 0;
  const n = atom.num_questions ?? 0;
  if (eta > 0 && n > 0) {
    const perQuestion = Math.round((eta * 60) / n);
    return Math.min(MAX_QUESTION_SECONDS, Math.max(MIN_QUESTION_SECONDS, perQuestion));
  }
  return DEFAULT_QUESTION_SECONDS;
}

/**
 * A question's limit with the candidate's extra time (0, 25, 50 or 100 percent, set on
 * the invitation). Not rounded: the deadline is kept in milliseconds.
 */
export function withExtraTime(seconds: number, extraTimePercent: number | null | undefined): number {
  const percent = extraTimePercent && extraTimePercent > 0 ? extraTimePercent : 0;
  return (seconds * (100 + percent)) / 100;
}

/**
 * The whole-quiz expiry set when the quiz starts: QUIZ_EXPIRY_HOURS after the start, but never
 * later than the expiry the quiz was issued with (the invitation's `expires_at`).
 */
export function quizExpiryAtStart(issuedExpiry: Date | null, start: Date, expiryHours: number): Date {
  const fromStart = new Date(start.getTime() + expiryHours * 3600_000);
  return issuedExpiry && issuedExpiry.getTime() < fromStart.getTime() ? issuedExpiry : fromStart;
}

/** True once the question's clock has run out (the empty answer becomes acceptable). */
export function hasExpired(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

/** True when an answer arrives too late to count (after expires_at + grace). */
export function isTooLate(expiresAt: Date, now: Date): boolean {
  return now.getTime() > expiresAt.getTime() + ANSWER_GRACE_MS;
}

/**
 * A question's deadline with its clock stopped while the database was down or stalled: nobody could
 * send an answer then (503), or the answer sent waited. Each outage counts for its part after the
 * question was served, if it began while an answer could still count (before the deadline as moved
 * so far, plus the grace): a candidate whose time had already run out gets nothing back. Windows of
 * one outage seen by several services processes are merged first, so it counts once.
 */
export function creditedDeadline(
  servedAt: Date,
  expiresAt: Date,
  outages: readonly OutageWindow[],
  now: Date,
): Date {
  const merged: [number, number][] = [];
  const sorted = outages
    .map((w) => [
      Math.max(servedAt.getTime(), w.started_at.getTime()),
      Math.min(now.getTime(), w.ended_at.getTime()),
    ])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  for (const [a, b] of sorted) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  let deadline = expiresAt.getTime();
  for (const [a, b] of merged) {
    if (a > deadline + ANSWER_GRACE_MS) break;
    deadline += b - a;
  }
  return new Date(deadline);
}

export interface QuizClock {
  finished_at?: Date | null;
  abandoned_at?: Date | null;
  expires_at?: Date | null;
}

/** SPEC §4: expired when abandoned, or not finished and past its expiry time. */
export function isQuizExpired(quiz: QuizClock, now: Date): boolean {
  if (quiz.abandoned_at) return true;
  if (quiz.finished_at) return false;
  return quiz.expires_at != null && now.getTime() > quiz.expires_at.getTime();
}

export interface LeaveClock {
  abandoned_at: Date | null;
  left_at: Date | null;
}

// The lapse rule, the one definition: a candidate who closed the page (left_at) and did not come back
// within the grace period (ABANDON_GRACE_MINUTES) has abandoned the quiz, at left_at + grace. The quiz
// API applies it when the candidate calls again (lapseLeave); the expiry sweep (ops/jobs/expiry-sweep.ts)
// finds the lapsed page-closes with latestLapsedLeave and writes each down with lapseLeave.

/** When a page-close at `leftAt` lapses into an abandon: left_at + grace. */
export function leaveLapsesAt(leftAt: Date, graceMinutes: number): Date {
  return new Date(leftAt.getTime() + graceMinutes * 60_000);
}

/** The latest page-close that has lapsed by `now`: a left_at at or before it has (a query's `$lte`). */
export function latestLapsedLeave(now: Date, graceMinutes: number): Date {
  return new Date(now.getTime() - graceMinutes * 60_000);
}

/**
 * The state with a lapsed page-close written down as an abandon (abandoned_at = left_at + grace,
 * left_at cleared); the state itself when it has not lapsed (or was abandoned already).
 */
export function lapseLeave<T extends LeaveClock>(state: T, now: Date, graceMinutes: number): T {
  if (!state.left_at || state.abandoned_at) return state;
  if (state.left_at.getTime() > latestLapsedLeave(now, graceMinutes).getTime()) return state;
  return { ...state, abandoned_at: leaveLapsesAt(state.left_at, graceMinutes), left_at: null };
}

/**
 * Whether a quiz can still be taken: not finished, not abandoned (a page-close older than the
 * grace counts as abandoned) and not past its expiry time.
 */
export function isTakeable(quiz: QuizClock & Partial<LeaveClock>, now: Date, graceMinutes: number): boolean {
  if (quiz.finished_at) return false;
  const left = lapseLeave(
    { abandoned_at: quiz.abandoned_at ?? null, left_at: quiz.left_at ?? null },
    now,
    graceMinutes,
  );
  return !isQuizExpired({ ...left, expires_at: quiz.expires_at ?? null }, now);
}

/**
 * The answers a quiz write from `prev` to `next` recorded, as the metrics count them: scored or beta,
 * timed out or in time, accepted late because a database outage was credited, and how long the
 * request took from its arrival.
 */
export function answersRecorded(
  prev: QuizState,
  next: QuizState,
  arrivedAt: Date,
): { scored: boolean; timedOut: boolean; outageCredited: boolean; seconds: number }[] {
  const out = [];
  for (const q of next.served) {
    const before = prev.served[q.number - 1];
    if (!q.answered_at || before?.answered_at) continue;
    out.push({
      scored: q.scored,
      timedOut: q.timed_out,
      outageCredited: !q.timed_out && q.expires_at != null && isTooLate(q.expires_at, q.answered_at),
      seconds: Math.max(0, Date.now() - arrivedAt.getTime()) / 1000,
    });
  }
  return out;
}
