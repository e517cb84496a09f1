// What every request handler can rely on: ctx.config, ctx.logger, ctx.liveManifest, ctx.events and the
// app's other objects (set once on app.context by createApp, from what the composition root hands it).
// Nothing a request uses lives in a module-level variable: two apps in one process share nothing.
// Declared on koa's DefaultContext, so any `new Router()` sees them typed without generics.
import type { Config } from './config';
import type { Events } from './events';
import type { Logger } from './log/logger';
import type { LiveManifest } from './web/remotes-manifest';
import type { Readiness } from './ops/health';
import type { Metrics } from './ops/metrics';
import type { SignOnClient } from './auth/oidc';
import type { OutageMonitor } from './db/outages';
import type { CompanyDirectory } from './auth/roles';

/**
 * What the read-heavy admin views keep between requests, bounded, per app. Empty here: each context
 * that keeps one adds its cache to this interface beside the cache (declaration merging through the
 * platform's index: content/analytics/statistics.ts, content/analytics/time-model.ts), and createApp
 * makes them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface AppCaches {}

export interface AppContextExtras {
  config: Config;
  logger: Logger;
  /** The live remotes manifest as this process serves it (platform/web/remotes-manifest.ts). */
  liveManifest: LiveManifest;
  /** The process's events service (src/platform/events), with its subscribers (src/composition.ts). */
  events: Events;
  /** This app's Prometheus registry and instruments (platform/ops/metrics.ts). */
  metrics: Metrics;
  /** What /readyz reports besides the database (platform/ops/health.ts). */
  readiness: Readiness;
  /** The database's outages as this app sees them (platform/db/outages.ts). */
  outages: OutageMonitor;
  /** The central sign-on's discovered provider configuration (platform/auth/oidc.ts). */
  signOn: SignOnClient;
  caches: AppCaches;
  /** The companies a sign-on claim may name (the hiring context's: hiring/for-sign-in.ts). */
  companies: CompanyDirectory;
}

declare module 'koa' {
  interface DefaultContext extends AppContextExtras {}
}
