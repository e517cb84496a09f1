// Admin test helpers: a cookie-keeping HTTP client (a tiny "browser"), the local dev sign-on as a
// child process, a stack wired to it, and a real sign-in through its login form.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { MongoClient, type Db } from 'mongodb';
import { startSmtp, type TestSmtp } from './jobs';
import { startStack, stopChild, type ServicesOptions, type Stack } from './stack';

const DEV_PROVIDER = path.resolve(__dirname, '..', '..', 'dist', 'platform', 'auth', 'dev-provider.js');

interface StoredCookie {
  value: string;
  path: string;
}

/** Cookies per host (like a browser: not per port), with Path matching; redirects followed by hand. */
export class Browser {
  private readonly jar = new Map<string, Map<string, StoredCookie>>();

  cookie(url: string, name: string): string | undefined {
    return this.jar.get(new URL(url).hostname)?.get(name)?.value;
  }

  private cookieHeader(url: URL): string {
    const cookies = this.jar.get(url.hostname);
    if (!cookies) return '';
    return [...cookies.entries()]
      .filter(
        ([, c]) =>
          url.pathname === c.path ||
          url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) ||
          c.path === '/',
      )
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  private store(url: URL, res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let cookiePath = '/';
      let expired = false;
      for (const attr of attrs) {
        const [k, v = ''] = attr.split('=');
        const key = k.toLowerCase();
        if (key === 'path') cookiePath = v;
        if (key === 'max-age' && Number(v) <= 0) expired = true;
        if (key === 'expires' && Date.parse(v) <= Date.now()) expired = true;
      }
      const cookies = this.jar.get(url.hostname) ?? new Map<string, StoredCookie>();
      this.jar.set(url.hostname, cookies);
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, { value, path: cookiePath });
    }
  }

  /** One request (no redirect following); cookies sent and stored. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const u = new URL(url);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(u);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(u, { ...init, headers, redirect: 'manual' });
    this.store(u, res);
    return res;
  }

  /** Follows redirects (303/302/301 become GET) and returns the last response and its URL. */
  async follow(
    url: string,
    init: RequestInit = {},
    stopAt?: (u: URL) => boolean,
  ): Promise<{ res: Response; url: string; visited: string[] }> {
    let current = url;
    let req = init;
    const visited = [url];
    for (let i = 0; i < 15; i++) {
      const res = await this.fetch(current, req);
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { res, url: current, visited };
      await res.arrayBuffer();
      current = new URL(location, current).href;
      visited.push(current);
      if (stopAt?.(new URL(current))) return { res, url: current, visited };
      if (res.status !== 307 && res.status !== 308) req = { method: 'GET' };
    }
    throw new Error(`too many redirects: ${visited.join(' -> ')}`);
  }
}

export interface DevProvider {
  issuer: string;
  admin: { email: string; password: string };
  user: { email: string; password: string };
  /** The demo company's recruiter (group claim) and the second company's (email domain). */
  recruiter: { email: string; password: string };
  secondRecruiter: { email: string; password: string };
  output: string[];
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts services/dist/platform/auth/dev-provider.js; resolves with its issuer and the logins it printed. */
export async function startDevProvider(env: Record<string, string>): Promise<DevProvider> {
  if (!fs.existsSync(DEV_PROVIDER))
    throw new Error(`${DEV_PROVIDER} is missing: run \`npx tsc -b services\` first`);
  const child = spawn(process.execPath, [DEV_PROVIDER], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DEV_SIGNON_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  readline.createInterface({ input: child.stderr }).on('line', (l) => output.push(l));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const logins: Record<string, { email: string; password: string }> = {};
  const issuer = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`dev sign-on did not start:\n${output.join('\n')}`));
    }, 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`dev sign-on exited with ${code}:\n${output.join('\n')}`));
    });
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      output.push(line);
      const login = /dev sign-on ([a-z -]+?) login: (\S+) \/ (\S+)/.exec(line);
      if (login) logins[login[1]] = { email: login[2], password: login[3] };
      const m = /dev sign-on listening on (\S+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  return {
    issuer,
    admin: logins.admin,
    user: logins['non-admin'],
    recruiter: logins.recruiter,
    secondRecruiter: logins['second-company recruiter'],
    output,
    stop: () => stopChild(child, exited),
  };
}

