// `@skillquiz/services/dev`: the real services behind a remote's dev page and app tests, the embedded
// engine and the services (their own start-up, seed included) in this Node process, on a temporary
// data directory that stop() removes. signIn(role) hands back the headers of a signed-in browser (a dev
// session the services store as a sign-in would; a production start refuses it), so no sign-on has to
// run. Node only: a remote's webpack config (its dev server) and jest global setup import it and hand
// it to libs/webpack-config and libs/remote-kit, which import no app; never a page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEngine } from '@skillquiz/mongo-engine';
import {
  createDevSession,
  type DevSessionHeaders,
  DEV_ADMIN_EMAIL,
  DEV_COMPANY_EMAIL_DOMAINS,
  DEV_COMPANY_GROUP_PREFIX,
  DEV_DEMO_COMPANY_SLUG,
  DEV_RECRUITER_EMAIL,
  DEV_SECOND_ADMIN_EMAIL,
  DEV_SECOND_RECRUITER_EMAIL,
  loadConfig,
  createLogger,
} from '../platform';
import { startServices } from '../server';

export type { DevSessionHeaders };

/**
 * Who a dev page or test signs in as: the seeded companies' recruiters, the content admin, or a second
 * admin (with review required, a question's last editor cannot mark it ready: another admin does).
 */
export type DevRole = 'recruiter' | 'second-recruiter' | 'admin' | 'second-admin';

export interface DevServicesOptions {
  /** The services seed an empty database on every start (the demo bank, the two companies). */
  seed?: true;
  /** Extra environment for the services (e.g. `{ SMTP_URL: … }`); the defaults are below. */
  env?: Record<string, string>;
  /**
   * Invite the sample candidates (SAMPLE_CANDIDATES) through the real hiring API, each company's as its
   * recruiter, so a dev page has a list to show (the seed has companies, not candidates).
   */
  sampleCandidates?: boolean;
  /** Log level of the services (default 'warn'). */
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
}

export interface DevServices {
  /** http://127.0.0.1:<port>, no trailing slash. */
  baseUrl: string;
  /** A fresh signed-in session for `role`, as request headers. */
  signIn(role: DevRole): Promise<DevSessionHeaders>;
  /** The lines the services printed ("Demo candidate link: …"). */
  output: string[];
  stop(): Promise<void>;
}

const USERS: Record<DevRole, { sub: string; email: string; name: string; groups: string[] }> = {
  recruiter: {
    sub: 'dev-recruiter',
    email: DEV_RECRUITER_EMAIL,
    name: 'Dev Recruiter',
    groups: [`${DEV_COMPANY_GROUP_PREFIX}${DEV_DEMO_COMPANY_SLUG}`],
  },
  'second-recruiter': {
    sub: 'dev-recruiter-2',
    email: DEV_SECOND_RECRUITER_EMAIL,
    name: 'Second Recruiter',
    groups: [],
  },
  admin: { sub: 'dev-admin', email: DEV_ADMIN_EMAIL, name: 'Dev Admin', groups: [] },
  'second-admin': { sub: 'dev-admin-2', email: DEV_SECOND_ADMIN_EMAIL, name: 'Dev Reviewer', groups: [] },
};

/** The sample candidates per role that invites them, with their atoms (slugs of the seeded bank). */
export const SAMPLE_CANDIDATES: Partial<Record<DevRole, [name: string, atoms: string][]>> = {
  recruiter: [
    ['Ada Lovelace', 'javascript'],
    ['Grace Hopper', 'javascript;python'],
    ['Alan Turing', 'python'],
    ['Katherine Johnson', 'sql'],
    ['Edsger Dijkstra', 'javascript;sql'],
    ['Barbara Liskov', 'python'],
  ],
  'second-recruiter': [
    ['Peter Gibbons', 'javascript'],
    ['Milton Waddams', 'sql'],
  ],
};

async function inviteSamples(baseUrl: string, signIn: DevServices['signIn']): Promise<void> {
  for (const [role, people] of Object.entries(SAMPLE_CANDIDATES) as [DevRole, [string, string][]][]) {
    const rows = people.map(([name, atoms]) => ({
      candidate_name: name,
      candidate_email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      required_atoms: atoms,
    }));
    const res = await fetch(`${baseUrl}/api/hiring/invitations/bulk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(await signIn(role)) },
      body: JSON.stringify({ rows }),
    });
    if (res.status !== 201) throw new Error(`sample candidates: ${res.status} ${await res.text()}`);
  }
}

export async function startDevServices(options: DevServicesOptions = {}): Promise<DevServices> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-dev-services-'));
  const output: string[] = [];
  const engine = await startEngine({ dbpath: path.join(tmp, 'db'), fsync: false, log: () => {} });
  try {
    const config = loadConfig({
      NODE_ENV: 'development',
      LOG_LEVEL: options.logLevel ?? 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
      MONGODB_URI: `${engine.uri}/skillquiz`,
      DATA_DIR: path.join(tmp, 'data'),
      ADMIN_EMAILS: `${DEV_ADMIN_EMAIL},${DEV_SECOND_ADMIN_EMAIL}`,
      COMPANY_GROUP_PREFIX: DEV_COMPANY_GROUP_PREFIX,
      COMPANY_EMAIL_DOMAINS: DEV_COMPANY_EMAIL_DOMAINS,
      // agenda's lock timers would keep a test process alive long after the last test (see the
      // services' own test stack).
      JOBS_LOCK_LIFETIME_MS: '20000',
      ...options.env,
    });
    const logger = createLogger(config.logLevel);
    const running = await startServices({ config, logger, print: (line) => output.push(line) });
    let stopped = false;
    const baseUrl = running.url.replace(/\/+$/, '');
    const signIn = (role: DevRole) => createDevSession(running.config, USERS[role]);
    if (options.sampleCandidates)
      await inviteSamples(baseUrl, signIn).catch(async (err: unknown) => {
        await running.close();
        throw err;
      });
    return {
      baseUrl,
      output,
      signIn,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        await running.close();
        await engine.stop();
        fs.rmSync(tmp, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await engine.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
}
