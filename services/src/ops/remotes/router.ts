// The live-versions API: which version of each remote is live and its ship/rollback
// history, for content admins. Read only: shipping is a deployment step (`npm run ship`), not a button.
import { Router } from '@koa/router';
import type { LiveRemotesResponse } from '@skillquiz/contracts';
import { requireAdmin, ADMIN_LIMIT, rateLimit } from '../../platform';
import { liveRemotes } from './shipping';

export function remotesRouter(): Router {
  const router = new Router();
  router.get('/api/admin/remotes', rateLimit(ADMIN_LIMIT), requireAdmin(), async (ctx) => {
    const body: LiveRemotesResponse = await liveRemotes(ctx.liveManifest, ctx.config.remotesDir);
    ctx.body = body;
  });
  return router;
}
