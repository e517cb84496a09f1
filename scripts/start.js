#!/usr/bin/env node
// `npm start` (after `npm run build`): one process tree that Ctrl-C stops cleanly.
//
//   [db]       the embedded engine (libs/mongo-engine), unless MONGODB_URI is set
//   [sign-on]  the local OpenID provider (services/dist/platform/auth/dev-provider.js), unless OIDC_ISSUER
//              is set, NODE_ENV=production, or it is not built; with it, the services get
//              ADMIN_EMAILS (the dev admin), COMPANY_GROUP_PREFIX and COMPANY_EMAIL_DOMAINS (the
//              dev recruiters' companies) unless set
//   [mail]     the dev mail catcher (services/dist/hiring/mail/dev-mail-catcher.js: a real SMTP server on
//              loopback keeping every message in DATA_DIR/dev-outbox, shown at /dev/outbox), unless
//              SMTP_URL is set or NODE_ENV=production; the services get SMTP_URL and DEV_OUTBOX_DIR
//   [services] node services/dist/main.js, given MONGODB_URI / OIDC_* by this script, and
//              DEMO_MODE_ALLOWED=true unless it is set or NODE_ENV=production, and (not in
//              production) SEED_DEMO_CANDIDATES=400 unless it is set: the first start's simulated
//              candidates for the content analytics
//
// PORT=0 asks for a free port: the services bind it themselves and print it, except when the dev
// sign-on needs their URL first (its redirect URI), where a free port is chosen here and the start
// is retried on another one if it got taken in between.
//
// Each child's output is shown with its prefix. SIGINT/SIGTERM is forwarded to every child (the
// services first, the database last); we wait for them and exit 0. A child that dies on its own
// once it was serving is started again (same port, same data: the engine recovers from its journal)
// after a backoff of 1, 2, 4 ... 30 s, with the reason logged; the backoff starts over once a child
// has run for a minute. Only a signal stops everything. A child that fails its first start stops
// the rest and we exit 1.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const readline = require('node:readline');

const ROOT = path.resolve(__dirname, '..');
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const DEV_PROVIDER = 'services/dist/platform/auth/dev-provider.js';
const DEV_MAIL_CATCHER = 'services/dist/hiring/mail/dev-mail-catcher.js';
const PORT_ATTEMPTS = 5;
const RESTART_BACKOFF_MS = [1000, 2000, 4000, 8000, 16000, 30000];
/** A child that ran this long before crashing starts its backoff over from the first step. */
const STABLE_AFTER_MS = 60_000;
/** Lines of a child's stderr kept to explain a crash. */
const STDERR_KEPT = 5;

const env = { ...process.env };
for (const [k, v] of Object.entries(env)) if (v === '') delete env[k]; // empty = unset, as in config.ts
const isProduction = env.NODE_ENV === 'production';
const dataDir = path.resolve(ROOT, env.DATA_DIR || '.data');
/** Set in main() from the built services (after the build check), so the names live in one place. */
let runningFile = null;
/** @type {{ DEV_ADMIN_EMAIL: string, DEV_SECOND_ADMIN_EMAIL: string, DEV_CLIENT_ID: string, DEV_CLIENT_SECRET: string,
 *   DEV_COMPANY_GROUP_PREFIX: string, DEV_COMPANY_EMAIL_DOMAINS: string }} */
let devDefaults;

/**
 * Every running child, in start order. `restart` (set once it serves) says how to start it again
 * after a crash: the same script with these args and env; without it a crash stops everything.
 * @type {{ name: string, child: import('node:child_process').ChildProcess, exited: Promise<void>, done: boolean,
 *   starting: boolean, stderr: string[], spec: object, restart?: { args: string[], env: object },
 *   readyAt?: number, attempt: number }[]}
 */
const children = [];
let stopping = false;

function log(message) {
  console.log(`[start] ${message}`);
}

/**
 * A port that was free a moment ago. Only for the one case where a port must be named before the
 * services bind it (the dev sign-on's redirect URI); the caller retries if someone took it meanwhile.
 */
function candidatePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Spawns a node script, prefixes its output, and resolves with the first match of `readyPattern`
 * on stdout (the line that says it is serving). `onLine` sees every stdout line. Until it is ready
 * an exit only rejects (the caller decides: retry or give up); after that it stops everything.
 */
