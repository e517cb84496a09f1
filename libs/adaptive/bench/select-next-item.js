#!/usr/bin/env node
// Per-call time of selectNextItem, the public API given the plain array of questions, at 100,000 questions:
// it keeps the prepared bank of the array between calls and checks in one pass that the array still holds
// it. Printed beside the target (5 ms, what the product's chooseNext takes) with, for comparison,
// selectFromBank on a bank the caller keeps (no check) and a bank prepared for every call (what
// selectNextItem did before). Needs the build (npx tsc -b libs/adaptive). See README.md in this folder.
// Usage: node libs/adaptive/bench/select-next-item.js [--size 100000] [--calls 400] [--seed 20261202]
'use strict';
const os = require('node:os');
const A = require('../dist');

const args = process.argv.slice(2);
const arg = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const SIZE = arg('size', 100000);
const CALLS = arg('calls', 400);
const SEED = arg('seed', 20261202);
const TARGET_MS = 5;
const CLAIMS = ['arrays', 'closures', 'async', 'types'];

function normal(rng) {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

function makeBank(size, rng) {
  return Array.from({ length: size }, (_, i) => {
    const a = Math.exp(0.3 * normal(rng));
    return {
      id: `q${i}`,
      a,
      d: -a * normal(rng),
      claim: CLAIMS[Math.floor(rng() * CLAIMS.length)],
      original_question_id: i % 7 === 6 ? `q${i - 1}` : null,
    };
  });
}

/** `calls` selections of one simulated candidate after another; CPU ms per call, the first tenth dropped as warm-up. */
function measure(calls, select, bank, byPosition) {
  const rng = A.createRng(SEED + 1);
  // every question already served by earlier candidates (0-36 times of 200), so each lookup by id finds one
  const atPosition = Float64Array.from(bank.order, (i) => i % 37);
  const exposure = new Map(Array.from(bank.order, (i, at) => [bank.items[i].id, atPosition[at]]));
  const cpu = [];
  let seen = new Set();
  let claimCounts = new Map();
  let post = A.createPosterior();
  let theta = normal(rng);
  for (let k = 0; k < calls; k++) {
    if (k % 20 === 0) {
      seen = new Set();
      claimCounts = new Map();
      post = A.createPosterior();
      theta = normal(rng);
    }
    const state = {
      theta: A.summarizePosterior(post).estimate,
      seenIds: seen,
      claimCounts,
      itemsServed: k % 20,
      ...(byPosition ? { exposureByPosition: atPosition } : { exposureCounts: exposure }),
      totalAdministrations: 200 + Math.floor(k / 20) + 1,
    };
    const c0 = process.cpuUsage();
    const pick = select(state, { rng });
    const c1 = process.cpuUsage(c0);
    if (k >= calls / 10) cpu.push((c1.user + c1.system) / 1e3);
    const item = pick.item;
    seen.add(item.id);
    exposure.set(item.id, (exposure.get(item.id) ?? 0) + 1);
    atPosition[bank.positionOf.get(item.id)]++;
    claimCounts.set(item.claim, (claimCounts.get(item.claim) ?? 0) + 1);
    A.updatePosterior(post, item, rng() < A.probabilityCorrect(item, theta));
  }
  return cpu;
}

const q = (xs, p) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const ms = (x) => `${x.toFixed(3)} ms`;

function main() {
  console.log(
    `== selectNextItem at ${SIZE.toLocaleString('en')} questions, ${CALLS} calls (CPU time per call; load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}, ${os.cpus().length} CPUs) ==`,
  );
  const items = makeBank(SIZE, A.createRng(SEED));
  const p0 = process.cpuUsage();
  const kept = A.prepareBank(items);
  const p1 = process.cpuUsage(p0);
  const c0 = process.cpuUsage();
  A.preparedBankOf(items); // what selectNextItem's first call on this array prepares
  const c1 = process.cpuUsage(c0);
  const rows = [
    [
      'selectNextItem (bank kept per array, checked each call)',
      (s, o) => A.selectNextItem(items, s, o),
      CALLS,
    ],
    ['selectFromBank on a bank the caller keeps (no check)', (s, o) => A.selectFromBank(kept, s, o), CALLS],
    [
      'prepareBank + selectFromBank every call (the former selectNextItem)',
      (s, o) => A.selectFromBank(A.prepareBank(items), s, o),
      Math.min(CALLS, 30),
    ],
  ];
  for (const byPosition of [true, false]) {
    console.log(
      byPosition
        ? 'exposure counts by position (exposureByPosition, as the services pass them):'
        : 'exposure counts by id (exposureCounts, a Map: one lookup per question):',
    );
    for (const [label, select, calls] of rows) {
      const cpu = measure(calls, select, kept, byPosition);
      const p50 = q(cpu, 0.5);
      const p95 = q(cpu, 0.95);
      const verdict = label.startsWith('selectNextItem')
        ? ` | target <= ${TARGET_MS} ms: ${p50 <= TARGET_MS ? 'met' : 'NOT met'}`
        : '';
      console.log(`  ${label.padEnd(68)} median ${ms(p50)}, p95 ${ms(p95)}${verdict}`);
    }
  }
  console.log(`selectNextItem's first call on an array (preparedBankOf): ${ms((c1.user + c1.system) / 1e3)}`);
  console.log(`prepareBank once: ${ms((p1.user + p1.system) / 1e3)}`);
}

main();
