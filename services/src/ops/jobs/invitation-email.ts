// `invitation-email` and `invitation-reminder`: the candidate's invitation (company name and logo,
// atoms, expiry, the link) and one reminder 24 hours before it expires to a candidate who has not
// started. Both read the invitation when they run, so a revoked or expired invitation, or a candidate
// who started meanwhile, gets nothing. Each message is recorded in email_deliveries under a fixed
// id: 'sending' right before the SMTP conversation, 'sent' right after the server's 250. A job that
// runs again after a crash skips a message recorded 'sent' and sends one left 'sending' again, with
// the same Message-ID (hiring/models/email-delivery.ts): at least once, a repeat recognisable as one. A
// mail server that is down makes the job fail; it is retried with backoff (retry.ts) and the
// invitation stays usable all the while.
import { Types } from 'mongoose';
import type { Job } from 'agenda';
import { Atom } from '../../content';
import {
  Company,
  Invitation,
  type InvitationDoc,
  EmailDelivery,
  emailDeliveryId,
  recordEmailFailed,
  recordEmailSending,
  recordEmailSent,
  emailMessageId,
  type EmailKind,
  quizLink,
  mailConfigured,
  renderInvitationMail,
  type InvitationMailData,
} from '../../hiring';
import { QuizResult } from '../../quiz';
import type { JobContext } from './context';
import { reminderTime, type InvitationEmailData, type InvitationReminderData } from './names';

/** Fields i19 adds to invitations; read defensively until every invitation has them. */
type InvitationWithLifecycle = InvitationDoc & { expires_at?: Date | null; revoked_at?: Date | null };

async function loadInvitation(id: string): Promise<InvitationWithLifecycle | null> {
  if (!Types.ObjectId.isValid(id)) return null;
  return (await Invitation.findById(id).lean().exec()) as InvitationWithLifecycle | null;
}

/** Why no email goes out for this invitation now, or null when one should. */
function reasonNotToSend(inv: InvitationWithLifecycle | null, now: Date): string | null {
  if (!inv) return 'the invitation no longer exists';
  if (!inv.candidate_email) return 'the invitation has no candidate email address';
  if (inv.revoked_at) return 'the invitation was revoked';
  if (inv.expires_at && new Date(inv.expires_at) <= now) return 'the invitation has expired';
  return null;
}