export interface AdminStack {
  stack: Stack;
  provider: DevProvider;
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The services and the dev sign-on wired to each other, as `npm start` does: the services' port is
 * chosen first so the sign-on can register the callback URL. ADMIN_EMAILS is the dev admin.
 */
export async function startAdminStack(
  env: Record<string, string> = {},
  options: ServicesOptions = {},
  pickPort: () => Promise<number> = freePort,
): Promise<AdminStack> {
  // The port is free when picked but only taken when the services listen: between the two, another
  // test file running beside this one (or the sign-on's own port 0) can take it. Then start again on
  // another port, sign-on included, since the callback URL it registered names the port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAdminStackOn(await pickPort(), env, options);
    } catch (err) {
      if (attempt >= 5 || !/EADDRINUSE/.test(String((err as Error)?.message ?? err))) throw err;
    }
  }
}

async function startAdminStackOn(
  port: number,
  env: Record<string, string>,
  options: ServicesOptions,
): Promise<AdminStack> {
  const publicUrl = `http://127.0.0.1:${port}`;
  const client = { OIDC_CLIENT_ID: 'skillquiz-test', OIDC_CLIENT_SECRET: 'skillquiz-test-secret-0123456789' };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-signon-'));
  const provider = await startDevProvider({ PUBLIC_URL: publicUrl, DATA_DIR: dataDir, ...client });
  let stack: Stack;
  try {
    stack = await startStack(
      {
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        OIDC_ISSUER: provider.issuer,
        ...client,
        ADMIN_EMAILS: provider.admin.email,
        // The dev recruiters' companies, as `npm start` configures them (platform/auth/dev-accounts.ts).
        COMPANY_GROUP_PREFIX: 'company:',
        COMPANY_EMAIL_DOMAINS: 'initech.example=initech',
        SESSION_SECRET: 'test-session-secret-0123456789-abcdefghij',
        ...env,
      },
      options,
    );
  } catch (err) {
    await provider.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    stack,
    provider,
    baseUrl: stack.baseUrl,
    stop: async () => {
      await stack.stop();
      await provider.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The value of an attribute in the first tag matching `tagPattern`. */
function attr(html: string, tagPattern: RegExp, name: string): string | undefined {
  const tag = tagPattern.exec(html)?.[0];
  return tag ? new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&amp;/g, '&') : undefined;
}

export interface SignInResult {
  /** Every URL the browser went through, in order. */
  visited: string[];
  /** The login form page's HTML, as the provider served it. */
  loginPage: string;
  /** Where the browser landed. */
  finalUrl: string;
  finalStatus: number;
  /** The body of the last response (the provider's page when the sign-in stopped there). */
  finalBody: string;
}

/**
 * Signs in like a person: loads a page (to get the CSRF cookie), posts the login form to
 * /auth/central, follows the redirects to the sign-on, fills in and posts its login form, and
 * follows the redirects back until the services send the browser to an /admin page.
 */
export async function signIn(
  browser: Browser,
  baseUrl: string,
  login: { email: string; password: string },
): Promise<SignInResult> {
  await (await browser.fetch(`${baseUrl}/admin`)).arrayBuffer();
  const token = browser.cookie(baseUrl, 'CSRF-TOKEN');
  if (!token) throw new Error('no CSRF-TOKEN cookie after loading /admin');
  const toForm = await browser.follow(`${baseUrl}/auth/central`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ authenticity_token: token }).toString(),
  });
  const loginPage = await toForm.res.text();
  if (toForm.res.status !== 200)
    throw new Error(`expected the login form, got ${toForm.res.status} at ${toForm.url}: ${loginPage}`);
  const action = attr(loginPage, /<form[^>]*>/, 'action');
  if (!action) throw new Error(`no form on the sign-on page: ${loginPage}`);
  const back = await browser.follow(
    new URL(action, toForm.url).href,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: login.email, password: login.password }).toString(),
    },
    (u) => u.origin === new URL(baseUrl).origin && u.pathname.startsWith('/admin'),
  );
  return {
    visited: [...toForm.visited, ...back.visited],
    loginPage,
    finalUrl: back.url,
    finalStatus: back.res.status,
    finalBody: back.res.bodyUsed ? '' : await back.res.text(),
  };
}

