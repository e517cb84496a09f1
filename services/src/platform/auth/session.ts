// Sessions and the CSRF cookie, installed once on the app (before the routers).
//
// - Sessions live on the server (koa-session's external store on the product's database,
//   session-store.ts). The cookie `skillquiz.sess` holds only a random id, signed with
//   SESSION_SECRET (httpOnly, sameSite=lax, secure whenever the request came over https). Logout
//   destroys the session; sign-in starts a new one under a new id; a signed-in session ends after
//   SESSION_IDLE_MINUTES without a request, and 8 hours after the sign-in at the latest.
// - The CSRF token: a signed-in session has its own (csrf.ts), handed to the page in the
//   script-readable CSRF-TOKEN cookie; an anonymous visitor gets a random signed one for the
//   sign-in form.
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import session from 'koa-session';
import type { Config } from '../config';
import { ensureCsrfCookie, newCsrfToken } from './csrf';
import { LOGIN_TIMEOUT_MS } from './oidc';
import type { SessionData, SignedInUser } from './session-data';
import { mongoSessionStore, newSessionId, type SessionPolicy } from './session-store';

export const SESSION_COOKIE = 'skillquiz.sess';
/** A sign-in lasts a working day at most; after that the admin signs in again through the central sign-on. */
export const SESSION_MAX_AGE_MS = 8 * 60 * 60 * 1000;

export type { PendingLogin, SessionData, SignedInUser } from './session-data';

type SessionCtx = Context & { session: (SessionData & { regenerate?: () => Promise<void> }) | null };

/** The session of this request (koa-session creates an empty one on first access). */
export function sessionOf(ctx: Context): SessionData {
  const s = (ctx as SessionCtx).session;
  if (!s) throw new Error('session middleware is not installed');
  return s;
}

/** Ends the session: removed from the store, cookie deleted. */
export function endSession(ctx: Context): void {
  (ctx as SessionCtx).session = null;
}

/**
 * Starts the signed-in session: nothing from before the sign-in (the pending login included)
 * carries over, the old id is destroyed and a new one issued (no session fixation), with a fresh
 * CSRF token, which is returned.
 */
export async function startSignedInSession(ctx: Context, user: SignedInUser): Promise<string> {
  const csrf = newCsrfToken();
  const data: SessionData = { user, csrf, lastSeenAt: Date.now() };
  (ctx as SessionCtx).session = data;
  await (ctx as SessionCtx).session!.regenerate!();
  return csrf;
}

export function signedInUser(ctx: Context): SignedInUser | undefined {
  return sessionOf(ctx).user;
}

// Candidate calls, assets and remotes never use the admin session: no store read for them. Nor do
// the shell's own files at the root (its scripts, styles and manifest, named with an extension):
// a signed-in admin's page would otherwise read the session store once per script, and a file
// cached as public and immutable must not carry a Set-Cookie (a shared cache would hand one
// visitor's CSRF cookie to the next).
const NO_SESSION =
  /^\/(?:(?:api\/quiz|api\/env-vars|remotes|assets)(?:\/|$)|[^/]+\.(?:m?js|css|map|json|txt|ico|png|svg|webp|woff2?)$)/;
// Page loads and /me hand out the CSRF cookie; API calls do not need to.
const NO_CSRF_COOKIE = /^\/api(\/|$)/;

export function sessionPolicy(config: Pick<Config, 'sessionIdleMinutes'>): SessionPolicy {
  return {
    idleMs: config.sessionIdleMinutes * 60_000,
    absoluteMs: SESSION_MAX_AGE_MS,
    pendingMs: LOGIN_TIMEOUT_MS,
  };
}

/**
 * The session middleware plus the CSRF cookie on page loads. Sets app.keys from the configured
 * session secret (koa signs the session id and CSRF cookies with them).
 */
export function signOnMiddleware(app: Koa, config: Config): Middleware {
  app.keys = [config.sessionSecret];
  const policy = sessionPolicy(config);
  const sessions = session(
    {
      key: SESSION_COOKIE,
      // The cookie's lifetime; the session itself ends at the deadline the store keeps.
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      // secure: left unset, so koa-session marks the cookie secure exactly when the request is
      // https (behind TRUSTED_PROXY_COUNT proxies, koa trusts their X-Forwarded-Proto).
      rolling: false,
      renew: false,
      store: mongoSessionStore(policy),
      genid: newSessionId,
    },
    app,
  );
  // The idle deadline moves with activity, written at most this often (a write per request
  // would be wasted on an admin clicking around).
  const touchEveryMs = Math.min(60_000, policy.idleMs / 4);
  return (ctx, next) => {
    if (NO_SESSION.test(ctx.path)) return next();
    return sessions(ctx, async () => {
      const s = sessionOf(ctx);
      const now = Date.now();
      if (s.user && (s.lastSeenAt === undefined || now - s.lastSeenAt >= touchEveryMs)) s.lastSeenAt = now;
      if ((ctx.method === 'GET' || ctx.method === 'HEAD') && !NO_CSRF_COOKIE.test(ctx.path))
        ensureCsrfCookie(ctx, s.csrf);
      await next();
    });
  };
}
