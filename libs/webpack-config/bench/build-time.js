#!/usr/bin/env node
// `npm run bench:build`: how long each front end's production build takes (wall clock and CPU), the
// median of N builds, and how big its JavaScript is (raw, and the .br/.gz files the build writes).
//
// It finds the front ends itself (every top-level package with a webpack.config.js), so a new remote
// is measured without editing this file. Each build is the app's own webpack run
// (`skillquiz-webpack --mode production` in its directory), without npm's prebuild steps.
//
// Options: --runs N (default 3), --only <dir>[,<dir>] (e.g. --only shell,mfe-quiz).
// CPU time is the children's user+system time from /proc (Linux): on a busy machine it moves less
// than wall time, so compare both.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const BIN = path.join(__dirname, '..', 'bin', 'skillquiz-webpack.js');

function argValue(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** CPU seconds used by this process's finished children (fields cutime + cstime of /proc/self/stat). */
function childCpuSeconds() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state); cutime and cstime are fields 16 and 17, in clock ticks (100 Hz).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN;
  }
}

function frontEnds() {
  return fs
    .readdirSync(ROOT, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(ROOT, d.name, 'webpack.config.js')))
    .map((d) => d.name)
    .sort((a, b) => (a === 'shell' ? -1 : b === 'shell' ? 1 : a.localeCompare(b)));
}

function build(dir) {
  return new Promise((resolve, reject) => {
    const cpuBefore = childCpuSeconds();
    const started = process.hrtime.bigint();
    const out = [];
    const child = spawn(process.execPath, [BIN, '--mode', 'production'], {
      cwd: path.join(ROOT, dir),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('error', reject);
    child.on('exit', (code) => {
      const wall = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) reject(new Error(`${dir}: build failed (${code})\n${Buffer.concat(out)}`));
      else resolve({ wall, cpu: childCpuSeconds() - cpuBefore });
    });
  });
}

/** Bytes of the built JavaScript: raw, and the precompressed siblings when the build wrote them. */
function jsSizes(dir) {
  const dist = path.join(ROOT, dir, 'dist');
  const sizes = { raw: 0, br: 0, gz: 0 };
  for (const f of fs.readdirSync(dist, { recursive: true })) {
    const file = path.join(dist, String(f));
    if (!fs.statSync(file).isFile()) continue;
    if (/\.js$/.test(file)) sizes.raw += fs.statSync(file).size;
    else if (/\.js\.br$/.test(file)) sizes.br += fs.statSync(file).size;
    else if (/\.js\.gz$/.test(file)) sizes.gz += fs.statSync(file).size;
  }
  return sizes;
}

async function main() {
  const runs = Number(argValue('runs', '3'));
  const only = argValue('only', null);
  const apps = frontEnds().filter((d) => !only || only.split(',').includes(d));
  if (apps.length === 0) throw new Error('no front end to build');
  const kb = (b) => (b ? `${(b / 1024).toFixed(1)} KB` : '-');
  console.log(`production build of each front end, median of ${runs} (wall s / CPU s)`);
  console.log(
    `${'app'.padEnd(22)}${'wall'.padStart(8)}${'cpu'.padStart(8)}${'JS'.padStart(11)}${'JS.br'.padStart(11)}${'JS.gz'.padStart(11)}`,
  );
  let totalWall = 0;
  for (const app of apps) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await build(app));
    const wall = median(results.map((r) => r.wall));
    const cpu = median(results.map((r) => r.cpu));
    totalWall += wall;
    const s = jsSizes(app);
    console.log(
      `${app.padEnd(22)}${wall.toFixed(1).padStart(8)}${cpu.toFixed(1).padStart(8)}${kb(s.raw).padStart(11)}${kb(s.br).padStart(11)}${kb(s.gz).padStart(11)}`,
    );
  }
  console.log(`${'all (sum of medians)'.padEnd(22)}${totalWall.toFixed(1).padStart(8)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