const absolute = (publicUrl: string, url: string | null | undefined) =>
  !url
    ? null
    : /^https?:\/\//.test(url)
      ? url
      : `${publicUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;

async function mailData(inv: InvitationWithLifecycle, ctx: JobContext): Promise<InvitationMailData | null> {
  const [company, quizzes, atoms] = await Promise.all([
    Company.findById(inv.company).lean().exec(),
    QuizResult.find({ invitation: inv._id }).select({ token: 1, atom_ids: 1 }).sort({ _id: 1 }).lean().exec(),
    Atom.find({ _id: { $in: [...inv.required_atoms, ...inv.optional_atoms] } })
      .select({ name: 1, eta_minutes: 1 })
      .lean()
      .exec(),
  ]);
  if (!company || quizzes.length === 0) return null;
  // The candidate starts with the first required atom's quiz (quizzes are issued in that order).
  const first = quizzes.find((q) => q.atom_ids[0] === inv.required_atoms[0]) ?? quizzes[0];
  const byId = new Map(atoms.map((a) => [String(a._id), a]));
  const atom = (id: string, optional: boolean) => ({
    name: byId.get(id)?.name ?? id,
    minutes: byId.get(id)?.eta_minutes ?? 0,
    optional,
  });
  return {
    candidateName: inv.candidate_name,
    companyName: company.name,
    logoUrl: absolute(ctx.config.publicUrl, company.logo_url),
    atoms: [
      ...inv.required_atoms.map((a) => atom(a, false)),
      ...inv.optional_atoms.map((a) => atom(a, true)),
    ],
    expiresAt: inv.expires_at ? new Date(inv.expires_at) : null,
    link: quizLink(ctx.config.publicUrl, first.token),
    supportEmail: company.support_email ?? ctx.config.supportEmail,
  };
}

/** Sends one kind of email for an invitation unless the mail server already accepted it; records it. */
async function sendOnce(
  kind: EmailKind,
  inv: InvitationWithLifecycle,
  ctx: JobContext,
  send = 0,
): Promise<string> {
  const expiresAt = inv.expires_at ? new Date(inv.expires_at) : null;
  const id = emailDeliveryId(kind, String(inv._id), expiresAt, send);
  const recorded = await EmailDelivery.findById(id).select({ state: 1 }).lean().exec();
  // No state: recorded before states existed, when only sent messages were recorded.
  if (recorded && (recorded.state ?? 'sent') === 'sent') return `already sent (${id})`;
  const data = await mailData(inv, ctx);
  if (!data) return 'nothing to send: the company or the quizzes are gone';
  const mail = renderInvitationMail(data, { reminder: kind === 'reminder' });
  const messageId = emailMessageId(kind, String(inv._id), expiresAt, send);
  await recordEmailSending(id, {
    kind,
    invitation: inv._id,
    to: inv.candidate_email!,
    message_id: `<${messageId}>`,
  });
  const sent = await ctx.mailer
    .send(ctx.config, {
      to: inv.candidate_email!,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId,
      companyId: String(inv.company),
    })
    .catch(async (err: unknown) => {
      // Recorded for the hiring pages' email status (failed, with the reason); the job still fails
      // and is retried with backoff, and a 'failed' record is sent again like a 'sending' one.
      await recordEmailFailed(id, err instanceof Error ? err.message : String(err));
      throw err;
    });
  await recordEmailSent(id, sent);
  const again = recorded ? ' again, with the same Message-ID (an earlier attempt may have reached it)' : '';
  return `sent to ${inv.candidate_email}${again} (${sent.response})`;
}

function note(job: Job<unknown>, ctx: JobContext, message: string): void {
  ctx.logger.debug(`job ${job.attrs.name} ${job.attrs._id}: ${message}`);
}

export async function runInvitationEmail(job: Job<InvitationEmailData>, ctx: JobContext): Promise<void> {
  if (!mailConfigured(ctx.config)) return note(job, ctx, 'skipped: no SMTP_URL configured');
  const inv = await loadInvitation(job.attrs.data.invitation_id);
  const why = reasonNotToSend(inv, new Date());
  if (why) return note(job, ctx, `skipped: ${why}`);
  const send = job.attrs.data.send ?? 0;
  // A later copy was asked for (a resend, a changed address): that one goes out, not this one too.
  if (send < (inv!.email_sends ?? 0))
    return note(job, ctx, `skipped: superseded by send ${inv!.email_sends}`);
  note(job, ctx, await sendOnce('invitation', inv!, ctx, send));
}

export async function runInvitationReminder(
  job: Job<InvitationReminderData>,
  ctx: JobContext,
  reschedule: (invitationId: string, expiresAt: Date) => Promise<void>,
): Promise<void> {
  if (!mailConfigured(ctx.config)) return note(job, ctx, 'skipped: no SMTP_URL configured');
  const now = new Date();
  const inv = await loadInvitation(job.attrs.data.invitation_id);
  const why = reasonNotToSend(inv, now);
  if (why) return note(job, ctx, `skipped: ${why}`);
  if (!inv!.expires_at) return note(job, ctx, 'skipped: the invitation no longer expires');
  // Extended since this reminder was scheduled: remind 24 hours before the new expiry instead.
  const expiresAt = new Date(inv!.expires_at);
  if (expiresAt.toISOString() !== job.attrs.data.expires_at && reminderTime(expiresAt, now)) {
    await reschedule(String(inv!._id), expiresAt);
    return note(job, ctx, `rescheduled for the new expiry ${expiresAt.toISOString()}`);
  }
  if (await QuizResult.exists({ invitation: inv!._id, started_at: { $ne: null } }).exec())
    return note(job, ctx, 'skipped: the candidate has started');
  note(job, ctx, await sendOnce('reminder', inv!, ctx));
}
