// The background-jobs dashboard at /sidekiq (SPEC §2's "Background jobs" link): agendash's page and
// its API, mounted here rather than through agendash's Koa adapter, which cannot be mounted under a
// path and needs koa-bodyparser. We keep its pre-built page (a Vue bundle without inline scripts,
// so it runs under the services' Content-Security-Policy unchanged) and its controller
// (AgendashController: the queries and actions), and put our rules around them:
//   - signed-in content admins only: anyone signed out is sent to the login page (/admin), a
//     signed-in non-admin gets a 404 (the page does not exist for them);
//   - writes need the session's CSRF token in X-CSRF-Token, like every admin write. agendash's page
//     does not send it, so the page gets one more script of ours (public/sidekiq/skillquiz.js, a file,
//     not inline) that adds the header to its POSTs, and our admin bar and colours (skillquiz.css);
//   - retry, requeue, delete, pause and resume; creating jobs by hand is refused (a job's data is
//     the product's to write: a hand-made result-webhook could send one company's result to another);
//   - the admin rate limit; errors in our JSON shape.
import fs from 'node:fs';
import path from 'node:path';
import { Router } from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { z } from 'zod';
import {
  REPO_ROOT,
  isAdmin,
  requireCsrfHeader,
  ADMIN_LIMIT,
  rateLimit,
  signedInUser,
  HttpError,
  forbidden,
  notFound,
  unauthorized,
  validate,
  serveStatic,
} from '../../platform';

export const SIDEKIQ_PATH = '/sidekiq';
const LOGIN_PATH = '/admin';

/** agendash's package folder (its exports name only dist/index.js; public/ sits beside dist/). */
const agendashRoot = (): string => path.join(path.dirname(require.resolve('agendash')), '..');

/** agendash's built page (index.html and assets/). */
const agendashPublicDir = (): string => path.join(agendashRoot(), 'public');

type Controller = import('agendash').AgendashController;
type ControllerClass = typeof import('agendash').AgendashController;

/**
 * agendash's controller module by its file: its package entry also loads every framework adapter,
 * and the Koa one (import.meta) cannot be compiled for jest, where the services tests run us.
 */
function controllerClass(): ControllerClass {
  const file = path.join(agendashRoot(), 'dist', 'AgendashController.js');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file the package's exports do not name
  const loaded = require(file) as { AgendashController: ControllerClass };
  return loaded.AgendashController;
}

const OUR_FILES = path.join(REPO_ROOT, 'services', 'public', 'sidekiq');

/** agendash's index.html with our stylesheet and script added and our title. Read once. */
function dashboardHtml(): string {
  const html = fs.readFileSync(path.join(agendashPublicDir(), 'index.html'), 'utf8');
  return html.replace(/<title>[^<]*<\/title>/, '<title>Background jobs · SkillQuiz</title>').replace(
    '</head>',
    // A classic script runs before the page's module script: fetch is wrapped before agendash uses it.
    '<link rel="stylesheet" href="./skillquiz.css">\n<script src="./skillquiz.js"></script>\n</head>',
  );
}

const JobIdsSchema = z.object({
  jobIds: z
    .array(z.string().regex(/^[0-9a-f]{24}$/, 'job ids are 24 hexadecimal characters'))
    .min(1, 'name at least one job')
    .max(500, 'at most 500 jobs at once'),
});

