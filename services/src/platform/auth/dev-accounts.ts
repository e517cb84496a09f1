// The accounts of the development sign-on: an admin, a user with no role, a recruiter for each
// of two companies, and a second admin (with REVIEW_REQUIRED a question's last editor cannot
// mark it ready, so trying the review by hand needs another admin) (the seeded demo company through a group claim, the seeded second
// company through its email domain), so both ways a claim maps to a company and the isolation
// between companies can be tried by hand. Passwords come from the environment, else from
// DATA_DIR/dev-signon.json (generated once, so the printed logins stay the same across restarts),
// else are random for this run.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { safeEqual } from './safe-equal';

export interface DevAccount {
  id: string;
  email: string;
  name: string;
  password: string;
  groups: string[];
  /** How the login line describes it (`dev sign-on <label> login: ...`). */
  label: string;
  /** Said after the login on the printed line. */
  note?: string;
}

export const DEV_ADMIN_EMAIL = 'admin@skillquiz.local';
/** The OIDC client the dev sign-on registers for the services unless OIDC_CLIENT_ID/SECRET say otherwise. */
export const DEV_CLIENT_ID = 'skillquiz-dev';
export const DEV_CLIENT_SECRET = 'skillquiz-dev-secret';
export const DEV_USER_EMAIL = 'viewer@skillquiz.local';
/** The group the dev admin is in; set ADMIN_GROUP to it to try the group rule. */
export const DEV_ADMIN_GROUP = 'skillquiz-admins';

/** COMPANY_GROUP_PREFIX that `npm start` sets with the dev sign-on. */
export const DEV_COMPANY_GROUP_PREFIX = 'company:';
/** The seeded demo company's slug (ops/seed/content/company.ts). */
export const DEV_DEMO_COMPANY_SLUG = 'acme-robotics';
/** The second seeded company (isolation by hand): its recruiter is mapped by email domain. */
export const DEV_SECOND_COMPANY = { name: 'Initech', slug: 'initech', domain: 'initech.example' } as const;
/** COMPANY_EMAIL_DOMAINS that `npm start` sets with the dev sign-on. */
export const DEV_COMPANY_EMAIL_DOMAINS = `${DEV_SECOND_COMPANY.domain}=${DEV_SECOND_COMPANY.slug}`;
export const DEV_RECRUITER_EMAIL = 'recruiter@skillquiz.local';
export const DEV_SECOND_RECRUITER_EMAIL = `recruiter@${DEV_SECOND_COMPANY.domain}`;
/** The second content admin (the reviewer of the first's edits). */
export const DEV_SECOND_ADMIN_EMAIL = 'reviewer@skillquiz.local';

const KEYS = ['admin', 'user', 'recruiter', 'recruiter2', 'admin2'] as const;
type Key = (typeof KEYS)[number];
type Passwords = Record<Key, string>;

const ENV_PASSWORD: Record<Key, string> = {
  admin: 'DEV_ADMIN_PASSWORD',
  user: 'DEV_USER_PASSWORD',
  recruiter: 'DEV_RECRUITER_PASSWORD',
  recruiter2: 'DEV_SECOND_RECRUITER_PASSWORD',
  admin2: 'DEV_SECOND_ADMIN_PASSWORD',
};

const newPassword = () => randomBytes(9).toString('base64url');

/** Passwords kept in DATA_DIR/dev-signon.json; missing ones (a file from before) are added once. */
function storedPasswords(dataDir: string | undefined): Passwords {
  const fresh = () => Object.fromEntries(KEYS.map((k) => [k, newPassword()])) as Passwords;
  if (!dataDir) return fresh();
  const file = path.join(dataDir, 'dev-signon.json');
  let saved: Partial<Record<Key, unknown>> = {};
  try {
    saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Record<Key, unknown>>;
  } catch {
    // not created yet
  }
  if (KEYS.every((k) => typeof saved[k] === 'string')) return saved as Passwords;
  const merged = {
    ...fresh(),
    ...Object.fromEntries(KEYS.filter((k) => typeof saved[k] === 'string').map((k) => [k, saved[k]])),
  } as Passwords;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(merged, null, 2) + '\n', { mode: 0o600 });
  return merged;
}

export function devAccounts(env: NodeJS.ProcessEnv): DevAccount[] {
  const stored = KEYS.every((k) => env[ENV_PASSWORD[k]])
    ? undefined
    : storedPasswords(env.DATA_DIR || undefined);
  const password = (k: Key) => env[ENV_PASSWORD[k]] || stored![k];
  return [
    {
      id: 'dev-admin',
      email: (env.DEV_ADMIN_EMAIL || DEV_ADMIN_EMAIL).toLowerCase(),
      name: 'Dev Admin',
      password: password('admin'),
      groups: [DEV_ADMIN_GROUP],
      label: 'admin',
    },
    {
      id: 'dev-viewer',
      email: (env.DEV_USER_EMAIL || DEV_USER_EMAIL).toLowerCase(),
      name: 'Dev Viewer',
      password: password('user'),
      groups: [],
      label: 'non-admin',
    },
    {
      id: 'dev-recruiter',
      email: DEV_RECRUITER_EMAIL,
      name: 'Dev Recruiter',
      password: password('recruiter'),
      groups: [`${DEV_COMPANY_GROUP_PREFIX}${DEV_DEMO_COMPANY_SLUG}`],
      label: 'recruiter',
      note: `(the demo company; group ${DEV_COMPANY_GROUP_PREFIX}${DEV_DEMO_COMPANY_SLUG})`,
    },
    {
      id: 'dev-recruiter-2',
      email: DEV_SECOND_RECRUITER_EMAIL,
      name: 'Dev Recruiter (Initech)',
      password: password('recruiter2'),
      groups: [],
      label: 'second-company recruiter',
      note: `(${DEV_SECOND_COMPANY.name}; email domain ${DEV_SECOND_COMPANY.domain})`,
    },
    {
      id: 'dev-admin-2',
      email: DEV_SECOND_ADMIN_EMAIL,
      name: 'Dev Reviewer',
      password: password('admin2'),
      groups: [DEV_ADMIN_GROUP],
      label: 'second admin',
      note: '(reviews the first admin’s questions when REVIEW_REQUIRED is on)',
    },
  ];
}

/** The account with this email and password, or undefined (compares every password in constant time). */
export function checkLogin(accounts: DevAccount[], email: string, password: string): DevAccount | undefined {
  const wanted = email.trim().toLowerCase();
  let found: DevAccount | undefined;
  for (const a of accounts) if (a.email === wanted && safeEqual(a.password, password)) found = a;
  return found;
}
