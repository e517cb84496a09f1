// What every request handler can rely on: ctx.config, ctx.logger, ctx.liveManifest and ctx.events (set once on
// app.context).
// Declared on koa's DefaultContext, so any `new Router()` sees them typed without generics.
import type { Config } from '../config';
import type { Events } from '../events';
import type { Logger } from './logger';
import type { LiveManifest } from '../web/remotes-manifest';
import type { Readiness } from '../ops/health';
import type { Metrics } from '../ops/metrics';

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
}

declare module 'koa' {
  interface DefaultContext extends AppContextExtras {}
}
