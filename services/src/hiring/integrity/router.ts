// The integrity signals of a candidate (hiring API, beside the report): guarded as the hiring routes are
// (rate limit, a signed-in admin or recruiter with the company scope).
import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import { ADMIN_LIMIT, rateLimit } from '../../platform';
import { requireHiringScope, scopeOf } from '../scope';
import { refreshStoredFlags } from './at-quiz-end';
import { invitationIntegrity } from './candidate';

export function integrityRouter(): Router {
  const router = new Router();
  const read: Middleware[] = [rateLimit(ADMIN_LIMIT), requireHiringScope()];
  router.get('/api/hiring/invitations/:id/integrity', ...read, async (ctx) => {
    const result = await invitationIntegrity(scopeOf(ctx), ctx.params.id, ctx.caches.timeModels);
    // the list's stored count follows what the report now says (at-quiz-end.ts)
    await refreshStoredFlags(result);
    ctx.body = result;
  });
  return router;
}
