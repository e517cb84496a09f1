// A signed-in session without the sign-on, for the front ends' dev pages and app tests that run the
// real services in process (`@skillquiz/services/dev`): the session is stored as a sign-in stores
// it, and the caller gets the request headers a signed-in browser would send. Refused in production,
// where the only way to a session is the central sign-on.
import { createHmac } from 'node:crypto';
import type { Config } from '../config';
import { newCsrfToken } from './csrf';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS, sessionPolicy } from './session';
import type { SessionData, SignedInUser } from './session-data';
import { mongoSessionStore, newSessionId } from './session-store';

/** A type, not an interface: it is handed on as a plain header record (`Record<string, string>`). */
export type DevSessionHeaders = {
  /** The signed session cookie (`skillquiz.sess=…; skillquiz.sess.sig=…`). */
  cookie: string;
  /** The session's CSRF token, for the X-CSRF-Token header of writes. */
  'x-csrf-token': string;
};

/** koa's signed cookies (the `cookies` package's keygrip): HMAC-SHA1 of `name=value`, base64url. */
function cookieSignature(secret: string, name: string, value: string): string {
  return createHmac('sha1', secret)
    .update(`${name}=${value}`)
    .digest('base64')
    .replace(/\/|\+|=/g, (c) => ({ '/': '_', '+': '-', '=': '' })[c]!);
}

/**
 * Stores a signed-in session for `user` on the running services' database and returns the headers
 * that carry it. Throws in production (NODE_ENV=production).
 */
export async function createDevSession(
  config: Pick<Config, 'isProduction' | 'sessionSecret' | 'sessionIdleMinutes'>,
  user: Omit<SignedInUser, 'signedInAt'>,
): Promise<DevSessionHeaders> {
  if (config.isProduction)
    throw new Error('dev sessions are refused in production: sign in through the sign-on');
  const id = newSessionId();
  const csrf = newCsrfToken();
  const data: SessionData = {
    user: { ...user, signedInAt: new Date().toISOString() },
    csrf,
    lastSeenAt: Date.now(),
  };
  await mongoSessionStore(sessionPolicy(config)).set(id, data, SESSION_MAX_AGE_MS, {});
  const sig = cookieSignature(config.sessionSecret, SESSION_COOKIE, id);
  return { cookie: `${SESSION_COOKIE}=${id}; ${SESSION_COOKIE}.sig=${sig}`, 'x-csrf-token': csrf };
}
