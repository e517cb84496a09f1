// Pure time rules of the question page and the whole quiz (SPEC §2, §4).
import type { QuizResult } from '@skillquiz/contracts';

/** 'mm:ss' for the time left; minutes grow past 59 rather than wrapping; never negative. */
export function formatCountdown(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
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
