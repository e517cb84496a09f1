// Sessions and the CSRF cookie, installed once on the app (before the routers).
//
// - Sessions are koa-session cookies: the data lives in the cookie itself, signed with
//   SESSION_SECRET (httpOnly, sameSite=lax, secure whenever the request came over https).
// - The CSRF token is a random value in the script-readable, signed cookie CSRF-TOKEN. The login
//   form sends it back as `authenticity_token`, admin writes as the X-CSRF-Token header; a page on
//   another site can neither read the cookie nor forge its signature (see csrf.ts).
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import session from 'koa-session';
import type { Config } from '../config';
import { issueCsrfCookieIfMissing } from './csrf';

export const SESSION_COOKIE = 'skillquiz.sess';
/** A sign-in lasts a working day; after that the admin signs in again through the central sign-on. */
export const SESSION_MAX_AGE_MS = 8 * 60 * 60 * 1000;

/** Who signed in, as the central sign-on said. Admin rights are decided per request (admin.ts). */
export interface SignedInUser {
  sub: string;
  email: string;
  name: string | null;
  groups: string[];
  signedInAt: string;
}

/** The sign-in started by POST /auth/central and awaited by the callback. */
export interface PendingLogin {
  codeVerifier: string;
  state: string;
  nonce: string;
  startedAt: number;
}

export interface SessionData {
  user?: SignedInUser;
  pendingLogin?: PendingLogin;
}

type SessionCtx = Context & { session: (SessionData & { regenerate?: () => Promise<void> }) | null };

/** The session of this request (koa-session creates an empty one on first access). */
export function sessionOf(ctx: Context): SessionData {
  const s = (ctx as SessionCtx).session;
  if (!s) throw new Error('session middleware is not installed');
  return s;
}

/** Replaces the whole session (login: a fresh session, nothing carried over; logout: null). */
export function replaceSession(ctx: Context, data: SessionData | null): void {
  (ctx as SessionCtx).session = data;
}

export function signedInUser(ctx: Context): SignedInUser | undefined {
  return sessionOf(ctx).user;
}

// Page loads and /me hand out the CSRF cookie; API calls, assets and remotes do not need to.
const NO_CSRF_COOKIE = /^\/(api|remotes|assets)(\/|$)/;

/**
 * The session middleware plus the CSRF cookie on page loads. Sets app.keys from the configured
 * session secret (koa signs the session and CSRF cookies with them).
 */
export function signOnMiddleware(app: Koa, config: Config): Middleware {
  app.keys = [config.sessionSecret];
  const sessions = session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      // secure: left unset, so koa-session marks the cookie secure exactly when the request is
      // https (behind a proxy in production, koa trusts X-Forwarded-Proto: app.proxy is set).
      rolling: false,
      renew: true,
    },
    app,
  );
  return (ctx, next) =>
    sessions(ctx, async () => {
      if ((ctx.method === 'GET' || ctx.method === 'HEAD') && !NO_CSRF_COOKIE.test(ctx.path))
        issueCsrfCookieIfMissing(ctx);
      await next();
    });
}