function startChild(name, script, args, childEnv, readyPattern, onLine = () => {}) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const entry = {
    name,
    child,
    done: false,
    starting: true,
    stderr: [],
    exited: null,
    spec: { script, args, childEnv, readyPattern, onLine },
    attempt: 0,
  };
  entry.exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      entry.done = true;
      resolve();
      if (!entry.starting) onChildExit(entry, code, signal);
    });
  });
  children.push(entry);
  readline.createInterface({ input: child.stderr }).on('line', (line) => {
    entry.stderr.push(line); // to explain a failed start, or a crash (the last few lines)
    if (!entry.starting && entry.stderr.length > STDERR_KEPT) entry.stderr.shift();
    console.error(`[${name}] ${line}`);
  });

  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not report ready within ${READY_TIMEOUT_MS / 1000}s`)),
      READY_TIMEOUT_MS,
    );
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited before it was ready (${signal || `code ${code}`})`));
    });
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      console.log(`[${name}] ${line}`);
      onLine(line);
      const m = readyPattern.exec(line);
      if (m && entry.starting) {
        clearTimeout(timer);
        entry.starting = false;
        entry.readyAt = Date.now();
        entry.stderr.splice(0, Math.max(0, entry.stderr.length - STDERR_KEPT));
        log(`${name} running (pid ${child.pid})`);
        resolve(m);
      }
    });
  });
  ready.entry = entry;
  return ready;
}

/** Stops one child and forgets it (a start attempt that is being retried). */
async function stopChild(entry) {
  entry.starting = true; // an exit now is expected, not a reason to stop the rest
  if (!entry.done) {
    entry.child.kill('SIGTERM');
    const killer = setTimeout(() => entry.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await entry.exited;
    clearTimeout(killer);
  }
  children.splice(children.indexOf(entry), 1);
}

function onChildExit(entry, code, signal) {
  if (stopping) return;
  // Ctrl-C reaches the whole process group at once: give our own SIGINT handler a moment to run
  // before deciding that this exit was unexpected.
  setTimeout(() => {
    if (stopping) return;
    const why = `${signal || `exit code ${code}`}${entry.stderr.length ? `; its last output: ${entry.stderr.join(' | ')}` : ''}`;
    if (!entry.restart) {
      log(`${entry.name} stopped unexpectedly (${why}); stopping the rest`);
      void stopAll(1);
      return;
    }
    const attempt = Date.now() - (entry.readyAt ?? 0) >= STABLE_AFTER_MS ? 0 : entry.attempt;
    const delay = RESTART_BACKOFF_MS[Math.min(attempt, RESTART_BACKOFF_MS.length - 1)];
    log(`${entry.name} stopped unexpectedly (${why}); restarting it in ${delay / 1000}s`);
    void restartChild(entry, attempt, delay);
  }, 300);
}

/** Starts a crashed child again in its place (stop order is kept), retrying with backoff. */
async function restartChild(crashed, attempt, delay) {
  await new Promise((r) => setTimeout(r, delay));
  if (stopping) return;
  const { script, readyPattern, onLine } = crashed.spec;
  const start = startChild(
    crashed.name,
    script,
    crashed.restart.args,
    crashed.restart.env,
    readyPattern,
    onLine,
  );
  const entry = start.entry;
  children.splice(children.indexOf(entry), 1);
  children.splice(children.indexOf(crashed), 1, entry);
  entry.restart = crashed.restart;
  entry.attempt = attempt + 1;
  try {
    await start;
    log(`${crashed.name} is back after ${attempt + 1} restart attempt(s)`);
  } catch (err) {
    if (stopping) return;
    const next = RESTART_BACKOFF_MS[Math.min(attempt + 1, RESTART_BACKOFF_MS.length - 1)];
    log(`${crashed.name} did not come back (${err.message}); trying again in ${next / 1000}s`);
    if (!entry.done) entry.child.kill('SIGKILL');
    await entry.exited;
    await restartChild(entry, attempt + 1, next);
  }
}

async function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  try {
    if (!runningFile) throw new Error('not known yet');
    const info = JSON.parse(fs.readFileSync(runningFile, 'utf8'));
    if (info.pid === process.pid) fs.rmSync(runningFile);
  } catch {
    // not written (yet)
  }
  // Reverse start order: services, then sign-on, then mail, then the database they were using.
  for (const entry of [...children].reverse()) {
    if (entry.done) continue;
    entry.child.kill('SIGTERM');
    const killer = setTimeout(() => {
      log(`${entry.name} did not stop in ${STOP_TIMEOUT_MS / 1000}s; killing it`);
      entry.child.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    await entry.exited;
    clearTimeout(killer);
  }
  process.exit(exitCode);
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (!stopping) log(`${sig}: stopping`);
    void stopAll(0);
  });
}

