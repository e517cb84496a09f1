// One delivery attempt of a webhook event: a signed JSON POST with a deadline, recorded in
// webhook_attempts whatever happens. Only a 2xx answer counts as delivered; redirects are not
// followed (a receiver that moved must be configured again), and the response body is not read past
// a few kilobytes. Runs inside jobs (and the settings page's test call), never in a candidate's request.
import http from 'node:http';
import https from 'node:https';
import type { Types } from 'mongoose';
import { WebhookAttempt, type WebhookAttemptDoc } from '../models/webhook-attempt';
import { checkWebhookUrl, publicOnlyLookup, WebhookUrlError } from './address-policy';
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, signatureHeader } from './signature';

export interface WebhookEvent {
  id: string;
  type: string;
  created_at: string;
  test?: boolean;
  data: unknown;
}

export interface DeliveryPolicy {
  timeoutMs: number;
  allowPrivate: boolean;
  requireHttps: boolean;
}

export interface DeliveryTarget {
  companyId: Types.ObjectId | string;
  url: string;
  secret: string;
}

export interface DeliveryOutcome {
  ok: boolean;
  status: number | null;
  error: string | null;
  duration_ms: number;
  attempt: WebhookAttemptDoc;
}

const USER_AGENT = 'SkillQuiz-Webhooks/1.0';
const MAX_RESPONSE_BYTES = 16 * 1024;

interface PostResult {
  status: number;
}

/** POSTs `body`; resolves with the status once the response has ended, rejects on network errors. */
function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  policy: DeliveryPolicy,
): Promise<PostResult> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
        // No connection reuse: every attempt resolves (and checks) the address again.
        agent: false,
        lookup: policy.allowPrivate ? undefined : publicOnlyLookup,
        signal: AbortSignal.timeout(policy.timeoutMs),
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) res.destroy();
        });
        const done = () => resolve({ status: res.statusCode ?? 0 });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.name === 'AbortError' || err.name === 'TimeoutError')
        reject(new Error(`no answer within ${policy.timeoutMs} ms`));
      else
        reject(
          new Error(
            err.code && !err.message.includes(err.code) ? `${err.code}: ${err.message}` : err.message,
          ),
        );
    });
    req.end(body);
  });
}

/**
 * Delivers `event` to `target` once and records the attempt (number `attemptNumber`). Resolves with
 * the outcome; never throws for the receiver's failures (the caller decides whether to retry).
 */
export async function deliverWebhook(
  target: DeliveryTarget,
  event: WebhookEvent,
  policy: DeliveryPolicy,
  { attemptNumber, quizId = null }: { attemptNumber: number; quizId?: Types.ObjectId | string | null },
): Promise<DeliveryOutcome> {
  const body = JSON.stringify(event);
  const started = Date.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    // The saved URL is checked again: the policy may have changed, and literal addresses skip the lookup.
    const url = await checkWebhookUrl(target.url, policy);
    const res = await post(
      url,
      body,
      {
        'Content-Type': 'application/json',
        'User-Agent': USER_AGENT,
        [SIGNATURE_HEADER]: signatureHeader(target.secret, body),
        [EVENT_ID_HEADER]: event.id,
        [EVENT_TYPE_HEADER]: event.type,
      },
      policy,
    );
    status = res.status;
    if (status >= 300 && status < 400) error = `answered ${status} (redirects are not followed)`;
    else if (status < 200 || status >= 300) error = `answered ${status}`;
  } catch (err) {
    error = err instanceof WebhookUrlError ? `refused: ${err.message}` : (err as Error).message;
  }
  const ok = error === null;
  const duration_ms = Date.now() - started;
  const attempt = (
    await WebhookAttempt.create({
      company: target.companyId,
      event_id: event.id,
      event_type: event.type,
      quiz: quizId,
      url: target.url,
      attempt: attemptNumber,
      at: new Date(started),
      duration_ms,
      status,
      ok,
      error,
      test: event.test === true,
    })
  ).toObject();
  return { ok, status, error, duration_ms, attempt };
}
