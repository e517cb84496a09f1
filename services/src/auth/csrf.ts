// CSRF protection: a signed double-submit token.
//
// The server sets CSRF-TOKEN (random, readable by the page's scripts, signed with the app keys in
// CSRF-TOKEN.sig). A request that changes something must echo the token: the login form as the
// field `authenticity_token`, admin writes as the `X-CSRF-Token` header. Another site cannot read
// our cookie, cannot set a header on a cross-site request without CORS (we allow none), and cannot
// plant a cookie of its own because it cannot produce the signature.
import { randomBytes } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { forbidden } from '../http/errors';
import { safeEqual } from './safe-equal';

export const CSRF_COOKIE = 'CSRF-TOKEN';
export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_FORM_FIELD = 'authenticity_token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The token in the (validly signed) cookie, or undefined. */
export function readCsrfCookie(ctx: Context): string | undefined {
  const value = ctx.cookies.get(CSRF_COOKIE, { signed: true });
  return value && /^[A-Za-z0-9_-]{32,}$/.test(value) ? value : undefined;
}

/** Sets a new token (also used on login, so a token seen before sign-in is not the session's). */
export function issueCsrfCookie(ctx: Context): string {
  const token = randomBytes(32).toString('base64url');
  ctx.cookies.set(CSRF_COOKIE, token, {
    signed: true,
    httpOnly: false, // the page reads it to send it back
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/',
    overwrite: true,
  });
  return token;
}

export function issueCsrfCookieIfMissing(ctx: Context): void {
  if (!readCsrfCookie(ctx)) issueCsrfCookie(ctx);
}

/** True when `given` equals the cookie's token (constant-time compare). */
export function csrfTokenMatches(ctx: Context, given: unknown): boolean {
  const expected = readCsrfCookie(ctx);
  if (!expected || typeof given !== 'string') return false;
  return safeEqual(expected, given);
}

/** Writes (any method but GET/HEAD/OPTIONS) need the X-CSRF-Token header equal to the cookie. */
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
