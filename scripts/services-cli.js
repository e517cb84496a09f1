#!/usr/bin/env node
// Runs one of the services' command-line tools (services/src/cli/<name>.ts) in a fresh clone or a
// stale checkout alike: first `tsc -b services` (the services and the libraries they use; a no-op
// of about a second when nothing changed), then node services/dist/cli/<name>.js with the arguments,
// in the caller's working directory (publish-remote publishes the package it is run in).
//
//   node scripts/services-cli.js <name> [args...]     e.g. ship mfe-quiz 1.2.0
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const [name, ...args] = process.argv.slice(2);
const cli = name && path.join(ROOT, 'services', 'dist', 'cli', `${name}.js`);
if (!name || !fs.existsSync(path.join(ROOT, 'services', 'src', 'cli', `${name}.ts`))) {
  console.error(`services-cli: no command "${name ?? ''}" in services/src/cli`);
  process.exit(2);
}

const tsc = require.resolve('typescript/bin/tsc', { paths: [ROOT] });
const build = spawnSync(process.execPath, [tsc, '-b', path.join(ROOT, 'services')], {
  stdio: ['ignore', 'pipe', 'inherit'],
  encoding: 'utf8',
});
if (build.status !== 0) {
  process.stderr.write(build.stdout);
  console.error('services-cli: building the services failed (above)');
  process.exit(1);
}
const run = spawnSync(process.execPath, [cli, ...args], { stdio: 'inherit' });
process.exit(run.status ?? 1);