/** Fetch options for a JSON call as the admin front end makes it (CSRF header from the cookie). */
export function jsonCall(
  browser: Browser,
  baseUrl: string,
  method: string,
  body?: unknown,
  csrf = true,
): RequestInit {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const token = browser.cookie(baseUrl, 'CSRF-TOKEN');
  if (csrf && token) headers['x-csrf-token'] = token;
  return { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
}

/** A JSON call's reply: status, the body parsed when it is JSON, the raw text and the headers. */
export interface JsonReply<T> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/** A JSON call as the admin front end makes it (jsonCall's options), its reply read once. */
export async function callJson<T = any>(
  browser: Browser,
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  csrf = true,
): Promise<JsonReply<T>> {
  const res = await browser.fetch(`${baseUrl}${path}`, jsonCall(browser, baseUrl, method, body, csrf));
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, body: json as T, text, headers: res.headers };
}

/** What POST /api/hiring/invitations answers, as the tests use it: the id and the candidate's link. */
export interface CreatedInvitation {
  invitation: { id: string };
  link: string;
  /** The quiz token in the link (the candidate's quiz API is /api/quiz/{token}/…). */
  token: string;
}

/** Invites a candidate as the signed-in recruiter in `browser`; throws unless it is created (201). */
export async function inviteCandidate(
  browser: Browser,
  baseUrl: string,
  body: { candidate_name?: string; candidate_email?: string; required_atoms: string[] } & Record<
    string,
    unknown
  >,
): Promise<CreatedInvitation> {
  const r = await callJson<{ invitation: { id: string }; link: string }>(
    browser,
    baseUrl,
    'POST',
    '/api/hiring/invitations',
    body,
  );
  if (r.status !== 201) throw new Error(`invite: ${r.status} ${r.text}`);
  return { ...r.body, token: r.body.link.split('/quiz/')[1] };
}

/** The signed-in parties a hiring test can ask for: the two companies' recruiters and the admin. */
export type HiringParty = 'acme' | 'initech' | 'admin';

/** What `useHiringStack` hands a test; `env`, `db` and `smtp` are there once its beforeAll has run. */
export interface HiringTestStack {
  readonly env: AdminStack;
  readonly db: Db;
  /** The SMTP server on loopback the services send to (with `smtp: true`). */
  readonly smtp: TestSmtp;
  /** The demo company's recruiter, the second company's recruiter and the admin, each a browser. */
  readonly acme: Browser;
  readonly initech: Browser;
  readonly admin: Browser;
  /** A JSON call as the admin front end makes it (CSRF header unless `csrf` is false). */
  call<T = any>(
    b: Browser,
    method: string,
    path: string,
    body?: unknown,
    csrf?: boolean,
  ): Promise<JsonReply<T>>;
  /** An absolute URL on the services. */
  url(path: string): string;
}

/**
 * The hiring tests' shared setup, as jest hooks: with `smtp`, a test SMTP server on loopback first
 * (SMTP_URL); the services with the dev sign-on (`startAdminStack` with `env`); a database client
 * on the stack's database; and a real sign-in of each party in `signIn`, in that order. All stopped
 * after the file.
 */
export function useHiringStack(
  options: {
    env?: Record<string, string>;
    smtp?: boolean;
    signIn?: HiringParty[];
    services?: ServicesOptions;
  } = {},
): HiringTestStack {
  let env: AdminStack | undefined;
  let client: MongoClient | undefined;
  let db: Db | undefined;
  let smtp: TestSmtp | undefined;
  const browsers = { acme: new Browser(), initech: new Browser(), admin: new Browser() };
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is there only once useHiringStack's beforeAll has run`);
    return value;
  };
  beforeAll(async () => {
    if (options.smtp) smtp = await startSmtp();
    env = await startAdminStack(
      { ...(smtp ? { SMTP_URL: smtp.url } : {}), ...options.env },
      options.services,
    );
    client = await MongoClient.connect(env.stack.mongoUri);
    db = client.db();
    const logins = {
      acme: env.provider.recruiter,
      initech: env.provider.secondRecruiter,
      admin: env.provider.admin,
    };
    for (const party of options.signIn ?? []) await signIn(browsers[party], env.baseUrl, logins[party]);
  });
  afterAll(async () => {
    await client?.close();
    await env?.stop();
    await smtp?.stop();
  });
  return {
    get env() {
      return started(env, 'env');
    },
    get db() {
      return started(db, 'db');
    },
    get smtp() {
      return started(smtp, 'smtp');
    },
    ...browsers,
    call: (b, method, path, body, csrf = true) =>
      callJson(b, started(env, 'env').baseUrl, method, path, body, csrf),
    url: (p) => `${started(env, 'env').baseUrl}${p}`,
  };
}
