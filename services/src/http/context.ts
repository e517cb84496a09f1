// What every request handler can rely on: ctx.config and ctx.logger (set once on app.context).
// Declared on koa's DefaultContext, so any `new Router()` sees them typed without generics.
import type { Config } from '../config';
import type { Logger } from './logger';

export interface AppContextExtras {
  config: Config;
  logger: Logger;
}

declare module 'koa' {
  interface DefaultContext extends AppContextExtras {}
}
