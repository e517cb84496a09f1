// Typed configuration, read once from the environment and validated with zod, so a bad value
// stops the process at start with a message naming the variable instead of failing later.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SUPPORT_EMAIL } from '@skillquiz/contracts';

/** The repository root: services/dist/platform/config.js (or services/src/platform/config.ts) → three levels up. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: "must be 'true' or 'false'" })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveNumber = z.coerce.number({ message: 'must be a number' }).positive('must be greater than 0');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(0)
    .max(65535)
    .default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, "must start with 'mongodb://' or 'mongodb+srv://'")
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  DEMO_MODE_ALLOWED: boolFromEnv.optional(),
  SUPPORT_EMAIL: z.email({ message: 'must be an email address' }).default(DEFAULT_SUPPORT_EMAIL),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  OIDC_ISSUER: z.url({ message: 'must be an absolute URL' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  ADMIN_EMAILS: z.string().optional(),
  ADMIN_GROUP: z.string().min(1).optional(),
  COMPANY_GROUP_PREFIX: z.string().min(1).max(100).optional(),
  COMPANY_EMAIL_DOMAINS: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const parsed = parseEmailDomainMap(v);
      if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
    }),
  QUESTION_TIME_LIMIT_SECONDS: positiveNumber.optional(),
  QUIZ_EXPIRY_HOURS: positiveNumber.default(72),
  ABANDON_GRACE_MINUTES: positiveNumber.default(120),
  SEED_DEMO_CANDIDATES: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(0)
    .max(5000)
    .default(0),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  REMOTES_DIR: z.string().min(1).optional(),
  REMOTES_MANIFEST: z.string().min(1).optional(),
  LOGO_ORIGINS: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const bad = originList(v).filter((o) => !originOf(o));
      if (bad.length) ctx.addIssue({ code: 'custom', message: `not an http(s) origin: ${bad.join(', ')}` });
    }),
  SESSION_IDLE_MINUTES: positiveNumber.default(60),
  REVIEW_REQUIRED: boolFromEnv.default(true),
  TRUSTED_PROXY_COUNT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(0, 'must be 0 or more')
    .max(10, 'must be at most 10')
    .default(0),
  // Background jobs, mail and webhooks (src/ops/jobs, src/hiring/mail, src/hiring/webhooks).
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, "must be a URL such as 'smtp://user:pass@mail.example.com:587' (or smtps://)")
    .optional(),
  MAIL_FROM: z.string().min(3).default('SkillQuiz <no-reply@skillquiz.example>'),
  WEBHOOK_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(100, 'must be at least 100')
    .max(60_000, 'must be at most 60000')
    .default(5000),
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: boolFromEnv.optional(),
  JOBS_PROCESS_EVERY_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(50, 'must be at least 50')
    .default(5000),
  RECONCILE_EVERY_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(200, 'must be at least 200')
    .default(60_000),
  JOBS_LOCK_LIFETIME_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(1000, 'must be at least 1000')
    .optional(),
  JOBS_RETRY_FIRST_SECONDS: positiveNumber.default(30),
  JOBS_RETRY_HOURS: positiveNumber.default(24),
  DEV_OUTBOX_DIR: z.string().min(1).optional(),
  // Operations (src/platform/ops): metrics, readiness, graceful shutdown.
  METRICS_PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(0)
    .max(65535)
    .optional(),
  METRICS_HOST: z.string().min(1).optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  READINESS_DB_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(50, 'must be at least 50')
    .max(30_000, 'must be at most 30000')
    .default(1000),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(0, 'must be 0 or more')
    .max(120_000, 'must be at most 120000')
    .optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(100, 'must be at least 100')
    .max(300_000, 'must be at most 300000')
    .default(10_000),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** Unset means: no external MongoDB; the embedded engine is used (see platform/db/connect.ts). */
  mongodbUri?: string;
  dataDir: string;
  /** Origin used in links printed or sent to people, without a trailing slash. */
  publicUrl: string;
  /** True when PUBLIC_URL was not given, so the URL follows the port actually bound (PORT=0). */
  publicUrlDerived: boolean;
  demoModeAllowed: boolean;
  supportEmail: string;
  sessionSecret: string;
  oidc: { issuer?: string; clientId?: string; clientSecret?: string };
  adminEmails: string[];
  adminGroup?: string;
  /**
   * Recruiters: a `groups` claim `<prefix><company slug>` makes the user a recruiter of
   * that company. Unset: the group rule is off.
   */
  companyGroupPrefix?: string;
  /** Recruiters by email domain: lowercase domain → company slug (COMPANY_EMAIL_DOMAINS). */
  companyEmailDomains: ReadonlyMap<string, string>;
  /** Overrides every question's time limit (tests use a short one). */
  questionTimeLimitSeconds?: number;
  quizExpiryHours: number;
  /**
   * After a page-close (`{ on: 'unload' }`) abandon call, how long the candidate has to come back
   * before the quiz counts as abandoned. Longer than the 60-minute resume threshold (SPEC §2).
   */
  abandonGraceMinutes: number;
  /**
   * Simulated demo candidates per seeded atom after the first seed. 0 (the default, also
   * in production unless set) is off; `npm start` sets it outside production.
   */
  seedDemoCandidates: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** `pretty` (one readable line per entry) by default in development; JSON lines otherwise. */
  logFormat: 'json' | 'pretty';
  /** Published remote versions, served at /remotes/<package>/<version>/ (see platform/web/remote-versions.ts). */
  remotesDir: string;
  /**
   * The live remotes manifest (platform/web/remotes-manifest.ts): REMOTES_MANIFEST (a file path, or inline
   * JSON read only), else DATA_DIR/remotes.json.
   */
  remotesManifest: string;
  /** Origins company logos may come from (the Content-Security-Policy's img-src), e.g. a CDN. */
  logoOrigins: string[];
  /** A signed-in admin session ends after this many minutes without a request. */
  sessionIdleMinutes: number;
  /**
   * Reverse proxies in front of the services whose X-Forwarded-For / -Proto / -Host are trusted
   * (0: none; the client is the socket's peer). The client address is the one the outermost
   * trusted proxy saw: the N-th X-Forwarded-For entry from the right.
   */
  trustedProxyCount: number;
  /**
   * Moving a question to `ready` needs an admin other than its last editor. Default
   * true; `npm start` sets false for its demo data unless set or NODE_ENV=production.
   */
  reviewRequired: boolean;
  /** Outgoing mail (invitations, reminders); unset: no email is sent (see src/hiring/mail). */
  smtpUrl?: string;
  mailFrom: string;
  /** A webhook receiver that has not answered by then counts as a failed attempt. */
  webhookTimeoutMs: number;
  /**
   * Webhook URLs may point at loopback or private addresses (and so at this machine's or network's
   * own services). Development and tests: yes; production: no, unless asked for explicitly.
   */
  webhookAllowPrivateAddresses: boolean;
  /** How often each services process looks for due jobs (agenda's processEvery). */
  jobsProcessEveryMs: number;
  /** Overrides every job's lock lifetime: how long a crashed process's job stays locked (tests). */
  jobsLockLifetimeMs?: number;
  /** How often each services process runs the reconciliation pass (hiring/invitations/reconcile.ts). */
  reconcileEveryMs: number;
  /** The first retry of a failed email or webhook job waits this long; each next one twice as long. */
  jobsRetryFirstSeconds: number;
  /** Failed email and webhook jobs are retried for this long, then left failed. */
  jobsRetryHours: number;
  /** Development only: the dev mail catcher's outbox folder, shown at /dev/outbox. */
  devOutboxDir?: string;
  /**
   * /metrics on a listener of its own (METRICS_PORT, on METRICS_HOST, default HOST); unset: only on
   * the main listener, and there only with METRICS_TOKEN (or outside production). See src/platform/ops.
   */
  metricsPort?: number;
  metricsHost: string;
  /** A bearer token /metrics asks for on the main listener (METRICS_TOKEN). */
  metricsToken?: string;
  /** /readyz fails the database check when a ping takes longer than this. */
  readinessDbTimeoutMs: number;
  /**
   * On SIGTERM, how long /readyz answers 503 while requests are still served, so that a load
   * balancer polling it stops sending new ones first. Default 5 s in production, 0 otherwise.
   */
  shutdownDrainMs: number;
  /** On SIGTERM, how long in-flight requests (and running jobs) get to finish before they are cut. */
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Reads and validates configuration. Throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset", so `FOO= npm start` behaves like leaving FOO out.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR ?? '.data');

  if (isProduction && !e.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: required when NODE_ENV=production');
  }
  const sessionSecret = e.SESSION_SECRET ?? devSessionSecret(dataDir);
  if (isProduction && e.DEV_OUTBOX_DIR) {
    throw new ConfigError(
      'Invalid configuration:\n  DEV_OUTBOX_DIR: the dev mail catcher and its outbox are for development only (NODE_ENV=production)',
    );
  }

  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    mongodbUri: e.MONGODB_URI,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicUrlDerived: e.PUBLIC_URL === undefined,
    // Off unless set, whatever NODE_ENV says: a deployment that forgets NODE_ENV must not leak the
    // correct flag or allow pass_243. `npm start` and the e2e harness turn it on explicitly.
    demoModeAllowed: e.DEMO_MODE_ALLOWED ?? false,
    supportEmail: e.SUPPORT_EMAIL,
    sessionSecret,
    oidc: { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET },
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    adminGroup: e.ADMIN_GROUP,
    companyGroupPrefix: e.COMPANY_GROUP_PREFIX,
    companyEmailDomains: parseEmailDomainMap(e.COMPANY_EMAIL_DOMAINS) as Map<string, string>,
    questionTimeLimitSeconds: e.QUESTION_TIME_LIMIT_SECONDS,
    quizExpiryHours: e.QUIZ_EXPIRY_HOURS,
    abandonGraceMinutes: e.ABANDON_GRACE_MINUTES,
    seedDemoCandidates: e.SEED_DEMO_CANDIDATES,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    remotesDir: remotesDirFrom(e),
    remotesManifest: e.REMOTES_MANIFEST?.trim() || path.join(dataDir, 'remotes.json'),
    logoOrigins: originList(e.LOGO_ORIGINS).map((o) => originOf(o)!),
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    trustedProxyCount: e.TRUSTED_PROXY_COUNT,
    reviewRequired: e.REVIEW_REQUIRED,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    webhookAllowPrivateAddresses: e.WEBHOOK_ALLOW_PRIVATE_ADDRESSES ?? !isProduction,
    jobsProcessEveryMs: e.JOBS_PROCESS_EVERY_MS,
    jobsLockLifetimeMs: e.JOBS_LOCK_LIFETIME_MS,
    reconcileEveryMs: e.RECONCILE_EVERY_MS,
    jobsRetryFirstSeconds: e.JOBS_RETRY_FIRST_SECONDS,
    jobsRetryHours: e.JOBS_RETRY_HOURS,
    devOutboxDir: e.DEV_OUTBOX_DIR ? path.resolve(REPO_ROOT, e.DEV_OUTBOX_DIR) : undefined,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST ?? e.HOST,
    metricsToken: e.METRICS_TOKEN,
    readinessDbTimeoutMs: e.READINESS_DB_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (isProduction ? 5000 : 0),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}