const ListQuerySchema = z.object({
  job: z.string().max(200).optional(),
  state: z.enum(['running', 'scheduled', 'queued', 'completed', 'failed', 'repeating', 'paused']).optional(),
  q: z.string().max(200).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const LogsQuerySchema = z.object({
  jobId: z.string().max(100).optional(),
  jobName: z.string().max(200).optional(),
  level: z.string().max(100).optional(),
  event: z.string().max(200).optional(),
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  sort: z.enum(['asc', 'desc']).default('desc'),
});

const blank = (v: unknown) => (v === '' ? undefined : v);
const queryOf = (ctx: Context) =>
  Object.fromEntries(Object.entries(ctx.query).map(([k, v]) => [k, blank(v)]));

/**
 * Pages: signed out → the login page; signed in but not an admin → 404. API calls get the JSON
 * equivalents (401, 404), never a redirect a script would follow silently.
 */
export function dashboardGuard(): Middleware {
  return async (ctx: Context, next: Next) => {
    const user = signedInUser(ctx);
    const isApi = ctx.path.startsWith(`${SIDEKIQ_PATH}/api`);
    if (!user) {
      if (isApi) throw unauthorized('Not signed in: sign in through the central sign-on at /admin');
      ctx.redirect(LOGIN_PATH);
      return;
    }
    if (!isAdmin(user, ctx.config)) throw notFound('Not found');
    ctx.state.admin = user;
    await next();
  };
}

export function sidekiqRouter(): Router {
  const router = new Router({ prefix: SIDEKIQ_PATH });
  const limit = rateLimit(ADMIN_LIMIT);
  const assets = serveStatic(path.join(agendashPublicDir(), 'assets'));
  const ours = serveStatic(OUR_FILES);
  let html: string | undefined;
  let controller: Controller | undefined;
  // The controller on the app's running queue (a new one when the worker restarted).
  const jobs = async (ctx: Context): Promise<Controller> => {
    const agenda = ctx.jobs.agenda();
    if (!controller || (controller as unknown as { agenda: unknown }).agenda !== agenda)
      controller = new (controllerClass())(agenda);
    return controller;
  };
  /** Runs a static handler on `subPath`; a miss is a 404 (not the SPA fallback). */
  const serveFrom = (handler: Middleware, subPath: string) => async (ctx: Context) => {
    const original = ctx.path;
    let missed = false;
    ctx.path = subPath;
    try {
      await handler(ctx, async () => {
        missed = true;
      });
    } finally {
      ctx.path = original;
    }
    if (missed) throw notFound('Not found');
  };

  router.use(dashboardGuard());

  router.get('/', async (ctx) => {
    // /sidekiq → /sidekiq/: the page's scripts and API calls are relative to it.
    if (!ctx.path.endsWith('/')) return ctx.redirect(`${SIDEKIQ_PATH}/`);
    html ??= dashboardHtml();
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'html';
    ctx.body = html;
  });
  router.get('/assets/:file', (ctx) => serveFrom(assets, `/${ctx.params.file}`)(ctx));
  router.get('/skillquiz.js', serveFrom(ours, '/skillquiz.js'));
  router.get('/skillquiz.css', serveFrom(ours, '/skillquiz.css'));

  const api = new Router();
  api.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  api.use(limit);
  api.use(requireCsrfHeader());
  api.get('/', async (ctx) => {
    const q = validate(ListQuerySchema, queryOf(ctx));
    ctx.body = await (
      await jobs(ctx)
    ).getJobs({ name: q.job, state: q.state, search: q.q, skip: q.skip, limit: q.limit });
  });
  api.get('/stats', async (ctx) => {
    ctx.body = await (await jobs(ctx)).getStats(ctx.query.fullDetails === 'true');
  });
  api.get('/logs', async (ctx) => {
    ctx.body = await (await jobs(ctx)).getLogs(validate(LogsQuerySchema, queryOf(ctx)));
  });
  // Live updates need a notification channel shared by every process; without one the page polls.
  api.get('/events', () => {
    throw new HttpError(501, 'Live job events are not available: the dashboard refreshes by polling');
  });
  const action =
    (run: (c: Controller, ids: string[]) => Promise<unknown>): Middleware =>
    async (ctx) => {
      const { jobIds } = validate(JobIdsSchema, ctx.request.body ?? {});
      ctx.body = await run(await jobs(ctx), jobIds);
    };
  api.post(
    '/jobs/retry',
    action((c, ids) => c.retryJobs(ids)),
  );
  api.post(
    '/jobs/requeue',
    action((c, ids) => c.requeueJobs(ids)),
  );
  api.post(
    '/jobs/delete',
    action((c, ids) => c.deleteJobs(ids)),
  );
  api.post(
    '/jobs/pause',
    action((c, ids) => c.pauseJobs(ids)),
  );
  api.post(
    '/jobs/resume',
    action((c, ids) => c.resumeJobs(ids)),
  );
  api.post('/jobs/create', () => {
    throw forbidden('Jobs are created by the product; retry, requeue or delete existing ones here');
  });
  router.use('/api', api.routes());
  return router;
}
