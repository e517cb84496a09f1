// Public surface of @skillquiz/services for tools and tests (the CLI, the orchestrator, benches).
export { createApp, type AppDeps } from './app';
export { startServices, type RunningServices, type StartOptions } from './server';
export { loadConfig, withBoundPort, ConfigError, type Config } from './config';
export { connectDatabase, withDefaultDb, type Database } from './db/connect';
export {
  HttpError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
  validate,
} from './http/errors';
export { createLogger, type Logger } from './http/logger';
export type { AppContextExtras } from './http/context';
export { seedIfEmpty } from './seed';
export { demoQuizLink } from './seed';
export {
  createInvitation,
  createQuizForInvitation,
  findOrCreateCompany,
  newQuizToken,
  quizLink,
} from './invitations';
export { createDevSession, type DevSessionHeaders } from './auth/dev-session';
export {
  DEV_ADMIN_EMAIL,
  DEV_COMPANY_EMAIL_DOMAINS,
  DEV_COMPANY_GROUP_PREFIX,
  DEV_DEMO_COMPANY_SLUG,
  DEV_RECRUITER_EMAIL,
  DEV_SECOND_RECRUITER_EMAIL,
} from './auth/dev-accounts';