function requireBuilt(file) {
  if (!fs.existsSync(path.join(ROOT, file))) {
    throw new Error(`${file} is missing; run \`npm run build\` first (npm start does it for you)`);
  }
}

class PortTakenError extends Error {}

/**
 * Starts the dev sign-on (when used) and, once `databaseReady` has settled, the services on `port`
 * (0 = the services pick one).
 * Throws PortTakenError, after stopping what it started, when the services found the port taken.
 */
async function startSignOnAndServices(servicesEnv, port, useDevSignOn, databaseReady) {
  const envFor = { ...servicesEnv, PORT: String(port) };
  let publicUrl = port === 0 ? null : (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  if (publicUrl) envFor.PUBLIC_URL = publicUrl;

  const signOnNotes = [];
  let signOn = env.OIDC_ISSUER ? `central sign-on at ${env.OIDC_ISSUER}` : 'not configured (set OIDC_ISSUER)';
  let signOnStart = null;
  if (useDevSignOn) {
    const clientId = env.OIDC_CLIENT_ID || devDefaults.DEV_CLIENT_ID;
    const clientSecret = env.OIDC_CLIENT_SECRET || devDefaults.DEV_CLIENT_SECRET;
    signOnStart = startChild(
      'sign-on',
      DEV_PROVIDER,
      [],
      {
        ...env,
        DATA_DIR: servicesEnv.DATA_DIR,
        DEV_SIGNON_PORT: '0', // it binds a free port and reports its URL
        PUBLIC_URL: publicUrl || env.PUBLIC_URL,
        OIDC_CLIENT_ID: clientId,
        OIDC_CLIENT_SECRET: clientSecret,
      },
      /dev sign-on listening on (\S+)/,
      (line) => {
        if (/login|password|user|account|email/i.test(line) && !/listening on/.test(line))
          signOnNotes.push(line);
      },
    );
    const [, issuer] = await signOnStart;
    signOnStart.entry.restart = {
      args: [],
      env: { ...signOnStart.entry.spec.childEnv, DEV_SIGNON_PORT: new URL(issuer).port },
    };
    Object.assign(envFor, {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
    });
    // Both dev admins (the second reviews the first's questions when review is required).
    if (!env.ADMIN_EMAILS && !env.ADMIN_GROUP)
      envFor.ADMIN_EMAILS = [
        env.DEV_ADMIN_EMAIL || devDefaults.DEV_ADMIN_EMAIL,
        devDefaults.DEV_SECOND_ADMIN_EMAIL,
      ].join(',');
    // The dev recruiters' companies: one by group claim, one by email domain.
    if (!env.COMPANY_GROUP_PREFIX) envFor.COMPANY_GROUP_PREFIX = devDefaults.DEV_COMPANY_GROUP_PREFIX;
    if (!env.COMPANY_EMAIL_DOMAINS) envFor.COMPANY_EMAIL_DOMAINS = devDefaults.DEV_COMPANY_EMAIL_DOMAINS;
    signOn = `local dev sign-on at ${issuer}`;
  }

  await databaseReady;
  if (servicesEnv.MONGODB_URI) envFor.MONGODB_URI = servicesEnv.MONGODB_URI;
  let demoLink = null;
  const servicesStart = startChild(
    'services',
    'services/dist/main.js',
    [],
    envFor,
    /SkillQuiz services listening on (\S+)/,
    (line) => {
      const m = /Demo candidate link: (\S+)/.exec(line);
      if (m) demoLink = m[1];
    },
  );
  let url;
  try {
    [, url] = await servicesStart;
  } catch (err) {
    // The services print "listen EADDRINUSE" on stderr and exit 1.
    const taken = port !== 0 && servicesStart.entry.stderr.some((l) => /EADDRINUSE/.test(l));
    if (!taken) throw err;
    await stopChild(servicesStart.entry);
    if (signOnStart) await stopChild(signOnStart.entry);
    throw new PortTakenError(`port ${port} is in use`);
  }
  // PORT=0: links follow the bound port, as the services' own config does (localhost, its port).
  if (!publicUrl) publicUrl = (env.PUBLIC_URL || `http://localhost:${new URL(url).port}`).replace(/\/+$/, '');
  // A restart binds the same port and keeps the same links.
  servicesStart.entry.restart = {
    args: [],
    env: { ...envFor, PORT: new URL(url).port, PUBLIC_URL: publicUrl },
  };
  return { publicUrl, url, signOn, signOnNotes, demoLink };
}

/** Starts the embedded engine unless MONGODB_URI is set; sets servicesEnv.MONGODB_URI to it. */
async function startDatabase(servicesEnv) {
  if (env.MONGODB_URI) {
    log('using MONGODB_URI from the environment');
    return;
  }
  const engineBin = 'libs/mongo-engine/bin/skillquiz-mongo.js';
  requireBuilt(engineBin);
  const dbpath = path.join(dataDir, 'db');
  fs.mkdirSync(dbpath, { recursive: true });
  // --port 0: the engine binds a free port itself and reports it (no race with other programs).
  const dbStart = startChild(
    'db',
    engineBin,
    ['--port', '0', '--dbpath', dbpath],
    { ...env },
    /skillquiz-mongo listening on (\S+)/,
  );
  const [, hostPort] = await dbStart;
  servicesEnv.MONGODB_URI = `mongodb://${hostPort}/skillquiz`;
  // Restarted on the same port, the services' driver reconnects to it by itself.
  const enginePort = hostPort.slice(hostPort.lastIndexOf(':') + 1);
  dbStart.entry.restart = { args: ['--port', enginePort, '--dbpath', dbpath], env: { ...env } };
}

async function main() {
  requireBuilt('services/dist/main.js');
  devDefaults = require(path.join(ROOT, 'services/dist/platform/auth/dev-accounts.js'));
  runningFile = path.join(dataDir, require(path.join(ROOT, 'services/dist/cli/running.js')).RUNNING_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  const servicesEnv = { ...env, DATA_DIR: dataDir };
  // The services allow demo mode only when told to (a forgotten NODE_ENV must not leak the correct
  // flag). In development `npm start` allows it unless the variable says otherwise; in production it
  // stays off unless DEMO_MODE_ALLOWED is set, since demo mode hands every candidate the answer key.
  if (env.DEMO_MODE_ALLOWED === undefined && !isProduction) servicesEnv.DEMO_MODE_ALLOWED = 'true';
  const demoMode = /^(true|1|yes)$/.test(servicesEnv.DEMO_MODE_ALLOWED ?? '') ? 'on' : 'off';
  // The first start's demo data for the content analytics (simulated candidates, in the background
  // after the seed). Never by default in production; SEED_DEMO_CANDIDATES=0 turns it off.
  if (env.SEED_DEMO_CANDIDATES === undefined && !isProduction) servicesEnv.SEED_DEMO_CANDIDATES = '400';
  // The demo data is reviewed by nobody, so moving a question to ready needs no second
  // admin here; production keeps the services' default (review required) unless REVIEW_REQUIRED is set.
  if (env.REVIEW_REQUIRED === undefined && !isProduction) servicesEnv.REVIEW_REQUIRED = 'false';
  const demoCandidates = Number(servicesEnv.SEED_DEMO_CANDIDATES || 0);
  const demoData =
    demoCandidates > 0
      ? `${demoCandidates} simulated candidates per seeded atom after the first seed, in the background`
      : 'off';

  // 1. Database, started while the sign-on starts (neither needs the other; the services need both).
  const databaseReady = startDatabase(servicesEnv);
  databaseReady.catch(() => {}); // awaited before the services start; this only marks it handled

  // 2. Outgoing mail: SMTP_URL when set; otherwise, outside production, the dev mail catcher (it
  // stands in for a mail server as the dev sign-on does for the central one). Production without
  // SMTP_URL sends no email, and there is no outbox to look at.
  let mail = env.SMTP_URL ? 'SMTP_URL' : 'off: invitations are created without email (set SMTP_URL)';
  let outboxLink = false;
  if (!env.SMTP_URL && !isProduction && fs.existsSync(path.join(ROOT, DEV_MAIL_CATCHER))) {
    const outboxDir = path.join(dataDir, 'dev-outbox');
    const mailStart = startChild(
      'mail',
      DEV_MAIL_CATCHER,
      [],
      { ...env, DEV_OUTBOX_DIR: outboxDir, DEV_MAIL_PORT: '0' },
      /dev mail catcher listening on (\S+)/,
    );
    const [, smtpUrl] = await mailStart;
    // Restarted on the same port, so the services' SMTP_URL stays right.
    mailStart.entry.restart = {
      args: [],
      env: { ...env, DEV_OUTBOX_DIR: outboxDir, DEV_MAIL_PORT: new URL(smtpUrl).port },
    };
    Object.assign(servicesEnv, { SMTP_URL: smtpUrl, DEV_OUTBOX_DIR: outboxDir });
    mail = `dev mail catcher at ${smtpUrl} (nothing leaves this machine)`;
    outboxLink = true;
  }

  // 3. Services and the development sign-on (an OpenID provider standing in for the central one).
  // PORT=0 means a free port. The services bind it themselves and print it, unless the dev sign-on
  // must be told their URL before they start (its redirect URI): then a free port is chosen here and
  // the pair is started again on another one if something took it in between.
  const requestedPort = env.PORT !== undefined ? Number(env.PORT) : 8080;
  const useDevSignOn = !env.OIDC_ISSUER && !isProduction && fs.existsSync(path.join(ROOT, DEV_PROVIDER));
  const portKnownFirst = requestedPort !== 0 || (useDevSignOn && !env.PUBLIC_URL);
  const attempts = requestedPort === 0 && portKnownFirst ? PORT_ATTEMPTS : 1;

  let started;
  for (let attempt = 1; ; attempt++) {
    const port = requestedPort === 0 && portKnownFirst ? await candidatePort() : requestedPort;
    try {
      started = await startSignOnAndServices(servicesEnv, port, useDevSignOn, databaseReady);
      break;
    } catch (err) {
      if (!(err instanceof PortTakenError) || attempt >= attempts) throw err;
      log(`port ${port} was taken before the services could bind it; trying another`);
    }
  }
  const { publicUrl, url, signOn, signOnNotes, demoLink } = started;

  // For `npm run invite` and other tools: the engine's data directory is locked while it runs.
  fs.writeFileSync(
    runningFile,
    JSON.stringify(
      { pid: process.pid, mongodbUri: env.MONGODB_URI ? null : servicesEnv.MONGODB_URI, publicUrl },
      null,
      2,
    ) + '\n',
  );

  const lines = [
    '',
    'SkillQuiz is running.',
    `  App:            ${publicUrl}/   (services bound at ${url})`,
    `  Admin:          ${publicUrl}/admin   sign-on: ${signOn}`,
    ...signOnNotes.map((n) => `                  ${n.trim()}`),
    `  Demo candidate: ${demoLink || '(no demo quiz link yet: the candidate quiz API is not built)'}`,
    `  Database:       ${env.MONGODB_URI ? 'MONGODB_URI' : `embedded engine, data in ${dataDir}`}`,
    `  Demo mode:      ${demoMode} (DEMO_MODE_ALLOWED)${demoMode === 'on' && isProduction ? '   !! IN PRODUCTION: candidates see the answers !!' : ''}`,
    `  Demo data:      ${demoData} (SEED_DEMO_CANDIDATES)`,
    `  Email:          ${mail}`,
    ...(outboxLink ? [`  Dev outbox:     ${publicUrl}/dev/outbox   (the emails the product sent)`] : []),
    `  Jobs:           ${publicUrl}/sidekiq   (background jobs; signed-in admins)`,
    '  Stop with Ctrl-C.',
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(`[start] ${err.message}`);
  void stopAll(1);
});
