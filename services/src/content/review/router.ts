// Content review API (admin only like the content API: rate limit, admin session, CSRF on
// writes). Thin: validate, then call status/actions (one question) or bulk-status (many), beta candidates, twins, attach/detach or needs
// review. Mounted before the content router, whose /api/questions/:id would take these names as ids.
import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import {
  AttachSchema,
  BetaCandidatesQuerySchema,
  BulkStatusChangeSchema,
  NeedsReviewQuerySchema,
  StatusChangeSchema,
  TwinsQuerySchema,
  VariationLinkSchema,
  type QuestionResponse,
} from '@skillquiz/contracts';
import { actorOf, requireAdmin, requireCsrfHeader, ADMIN_LIMIT, rateLimit, validate } from '../../platform';
import { attachQuestion, detachQuestion } from '../bank/attach';
import { betaCandidates } from '../bank/beta';
import { findTwins } from '../twins/twins';
import { changeStatus, linkVariation } from './actions';
import { changeStatuses } from './bulk-status';
import { needsReview } from './needs-review';
import { questionIdParam } from '../bank/params';

export function reviewRouter(): Router {
  const router = new Router();
  const limit = rateLimit(ADMIN_LIMIT);
  const read: Middleware[] = [limit, requireAdmin()];
  const write: Middleware[] = [limit, requireAdmin(), requireCsrfHeader()];

  router.get('/api/questions/beta-candidates', ...read, async (ctx) => {
    const q = validate(BetaCandidatesQuerySchema, ctx.query);
    ctx.body = await betaCandidates({ search: q.search, atom: q.atom || undefined, limit: q.limit });
  });
  router.get('/api/questions/twins', ...read, async (ctx) => {
    const q = validate(TwinsQuerySchema, ctx.query);
    ctx.body = await findTwins(q.atom, q.threshold);
  });
  router.get('/api/questions/needs-review', ...read, async (ctx) => {
    ctx.body = await needsReview(ctx.caches, validate(NeedsReviewQuerySchema, ctx.query).atom);
  });
  router.post('/api/questions/status', ...write, async (ctx) => {
    const { questions, status } = validate(BulkStatusChangeSchema, ctx.request.body);
    ctx.body = await changeStatuses(questions, status, actorOf(ctx), ctx.config);
  });
  router.post('/api/questions/:id/status', ...write, async (ctx) => {
    const { status, version } = validate(StatusChangeSchema, ctx.request.body);
    const body: QuestionResponse = {
      question: await changeStatus(questionIdParam(ctx.params.id), status, version, actorOf(ctx), ctx.config),
    };
    ctx.body = body;
  });
  router.post('/api/questions/:id/variation', ...write, async (ctx) => {
    const { original_question_id, version } = validate(VariationLinkSchema, ctx.request.body);
    const body: QuestionResponse = {
      question: await linkVariation(
        questionIdParam(ctx.params.id),
        original_question_id,
        version,
        actorOf(ctx),
      ),
    };
    ctx.body = body;
  });
  router.post('/api/atoms/:id/questions/attach', ...write, async (ctx) => {
    const { question_id, version } = validate(AttachSchema, ctx.request.body);
    const body: QuestionResponse = {
      question: await attachQuestion(ctx.params.id, question_id, version, actorOf(ctx)),
    };
    ctx.body = body;
  });
  router.post('/api/atoms/:id/questions/detach', ...write, async (ctx) => {
    const { question_id, version } = validate(AttachSchema, ctx.request.body);
    const body: QuestionResponse = {
      question: await detachQuestion(ctx.params.id, question_id, version, actorOf(ctx)),
    };
    ctx.body = body;
  });
  return router;
}
