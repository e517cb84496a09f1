// Central sign-on routes: POST /auth/central (start), GET /auth/central/callback (finish),
// GET /me (the signed-in admin or recruiter), GET /logout. Thin: the rules live in oidc.ts,
// csrf.ts, roles.ts.
import { Router } from '@koa/router';
import type { CurrentUser } from '@skillquiz/contracts';
import { forbidden } from '../http/errors';
import { currentPrincipal, resolvePrincipal } from './roles';
import { CSRF_FORM_FIELD, csrfTokenMatches, issueCsrfCookie, setCsrfCookie } from './csrf';
import { CALLBACK_PATH, beginLogin, completeLogin } from './oidc';
import { ADMIN_LIMIT, SIGN_IN_LIMIT, rateLimit } from './rate-limit';
import { assertSameOrigin } from './same-origin';
import { endSession, sessionOf, startSignedInSession } from './session';

export const AFTER_LOGIN_PATH = '/admin/atoms';
/** Where a recruiter lands after signing in: their candidates (the hiring remote). */
export const RECRUITER_AFTER_LOGIN_PATH = '/hiring';
export const AFTER_LOGOUT_PATH = '/admin';

export function authRouter(): Router {
  const router = new Router();
  const signInLimit = rateLimit({
    ...SIGN_IN_LIMIT,
    message: 'Too many sign-in attempts from this client; try again in a minute',
  });
  const adminLimit = rateLimit(ADMIN_LIMIT);

  router.post('/auth/central', signInLimit, async (ctx) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    if (!csrfTokenMatches(ctx, body[CSRF_FORM_FIELD])) {
      throw forbidden(`Invalid ${CSRF_FORM_FIELD}: reload the sign-in page and try again`);
    }
    const { url, pending } = await beginLogin(ctx.signOn, ctx.config);
    sessionOf(ctx).pendingLogin = pending;
    ctx.status = 303;
    ctx.redirect(url);
  });

  router.get(CALLBACK_PATH, signInLimit, async (ctx) => {
    const user = await completeLogin(ctx.signOn, ctx.config, ctx.querystring, sessionOf(ctx).pendingLogin);
    // A new session under a new id: nothing from before the sign-in (the pending login included)
    // carries over, and its own CSRF token, so a token seen before signing in is not the session's.
    setCsrfCookie(ctx, await startSignedInSession(ctx, user));
    const principal = await resolvePrincipal(user, ctx.config, ctx.companies);
    ctx.redirect(
      'role' in principal && principal.role === 'recruiter' ? RECRUITER_AFTER_LOGIN_PATH : AFTER_LOGIN_PATH,
    );
  });

  // 200 for admins and recruiters (PLAN shape A), 401 signed out, 403 signed in with no role.
  router.get('/me', adminLimit, async (ctx) => {
    const p = await currentPrincipal(ctx);
    const body: CurrentUser = {
      email: p.user.email,
      name: p.user.name,
      isAdmin: p.role === 'admin',
      role: p.role,
      company: p.company,
    };
    ctx.body = body;
  });

  // A plain link in the admin top bar, hence GET. Ends our session only (not the sign-on's own).
  // Being a GET, another site could fire it (`<img src="/logout">`): refuse proven cross-site ones.
  router.get('/logout', (ctx) => {
    assertSameOrigin(ctx);
    endSession(ctx);
    issueCsrfCookie(ctx);
    ctx.redirect(AFTER_LOGOUT_PATH);
  });

  return router;
}
