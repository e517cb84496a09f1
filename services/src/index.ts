// Public surface of @skillquiz/services for tools and tests (the CLI, the orchestrator, benches).
export { createApp, type AppDeps } from './app';
export { startServices, type RunningServices, type StartOptions } from './server';
export { loadConfig, withBoundPort, ConfigError, type Config } from './platform/config';
export { connectDatabase, withDefaultDb, type Database } from './platform/db/connect';
export {
  HttpError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
  validate,
} from './platform/http/errors';
export { createLogger, type Logger } from './platform/http/logger';
export type { AppContextExtras } from './platform/http/context';
export { seedIfEmpty } from './ops/seed';
export { demoQuizLink } from './ops/seed';
export {
  createInvitation,
  createQuizForInvitation,
  findOrCreateCompany,
  newQuizToken,
  quizLink,
} from './hiring/invitations';
export { createDevSession, type DevSessionHeaders } from './platform/auth/dev-session';
export {
  DEV_ADMIN_EMAIL,
  DEV_COMPANY_EMAIL_DOMAINS,
  DEV_COMPANY_GROUP_PREFIX,
  DEV_DEMO_COMPANY_SLUG,
  DEV_RECRUITER_EMAIL,
  DEV_SECOND_RECRUITER_EMAIL,
} from './platform/auth/dev-accounts';
