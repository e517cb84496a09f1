// The hiring API's pipeline of one invitation (payloads: libs/contracts/src/pipeline.ts):
//
//   GET  /api/hiring/invitations/{id}/pipeline         -> the stage, notes, ratings and version
//   PUT  /api/hiring/invitations/{id}/pipeline/stage   { stage, version }          -> the same
//   POST /api/hiring/invitations/{id}/pipeline/notes   { text, version }           -> 201, the same
//   PUT  /api/hiring/invitations/{id}/pipeline/rating  { rating: 1-5 | null, version } -> the same
//
// Guarded as the hiring router's: rate limit, a signed-in admin or recruiter with the company scope
// (another company's invitation is 404), the CSRF header for writes; a stale version is 409.
import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import {
  PipelineNoteCreateSchema,
  PipelineRatingUpdateSchema,
  PipelineStageUpdateSchema,
} from '@skillquiz/contracts';
import { requireCsrfHeader, ADMIN_LIMIT, rateLimit, validate } from '../platform';
import { addNote, getPipeline, setRating, setStage } from './pipeline';
import { findScopedInvitation, requireHiringScope, scopeOf } from './scope';

export function pipelineRouter(): Router {
  const router = new Router();
  const limit = rateLimit(ADMIN_LIMIT);
  const read: Middleware[] = [limit, requireHiringScope()];
  const write: Middleware[] = [limit, requireHiringScope(), requireCsrfHeader()];
  const at = (p = '') => `/api/hiring/invitations/:id/pipeline${p}`;

  router.get(at(), ...read, async (ctx) => {
    ctx.body = await getPipeline(scopeOf(ctx), ctx.params.id);
  });

  // The invitation is looked up before the body is read: another company's is 404 whatever was sent.
  router.put(at('/stage'), ...write, async (ctx) => {
    await findScopedInvitation(scopeOf(ctx), ctx.params.id);
    const input = validate(PipelineStageUpdateSchema, ctx.request.body);
    ctx.body = await setStage(scopeOf(ctx), ctx.params.id, input, ctx.events);
  });

  router.post(at('/notes'), ...write, async (ctx) => {
    await findScopedInvitation(scopeOf(ctx), ctx.params.id);
    const input = validate(PipelineNoteCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await addNote(scopeOf(ctx), ctx.params.id, input);
  });

  router.put(at('/rating'), ...write, async (ctx) => {
    await findScopedInvitation(scopeOf(ctx), ctx.params.id);
    const input = validate(PipelineRatingUpdateSchema, ctx.request.body);
    ctx.body = await setRating(scopeOf(ctx), ctx.params.id, input);
  });

  return router;
}
