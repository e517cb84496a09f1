// For benchmarks: the dev sign-on and the services as child processes, and a signed-in admin over plain HTTP
// (a cookie jar and the sign-on's login form, as services/test/helpers/admin-session.ts does for the tests,
// which are TypeScript and not built). Used by scale.js.
'use strict';
const { spawn } = require('node:child_process');
const net = require('node:net');
const path = require('node:path');
const readline = require('node:readline');

const DIST = path.resolve(__dirname, '..', 'dist');

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Spawns `node script` and resolves once a stdout line matches `ready` (with the match and a stop()). */
function startChild(script, env, ready, what) {
  const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  readline.createInterface({ input: child.stderr }).on('line', (l) => output.push(l));
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(t);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${what} did not start:\n${output.join('\n')}`));
    }, 60_000);
    const early = (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code}:\n${output.join('\n')}`));
    };
    child.once('exit', early);
    const lines = [];
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      output.push(line);
      const m = ready.exec(line);
      if (m) {
        clearTimeout(timer);
        // only this listener: `exited` (stop() waits for it) keeps its own
        child.off('exit', early);
        resolve({ match: m, lines, output, stop, pid: child.pid });
      }
    });
  });
}

/**
 * The dev sign-on and the services on `mongoUri`, wired as `npm start` wires them; ADMIN_EMAILS is the dev
 * admin. `env` adds to the services' environment.
 */
async function startAdminServices(mongoUri, dataDir, env = {}) {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const client = {
    OIDC_CLIENT_ID: 'skillquiz-bench',
    OIDC_CLIENT_SECRET: 'skillquiz-bench-secret-0123456789',
  };
  const base = { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: dataDir };
  const provider = await startChild(
    path.join(DIST, 'platform', 'auth', 'dev-provider.js'),
    { ...base, DEV_SIGNON_PORT: '0', PUBLIC_URL: publicUrl, ...client },
    /dev sign-on listening on (\S+)/,
    'the dev sign-on',
  );
  const login = provider.lines.map((l) => /dev sign-on admin login: (\S+) \/ (\S+)/.exec(l)).find(Boolean);
  let services;
  try {
    services = await startChild(
      path.join(DIST, 'main.js'),
      {
        ...base,
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: publicUrl,
        MONGODB_URI: mongoUri,
        OIDC_ISSUER: provider.match[1],
        ...client,
        ADMIN_EMAILS: login[1],
        SESSION_SECRET: 'bench-session-secret-0123456789-abcdefghij',
        SEED_DEMO_CANDIDATES: '0',
        ...env,
      },
      /SkillQuiz services listening on (\S+)/,
      'the services',
    );
  } catch (err) {
    await provider.stop();
    throw err;
  }
  return {
    baseUrl: services.match[1].replace(/\/+$/, ''),
    admin: { email: login[1], password: login[2] },
    /** the services process (its CPU time is read from /proc by the scale bench) */
    pid: services.pid,
    stop: async () => {
      await services.stop();
      await provider.stop();
    },
  };
}

/** Cookies per host, with their paths; redirects followed by hand (as a browser would). */
class Browser {
  constructor() {
    this.jar = new Map();
  }
  cookie(url, name) {
    return this.jar.get(new URL(url).hostname)?.get(name)?.value;
  }
  header(u) {
    const cookies = this.jar.get(u.hostname);
    if (!cookies) return '';
    return [...cookies]
      .filter(([, c]) => c.path === '/' || u.pathname === c.path || u.pathname.startsWith(`${c.path}/`))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }
  async fetch(url, init = {}) {
    const u = new URL(url);
    const headers = new Headers(init.headers);
    const cookie = this.header(u);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(u, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const p = attrs.find((a) => a.toLowerCase().startsWith('path='));
      const gone = attrs.some((a) => /^max-age=0$/i.test(a)) || value === '';
      const cookies = this.jar.get(u.hostname) ?? new Map();
      this.jar.set(u.hostname, cookies);
      if (gone) cookies.delete(name);
      else cookies.set(name, { value, path: p ? p.slice(5) : '/' });
    }
    return res;
  }
  async follow(url, init, stopAt) {
    let current = url;
    let req = init;
    for (let i = 0; i < 15; i++) {
      const res = await this.fetch(current, req);
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { res, url: current };
      await res.arrayBuffer();
      current = new URL(location, current).href;
      if (stopAt?.(new URL(current))) return { res, url: current };
      if (res.status !== 307 && res.status !== 308) req = { method: 'GET' };
    }
    throw new Error('too many redirects');
  }
}

/** Signs `browser` in through the login form of the dev sign-on; throws unless it lands on /admin. */
async function signIn(browser, baseUrl, login) {
  await (await browser.fetch(`${baseUrl}/admin`)).arrayBuffer();
  const token = browser.cookie(baseUrl, 'CSRF-TOKEN');
  const toForm = await browser.follow(`${baseUrl}/auth/central`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ authenticity_token: token }).toString(),
  });
  const page = await toForm.res.text();
  const action = /<form[^>]*action="([^"]*)"/.exec(page)?.[1]?.replace(/&amp;/g, '&');
  if (!action) throw new Error(`no login form: ${page.slice(0, 300)}`);
  const back = await browser.follow(
    new URL(action, toForm.url).href,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: login.email, password: login.password }).toString(),
    },
    (u) => u.origin === new URL(baseUrl).origin && u.pathname.startsWith('/admin'),
  );
  if (!new URL(back.url).pathname.startsWith('/admin')) throw new Error(`sign-in ended at ${back.url}`);
  const me = await browser.fetch(`${baseUrl}/me`, { headers: { accept: 'application/json' } });
  if (me.status !== 200) throw new Error(`/me after sign-in: ${me.status}`);
}

module.exports = { Browser, signIn, startAdminServices };
