// The moments of an invitation's life that other parts react to, as named functions:
//   invitationCreated  an invitation and its quizzes were created (jobs: the invitation email)
//   quizEnded          a quiz was finished (completed) or abandoned (jobs: the result webhook)
//   quizCommitted      any quiz write: decides whether the invitation's summary must change
// Jobs (issue 20) hook in here; today they keep the hiring summary and the percentile norms.
import type { Config } from '../config';
import type { Logger } from '../http/logger';
import { onInvitationCreated, onQuizEnded, type InvitationEmail } from '../jobs/hooks';
import type { InvitationDoc, QuizResultDoc } from '../models';
import { slotsOf } from '../quiz/plan';
import type { QuizState } from '../quiz/types';
import { recordNorms } from './norms';
import { refreshInvitationSummary, type SummaryClock } from './summary';

export type LifecycleConfig = Pick<Config, 'abandonGraceMinutes'>;

/**
 * After an invitation and its quizzes were created (the summary was written with it): queues the
 * candidate's email and reminder (issue 20) and says what happens to the email, for the API's reply.
 */
export async function invitationCreated(
  invitation: InvitationDoc,
  _quizzes: readonly QuizResultDoc[],
): Promise<InvitationEmail> {
  return onInvitationCreated(invitation);
}

export type QuizEnding = 'finished' | 'abandoned';

/** After a quiz was completed (every question answered, or finished) or abandoned. */
export async function quizEnded(
  quiz: Pick<QuizState, 'id' | 'invitation_id'> &
    Partial<Pick<QuizState, 'company_id' | 'finished_at' | 'abandoned_at' | 'demo_data'>>,
  ending: QuizEnding,
): Promise<void> {
  if (ending === 'finished') await recordNorms(quiz.id);
  // Issue 20: the company's result webhook (queued, never waited for).
  await onQuizEnded(quiz, ending);
}

/** True once every planned question of the quiz is answered. */
function allAnswered(s: QuizState): boolean {
  if (!s.plan) return false;
  const total = slotsOf(s.plan).length;
  return total > 0 && s.served.length >= total && s.served.every((q) => q.answered_at != null);
}

const changed = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) !== (b?.getTime() ?? null);

/**
 * After a quiz write (quiz/service.ts onCommitted): the moments above, then the invitation's
 * summary, but only when something the summary shows changed (the start, the end, a page-close,
 * the expiry), not on every answer.
 */
export async function quizCommitted(
  prev: QuizState,
  next: QuizState,
  config: LifecycleConfig,
): Promise<void> {
  const completedNow =
    (next.finished_at != null || allAnswered(next)) && !(prev.finished_at != null || allAnswered(prev));
  const abandonedNow = next.abandoned_at != null && prev.abandoned_at == null;
  const relevant =
    completedNow ||
    abandonedNow ||
    changed(prev.started_at, next.started_at) ||
    changed(prev.left_at, next.left_at) ||
    changed(prev.expires_at, next.expires_at) ||
    changed(prev.finished_at, next.finished_at);
  if (!relevant) return;
  if (completedNow) await quizEnded(next, 'finished');
  if (abandonedNow) await quizEnded(next, 'abandoned');
  if (next.invitation_id) await refreshInvitationSummary(next.invitation_id, clockOf(config));
}

export function clockOf(config: LifecycleConfig, now = new Date()): SummaryClock {
  return { now, abandonGraceMinutes: config.abandonGraceMinutes };
}

/** quizCommitted for the quiz API: failures are logged, never the candidate's problem. */
export function quizCommitHook(config: LifecycleConfig, logger: Logger) {
  return (prev: QuizState, next: QuizState): Promise<void> =>
    quizCommitted(prev, next, config).catch((err: unknown) =>
      logger.warn(
        `updating the invitation after a quiz change failed (the next change retries): ${
          err instanceof Error ? err.message : String(err)
        }`,
      ),
    );
}
