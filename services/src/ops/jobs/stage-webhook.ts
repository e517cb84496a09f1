// `stage-webhook`: POSTs a pipeline stage change (`invitation.stage_changed`) to the company's
// webhook URL, signed as the result events are, for companies that opted in (settings
// `stage_events`). Retried with the result webhook's backoff; every attempt is kept (webhook_attempts),
// and an event already delivered is never sent again (its id is fixed per change). The payload holds
// the stage and who moved it, never the recruiters' notes.
import type { Job } from 'agenda';
import { Types } from 'mongoose';
import { STAGE_CHANGED_EVENT, type PipelineStage } from '@skillquiz/contracts';
import {
  Company,
  Invitation,
  WebhookAttempt,
  deliverWebhook,
  type WebhookEvent,
  deliveryPolicy,
} from '../../hiring';
import type { JobContext } from './context';
import { WebhookDeliveryError } from './result-webhook';
import type { StageWebhookData } from './names';

/** The data of an `invitation.stage_changed` webhook event. */
export interface StageChangedPayload {
  invitation_id: string;
  company: { id: string; name: string };
  candidate: { name: string | null; email: string | null };
  stage: { from: PipelineStage; to: PipelineStage };
  changed_by: string;
  changed_at: string;
  /** The candidate's report on the hiring pages (sign-in required). */
  report_url: string;
}

export async function runStageWebhook(job: Job<StageWebhookData>, ctx: JobContext): Promise<void> {
  const data = job.attrs.data;
  const company = Types.ObjectId.isValid(data.company_id)
    ? await Company.findById(data.company_id).lean().exec()
    : null;
  if (!company?.webhook_url || !company.webhook_secret || company.webhook_stage_events !== true) {
    ctx.logger.debug(`job ${job.attrs.name} ${data.event_id}: skipped, the company has no stage webhook now`);
    return;
  }
  const inv = Types.ObjectId.isValid(data.invitation_id)
    ? await Invitation.findOne({ _id: data.invitation_id, company: company._id })
        .select({ candidate_name: 1, candidate_email: 1 })
        .lean()
        .exec()
    : null;
  if (!inv) {
    ctx.logger.debug(`job ${job.attrs.name} ${data.event_id}: skipped, the invitation no longer exists`);
    return;
  }
  if (await WebhookAttempt.exists({ event_id: data.event_id, ok: true }).exec()) {
    ctx.logger.debug(`job ${job.attrs.name} ${data.event_id}: skipped, already delivered`);
    return;
  }
  const payload: StageChangedPayload = {
    invitation_id: data.invitation_id,
    company: { id: String(company._id), name: company.name },
    candidate: { name: inv.candidate_name ?? null, email: inv.candidate_email ?? null },
    stage: { from: data.from as PipelineStage, to: data.to as PipelineStage },
    changed_by: data.by,
    changed_at: data.occurred_at,
    report_url: `${ctx.config.publicUrl.replace(/\/+$/, '')}/hiring/invitations/${data.invitation_id}`,
  };
  const event: WebhookEvent = {
    id: data.event_id,
    type: STAGE_CHANGED_EVENT,
    created_at: data.occurred_at,
    data: payload,
  };
  const attemptNumber = (await WebhookAttempt.countDocuments({ event_id: data.event_id }).exec()) + 1;
  const outcome = await deliverWebhook(
    { companyId: company._id, url: company.webhook_url, secret: company.webhook_secret },
    event,
    deliveryPolicy(ctx.config),
    { attemptNumber },
  );
  if (!outcome.ok) throw new WebhookDeliveryError(`${company.webhook_url}: ${outcome.error}`);
}
