// Every router of the services, in one place. Each feature folder exports a factory returning an
// @koa/router Router; app.ts mounts the list in this order.
import type { Router } from '@koa/router';
import type { OutageMonitor } from './platform/db/outages';
import { analyticsRouter } from './content/analytics/router';
import { authRouter } from './platform/auth/router';
import { contentRouter } from './content/bank/router';
import { contentIoRouter } from './content/io/router';
import { historyRouter } from './content/history/router';
import { devOutboxRouter } from './hiring/mail/outbox-router';
import { decideRouter } from './hiring/decide-router';
import { hiringAfterCreateRouter } from './hiring/after-create-router';
import { hiringRouter } from './hiring/router';
import { pipelineRouter } from './hiring/pipeline-router';
import { integrityRouter } from './hiring/integrity/router';
import { quizRouter } from './quiz/router';
import { remotesRouter } from './ops/remotes/router';
import { reviewRouter } from './content/review/router';
import { sidekiqRouter } from './ops/sidekiq/router';
import { hiringSettingsRouter } from './hiring/webhooks/router';

/** What the routers are built with: the app's own objects (app.ts), never module-level ones. */
export interface RouterDeps {
  outages: OutageMonitor;
}

export function allRouters(deps: RouterDeps): Router[] {
  // analytics before content: its /api/questions/statistics must win over /api/questions/:id.
  // The review, history and import/export routers too: their /api/questions/<name> paths.
  // The jobs dashboard, the company webhook settings and the dev outbox.
  return [
    authRouter(),
    quizRouter({ outages: deps.outages }),
    analyticsRouter(),
    reviewRouter(),
    historyRouter(),
    contentIoRouter(),
    contentRouter(),
    hiringRouter(),
    decideRouter(),
    hiringAfterCreateRouter(),
    pipelineRouter(),
    integrityRouter(),
    remotesRouter(),
    sidekiqRouter(),
    hiringSettingsRouter(),
    devOutboxRouter(),
  ];
}
