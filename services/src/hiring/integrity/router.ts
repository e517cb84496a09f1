// The integrity signals of a candidate (hiring API, beside the report): guarded as the hiring routes are
// (rate limit, a signed-in admin or recruiter with the company scope).
import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import { ADMIN_LIMIT, rateLimit } from '../../platform';
import { requireHiringScope, scopeOf } from '../scope';
import { invitationIntegrity } from './candidate';

export function integrityRouter(): Router {
  const router = new Router();
  const read: Middleware[] = [rateLimit(ADMIN_LIMIT), requireHiringScope()];
  router.get('/api/hiring/invitations/:id/integrity', ...read, async (ctx) => {
    // A read: computed at today's time models, nothing written. The list's stored count is brought
    // in line by the reconciliation pass once a model recalibrates (at-quiz-end.ts).
    ctx.body = await invitationIntegrity(scopeOf(ctx), ctx.params.id, ctx.caches.timeModels);
  });
  return router;
}
