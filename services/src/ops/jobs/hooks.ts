// The jobs' subscribers to the product's events (src/platform/events; wired by src/composition.ts):
//
//   invitation.created  enqueues the candidate's email and its reminder
//   quiz.ended          enqueues the company's result webhook
//   invitation.stage_changed  enqueues the company's stage webhook, when it opted in
//
// Each is idempotent: the jobs carry unique keys (enqueue.ts: the invitation id, the reminder's
// expiry, the webhook event id), so an event dispatched twice (after a crash, or by two processes)
// still makes one job. A failure throws: the event stays pending and the reconciliation pass
// dispatches it again.
import type { PendingEventDoc, Subscriber } from '../../platform';
import { Company } from '../../hiring';
import {
  enqueueInvitationEmail,
  enqueueInvitationReminder,
  enqueueResultWebhook,
  enqueueStageWebhook,
} from './enqueue';
import { reminderTime, type QuizEndStatus, type StageWebhookData } from './names';
import type { JobQueue } from './queue';

/** invitation.created: the email now, the reminder 24 hours before the invitation expires. */
export const enqueueInvitationMail =
  (queue: JobQueue): Subscriber =>
  async (event, origin) => {
    if (event.data.email !== true) return;
    await enqueueInvitationEmail(queue, origin.id);
    const expiresAt = typeof event.data.expires_at === 'string' ? new Date(event.data.expires_at) : null;
    const remindAt = reminderTime(expiresAt);
    if (remindAt && expiresAt) await enqueueInvitationReminder(queue, origin.id, expiresAt, remindAt);
  };

interface QuizEnded {
  quiz_id: string;
  status: QuizEndStatus;
  company_id: string | null;
  demo_data: boolean;
  occurred_at: string;
}

const quizEndedData = (event: PendingEventDoc) => event.data as unknown as QuizEnded;

/** quiz.ended: the company's result webhook, when it has one. */
export const enqueueQuizWebhook =
  (queue: JobQueue): Subscriber =>
  async (event) => {
    const data = quizEndedData(event);
    // Simulated demo-data candidates belong to no one's applicant tracking.
    if (!data.company_id || data.demo_data) return;
    const company = await Company.findById(data.company_id).select({ webhook_url: 1 }).lean().exec();
    if (!company?.webhook_url) return;
    await enqueueResultWebhook(queue, {
      quizId: data.quiz_id,
      companyId: data.company_id,
      status: data.status,
      occurredAt: new Date(data.occurred_at),
    });
  };

/** invitation.stage_changed: the company's webhook, when it has one and opted in to stage events. */
export const enqueueStageChangeWebhook =
  (queue: JobQueue): Subscriber =>
  async (event) => {
    const data = event.data as unknown as Omit<StageWebhookData, 'enqueued_at'>;
    const company = await Company.findById(data.company_id)
      .select({ webhook_url: 1, webhook_stage_events: 1 })
      .lean()
      .exec();
    if (!company?.webhook_url || company.webhook_stage_events !== true) return;
    await enqueueStageWebhook(queue, {
      event_id: data.event_id,
      invitation_id: data.invitation_id,
      company_id: data.company_id,
      from: data.from,
      to: data.to,
      by: data.by,
      occurred_at: data.occurred_at,
    });
  };
