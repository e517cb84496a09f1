// Every router of the services, in one place. Each feature folder exports a factory returning an
// @koa/router Router; app.ts mounts the list in this order.
import type { Router } from '@koa/router';
import { analyticsRouter } from './analytics/router';
import { authRouter } from './auth/router';
import { contentRouter } from './content/router';
import { hiringRouter } from './hiring/router';
import { quizRouter } from './quiz/router';
import { remotesRouter } from './remotes/router';

export function allRouters(): Router[] {
  // analytics before content: its /api/questions/statistics must win over /api/questions/:id.
  return [authRouter(), quizRouter(), analyticsRouter(), contentRouter(), hiringRouter(), remotesRouter()];
}
