// Every router of the services, in one place. Each feature folder exports a factory returning an
// @koa/router Router; app.ts mounts the list in this order.
import type { Router } from '@koa/router';
import { type OutageMonitor, authRouter } from './platform';
import {
  analyticsRouter,
  contentRouter,
  contentIoRouter,
  historyRouter,
  quizBankSource,
  reviewRouter,
} from './content';
import {
  devOutboxRouter,
  decideRouter,
  hiringAfterCreateRouter,
  hiringRouter,
  pipelineRouter,
  integrityRouter,
  invitationsListing,
  quizInvitationSource,
  quizCommitHook,
  hiringSettingsRouter,
} from './hiring';
import { quizRouter } from './quiz';
import { remotesRouter, sidekiqRouter } from './ops';

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
    quizRouter({
      outages: deps.outages,
      bank: quizBankSource(),
      invitations: quizInvitationSource(),
      // the invitation's summary follows the quiz, and what the write carried is dispatched
      afterCommit: (ctx, prev, next, written) =>
        quizCommitHook(ctx.config, ctx.events, ctx.logger)(prev, next, written),
    }),
    analyticsRouter(),
    reviewRouter(),
    historyRouter(),
    contentIoRouter(),
    contentRouter({ invitationsListing }),
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
