// Where each invitation's latest email stands, read from the durable delivery records the email job
// writes (hiring/models/email-delivery.ts: 'sending' before the SMTP conversation, 'sent' after the 250,
// 'failed' with the reason when refused or unreachable). Nothing new is stored for it: no record of
// the latest send is "queued" (the job will run, or is retrying); a record gives the rest.
import type { EmailStatus } from '@skillquiz/contracts';
import type { Config } from '../platform';
import { emailDeliveryOf } from './mail/delivery-status';
import { EmailDelivery, invitationSendId, type EmailDeliveryDoc } from './models/email-delivery';
import type { InvitationDoc } from './models/invitation';

type StatusInvitation = Pick<InvitationDoc, '_id' | 'candidate_email' | 'revoked_at' | 'email_sends'>;
type MailConfig = Pick<Config, 'smtpUrl' | 'devOutboxDir'>;

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const sendOf = (inv: StatusInvitation) => inv.email_sends ?? 0;

/** The status of one invitation given the record of its latest send (or none). */
export function emailStatusOf(
  inv: StatusInvitation,
  delivery: Pick<EmailDeliveryDoc, 'state' | 'to' | 'sent_at' | 'failed_at' | 'error' | 'attempts'> | null,
  config: MailConfig,
): EmailStatus {
  const sends = sendOf(inv) + 1;
  const none = (reason: string): EmailStatus => ({
    state: 'none',
    to: inv.candidate_email,
    at: null,
    reason,
    attempts: 0,
    sends: 0,
  });
  if (delivery) {
    const base = { to: delivery.to, attempts: delivery.attempts ?? 1, sends };
    const state = delivery.state ?? 'sent';
    if (state === 'sent') return { state: 'sent', at: iso(delivery.sent_at), reason: null, ...base };
    if (state === 'failed')
      return {
        state: 'failed',
        at: iso(delivery.failed_at),
        reason: delivery.error ?? 'unknown error',
        ...base,
      };
    return { state: 'queued', at: null, reason: null, ...base };
  }
  if (!inv.candidate_email) return none('No candidate email address: share the candidate link yourself.');
  if (!emailDeliveryOf(config).enabled)
    return none('Email is not set up on this server (SMTP_URL): send the candidate the link yourself.');
  if (inv.revoked_at) return none('The invitation was withdrawn before its email went out.');
  return { state: 'queued', to: inv.candidate_email, at: null, reason: null, attempts: 0, sends };
}

/** The statuses of these invitations (one query for the records of their latest sends), by id. */
export async function emailStatuses(
  invitations: readonly StatusInvitation[],
  config: MailConfig,
): Promise<Map<string, EmailStatus>> {
  const ids = invitations.map((inv) => invitationSendId(String(inv._id), sendOf(inv)));
  const records = ids.length
    ? await EmailDelivery.find({ _id: { $in: ids } })
        .select({ state: 1, to: 1, sent_at: 1, failed_at: 1, error: 1, attempts: 1 })
        .lean()
        .exec()
    : [];
  const byId = new Map(records.map((r) => [r._id, r]));
  return new Map(
    invitations.map((inv) => {
      const record = byId.get(invitationSendId(String(inv._id), sendOf(inv))) ?? null;
      return [String(inv._id), emailStatusOf(inv, record, config)];
    }),
  );
}

export async function emailStatus(inv: StatusInvitation, config: MailConfig): Promise<EmailStatus> {
  return (await emailStatuses([inv], config)).get(String(inv._id))!;
}
