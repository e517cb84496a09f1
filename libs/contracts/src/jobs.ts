// Background jobs, emails and webhooks: the company's webhook settings calls under
// /api/hiring/settings, the events a webhook receiver gets, and what the API says about a new
// invitation's email.
import { z } from 'zod';

/** PUT /api/hiring/settings/webhook. `url: null` removes the webhook. */
export const WebhookSettingsUpdateSchema = z.strictObject({
  url: z.string().max(2048, 'The webhook URL is longer than 2048 characters').nullable(),
  /** Replace the signing secret (receivers must be given the new one). */
  rotate_secret: z.boolean().optional(),
  /** The settings' version when the form was loaded: a different stored one is a 409. */
  version: z.number().int().min(0).optional(),
  /** Also send `invitation.stage_changed` when a candidate moves between pipeline stages (opt-in). */
  stage_events: z.boolean().optional(),
});
export type WebhookSettingsUpdate = z.infer<typeof WebhookSettingsUpdateSchema>;

/** GET /api/hiring/settings/webhook/attempts?page=N (query values arrive as strings). */
export const WebhookAttemptsQuerySchema = z.object({
  page: z.coerce.number({ message: 'page must be a number' }).int().min(1).max(100_000).default(1),
});

export interface EmailDeliveryStatus {
  enabled: boolean;
  via: 'smtp' | 'dev-outbox' | 'off';
  message: string;
}

/** GET /api/hiring/settings (and the reply of PUT .../webhook). */
export interface HiringSettingsResponse {
  company: { id: string; name: string };
  webhook: { url: string | null; secret: string | null; version: number };
  signature: { header: string; scheme: string };
  /** Whether stage changes are sent too (`invitation.stage_changed`); off until the company opts in. */
  stage_events?: boolean;
  /** Whether this server emails candidates at all (no SMTP_URL in production: it does not). */
  email: EmailDeliveryStatus;
}

/** One delivery attempt of a webhook event. */
export interface WebhookAttempt {
  id: string;
  event_id: string;
  event_type: string;
  quiz_id: string | null;
  url: string;
  attempt: number;
  at: string;
  duration_ms: number;
  /** The receiver's HTTP status; null when it gave none (refused, timed out, address refused). */
  status: number | null;
  ok: boolean;
  error: string | null;
  test: boolean;
}

/** POST /api/hiring/settings/webhook/test */
export interface WebhookTestResponse {
  attempt: WebhookAttempt;
}

/** GET /api/hiring/settings/webhook/attempts */
export interface WebhookAttemptsResponse {
  items: WebhookAttempt[];
  total: number;
  page: number;
  page_size: number;
}

export type QuizEndStatus = 'finished' | 'abandoned' | 'expired';

/** The body of every webhook POST (signed: X-SkillQuiz-Signature: t=...,v1=...). */
export interface WebhookEventBody {
  /** `evt_<quiz id>_<status>`: the same for every retry; receivers drop duplicates by it. */
  id: string;
  type: 'quiz.finished' | 'quiz.abandoned' | 'quiz.expired' | 'webhook.test';
  created_at: string;
  test?: boolean;
  data: {
    invitation_id: string | null;
    quiz_id: string;
    company: { id: string; name: string };
    candidate: { name: string | null; email: string | null };
    status: QuizEndStatus;
    atoms: {
      id: string;
      name: string;
      level: number | null;
      estimate: number | null;
      error: number | null;
      answered: number;
    }[];
    started_at: string | null;
    finished_at: string | null;
    abandoned_at: string | null;
    expired_at: string | null;
    report_url: string | null;
  };
}

/** What happens to a new invitation's email (returned with the invitation by the hiring API). */
export interface InvitationEmailStatus {
  status: 'queued' | 'no_address' | 'not_configured' | 'failed';
  message: string;
}
