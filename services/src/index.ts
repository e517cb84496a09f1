// Public surface of @skillquiz/services for tools and tests (the CLI, the orchestrator, benches).
export { createApp, type AppDeps } from './app';
export { startServices, type RunningServices, type StartOptions } from './server';
export { loadConfig, withBoundPort, ConfigError, type Config } from './platform';
export { connectDatabase, withDefaultDb, type Database } from './platform';
export {
  HttpError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
  validate,
} from './platform';
export { createLogger, type Logger } from './platform';
export type { AppContextExtras } from './platform';
export { seedIfEmpty } from './ops';
export { demoQuizLink } from './ops';
export {
  createInvitation,
  createQuizForInvitation,
  findOrCreateCompany,
  newQuizToken,
  quizLink,
} from './hiring';
export { createDevSession, type DevSessionHeaders } from './platform';
export {
  DEV_ADMIN_EMAIL,
  DEV_COMPANY_EMAIL_DOMAINS,
  DEV_COMPANY_GROUP_PREFIX,
  DEV_DEMO_COMPANY_SLUG,
  DEV_RECRUITER_EMAIL,
  DEV_SECOND_RECRUITER_EMAIL,
} from './platform';
