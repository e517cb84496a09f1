// The moments of an invitation's life that other parts react to, each recorded as a pending event in
// the same document write as the change (platform/models/pending-event.ts; dispatched by src/platform/events, whose
// subscribers are wired in src/composition.ts):
//   invitation.created  an invitation whose candidate gets an email (the email and its reminder)
//   invitation.revoked  its open quizzes expire (each then carries its quiz.ended)
// (quiz.ended, which the quiz context defines and records in quiz/ended.ts, is heard here too: the
// integrity count, the norms, the invitation's summary.) quizCommitted runs after each quiz write that
// won (the quiz router's afterCommit).
import {
  loadConfig,
  type Config,
  type EventSource,
  type Events,
  type PendingEventDoc,
  pendingEvent,
  type Logger,
} from '../../platform';
import type { QuizState } from '../../quiz';
import { refreshInvitationSummary, type SummaryClock } from './summary';

export type LifecycleConfig = Pick<Config, 'abandonGraceMinutes'>;

/** What happens to the candidate's email; the hiring API returns it with the new invitation. */
export type InvitationEmail =
  | { status: 'queued'; message: string }
  | { status: 'no_address'; message: string }
  | { status: 'not_configured'; message: string };

export type MailPolicy = Pick<Config, 'smtpUrl' | 'isProduction'>;

/** The mail settings of a process that was given none (a CLI run): its environment's. */
export function mailPolicyFromEnv(): MailPolicy {
  try {
    const c = loadConfig();
    return { smtpUrl: c.smtpUrl, isProduction: c.isProduction };
  } catch {
    return { smtpUrl: undefined, isProduction: false };
  }
}

/**
 * Whether the candidate of a new invitation gets an email. Production without SMTP_URL: nobody sends
 * email, so none is promised. (A development run without SMTP_URL still promises it: the services of
 * `npm start` have the dev mail catcher.)
 */
export function invitationEmail(email: string | null, mail: MailPolicy): InvitationEmail {
  if (!email)
    return {
      status: 'no_address',
      message: 'No candidate email address: share the candidate link yourself.',
    };
  if (!mail.smtpUrl && mail.isProduction)
    return {
      status: 'not_configured',
      message: 'Email is not set up on this server (SMTP_URL): send the candidate the link yourself.',
    };
  return { status: 'queued', message: `The invitation email to ${email} is on its way.` };
}

export const invitationCreatedEventId = (invitationId: string) => `invitation.created:${invitationId}`;
export const invitationRevokedEventId = (invitationId: string) => `invitation.revoked:${invitationId}`;

/** The intent an invitation is inserted with when its candidate gets an email. */
export function invitationCreatedEvent(
  invitationId: string,
  expiresAt: Date | null,
  at: Date,
): PendingEventDoc {
  return pendingEvent(
    'invitation.created',
    invitationCreatedEventId(invitationId),
    { email: true, expires_at: expiresAt ? expiresAt.toISOString() : null },
    at,
  );
}

const changed = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) !== (b?.getTime() ?? null);

/**
 * After a quiz write (quiz/service.ts onCommitted): the events it carried are dispatched now (the
 * result webhook, the norms and the summary follow from them); otherwise the invitation's summary is
 * refreshed when something it shows changed (the start, a page-close, the expiry), not on every
 * answer. A crash before this is repaired by the reconciliation pass (src/hiring/invitations/reconcile.ts).
 */
export async function quizCommitted(
  prev: QuizState,
  next: QuizState,
  written: readonly PendingEventDoc[],
  deps: { config: LifecycleConfig; events: Events },
): Promise<void> {
  if (written.length) {
    await deps.events.dispatch('quiz_results', next.id);
    return;
  }
  const relevant =
    changed(prev.started_at, next.started_at) ||
    changed(prev.left_at, next.left_at) ||
    changed(prev.expires_at, next.expires_at) ||
    changed(prev.finished_at, next.finished_at);
  if (relevant && next.invitation_id)
    await refreshInvitationSummary(next.invitation_id, clockOf(deps.config));
}

export function clockOf(config: LifecycleConfig, now = new Date()): SummaryClock {
  return { now, abandonGraceMinutes: config.abandonGraceMinutes };
}

/** quizCommitted for the quiz API: failures are logged, never the candidate's problem. */
export function quizCommitHook(config: LifecycleConfig, events: Events, logger: Logger) {
  return (prev: QuizState, next: QuizState, written: readonly PendingEventDoc[] = []): Promise<void> =>
    quizCommitted(prev, next, written, { config, events }).catch((err: unknown) =>
      logger.warn(
        `updating the invitation after a quiz change failed (the reconciliation pass repairs it): ${
          err instanceof Error ? err.message : String(err)
        }`,
      ),
    );
}

/** Dispatches what a write just recorded, when an events service is at hand (else reconciliation does). */
export async function dispatchIfPossible(
  events: Events | undefined,
  source: EventSource,
  id: string,
): Promise<void> {
  if (events) await events.dispatch(source, id);
}
