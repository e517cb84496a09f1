// The two moments other modules tell the jobs about (issue 20), called from the lifecycle of
// invitations (src/invitations/lifecycle.ts) and the expiry sweep:
//
//   onInvitationCreated(invitation)  after an invitation and its quizzes exist (createInvitation):
//                                    enqueues its email and its reminder; says whether an email
//                                    will go out (for the API's reply).
//   onQuizEnded(quiz, status)        when a quiz is finished, abandoned or expired (the quiz API's
//                                    write, through invitations/lifecycle.ts quizEnded; the expiry
//                                    sweep): enqueues the company's result webhook.
//
// Neither throws: a failure to enqueue is logged and the invitation or answer goes on (the
// invitation stays usable; the link can be shared by hand).
import type { Types } from 'mongoose';
import { loadConfig, type Config } from '../config';
import { createLogger, type Logger } from '../http/logger';
import { Company } from '../models';
import { enqueueInvitationEmail, enqueueInvitationReminder, enqueueResultWebhook } from './enqueue';
import { reminderTime, type QuizEndStatus } from './names';

interface HookContext {
  config: Pick<Config, 'smtpUrl' | 'isProduction'>;
  logger: Logger;
}

let context: HookContext | null = null;

/** Set by the services at start (main.ts); a CLI process that sets nothing reads its environment. */
export function configureJobHooks(ctx: HookContext): void {
  context = ctx;
}

function hookContext(): HookContext {
  if (!context) {
    let config: HookContext['config'];
    try {
      config = loadConfig();
    } catch {
      config = { smtpUrl: undefined, isProduction: false };
    }
    context = { config, logger: createLogger('warn') };
  }
  return context;
}

/** What happens to the candidate's email; the hiring API returns it with the new invitation. */
export type InvitationEmail =
  | { status: 'queued'; message: string }
  | { status: 'no_address'; message: string }
  | { status: 'not_configured'; message: string }
  | { status: 'failed'; message: string };

/** The invitation fields the hook reads; candidate_email and expires_at may not exist yet (i19). */
export interface CreatedInvitationLike {
  _id: Types.ObjectId | string;
  candidate_email?: string | null;
  expires_at?: Date | null;
}

export async function onInvitationCreated(invitation: CreatedInvitationLike): Promise<InvitationEmail> {
  if (!invitation.candidate_email)
    return {
      status: 'no_address',
      message: 'No candidate email address: share the candidate link yourself.',
    };
  const { config, logger } = hookContext();
  // Production without SMTP_URL: nobody sends email, so none is promised. (A development CLI run
  // without SMTP_URL still enqueues: the services of `npm start` have the dev mail catcher.)
  if (!config.smtpUrl && config.isProduction)
    return {
      status: 'not_configured',
      message: 'Email is not set up on this server (SMTP_URL): send the candidate the link yourself.',
    };
  const id = String(invitation._id);
  try {
    await enqueueInvitationEmail(id);
    const remindAt = reminderTime(invitation.expires_at);
    if (remindAt && invitation.expires_at)
      await enqueueInvitationReminder(id, new Date(invitation.expires_at), remindAt);
    return {
      status: 'queued',
      message: `The invitation email to ${invitation.candidate_email} is on its way.`,
    };
  } catch (err) {
    logger.warn({ err }, `could not enqueue the email of invitation ${id}`);
    return {
      status: 'failed',
      message:
        'The invitation was created, but its email could not be queued: send the candidate the link yourself.',
    };
  }
}

/** The quiz fields the hook reads (a QuizState or a stored document). */
export interface EndedQuizLike {
  id?: string;
  _id?: Types.ObjectId | string;
  company_id?: string | null;
  company?: Types.ObjectId | string | null;
  finished_at?: Date | null;
  abandoned_at?: Date | null;
  expired_at?: Date | null;
  demo_data?: boolean;
}

/** When the quiz ended that way (the event's created_at): its own timestamp, else now. */
function endedAt(quiz: EndedQuizLike, status: QuizEndStatus): Date {
  const at = { finished: quiz.finished_at, abandoned: quiz.abandoned_at, expired: quiz.expired_at }[status];
  return at ?? new Date();
}

/**
 * A quiz ended: `finished` (every question answered, or finished), `abandoned`, or `expired` (the
 * expiry sweep). Called by invitations/lifecycle.ts quizEnded and by the sweep.
 */
export async function onQuizEnded(quiz: EndedQuizLike, status: QuizEndStatus): Promise<void> {
  const companyId = quiz.company_id ?? (quiz.company ? String(quiz.company) : null);
  const quizId = quiz.id ?? (quiz._id ? String(quiz._id) : null);
  // Simulated demo-data candidates belong to no one's applicant tracking.
  if (!companyId || !quizId || quiz.demo_data) return;
  try {
    const company = await Company.findById(companyId).select({ webhook_url: 1 }).lean().exec();
    if (!company?.webhook_url) return;
    await enqueueResultWebhook({ quizId, companyId, status, occurredAt: endedAt(quiz, status) });
  } catch (err) {
    hookContext().logger.warn({ err }, `could not enqueue the result webhook of quiz ${quizId}`);
  }
}
