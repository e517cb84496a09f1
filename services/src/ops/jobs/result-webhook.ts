// `result-webhook`: POSTs a quiz's result summary to its company's webhook URL, signed with the
// company's secret. A receiver that is down, answers non-2xx or takes longer than WEBHOOK_TIMEOUT_MS
// (5 s) fails the attempt; the job then retries with exponential backoff for JOBS_RETRY_HOURS (24 h).
// Every attempt is kept (webhook_attempts). The candidate never waits for any of it: the quiz API
// only records the quiz.ended event; its subscriber enqueues the job (hooks.ts enqueueQuizWebhook).
import type { Job } from 'agenda';
import { Types } from 'mongoose';
import {
  Company,
  WebhookAttempt,
  deliverWebhook,
  resultEvent,
  resultSummary,
  deliveryPolicy,
} from '../../hiring';
import type { JobContext } from './context';
import type { ResultWebhookData } from './names';

export class WebhookDeliveryError extends Error {}

export async function runResultWebhook(job: Job<ResultWebhookData>, ctx: JobContext): Promise<void> {
  const data = job.attrs.data;
  const company = Types.ObjectId.isValid(data.company_id)
    ? await Company.findById(data.company_id).lean().exec()
    : null;
  if (!company?.webhook_url || !company.webhook_secret) {
    ctx.logger.debug(`job ${job.attrs.name} ${data.event_id}: skipped, the company has no webhook now`);
    return;
  }
  const summary = await resultSummary(data.quiz_id, data.status, ctx.config.publicUrl);
  if (!summary) {
    ctx.logger.debug(`job ${job.attrs.name} ${data.event_id}: skipped, the quiz no longer exists`);
    return;
  }
  // Delivered already: a run whose end was not recorded (its process stopped, or the database
  // stalled, after the receiver's 2xx) runs again; it must not send the event twice. As the email
  // job checks its delivery record.
  if (await WebhookAttempt.exists({ event_id: data.event_id, ok: true }).exec()) {
    ctx.logger.debug(`job ${job.attrs.name} ${data.event_id}: skipped, already delivered`);
    return;
  }
  const attemptNumber = (await WebhookAttempt.countDocuments({ event_id: data.event_id }).exec()) + 1;
  const outcome = await deliverWebhook(
    { companyId: company._id, url: company.webhook_url, secret: company.webhook_secret },
    resultEvent(data.event_id, data.occurred_at, summary),
    deliveryPolicy(ctx.config),
    { attemptNumber, quizId: data.quiz_id },
  );
  // Failing the job is what schedules the retry (agenda's backoff, retry.ts).
  if (!outcome.ok) throw new WebhookDeliveryError(`${company.webhook_url}: ${outcome.error}`);
}
