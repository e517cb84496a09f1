// What every request handler can rely on: ctx.config, ctx.logger and ctx.liveManifest (set once on
// app.context).
// Declared on koa's DefaultContext, so any `new Router()` sees them typed without generics.
import type { Config } from '../config';
import type { Logger } from './logger';
import type { LiveManifest } from '../web/remotes-manifest';
import type { Readiness } from '../ops/health';
import type { Metrics } from '../ops/metrics';

export interface AppContextExtras {
  config: Config;
  logger: Logger;
  /** The live remotes manifest as this process serves it (web/remotes-manifest.ts). */
  liveManifest: LiveManifest;
  /** This app's Prometheus registry and instruments (ops/metrics.ts). */
  metrics: Metrics;
  /** What /readyz reports besides the database (ops/health.ts). */
  readiness: Readiness;
}

declare module 'koa' {
  interface DefaultContext extends AppContextExtras {}
}
