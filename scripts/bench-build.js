#!/usr/bin/env node
// `npm run bench:build`: how fast the feedback loop is. Prints
//
//   1. a second `npm start` with nothing changed: seconds from the command to "SkillQuiz is running"
//      (target <= 10 s on the 2-core machines), median of --runs starts after one untimed start that
//      seeds a throw-away DATA_DIR (PORT=0, SEED_DEMO_CANDIDATES=0);
//   2. `npm test`'s build and type-check steps after a one-line change in one remote (--remote,
//      default mfe-quiz): `npm run build` (only that remote rebuilds; the rest is left as it is)
//      and `npm run typecheck` (tsc -b re-checks that remote's project only), against the same two
//      steps done the way they were before build caching: every package built (--skip-nx-cache) and
//      every project checked cold (no tsc build info).
//
// The edit is a comment line appended to the remote's src/index.ts, removed afterwards (also on
// Ctrl-C), and the build is brought back to the unchanged state before the bench ends. The load
// average is printed at the start and end: on a shared machine compare runs made under similar load.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function argValue(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const RUNS = Number(argValue('runs', 3));
const REMOTE = argValue('remote', 'mfe-quiz');
const START_TIMEOUT_MS = 180_000;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Runs a command to its end; resolves with its wall time in ms (rejects on failure, with its output). */
function timed(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const out = [];
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code === 0) resolve(ms);
      else
        reject(
          new Error(
            `${command} ${args.join(' ')} failed (${code}):\n${Buffer.concat(out).toString().slice(-4000)}`,
          ),
        );
    });
  });
}

/** `npm start` on dataDir: ms until its summary is printed; then Ctrl-C to the whole tree. */
function timedStart(dataDir) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(NPM, ['start'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        SEED_DEMO_CANDIDATES: '0',
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so the stop reaches start.js and its children
    });
    let ready = null;
    const output = [];
    const timer = setTimeout(
      () => stop(new Error(`npm start was not ready in ${START_TIMEOUT_MS / 1000} s`)),
      START_TIMEOUT_MS,
    );
    const stop = (err) => {
      clearTimeout(timer);
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        // gone already
      }
      child.once('exit', () => (err ? reject(err) : resolve(ready)));
    };
    child.stderr.on('data', (d) => output.push(String(d)));
    child.stdout.on('data', (d) => {
      output.push(String(d));
      if (ready === null && /Stop with Ctrl-C/.test(output.join(''))) {
        ready = Number(process.hrtime.bigint() - started) / 1e6;
        stop();
      }
    });
    child.on('exit', (code) => {
      if (ready === null)
        reject(new Error(`npm start exited (${code}) before it was ready:\n${output.join('').slice(-4000)}`));
    });
  });
}

async function benchStart() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-bench-start-'));
  try {
    const first = await timedStart(dataDir); // builds what is stale, seeds the data: not the number asked for
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push(await timedStart(dataDir));
    return { first, times };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchOneLineChange() {
  const file = path.join(ROOT, REMOTE, 'src', 'index.ts');
  const original = fs.readFileSync(file, 'utf8');
  const restore = () => fs.writeFileSync(file, original);
  const onSignal = () => {
    restore();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  const tscCache = path.join(ROOT, 'node_modules', '.cache', 'tsc');
  const result = {};
  try {
    fs.writeFileSync(file, `${original}// bench:build one-line change ${Date.now()}\n`);
    result.build = await timed(NPM, ['run', 'build']);
    result.typecheck = await timed(NPM, ['run', 'typecheck']);
    // The same two steps the way they ran before caching: every package built, every project cold.
    result.buildAll = await timed(NPM, ['run', 'build', '--', '--skip-nx-cache']);
    fs.rmSync(tscCache, { recursive: true, force: true });
    result.typecheckCold = await timed(NPM, ['run', 'typecheck']);
  } finally {
    restore();
    process.removeListener('SIGINT', onSignal);
  }
  await timed(NPM, ['run', 'build']); // back to the unchanged build (from the cache)
  await timed(NPM, ['run', 'typecheck']);
  return result;
}

async function main() {
  console.log(`bench:build on ${os.cpus().length} cores; load average at start: ${load()}`);
  // Warm state: what a developer has after one npm start or npm test.
  await timed(NPM, ['run', 'build']);
  await timed(NPM, ['run', 'typecheck']);

  const start = await benchStart();
  const change = await benchOneLineChange();

  const rows = [
    [
      'second `npm start`, nothing changed: time to ready',
      `${secs(median(start.times))} median of ${start.times.length} (${start.times.map(secs).join(', ')}); target <= 10 s`,
    ],
    ['  (first start on a fresh DATA_DIR, seeding it)', secs(start.first)],
    [`one-line change in ${REMOTE}: npm run build`, secs(change.build)],
    [`one-line change in ${REMOTE}: npm run typecheck`, secs(change.typecheck)],
    ['  build + typecheck (what npm test runs before jest)', secs(change.build + change.typecheck)],
    ['  before caching: every package built', secs(change.buildAll)],
    ['  before caching: every project type-checked cold', secs(change.typecheckCold)],
    ['  build + typecheck before caching', secs(change.buildAll + change.typecheckCold)],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
  console.log(`load average at end: ${load()}`);
}

main().catch((err) => {
  console.error(`bench:build failed: ${err.message}`);
  process.exit(1);
});
