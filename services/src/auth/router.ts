// Central sign-on (/auth/central, /me, /logout). Filled by issue 4 (owned by the admin API
// helper); this is the stub the app mounts until then.
import { Router } from '@koa/router';

export function authRouter(): Router {
  return new Router();
}
