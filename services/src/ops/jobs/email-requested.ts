// invitation.email_requested (a resend, or a changed address): enqueues that send's invitation email
// job, under a unique key of the invitation and the send number, so dispatching the event again
// (after a crash, by the reconciliation pass) still makes one job.
import type { Subscriber } from '../../platform';
import { enqueueInvitationEmail } from './enqueue';
import type { JobQueue } from './queue';

export const enqueueRequestedEmail =
  (queue: JobQueue): Subscriber =>
  async (event, origin) => {
    const send = Number(event.data.send);
    if (!Number.isInteger(send) || send < 1) return;
    await enqueueInvitationEmail(queue, origin.id, send);
  };
