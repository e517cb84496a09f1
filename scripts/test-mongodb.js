#!/usr/bin/env node
// `MONGODB_TEST_URI=mongodb://... npm run test:mongodb`: the services' integration tests and the
// engine's differential tests against that MongoDB server (each suite on a database of its own,
// dropped afterwards). Unset: says it skipped and exits 0.
// Suites that stop or freeze the database (outages, stalls, readiness) need the embedded engine's
// process and are left out; the list is printed. Builds the services first (some suites run them as
// a process).
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const uri = (process.env.MONGODB_TEST_URI || '').trim();
if (!uri) {
  console.log(
    '[test:mongodb] skipped: MONGODB_TEST_URI is not set (e.g. MONGODB_TEST_URI=mongodb://127.0.0.1:27017/?replicaSet=rs0)',
  );
  process.exit(0);
}
const shown = uri.replace(/\/\/[^@/]+@/, '//***@');
const root = path.resolve(__dirname, '..');
const servicesTests = path.join(root, 'services', 'test');
const ENGINE_ONLY = /\b(stopDatabase|startDatabase|freezeDatabase|thawDatabase)\b/;
const all = fs.readdirSync(servicesTests).filter((f) => f.endsWith('.test.ts'));
const engineOnly = all.filter((f) => ENGINE_ONLY.test(fs.readFileSync(path.join(servicesTests, f), 'utf8')));
const run = all.filter((f) => !engineOnly.includes(f)).map((f) => `services/test/${f}`);

console.log(`[test:mongodb] against ${shown}`);
console.log(
  `[test:mongodb] engine differential tests: libs/mongo-engine/test (all suites; engine-process ones skip themselves)`,
);
console.log(`[test:mongodb] services integration tests: ${run.length} suites`);
console.log(
  `[test:mongodb] left out (need the embedded engine's process for outages): ${engineOnly.join(', ') || 'none'}`,
);

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const step = (cmd, args) => {
  console.log(`[test:mongodb] $ ${path.basename(cmd)} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
step(bin('tsc'), ['-b', 'services', 'libs/mongo-engine']);
// One suite at a time: they share the server, and its connection budget.
step(bin('jest'), ['--runInBand', 'libs/mongo-engine/test']);
step(bin('jest'), ['--runInBand', ...run]);
console.log('[test:mongodb] passed');