/**
 * Where `npm run publish:remote` puts remote versions and the services serve them from:
 * REMOTES_DIR, else DATA_DIR/remotes; relative paths are taken from the repository root.
 */
export function remotesDirFrom(env: { REMOTES_DIR?: string; DATA_DIR?: string }): string {
  if (env.REMOTES_DIR) return path.resolve(REPO_ROOT, env.REMOTES_DIR);
  return path.join(path.resolve(REPO_ROOT, env.DATA_DIR || '.data'), 'remotes');
}

/**
 * COMPANY_EMAIL_DOMAINS: `domain=slug` pairs separated by commas, e.g.
 * `acme.example=acme-robotics,initech.example=initech`. Returns the map, or a message naming what
 * is wrong.
 */
export function parseEmailDomainMap(value: string | undefined): Map<string, string> | string {
  const map = new Map<string, string>();
  for (const pair of (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([a-z0-9.-]+\.[a-z0-9-]+)=([a-z0-9][a-z0-9_-]*)$/i.exec(pair);
    if (!m) return `'${pair}' is not domain=company-slug (e.g. acme.example=acme-robotics)`;
    const domain = m[1].toLowerCase();
    if (map.has(domain)) return `${domain} is listed twice`;
    map.set(domain, m[2].toLowerCase());
  }
  return map;
}

function originList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** 'https://cdn.example/logos/' -> 'https://cdn.example'; anything but an http(s) URL -> null. */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Once the server has bound a port, links follow it unless PUBLIC_URL was given explicitly. */
export function withBoundPort(config: Config, port: number): Config {
  if (!config.publicUrlDerived) return { ...config, port };
  return { ...config, port, publicUrl: `http://localhost:${port}` };
}

/**
 * Development only: a random secret kept in DATA_DIR so sessions survive restarts without the
 * user configuring anything. Production must configure SESSION_SECRET (checked above).
 */
function devSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  const secret = randomBytes(32).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  // wx: if another process created it first, use theirs so both agree.
  try {
    fs.writeFileSync(file, secret + '\n', { flag: 'wx', mode: 0o600 });
    return secret;
  } catch {
    return fs.readFileSync(file, 'utf8').trim();
  }
}
