#!/usr/bin/env node
// `npm start` (after `npm run build`): one process tree that Ctrl-C stops cleanly.
//
//   [db]       the embedded engine (libs/mongo-engine), unless MONGODB_URI is set
//   [sign-on]  the local OpenID provider (services/dist/auth/dev-provider.js), unless OIDC_ISSUER
//              is set, NODE_ENV=production, or it is not built
//   [services] node services/dist/main.js, given MONGODB_URI / OIDC_* by this script
//
// Each child's output is shown with its prefix. SIGINT/SIGTERM is forwarded to every child (the
// services first, the database last); we wait for them and exit 0. If a child dies on its own,
// the others are stopped and we exit 1.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const readline = require('node:readline');

const ROOT = path.resolve(__dirname, '..');
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const DEV_ADMIN_EMAIL = 'admin@skillquiz.local';
const RUNNING_FILE = 'running.json'; // read by services/src/cli/running.ts

const env = { ...process.env };
for (const [k, v] of Object.entries(env)) if (v === '') delete env[k]; // empty = unset, as in config.ts
const isProduction = env.NODE_ENV === 'production';
const dataDir = path.resolve(ROOT, env.DATA_DIR || '.data');
const runningFile = path.join(dataDir, RUNNING_FILE);

/** @type {{ name: string, child: import('node:child_process').ChildProcess, exited: Promise<void>, done: boolean }[]} */
const children = [];
let stopping = false;

function log(message) {
  console.log(`[start] ${message}`);
}

function freePort() {
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
 * on stdout (the line that says it is serving). `onLine` sees every stdout line.
 */
function startChild(name, script, args, childEnv, readyPattern, onLine = () => {}) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const entry = { name, child, done: false, exited: null };
  entry.exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      entry.done = true;
      resolve();
      onChildExit(name, code, signal);
    });
  });
  children.push(entry);
  readline.createInterface({ input: child.stderr }).on('line', (line) => console.error(`[${name}] ${line}`));

  return new Promise((resolve, reject) => {
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
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
  });
}

function onChildExit(name, code, signal) {
  if (stopping) return;
  // Ctrl-C reaches the whole process group at once: give our own SIGINT handler a moment to run
  // before deciding that this exit was unexpected.
  setTimeout(() => {
    if (stopping) return;
    log(`${name} stopped unexpectedly (${signal || `exit code ${code}`}); stopping the rest`);
    void stopAll(1);
  }, 300);
}

async function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  try {
    const info = JSON.parse(fs.readFileSync(runningFile, 'utf8'));
    if (info.pid === process.pid) fs.rmSync(runningFile);
  } catch {
    // not written (yet)
  }
  // Reverse start order: services, then sign-on, then the database they were using.
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

async function main() {
  requireBuilt('services/dist/main.js');
  fs.mkdirSync(dataDir, { recursive: true });
  const servicesEnv = { ...env, DATA_DIR: dataDir };

  // 1. Database.
  if (env.MONGODB_URI) {
    log('using MONGODB_URI from the environment');
  } else {
    const engineBin = 'libs/mongo-engine/bin/skillquiz-mongo.js';
    requireBuilt(engineBin);
    const dbpath = path.join(dataDir, 'db');
    fs.mkdirSync(dbpath, { recursive: true });
    // --port 0: the engine binds a free port itself and reports it (no race with other programs).
    const [, hostPort] = await startChild(
      'db',
      engineBin,
      ['--port', '0', '--dbpath', dbpath],
      { ...env },
      /skillquiz-mongo listening on (\S+)/,
    );
    servicesEnv.MONGODB_URI = `mongodb://${hostPort}/skillquiz`;
  }

  // 2. Services port, decided now so the sign-on's redirect URI can name it.
  const servicesPort = env.PORT !== undefined ? Number(env.PORT) : 8080;
  const port = servicesPort === 0 ? await freePort() : servicesPort;
  servicesEnv.PORT = String(port);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  servicesEnv.PUBLIC_URL = publicUrl;

  // 3. Development sign-on (an OpenID provider standing in for the central one).
  const signOnNotes = [];
  const devProvider = 'services/dist/auth/dev-provider.js';
  let signOn = env.OIDC_ISSUER ? `central sign-on at ${env.OIDC_ISSUER}` : 'not configured (set OIDC_ISSUER)';
  if (!env.OIDC_ISSUER && !isProduction && fs.existsSync(path.join(ROOT, devProvider))) {
    const clientId = env.OIDC_CLIENT_ID || 'skillquiz-dev';
    const clientSecret = env.OIDC_CLIENT_SECRET || 'skillquiz-dev-secret';
    const [, issuer] = await startChild(
      'sign-on',
      devProvider,
      [],
      {
        ...env,
        DATA_DIR: dataDir,
        DEV_SIGNON_PORT: '0', // it binds a free port and reports its URL
        PUBLIC_URL: publicUrl,
        OIDC_CLIENT_ID: clientId,
        OIDC_CLIENT_SECRET: clientSecret,
        DEV_ADMIN_EMAIL: env.DEV_ADMIN_EMAIL || DEV_ADMIN_EMAIL,
      },
      /dev sign-on listening on (\S+)/,
      (line) => {
        if (/login|password|user|account|email/i.test(line) && !/listening on/.test(line)) signOnNotes.push(line);
      },
    );
    Object.assign(servicesEnv, { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret });
    if (!env.ADMIN_EMAILS && !env.ADMIN_GROUP) servicesEnv.ADMIN_EMAILS = env.DEV_ADMIN_EMAIL || DEV_ADMIN_EMAIL;
    signOn = `local dev sign-on at ${issuer}`;
  }

  // 4. Services.
  let demoLink = null;
  const [, url] = await startChild(
    'services',
    'services/dist/main.js',
    [],
    servicesEnv,
    /SkillQuiz services listening on (\S+)/,
    (line) => {
      const m = /Demo candidate link: (\S+)/.exec(line);
      if (m) demoLink = m[1];
    },
  );

  // For `npm run invite` and other tools: the engine's data directory is locked while it runs.
  fs.writeFileSync(
    runningFile,
    JSON.stringify({ pid: process.pid, mongodbUri: env.MONGODB_URI ? null : servicesEnv.MONGODB_URI, publicUrl }, null, 2) + '\n',
  );

  const lines = [
    '',
    'SkillQuiz is running.',
    `  App:            ${publicUrl}/   (services bound at ${url})`,
    `  Admin:          ${publicUrl}/admin   sign-on: ${signOn}`,
    ...signOnNotes.map((n) => `                  ${n.trim()}`),
    `  Demo candidate: ${demoLink || '(no demo quiz link yet: the candidate quiz API is not built)'}`,
    `  Database:       ${env.MONGODB_URI ? 'MONGODB_URI' : `embedded engine, data in ${dataDir}`}`,
    '  Stop with Ctrl-C.',
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(`[start] ${err.message}`);
  void stopAll(1);
});
