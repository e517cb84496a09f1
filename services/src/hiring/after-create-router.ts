// The hiring API's routes beside create (payloads: libs/contracts/src/hiring-invitations.ts):
//
//   GET   /api/hiring/catalogue                   -> the atoms a candidate can take, described
//   GET   /api/hiring/email-status?ids=a,b        -> { items: { id: email status } } (the list page)
//   GET   /api/hiring/invitations/{id}/email      -> { email }
//   POST  /api/hiring/invitations/{id}/resend     -> 202 { email } (409 not sendable, 429 over budget)
//   PATCH /api/hiring/invitations/{id}            { candidate_name?, candidate_email? } -> the report
//   GET   /api/hiring/settings/contact            -> the company's contact for withdrawn candidates
//   PUT   /api/hiring/settings/contact            { contact_email | null } -> the same
//   GET   /api/hiring/settings/stages             -> the company's pipeline stages { stages, version }
//   PUT   /api/hiring/settings/stages             { stages: [{ key?, label }], version } -> the same
//                                                  (409 stale, or removing a stage candidates are in)
//
// Guarded as the hiring router's: rate limit, a signed-in admin or recruiter with the company scope
// (another company's invitation is 404), the CSRF header for writes; input through the contracts.
import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import {
  CompanyStagesUpdateSchema,
  ContactSettingsUpdateSchema,
  EmailStatusQuerySchema,
  InvitationEditSchema,
} from '@skillquiz/contracts';
import { requireCsrfHeader, ADMIN_LIMIT, rateLimit, validate } from '../platform';
import { Invitation } from './models/invitation';
import { editInvitation, resendInvitation } from './after-create';
import { hiringCatalogue } from './catalogue';
import { getContactSettings, saveContactSettings } from './contact';
import { emailStatus, emailStatuses } from './email-status';
import { invitationReport } from './report';
import { getStages, saveStages } from './stages';
import { companyFilter, companyForWrite, findScopedInvitation, requireHiringScope, scopeOf } from './scope';

export function hiringAfterCreateRouter(): Router {
  const router = new Router();
  const limit = rateLimit(ADMIN_LIMIT);
  const read: Middleware[] = [limit, requireHiringScope()];
  const write: Middleware[] = [limit, requireHiringScope(), requireCsrfHeader()];

  router.get('/api/hiring/catalogue', ...read, async (ctx) => {
    ctx.body = await hiringCatalogue(ctx.config);
  });

  router.get('/api/hiring/email-status', ...read, async (ctx) => {
    const { ids } = validate(EmailStatusQuerySchema, ctx.query);
    const invitations = ids.length
      ? await Invitation.find({ _id: { $in: ids }, ...companyFilter(scopeOf(ctx)) })
          .select({ candidate_email: 1, revoked_at: 1, email_sends: 1 })
          .lean()
          .exec()
      : [];
    ctx.body = { items: Object.fromEntries(await emailStatuses(invitations, ctx.config)) };
  });

  router.get('/api/hiring/invitations/:id/email', ...read, async (ctx) => {
    const inv = await findScopedInvitation(scopeOf(ctx), ctx.params.id);
    ctx.body = { email: await emailStatus(inv, ctx.config) };
  });

  router.post('/api/hiring/invitations/:id/resend', ...write, async (ctx) => {
    const inv = await findScopedInvitation(scopeOf(ctx), ctx.params.id);
    await resendInvitation(inv, ctx.config, ctx.events);
    ctx.status = 202;
    ctx.body = {
      email: await emailStatus(await findScopedInvitation(scopeOf(ctx), inv._id.toHexString()), ctx.config),
    };
  });

  router.patch('/api/hiring/invitations/:id', ...write, async (ctx) => {
    const scope = scopeOf(ctx);
    const inv = await findScopedInvitation(scope, ctx.params.id);
    const input = validate(InvitationEditSchema, ctx.request.body);
    await editInvitation(inv, input, scope.principal.user.email, ctx.config, ctx.events);
    ctx.body = await invitationReport(scope, ctx.params.id, ctx.config);
  });

  router.get('/api/hiring/settings/contact', ...read, async (ctx) => {
    ctx.body = await getContactSettings(companyForWrite(scopeOf(ctx)).id, ctx.config);
  });

  router.put('/api/hiring/settings/contact', ...write, async (ctx) => {
    const scope = scopeOf(ctx);
    const { contact_email } = validate(ContactSettingsUpdateSchema, ctx.request.body ?? {});
    ctx.body = await saveContactSettings(
      companyForWrite(scope).id,
      contact_email,
      scope.principal.user.email,
      ctx.config,
    );
  });

  router.get('/api/hiring/settings/stages', ...read, async (ctx) => {
    ctx.body = await getStages(companyForWrite(scopeOf(ctx)).id);
  });

  router.put('/api/hiring/settings/stages', ...write, async (ctx) => {
    const scope = scopeOf(ctx);
    const company = companyForWrite(scope);
    const input = validate(CompanyStagesUpdateSchema, ctx.request.body ?? {});
    ctx.body = await saveStages(company.id, input, scope.principal.user.email);
  });

  return router;
}
