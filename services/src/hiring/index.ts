// The hiring context's public face: companies, invitations (the only writer of invitations),
// roles, the pipeline, reports and the candidates list, webhooks and mail. Other contexts import it
// only through this file.
export { hiringAfterCreateRouter } from './after-create-router';
export { decideRouter } from './decide-router';
export { invitationsListing } from './for-content';
export { quizInvitationSource } from './for-quiz';
export { companyDirectory } from './for-sign-in';
export { backfillIntegrityFlags, recordIntegrityFlags, recordSetAside } from './integrity/at-quiz-end';
export { integrityRouter } from './integrity/router';
export { assertAtomsTakeable } from './invitations/availability';
export { backfillHiringData } from './invitations/backfill';
export { backfillCompanySlugs } from './invitations/companies';
export {
  assertAtomsExist,
  createInvitation,
  createQuizForInvitation,
  findCompany,
  findOrCreateCompany,
  newQuizToken,
  parseExpiry,
  quizLink,
} from './invitations/index';
export { clockOf, quizCommitHook } from './invitations/lifecycle';
export { expireRevokedQuizzes, markInvitationDemo } from './invitations/manage';
export { ensureNormIndexes, recordNorms } from './invitations/norms';
export { describeRepair, reconcile, type RepairReport } from './invitations/reconcile';
export { IntegrityWatch } from './integrity/at-quiz-end';
export { refreshInvitationSummary, settleLapsedInvitations } from './invitations/summary';
export { Mailer, mailConfigured } from './mail/mailer';
export { devOutboxRouter } from './mail/outbox-router';
export { renderInvitationMail, type InvitationMailData } from './mail/templates';
export { type CompanyDoc } from './models/company';
export {
  emailDeliveryId,
  emailMessageId,
  recordEmailFailed,
  recordEmailSending,
  recordEmailSent,
  type EmailKind,
} from './models/email-delivery';
export { type AtomProgressDoc, type InvitationDoc, type LapseTo } from './models/invitation';
export { type RoleAtomDoc, type RoleDoc } from './models/role';
export { pipelineRouter } from './pipeline-router';
export { hiringRouter } from './router';
export { deliverWebhook, type WebhookEvent } from './webhooks/deliver';
export { resultEvent, resultSummary } from './webhooks/events';
export { hiringSettingsRouter } from './webhooks/router';
export { deliveryPolicy } from './webhooks/settings';
import { readOnly } from '../platform';
import { Invitation as InvitationModel } from './models/invitation';
/** invitations, for reading: other contexts ask this one to write. */
export const Invitation = readOnly(InvitationModel);
import { Company as CompanyModel } from './models/company';
/** companies, for reading: other contexts ask this one to write. */
export const Company = readOnly(CompanyModel);
import { Role as RoleModel } from './models/role';
/** roles, for reading: other contexts ask this one to write. */
export const Role = readOnly(RoleModel);
import { EmailDelivery as EmailDeliveryModel } from './models/email-delivery';
/** email_deliveries, for reading: the email job records a message through recordEmail*. */
export const EmailDelivery = readOnly(EmailDeliveryModel);
import { WebhookAttempt as WebhookAttemptModel } from './models/webhook-attempt';
/** webhook_attempts, for reading: deliverWebhook records each attempt. */
export const WebhookAttempt = readOnly(WebhookAttemptModel);
