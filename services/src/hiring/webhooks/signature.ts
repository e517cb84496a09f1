// Webhook signatures, the scheme Stripe and GitHub users know:
//   X-SkillQuiz-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
// The receiver recomputes the HMAC over the timestamp and the exact bytes it received, compares in
// constant time, and refuses timestamps far from its clock (replays). The key is the whole secret
// string as UTF-8 (`whsec_...`), as shown on the settings page.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-SkillQuiz-Signature';
export const EVENT_ID_HEADER = 'X-SkillQuiz-Event-Id';
export const EVENT_TYPE_HEADER = 'X-SkillQuiz-Event';

/** A new signing secret: `whsec_` and 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function computeSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The header value for `body` signed at `timestamp` (seconds). */
export function signatureHeader(
  secret: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${computeSignature(secret, timestamp, body)}`;
}

/**
 * What a receiver does (also used by our tests): true when `header` carries a v1 signature of
 * `body` with `secret`, made within `toleranceSeconds` of `now`.
 */
export function verifySignature(
  header: string | undefined | null,
  body: string,
  secret: string,
  { toleranceSeconds = 300, now = Date.now() } = {},
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(computeSignature(secret, t, body), 'hex');
  return parts
    .filter(([k, v]) => k === 'v1' && v && /^[0-9a-f]{64}$/.test(v))
    .some(([, v]) => timingSafeEqual(Buffer.from(v, 'hex'), expected));
}
