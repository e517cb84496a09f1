// The hiring API's roles and decisions: a company's roles (CRUD, versioned), the decision view of
// one invitation and the comparison of up to four candidates of one role. Guarded like the rest of
// the hiring API (hiring/router.ts): rate limit, the company scope, CSRF on writes.
import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import {
  CompareQuerySchema,
  RoleCreateSchema,
  RoleDeleteQuerySchema,
  RoleUpdateSchema,
} from '@skillquiz/contracts';
import { requireCsrfHeader, ADMIN_LIMIT, rateLimit, validate } from '../platform';
import { compareCandidates, invitationDecision } from './decision';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles';
import { requireHiringScope, scopeOf } from './scope';

export function decideRouter(): Router {
  const router = new Router();
  const limit = rateLimit(ADMIN_LIMIT);
  const read: Middleware[] = [limit, requireHiringScope()];
  const write: Middleware[] = [limit, requireHiringScope(), requireCsrfHeader()];

  router.get('/api/hiring/roles', ...read, async (ctx) => {
    ctx.body = await listRoles(scopeOf(ctx));
  });

  router.post('/api/hiring/roles', ...write, async (ctx) => {
    const input = validate(RoleCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await createRole(scopeOf(ctx), input);
  });

  router.get('/api/hiring/roles/:id', ...read, async (ctx) => {
    ctx.body = await getRole(scopeOf(ctx), ctx.params.id);
  });

  router.put('/api/hiring/roles/:id', ...write, async (ctx) => {
    const input = validate(RoleUpdateSchema, ctx.request.body);
    ctx.body = await updateRole(scopeOf(ctx), ctx.params.id, input);
  });

  router.delete('/api/hiring/roles/:id', ...write, async (ctx) => {
    const { version } = validate(RoleDeleteQuerySchema, ctx.query);
    await deleteRole(scopeOf(ctx), ctx.params.id, version);
    ctx.status = 204;
  });

  router.get('/api/hiring/roles/:id/compare', ...read, async (ctx) => {
    const { ids } = validate(CompareQuerySchema, ctx.query);
    ctx.body = await compareCandidates(scopeOf(ctx), ctx.params.id, ids, ctx.config);
  });

  router.get('/api/hiring/invitations/:id/decision', ...read, async (ctx) => {
    ctx.body = await invitationDecision(scopeOf(ctx), ctx.params.id, ctx.config);
  });

  return router;
}
