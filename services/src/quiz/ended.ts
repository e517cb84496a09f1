// When a quiz ends, and the `quiz.ended` event its ending write carries. The quiz context emits it;
// the composition root (src/composition.ts) wires who hears it: the result webhook, the percentile
// norms, the invitation's summary, the integrity count. The event's id is the webhook event's id
// (`evt_<quiz>_<status>`), so a receiver sees one event however often it is delivered.
import type { QuizEndStatus } from '@skillquiz/contracts';
import { pendingEvent, type PendingEventDoc } from '../platform';
import type { QuizResultDoc } from './models/quiz-result';
import { slotsOf } from './plan';
import type { QuizState } from './types';

export type { QuizEndStatus };

/** The stable id of the event a quiz ending one way carries (also the webhook event's id). */
export const quizEndedEventId = (quizId: string, status: QuizEndStatus) => `evt_${quizId}_${status}`;

type QuizLike = Pick<QuizResultDoc, 'finished_at' | 'plan' | 'served'>;

/**
 * A quiz is complete once finished, or once every planned question is answered (the front end
 * calls finish right after the last answer; a lost finish call must not hide a result).
 */
export function isComplete(quiz: QuizLike): boolean {
  if (quiz.finished_at) return true;
  if (!quiz.plan || quiz.plan.length === 0) return false;
  const total = slotsOf(quiz.plan).length;
  return total > 0 && quiz.served.length >= total && quiz.served.every((q) => q.answered_at != null);
}

/** When a complete quiz was completed: finished_at, else its last answer. */
export function completedAt(quiz: QuizLike): Date | null {
  if (quiz.finished_at) return quiz.finished_at;
  if (!isComplete(quiz)) return null;
  let last: Date | null = null;
  for (const q of quiz.served) if (q.answered_at && (!last || q.answered_at > last)) last = q.answered_at;
  return last;
}

export interface QuizEndedData {
  quiz_id: string;
  status: QuizEndStatus;
  invitation_id: string | null;
  company_id: string | null;
  demo_data: boolean;
  /** When the quiz ended that way (the webhook event's created_at). */
  occurred_at: string;
}

/** The intent a quiz's ending write carries; its id is the webhook event's id. */
export function quizEndedEvent(
  quiz: { id: string; invitation_id: string | null; company_id: string | null; demo_data?: boolean },
  status: QuizEndStatus,
  at: Date,
): PendingEventDoc {
  const data: QuizEndedData = {
    quiz_id: quiz.id,
    status,
    invitation_id: quiz.invitation_id,
    company_id: quiz.company_id,
    demo_data: quiz.demo_data === true,
    occurred_at: at.toISOString(),
  };
  return pendingEvent('quiz.ended', quizEndedEventId(quiz.id, status), { ...data }, at);
}

/** True once every planned question of the quiz is answered. */
function allAnswered(s: QuizState): boolean {
  if (!s.plan) return false;
  const total = slotsOf(s.plan).length;
  return total > 0 && s.served.length >= total && s.served.every((q) => q.answered_at != null);
}

const complete = (s: QuizState) => s.finished_at != null || allAnswered(s);

/**
 * The events a quiz write from `prev` (as stored) to `next` carries: quiz.ended when it completes
 * the quiz (finished, or its last planned answer) or abandons it (the abandon call, or a page-close
 * whose grace has passed). Decided before the write, so the write carries them.
 */
export function quizEndEvents(prev: QuizState, next: QuizState, now = new Date()): PendingEventDoc[] {
  const events: PendingEventDoc[] = [];
  if (complete(next) && !complete(prev))
    events.push(quizEndedEvent(next, 'finished', completedAt(next) ?? now));
  if (next.abandoned_at != null && prev.abandoned_at == null)
    events.push(quizEndedEvent(next, 'abandoned', next.abandoned_at));
  return events;
}
