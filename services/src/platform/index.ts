// The platform context's public face: configuration, HTTP plumbing (errors, logging, rate limits,
// CSV), the database connection and its outages, sign-in and roles, the web app's static files and
// remotes manifest, the audit log, the events service, health, metrics and shutdown. It imports no
// other context. Other contexts import it only through this file.
export { auditCreated, auditDeleted, auditUpdated } from './audit/index';
export { actorOf, isAdmin, requireAdmin } from './auth/admin';
export { requireCsrfHeader } from './auth/csrf';
export {
  DEV_ADMIN_EMAIL,
  DEV_COMPANY_EMAIL_DOMAINS,
  DEV_COMPANY_GROUP_PREFIX,
  DEV_DEMO_COMPANY_SLUG,
  DEV_RECRUITER_EMAIL,
  DEV_SECOND_ADMIN_EMAIL,
  DEV_SECOND_RECRUITER_EMAIL,
  DEV_USER_EMAIL,
  checkLogin,
  devAccounts,
} from './auth/dev-accounts';
export { createDevSession, type DevSessionHeaders } from './auth/dev-session';
export { SignOnClient } from './auth/oidc';
export { ADMIN_LIMIT, rateLimit } from './auth/rate-limit';
export {
  claimedCompanySlug,
  currentPrincipal,
  resolvePrincipal,
  type CompanyDirectory,
  type Principal,
} from './auth/roles';
export { authRouter } from './auth/router';
export { signOnMiddleware, signedInUser } from './auth/session';
export {
  ConfigError,
  REPO_ROOT,
  loadConfig,
  parseEmailDomainMap,
  remotesDirFrom,
  withBoundPort,
  type Config,
} from './config';
export { atomically } from './db/atomically';
export { paced, restAfter, type PaceOptions } from './db/pace';
export { connectDatabase, withDefaultDb, type Database } from './db/connect';
export { OutageMonitor, type OutageWindow } from './db/outages';
export { deleteExpiredSessionsAndCounters } from './db/ttl';
export {
  createEvents,
  pendingEvent,
  type DispatchReport,
  type EventSource,
  type Events,
  type Subscriber,
} from './events/index';
export { type AppCaches, type AppContextExtras } from './app-context';
export { csvStream, csvText, readCsvCell } from './http/csv';
export {
  HttpError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  payloadTooLarge,
  tooManyRequests,
  unauthorized,
  validate,
} from './http/errors';
export { createLogger, type Logger } from './log/logger';
export {
  apiNotFound,
  arrivedAt,
  databaseAvailable,
  errorMiddleware,
  jsonBody,
  stampArrival,
} from './http/middleware';
export { FixedWindowLimiter } from './http/rate-limit';
export { QUIET_HEADER, QUIET_KEY, requestLog } from './http/request-log';
export { securityHeaders } from './http/security-headers';
export {
  diffFields,
  recordAudit,
  recordAudits,
  type AuditAction,
  type AuditEntity,
  type AuditLogDoc,
} from './models/audit-log';
export {
  TIMESTAMPS,
  difficultyParamsSchema,
  isInteger,
  type DifficultyParamsDoc,
  type Timestamps,
} from './models/common';
export {
  counterValue,
  incrementCounter,
  nextSequence,
  raiseSequence,
  reserveSequence,
  type CounterDoc,
} from './models/counter';
export { pendingEventsField, type PendingEventDoc } from './models/pending-event';
export { type RateLimitDoc } from './models/rate-limit';
export { type SessionDoc } from './models/session';
export { Readiness, healthEndpoints } from './ops/health';
export { startMetricsServer, type MetricsServer } from './ops/metrics-server';
export { Metrics, metricsEndpoint } from './ops/metrics';
export { LiveManifest, serveWeb } from './web/index';
export {
  PublishError,
  isVersion,
  publishRemote,
  publishedVersionProblem,
  publishedVersions,
} from './web/remote-versions';
export {
  REMOTE_PACKAGES,
  isInline,
  packageOf,
  parseLiveManifest,
  readManifestText,
  remoteNameOf,
  writeLiveManifest,
} from './web/remotes-manifest';
export { serveStatic } from './web/static-files';
export { readOnly, type ReadModel } from './db/read-model';
import { AuditLog as AuditLogModel } from './models/audit-log';
import { readOnly } from './db/read-model';
/** audit_logs, for reading: the platform writes them (recordAudit, recordAudits). */
export const AuditLog = readOnly(AuditLogModel);
