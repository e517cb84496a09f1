// A company's webhook settings (URL and signing secret) and the calls of its settings page: read,
// save, send a test event, list delivery attempts. Scoped by the router to one company.
import type { WebhookAttempt as WebhookAttemptView, WebhookAttemptsResponse } from '@skillquiz/contracts';
import { Types } from 'mongoose';
import { type Config, badRequest, conflict, notFound } from '../../platform';
import { Company, type CompanyDoc } from '../models/company';
import { WebhookAttempt, type WebhookAttemptDoc } from '../models/webhook-attempt';
import { checkWebhookUrl, WebhookUrlError, type UrlPolicy } from './address-policy';
import { deliverWebhook, type DeliveryPolicy } from './deliver';
import { testEvent } from './events';
import { newWebhookSecret } from './signature';

export type WebhookConfig = Pick<
  Config,
  'isProduction' | 'webhookAllowPrivateAddresses' | 'webhookTimeoutMs'
>;

export function urlPolicy(config: WebhookConfig): UrlPolicy {
  return { allowPrivate: config.webhookAllowPrivateAddresses, requireHttps: config.isProduction };
}

export function deliveryPolicy(config: WebhookConfig): DeliveryPolicy {
  return { ...urlPolicy(config), timeoutMs: config.webhookTimeoutMs };
}

export interface WebhookSettingsView {
  company: { id: string; name: string };
  webhook: {
    url: string | null;
    /** Shown to the company's users so their receiver can verify signatures. */
    secret: string | null;
    version: number;
  };
  /** The headers and scheme, so the page can explain them. */
  signature: { header: string; scheme: string };
  /** Pipeline stage changes are sent too (opt-in). */
  stage_events: boolean;
}

export function settingsView(company: CompanyDoc): WebhookSettingsView {
  return {
    company: { id: String(company._id), name: company.name },
    webhook: {
      url: company.webhook_url ?? null,
      secret: company.webhook_secret ?? null,
      version: company.webhook_version ?? 0,
    },
    signature: {
      header: 'X-SkillQuiz-Signature',
      scheme: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>',
    },
    stage_events: company.webhook_stage_events === true,
  };
}

async function loadCompany(companyId: string): Promise<CompanyDoc> {
  const company = Types.ObjectId.isValid(companyId) ? await Company.findById(companyId).lean().exec() : null;
  if (!company) throw notFound('Company not found');
  return company;
}

export async function getWebhookSettings(companyId: string): Promise<WebhookSettingsView> {
  return settingsView(await loadCompany(companyId));
}

export interface WebhookSettingsInput {
  url: string | null;
  rotate_secret?: boolean;
  /** The version the form was loaded at: a different stored version means someone else saved (409). */
  version?: number;
  /** Opt in to (true) or out of (false) stage-change events; absent: as it was. */
  stage_events?: boolean;
}

/**
 * Saves the URL (null removes the webhook). A new URL gets a secret if the company has none;
 * `rotate_secret` replaces it. The URL is checked first (no private addresses in production), and
 * the write is conditional on the version read, so two racing saves never both land.
 */
export async function saveWebhookSettings(
  companyId: string,
  input: WebhookSettingsInput,
  config: WebhookConfig,
): Promise<WebhookSettingsView> {
  const company = await loadCompany(companyId);
  const stored = company.webhook_version ?? 0;
  if (input.version !== undefined && input.version !== stored)
    throw conflict(
      `The webhook settings were changed by someone else since you opened them (you edited version ${input.version}, it is now version ${stored}). Your changes were not saved.`,
    );
  let url: string | null = null;
  if (input.url !== null) {
    try {
      url = await checkWebhookUrl(input.url, urlPolicy(config));
    } catch (err) {
      if (err instanceof WebhookUrlError) throw badRequest(err.message);
      throw err;
    }
  }
  const secret =
    input.rotate_secret || (url && !company.webhook_secret) ? newWebhookSecret() : company.webhook_secret;
  const versionFilter = stored === 0 ? { $in: [0, null] } : stored;
  const saved = await Company.findOneAndUpdate(
    { _id: company._id, webhook_version: versionFilter },
    {
      $set: {
        webhook_url: url,
        webhook_secret: secret ?? null,
        webhook_version: stored + 1,
        ...(input.stage_events !== undefined ? { webhook_stage_events: input.stage_events } : {}),
      },
    },
    { returnDocument: 'after', lean: true },
  ).exec();
  if (!saved)
    throw conflict(
      'The webhook settings were changed by someone else at the same time. Your changes were not saved.',
    );
  return settingsView(saved);
}

export const attemptView = (a: WebhookAttemptDoc): WebhookAttemptView => ({
  id: String(a._id),
  event_id: a.event_id,
  event_type: a.event_type,
  quiz_id: a.quiz ? String(a.quiz) : null,
  url: a.url,
  attempt: a.attempt,
  at: a.at.toISOString(),
  duration_ms: a.duration_ms,
  status: a.status,
  ok: a.ok,
  error: a.error,
  test: a.test,
});

/** Delivers a test event now (one attempt, no retry) and returns how it went. */
export async function sendTestEvent(
  companyId: string,
  config: WebhookConfig & Pick<Config, 'publicUrl'>,
): Promise<WebhookAttemptView> {
  const company = await loadCompany(companyId);
  if (!company.webhook_url || !company.webhook_secret)
    throw badRequest('Set a webhook URL first: there is nowhere to send the test event');
  const event = testEvent({ id: String(company._id), name: company.name }, config.publicUrl);
  const outcome = await deliverWebhook(
    { companyId: company._id, url: company.webhook_url, secret: company.webhook_secret },
    event,
    deliveryPolicy(config),
    { attemptNumber: 1 },
  );
  return attemptView(outcome.attempt);
}

export const ATTEMPTS_PAGE_SIZE = 50;

export async function listWebhookAttempts(companyId: string, page: number): Promise<WebhookAttemptsResponse> {
  const company = await loadCompany(companyId);
  const filter = { company: company._id };
  const [items, total] = await Promise.all([
    WebhookAttempt.find(filter)
      .sort({ at: -1, _id: -1 })
      .skip((page - 1) * ATTEMPTS_PAGE_SIZE)
      .limit(ATTEMPTS_PAGE_SIZE)
      .lean()
      .exec(),
    WebhookAttempt.countDocuments(filter).exec(),
  ]);
  return { items: items.map(attemptView), total, page, page_size: ATTEMPTS_PAGE_SIZE };
}
