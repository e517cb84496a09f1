// What every request handler can rely on: ctx.config, ctx.logger, ctx.liveManifest, ctx.events and the
// app's other objects (set once on app.context by createApp, from what the composition root hands it).
// Nothing a request uses lives in a module-level variable: two apps in one process share nothing.
// Declared on koa's DefaultContext, so any `new Router()` sees them typed without generics.
import type { Config } from '../config';
import type { Events } from '../events';
import type { Logger } from './logger';
import type { LiveManifest } from '../web/remotes-manifest';
import type { Readiness } from '../ops/health';
import type { Metrics } from '../ops/metrics';
import type { StatisticsCache } from '../analytics/statistics';
import type { SignOnClient } from '../auth/oidc';
import type { OutageMonitor } from '../db/outages';
import type { TimeModelCache } from '../integrity/time-model';
import type { JobQueue } from '../jobs/queue';

/** What the read-heavy admin views keep between requests, bounded, per app. */
export interface AppCaches {
  /** Item statistics lists and rest abilities (analytics/statistics.ts). */
  statistics: StatisticsCache;
  /** Per-atom response-time models (integrity/time-model.ts). */
  timeModels: TimeModelCache;
}

export interface AppContextExtras {
  config: Config;
  logger: Logger;
  /** The live remotes manifest as this process serves it (web/remotes-manifest.ts). */
  liveManifest: LiveManifest;
  /** The process's events service (src/events), with its subscribers (src/composition.ts). */
  events: Events;
  /** This app's Prometheus registry and instruments (ops/metrics.ts). */
  metrics: Metrics;
  /** What /readyz reports besides the database (ops/health.ts). */
  readiness: Readiness;
  /** The database's outages as this app sees them (db/outages.ts). */
  outages: OutageMonitor;
  /** The job queue jobs are enqueued on and the dashboard reads (jobs/queue.ts). */
  jobs: JobQueue;
  /** The central sign-on's discovered provider configuration (auth/oidc.ts). */
  signOn: SignOnClient;
  caches: AppCaches;
}

declare module 'koa' {
  interface DefaultContext extends AppContextExtras {}
}
