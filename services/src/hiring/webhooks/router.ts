// The company's webhook settings, for the hiring workspace's settings page (the page
// itself is the hiring remote's). Scoped like the rest of the hiring API: every call acts on the
// company the scope function yields, another company's settings are never reachable. Writes need the
// CSRF token. Thin: the rules are in settings.ts.
//
//   GET  /api/hiring/settings                    -> { company, webhook: { url, secret, version }, signature, email }
//   PUT  /api/hiring/settings/webhook            { url: string | null, rotate_secret?, version? } -> same as GET
//   POST /api/hiring/settings/webhook/test       -> { attempt } (one delivery now, recorded)
//   GET  /api/hiring/settings/webhook/attempts?page=N -> { items, total, page, page_size }
import { Router } from '@koa/router';
import type { Context } from 'koa';
import { WebhookAttemptsQuerySchema, WebhookSettingsUpdateSchema } from '@skillquiz/contracts';
import { requireCsrfHeader, ADMIN_LIMIT, rateLimit, validate } from '../../platform';
import { emailDeliveryOf } from '../mail/delivery-status';
import { hiringCompanyScope, type CompanyScope } from './scope';
import { getWebhookSettings, listWebhookAttempts, saveWebhookSettings, sendTestEvent } from './settings';

export interface HiringSettingsRouterOptions {
  /** The company of the request (default: the hiring API's scope, scope.ts). */
  scope?: CompanyScope;
}

export function hiringSettingsRouter(options: HiringSettingsRouterOptions = {}): Router {
  const scope = options.scope ?? hiringCompanyScope;
  const router = new Router({ prefix: '/api/hiring/settings' });
  router.use(rateLimit(ADMIN_LIMIT));
  router.use(requireCsrfHeader());

  const view = async (ctx: Context, companyId: string) => ({
    ...(await getWebhookSettings(companyId)),
    email: emailDeliveryOf(ctx.config),
  });

  router.get('/', async (ctx) => {
    ctx.body = await view(ctx, await scope(ctx));
  });

  router.put('/webhook', async (ctx) => {
    const companyId = await scope(ctx);
    const input = validate(WebhookSettingsUpdateSchema, ctx.request.body ?? {});
    await saveWebhookSettings(companyId, input, ctx.config);
    ctx.body = await view(ctx, companyId);
  });

  router.post('/webhook/test', async (ctx) => {
    const companyId = await scope(ctx);
    ctx.body = { attempt: await sendTestEvent(companyId, ctx.config) };
  });

  router.get('/webhook/attempts', async (ctx) => {
    const companyId = await scope(ctx);
    const { page } = validate(WebhookAttemptsQuerySchema, ctx.query);
    ctx.body = await listWebhookAttempts(companyId, page);
  });

  return router;
}
