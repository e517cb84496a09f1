// History API (admin only, CSRF on writes): the history of a question or an atom, one
// recorded version, and revert (a new version restoring an old one). Thin over history.ts.
import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import { PositiveIntParamSchema, RevertRequestSchema } from '@skillquiz/contracts';
import {
  actorOf,
  requireAdmin,
  requireCsrfHeader,
  ADMIN_LIMIT,
  rateLimit,
  notFound,
  validate,
} from '../../platform';
import { questionIdParam } from '../bank/params';
import { atomHistory, questionHistory, revertAtom, revertQuestion, versionOf } from './history';

function versionParam(raw: unknown): number {
  const parsed = PositiveIntParamSchema.safeParse(raw);
  if (!parsed.success) throw notFound(`No version '${String(raw)}'`);
  return parsed.data;
}

export function historyRouter(): Router {
  const router = new Router();
  const limit = rateLimit(ADMIN_LIMIT);
  const read: Middleware[] = [limit, requireAdmin()];
  const write: Middleware[] = [limit, requireAdmin(), requireCsrfHeader()];

  router.get('/api/questions/:id/history', ...read, async (ctx) => {
    ctx.body = await questionHistory(questionIdParam(ctx.params.id));
  });
  router.get('/api/questions/:id/versions/:version', ...read, async (ctx) => {
    ctx.body = await versionOf(
      'question',
      String(questionIdParam(ctx.params.id)),
      versionParam(ctx.params.version),
    );
  });
  router.post('/api/questions/:id/revert', ...write, async (ctx) => {
    const { to_version, version } = validate(RevertRequestSchema, ctx.request.body);
    ctx.body = await revertQuestion(questionIdParam(ctx.params.id), to_version, version, actorOf(ctx));
  });
  router.get('/api/atoms/:id/history', ...read, async (ctx) => {
    ctx.body = await atomHistory(ctx.params.id);
  });
  router.get('/api/atoms/:id/versions/:version', ...read, async (ctx) => {
    ctx.body = await versionOf('atom', ctx.params.id, versionParam(ctx.params.version));
  });
  router.post('/api/atoms/:id/revert', ...write, async (ctx) => {
    const { to_version, version } = validate(RevertRequestSchema, ctx.request.body);
    ctx.body = await revertAtom(ctx.params.id, to_version, version, actorOf(ctx));
  });
  return router;
}
