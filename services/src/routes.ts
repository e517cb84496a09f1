// Every router of the services, in one place. Each feature folder exports a factory returning an
// @koa/router Router; app.ts mounts the list in this order.
import type { Router } from '@koa/router';
import { authRouter } from './auth/router';
import { contentRouter } from './content/router';
import { quizRouter } from './quiz/router';

export function allRouters(): Router[] {
  return [authRouter(), quizRouter(), contentRouter()];
}
