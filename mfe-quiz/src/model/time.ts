// Pure time rules of the question page and the whole quiz (SPEC §2, §4).
import type { QuizResult } from '@skillquiz/contracts';

/** Whole seconds left as the countdown shows them (rounded up: 0.2 s left still reads 00:01); never negative. */
export function secondsLeft(msLeft: number): number {
  return Math.max(0, Math.ceil(msLeft / 1000));
}

/** 'mm:ss' for the time left; minutes grow past 59 rather than wrapping; never negative. */
export function formatCountdown(msLeft: number): string {
  const total = secondsLeft(msLeft);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

export function msUntil(iso: string | null | undefined, now: number): number {
  if (!iso) return Infinity;
  const at = Date.parse(iso);
  return Number.isFinite(at) ? at - now : Infinity;
}

/** A question has timed out once its expires_at is in the past. */
export function isQuestionExpired(expiresAt: string | null | undefined, now: number): boolean {
  return msUntil(expiresAt, now) <= 0;
}

/** SPEC §4: expired = not finished and past its expiry time, or abandoned. */
export function isQuizExpired(result: QuizResult | null | undefined, now: number): boolean {
  if (!result || result.finished_at) return false;
  if (result.abandoned_at) return true;
  return msUntil(result.expires_at, now) < 0;
}

/** Total questions of the quiz: the sum of num_questions over its atoms. */
export function totalQuestions(result: QuizResult): number {
  return result.quiz.atoms.reduce((sum, atom) => sum + atom.num_questions, 0);
}

/**
 * When the countdown's next tick is due: the moment the shown seconds drop, i.e. the next whole
 * second before the deadline. Scheduling each tick there, instead of a setInterval that
 * drifts a little every time and a lot on a loaded browser, means a late tick shows the right
 * second and the next one is back on the boundary: no second is skipped. At or past the deadline
 * there is one more tick at the deadline itself (0 ms).
 */
export function msToNextTick(msLeft: number): number {
  if (msLeft <= 0) return 0;
  const intoSecond = msLeft % 1000;
  return intoSecond === 0 ? 1000 : intoSecond;
}

/** The last stretch of a question: the countdown changes its look from here (WCAG 2.2.1). */
export const LOW_TIME_SECONDS = 30;
/** Announced once each, through a polite live region, as the countdown reaches them. */
export const TIME_WARNINGS_SECONDS = [30, 10] as const;

/**
 * What to announce when the shown seconds go from `before` to `now`: the warning whose threshold
 * was just reached ('30 seconds left'), the lower one when a late tick passed both, else null. A
 * threshold already below `before` when the question appeared is not announced (a 12-second
 * question says '10 seconds left' only).
 */
export function timeWarning(before: number, now: number): string | null {
  const reached = TIME_WARNINGS_SECONDS.filter((t) => before > t && now <= t);
  return reached.length ? `${Math.min(...reached)} seconds left` : null;
}
