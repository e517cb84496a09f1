// CSRF protection: a token bound to the session.
//
// A signed-in session has its own random token, kept in the session (server-side) and handed to
// the page in the script-readable cookie CSRF-TOKEN. A request that changes something must echo
// the session's token: admin writes in the `X-CSRF-Token` header. Another site cannot read our
// cookie nor set a header on a cross-site request without CORS (we allow none), and a token
// obtained elsewhere (another session's, or an anonymous visitor's) is not this session's.
// Before sign-in there is no session to bind to: the sign-in form (`authenticity_token`) is
// checked against a random cookie signed with the app keys (a signed double submit), and the
// sign-in replaces that token with the new session's.
import { randomBytes } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { forbidden } from '../http/errors';
import { safeEqual } from './safe-equal';

export const CSRF_COOKIE = 'CSRF-TOKEN';
export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_FORM_FIELD = 'authenticity_token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type MaybeSession = { user?: unknown; csrf?: string } | null | undefined;

export const newCsrfToken = (): string => randomBytes(32).toString('base64url');

/** The token in the (validly signed) cookie, or undefined. */
export function readCsrfCookie(ctx: Context): string | undefined {
  const value = ctx.cookies.get(CSRF_COOKIE, { signed: true });
  return value && /^[A-Za-z0-9_-]{32,}$/.test(value) ? value : undefined;
}

/** Hands `token` to the page in the CSRF-TOKEN cookie. */
export function setCsrfCookie(ctx: Context, token: string): void {
  ctx.cookies.set(CSRF_COOKIE, token, {
    signed: true,
    httpOnly: false, // the page reads it to send it back
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/',
    overwrite: true,
  });
}

/** A fresh anonymous token (after logout, so the ended session's token is not reused). */
export function issueCsrfCookie(ctx: Context): string {
  const token = newCsrfToken();
  setCsrfCookie(ctx, token);
  return token;
}

/**
 * Page loads: the cookie carries the session's token (restored if the browser lost or replaced
 * it), or for an anonymous visitor a random one if it has none.
 */
export function ensureCsrfCookie(ctx: Context, sessionToken: string | undefined): void {
  const current = readCsrfCookie(ctx);
  if (sessionToken) {
    if (current !== sessionToken) setCsrfCookie(ctx, sessionToken);
  } else if (!current) issueCsrfCookie(ctx);
}

/**
 * The token this request must echo: a signed-in session's own (none → nothing matches), else the
 * anonymous visitor's signed cookie.
 */
function expectedToken(ctx: Context): string | undefined {
  const s = (ctx as Context & { session?: MaybeSession }).session;
  if (s?.user) return s.csrf;
  return readCsrfCookie(ctx);
}

/** True when `given` is the token this request must echo (constant-time compare). */
export function csrfTokenMatches(ctx: Context, given: unknown): boolean {
  const expected = expectedToken(ctx);
  if (!expected || typeof given !== 'string') return false;
  return safeEqual(expected, given);
}

/** Writes (any method but GET/HEAD/OPTIONS) need the X-CSRF-Token header equal to the session's token. */
export function requireCsrfHeader(): Middleware {
  return async (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method) && !csrfTokenMatches(ctx, ctx.get(CSRF_HEADER) || undefined)) {
      throw forbidden(
        `Missing or invalid CSRF token: send the ${CSRF_COOKIE} cookie's value in the ${CSRF_HEADER} header`,
      );
    }
    await next();
  };
}
