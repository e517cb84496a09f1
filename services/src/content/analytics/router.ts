// Content analytics API (admin only, like the content API: rate limit, admin session, and
// the CSRF header on writes). Thin: validate, then call statistics.ts, calibration.ts or simulation.ts.
import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import {
  CalibrationActionSchema,
  PositiveIntParamSchema,
  QuestionStatisticsListQuerySchema,
  SimulateRequestSchema,
  type SimulateResponse,
} from '@skillquiz/contracts';
import {
  actorOf,
  requireAdmin,
  requireCsrfHeader,
  ADMIN_LIMIT,
  rateLimit,
  notFound,
  validate,
} from '../../platform';
import { applyCalibration, graduateQuestion } from './calibration';
import { simulateAtom } from './simulation';
import { listStatistics, questionAnalytics } from './statistics';

function questionId(raw: unknown): number {
  const parsed = PositiveIntParamSchema.safeParse(raw);
  if (!parsed.success) throw notFound(`No question with id '${String(raw)}'`);
  return parsed.data;
}

export function analyticsRouter(): Router {
  const router = new Router();
  const limit = rateLimit(ADMIN_LIMIT);
  const read: Middleware[] = [limit, requireAdmin()];
  const write: Middleware[] = [limit, requireAdmin(), requireCsrfHeader()];

  // Before the content router's /api/questions/:id, which would take 'statistics' as an id.
  router.get('/api/questions/statistics', ...read, async (ctx) => {
    ctx.body = await listStatistics(
      ctx.caches.statistics,
      validate(QuestionStatisticsListQuerySchema, ctx.query).atom,
    );
  });
  router.get('/api/questions/:id/statistics', ...read, async (ctx) => {
    ctx.body = await questionAnalytics(
      ctx.caches.statistics,
      questionId(ctx.params.id),
      ctx.config.demoModeAllowed,
    );
  });
  router.post('/api/questions/:id/calibration/apply', ...write, async (ctx) => {
    const { version } = validate(CalibrationActionSchema, ctx.request.body);
    ctx.body = await applyCalibration(
      questionId(ctx.params.id),
      version,
      actorOf(ctx),
      ctx.config.demoModeAllowed,
    );
  });
  router.post('/api/questions/:id/graduate', ...write, async (ctx) => {
    const { version } = validate(CalibrationActionSchema, ctx.request.body);
    ctx.body = await graduateQuestion(
      questionId(ctx.params.id),
      version,
      actorOf(ctx),
      ctx.config.demoModeAllowed,
    );
  });
  router.post('/api/atoms/:id/simulate', ...write, async (ctx) => {
    const request = validate(SimulateRequestSchema, ctx.request.body ?? {});
    const body: SimulateResponse = { report: await simulateAtom(ctx.params.id, request) };
    ctx.body = body;
  });
  return router;
}
