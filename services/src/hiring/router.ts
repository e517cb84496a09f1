// The hiring API, the only way the hiring pages reach the services. Thin: each route is
// guarded (rate limit, a signed-in admin or recruiter with the company scope, and for writes the
// CSRF header), validates its input with the contracts' schemas, and calls one named function.
// Payloads: libs/contracts/src/hiring.ts; rules: services/README.md, "Hiring API".
import { Router } from '@koa/router';
import { Types } from 'mongoose';
import type { Context, Middleware } from 'koa';
import {
  BulkInviteRequestSchema,
  InvitationCreateSchema,
  InvitationExtendSchema,
  InvitationListQuerySchema,
} from '@skillquiz/contracts';
import { requireCsrfHeader, ADMIN_LIMIT, rateLimit, validate } from '../platform';
import { parseExpiry } from './invitations';
import { extendInvitation, revokeInvitation } from './invitations/manage';
import { bulkInvite } from './bulk';
import { csvFileName, exportInvitationsCsv } from './csv';
import { inviteCandidate } from './invite';
import { listInvitations } from './list';
import { hiringAtoms, hiringMe } from './me';
import { invitationReport } from './report';
import { surveySummary } from './survey';
import { findScopedInvitation, requireHiringScope, scopeOf } from './scope';
import { assertCompanyStage } from './stages';

/**
 * The list's query without the company switcher (the scope has handled it). Inside one company, a
 * stage filter must name one of its stages (400 otherwise, as any bad filter).
 */
async function listQuery(ctx: Context) {
  const { company: _company, ...query } = validate(InvitationListQuerySchema, ctx.query);
  const company = scopeOf(ctx).company;
  if (query.stage && company) await assertCompanyStage(new Types.ObjectId(company.id), query.stage);
  return query;
}

export function hiringRouter(): Router {
  const router = new Router();
  // One budget with the admin calls: both are staff screens, per client address.
  const limit = rateLimit(ADMIN_LIMIT);
  const read: Middleware[] = [limit, requireHiringScope()];
  const write: Middleware[] = [limit, requireHiringScope(), requireCsrfHeader()];

  router.get('/api/hiring/me', ...read, async (ctx) => {
    ctx.body = await hiringMe(scopeOf(ctx).principal);
  });

  router.get('/api/hiring/atoms', ...read, async (ctx) => {
    ctx.body = await hiringAtoms();
  });

  // The relevance survey in aggregate only (per atom and month, once enough answered).
  router.get('/api/hiring/survey', ...read, async (ctx) => {
    ctx.body = await surveySummary(scopeOf(ctx));
  });

  router.get('/api/hiring/invitations', ...read, async (ctx) => {
    ctx.body = await listInvitations(scopeOf(ctx), await listQuery(ctx));
  });

  router.get('/api/hiring/invitations.csv', ...read, async (ctx) => {
    const scope = scopeOf(ctx);
    const { page: _page, ...query } = await listQuery(ctx);
    const now = new Date();
    const stream = await exportInvitationsCsv(scope, query, now);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(csvFileName(scope, now));
    ctx.body = stream;
  });

  router.post('/api/hiring/invitations', ...write, async (ctx) => {
    const input = validate(InvitationCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await inviteCandidate(scopeOf(ctx), input, ctx.config, ctx.events);
  });

  router.post('/api/hiring/invitations/bulk', ...write, async (ctx) => {
    const input = validate(BulkInviteRequestSchema, ctx.request.body);
    const result = await bulkInvite(scopeOf(ctx), input, ctx.config, ctx.events);
    ctx.status = 'created' in result ? 201 : 200;
    ctx.body = result;
  });

  router.get('/api/hiring/invitations/:id', ...read, async (ctx) => {
    ctx.body = await invitationReport(scopeOf(ctx), ctx.params.id, ctx.config);
  });

  router.post('/api/hiring/invitations/:id/revoke', ...write, async (ctx) => {
    const inv = await findScopedInvitation(scopeOf(ctx), ctx.params.id);
    await revokeInvitation(inv._id, ctx.config, ctx.events);
    ctx.body = await invitationReport(scopeOf(ctx), ctx.params.id, ctx.config);
  });

  router.post('/api/hiring/invitations/:id/extend', ...write, async (ctx) => {
    const inv = await findScopedInvitation(scopeOf(ctx), ctx.params.id);
    const { expires_at } = validate(InvitationExtendSchema, ctx.request.body);
    await extendInvitation(inv._id, parseExpiry(expires_at), ctx.config);
    ctx.body = await invitationReport(scopeOf(ctx), ctx.params.id, ctx.config);
  });

  return router;
}
