// Candidate quiz API. Filled by issue 3 (owned by the quiz API helper); this is the stub the app
// mounts until then.
import { Router } from '@koa/router';

export function quizRouter(): Router {
  return new Router();
}
