// The accounts of the development sign-on: one admin and one non-admin (tests sign in as both).
// Passwords come from the environment, else from DATA_DIR/dev-signon.json (generated once, so the
// printed login stays the same across restarts), else are random for this run.
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
}

export const DEV_ADMIN_EMAIL = 'admin@skillquiz.local';
/** The OIDC client the dev sign-on registers for the services unless OIDC_CLIENT_ID/SECRET say otherwise. */
export const DEV_CLIENT_ID = 'skillquiz-dev';
export const DEV_CLIENT_SECRET = 'skillquiz-dev-secret';
export const DEV_USER_EMAIL = 'viewer@skillquiz.local';
/** The group the dev admin is in; set ADMIN_GROUP to it to try the group rule. */
export const DEV_ADMIN_GROUP = 'skillquiz-admins';

const newPassword = () => randomBytes(9).toString('base64url');

function storedPasswords(dataDir: string | undefined): { admin: string; user: string } {
  if (!dataDir) return { admin: newPassword(), user: newPassword() };
  const file = path.join(dataDir, 'dev-signon.json');
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { admin?: unknown; user?: unknown };
    if (typeof saved.admin === 'string' && typeof saved.user === 'string')
      return { admin: saved.admin, user: saved.user };
  } catch {
    // not created yet
  }
  const created = { admin: newPassword(), user: newPassword() };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(created, null, 2) + '\n', { mode: 0o600 });
  return created;
}

export function devAccounts(env: NodeJS.ProcessEnv): DevAccount[] {
  const stored =
    env.DEV_ADMIN_PASSWORD && env.DEV_USER_PASSWORD ? undefined : storedPasswords(env.DATA_DIR || undefined);
  return [
    {
      id: 'dev-admin',
      email: (env.DEV_ADMIN_EMAIL || DEV_ADMIN_EMAIL).toLowerCase(),
      name: 'Dev Admin',
      password: env.DEV_ADMIN_PASSWORD || stored!.admin,
      groups: [DEV_ADMIN_GROUP],
    },
    {
      id: 'dev-viewer',
      email: (env.DEV_USER_EMAIL || DEV_USER_EMAIL).toLowerCase(),
      name: 'Dev Viewer',
      password: env.DEV_USER_PASSWORD || stored!.user,
      groups: [],
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
