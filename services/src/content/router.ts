// Admin content API. Filled by issue 4 (owned by the admin API helper); this is the stub the app
// mounts until then.
import { Router } from '@koa/router';

export function contentRouter(): Router {
  return new Router();
}
