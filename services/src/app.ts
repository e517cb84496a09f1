// Builds the Koa application: pipeline order matters and is fixed here.
//   arrival time → request log → errors → security headers → 503 while the database is down or stalled (candidate calls) → body parser → session + CSRF cookie → routers → /api 404 → web (shell + remotes)
import Koa from 'koa';
import type { Middleware } from 'koa';
import {
  REPO_ROOT,
  type Config,
  createLogger,
  type Logger,
  OutageMonitor,
  SignOnClient,
  createEvents,
  type Events,
  apiNotFound,
  databaseAvailable,
  errorMiddleware,
  jsonBody,
  stampArrival,
  requestLog,
  securityHeaders,
  signOnMiddleware,
  LiveManifest,
  serveWeb,
  Readiness,
  healthEndpoints,
  Metrics,
  metricsEndpoint,
} from './platform';
import { StatisticsCache, timeModelCache } from './content';
import { JobQueue } from './ops';
import { allRouters } from './routes';
import { companyDirectory } from './hiring';
import { isCandidatePath } from './quiz';

export interface AppDeps {
  config: Config;
  logger?: Logger;
  /** Replaces the static web middleware (tests, or a deployment that serves the front ends elsewhere). */
  web?: Middleware | null;
  /** The live remotes manifest (default: config.remotesManifest, checked against config.remotesDir). */
  liveManifest?: LiveManifest;
  /** Where the per-request lines go (default: `logger`). */
  requestLogger?: Logger;
  /**
   * The events service with its subscribers (server.ts wires them). Default: one without subscribers,
   * whose recorded intents wait for a process that has them (the reconciliation pass).
   */
  events?: Events;
  /** This app's metrics registry (default: a new one), at app.context.metrics. */
  metrics?: Metrics;
  /** What /readyz reports besides the database (default: jobs not running), at app.context.readiness. */
  readiness?: Readiness;
  /**
   * The database's outages as this process sees them (server.ts: the Database's, watched by a
   * heartbeat). Default: one of the app's own, which reads recovery from the connection state.
   */
  outages?: OutageMonitor;
  /** The process's job queue (server.ts: the one its worker runs); default: a producer-only one. */
  jobs?: JobQueue;
}

export function createApp(deps: AppDeps): Koa {
  const logger = deps.logger ?? createLogger(deps.config.logLevel, { format: deps.config.logFormat });
  // Proxy headers are trusted only from the configured hops: ctx.ip is then the address the
  // outermost trusted proxy saw, which a client cannot choose by sending X-Forwarded-For.
  const proxies = deps.config.trustedProxyCount;
  const app = new Koa({ env: deps.config.env, proxy: proxies > 0, maxIpsCount: proxies });
  if (deps.config.isProduction && proxies === 0 && deps.config.publicUrl.startsWith('https:'))
    logger.warn(
      'TRUSTED_PROXY_COUNT is 0 but PUBLIC_URL is https: behind a TLS-terminating proxy, set it to the number of proxies, or requests look like plain http (cookies not marked secure) and every client shares the proxy address in rate limits',
    );
  app.context.config = deps.config;
  app.context.logger = logger;
  app.context.events = deps.events ?? createEvents(logger);
  const outages = deps.outages ?? new OutageMonitor();
  app.context.outages = outages;
  app.context.jobs = deps.jobs ?? new JobQueue();
  app.context.signOn = new SignOnClient();
  app.context.companies = companyDirectory();
  app.context.caches = { statistics: new StatisticsCache(), timeModels: timeModelCache() };
  app.silent = true; // the error middleware logs; koa's default handler would print twice

  app.use(stampArrival());
  // Operations (src/platform/ops): health and readiness before anything that could refuse or slow them, then
  // the request metrics around everything else; /metrics itself here only with its token (or in
  // development), see platform/ops/metrics.ts.
  const metrics = deps.metrics ?? new Metrics(outages);
  const readiness = deps.readiness ?? new Readiness();
  app.context.metrics = metrics;
  app.context.readiness = readiness;
  app.use(
    healthEndpoints({
      readiness,
      outages,
      manifestProblem: () => app.context.liveManifest.read().problem,
      dbTimeoutMs: deps.config.readinessDbTimeoutMs,
    }),
  );
  app.use(
    metricsEndpoint(metrics, { token: deps.config.metricsToken, isProduction: deps.config.isProduction }),
  );
  app.use(metrics.middleware());
  app.use(requestLog(deps.requestLogger ?? logger));
  app.use(errorMiddleware(logger, () => outages.markDown()));
  // One view of the live remotes manifest for /remotes.json, the policy's script origins and the admin
  // live-versions page (its last good state is per process).
  const liveManifest =
    deps.liveManifest ??
    new LiveManifest({ source: deps.config.remotesManifest, remotesDir: deps.config.remotesDir, logger });
  app.context.liveManifest = liveManifest;
  app.use(securityHeaders({ config: deps.config, remoteOrigins: () => liveManifest.origins() }));
  // Candidate calls are refused rather than left waiting on a database that is down or stalled.
  app.use(databaseAvailable(outages, isCandidatePath));
  app.use(jsonBody());
  // Sessions (server-side, by cookie id) and the CSRF cookie, before any router reads them.
  app.use(signOnMiddleware(app, deps.config));
  // No allowedMethods(): a wrong method on an API path gets the same JSON 404 as an unknown path.
  for (const router of allRouters({ outages })) app.use(router.routes());
  app.use(apiNotFound());
  const web =
    deps.web === undefined
      ? serveWeb({ repoRoot: REPO_ROOT, remotesDir: deps.config.remotesDir, liveManifest })
      : deps.web;
  if (web) app.use(web);
  return app;
}
