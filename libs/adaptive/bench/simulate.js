#!/usr/bin/env node
// Simulated CATs against @skillquiz/adaptive (built dist). Prints precision, calibration,
// exposure and timing figures; see README.md "Benchmark" for the targets.
// Usage: node libs/adaptive/bench/simulate.js [--simulees 1000] [--seed 20261122] [--timing-only]
'use strict';
const A = require('../dist');

const args = process.argv.slice(2);
const arg = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const SIMULEES = arg('simulees', 1000);
const SEED = arg('seed', 20261122);
const BANK_SIZE = 300;
const TEST_LENGTH = 20;
const RUN_ON_LENGTH = 40; // for "items to reach SE < 0.30" the test runs on to 40 items
const CLAIMS = ['arrays', 'closures', 'async', 'types']; // exercises claim balancing
const CHECKPOINTS = [5, 10, 15, 20];

function normal(rng) {
  // Box-Muller; 1 - u avoids log(0).
  const u = 1 - rng();
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function makeBank(size, rng) {
  const items = [];
  for (let i = 0; i < size; i++) {
    const a = Math.exp(0.3 * normal(rng)); // lognormal(0, 0.3)
    const b = normal(rng);
    items.push({ id: `q${i}`, a, d: -a * b, claim: CLAIMS[Math.floor(rng() * CLAIMS.length)], original_question_id: null });
  }
  return items;
}

/** Runs `simulees` CATs of `length` items sequentially, sharing exposure counts like a live server. */
function simulate({ bank, rng, length, selection, simulees }) {
  const exposure = new Map();
  let total = 0;
  const thresholds = A.DEFAULT_LEVELS_THRESHOLDS;
  const rows = []; // per simulee: { theta, est: [..per item], se: [..] }
  for (let s = 0; s < simulees; s++) {
    const theta = normal(rng);
    total++; // this administration counts in the exposure denominator
    const post = A.createPosterior();
    let current = A.summarizePosterior(post);
    const seen = new Set();
    const claimCounts = new Map();
    const est = [];
    const se = [];
    for (let k = 0; k < length; k++) {
      const sel = A.selectNextItem(bank, { theta: current.estimate, seenIds: seen, claimCounts, exposureCounts: exposure, totalAdministrations: total }, { ...selection, rng });
      const it = sel.item;
      seen.add(it.id);
      claimCounts.set(it.claim, (claimCounts.get(it.claim) || 0) + 1);
      exposure.set(it.id, (exposure.get(it.id) || 0) + 1);
      const correct = rng() < A.probabilityCorrect(it, theta);
      A.updatePosterior(post, it, correct);
      current = A.summarizePosterior(post);
      est.push(current.estimate);
      se.push(current.error);
    }
    rows.push({ theta, est, se, level: A.levelForTheta(theta, thresholds), estLevel: A.levelForTheta(current.estimate, thresholds), claimCounts });
  }
  let maxExposure = 0;
  for (const c of exposure.values()) maxExposure = Math.max(maxExposure, c);
  return { rows, maxExposureRate: maxExposure / simulees, bankUsed: exposure.size / bank.length };
}

function stats(rows, n) {
  let se2 = 0;
  let bias = 0;
  let meanErr = 0;
  let cover = 0;
  for (const r of rows) {
    const e = r.est[n - 1] - r.theta;
    se2 += e * e;
    bias += e;
    meanErr += r.se[n - 1];
    if (Math.abs(e) <= 1.96 * r.se[n - 1]) cover++;
  }
  const m = rows.length;
  const rmse = Math.sqrt(se2 / m);
  return { rmse, bias: bias / m, errOverRmse: meanErr / m / rmse, coverage: cover / m };
}

const f = (x, d = 3) => x.toFixed(d);
const pct = (x) => `${(100 * x).toFixed(1)}%`;

function report(label, result) {
  console.log(`\n== ${label} ==`);
  console.log('items  RMSE    bias    meanSE/RMSE  95% coverage');
  for (const n of CHECKPOINTS) {
    const s = stats(result.rows, n);
    console.log(`${String(n).padStart(5)}  ${f(s.rmse)}  ${f(s.bias).padStart(6)}  ${f(s.errOverRmse).padStart(11)}  ${pct(s.coverage).padStart(12)}`);
  }
  console.log(`highest item exposure: ${pct(result.maxExposureRate)}   bank used: ${pct(result.bankUsed)}`);
  let exact = 0;
  let within1 = 0;
  for (const r of result.rows) {
    if (r.level === r.estLevel) exact++;
    if (Math.abs(r.level - r.estLevel) <= 1) within1++;
  }
  console.log(`level agreement at ${TEST_LENGTH} (default thresholds): exact ${pct(exact / result.rows.length)}, within one ${pct(within1 / result.rows.length)}`);
  let spread = 0;
  for (const r of result.rows) {
    const counts = CLAIMS.map((c) => r.claimCounts.get(c) || 0);
    spread += Math.max(...counts) - Math.min(...counts);
  }
  console.log(`claim balance: mean (max - min) claim count per test ${f(spread / result.rows.length, 2)}`);
}

function itemsToReach(result, target) {
  let sum = 0;
  let reached = 0;
  for (const r of result.rows) {
    const k = r.se.findIndex((e) => e < target);
    if (k >= 0) {
      reached++;
      sum += k + 1;
    } else sum += r.se.length; // censored at the run-on length
  }
  return { mean: sum / result.rows.length, reached: reached / result.rows.length };
}

/**
 * Reference point, not a CAT: candidates whose theta is KNOWN take the most informative items
 * still under the cap, greedily in arrival order. sqrt(mean 1 / (1 + test information)) then
 * approximates the RMSE attainable under that cap, showing how much of the loss is the cap itself.
 */
function knownThetaBound(bank, rng, cap, length, simulees) {
  const counts = new Float64Array(bank.length);
  let acc = 0;
  for (let s = 1; s <= simulees; s++) {
    const theta = normal(rng);
    const ranked = bank.map((it, i) => [A.itemInformation(it, theta), i]).sort((x, y) => y[0] - x[0]);
    let info = 1; // N(0, 1) prior
    let taken = 0;
    for (const [v, i] of ranked) {
      if (taken >= length) break;
      if (cap < 1 && counts[i] / s >= cap) continue;
      info += v;
      counts[i]++;
      taken++;
    }
    acc += 1 / info;
  }
  return Math.sqrt(acc / simulees);
}

/**
 * Wall-clock and CPU time of one answer's work. Wall time includes preemption when the machine is
 * busy (the load average is printed); CPU time (process.cpuUsage, the thread's own user+system
 * time) is the code's own cost and is the figure to compare with the targets on a shared machine.
 */
function timing() {
  const os = require('node:os');
  console.log(`\n== timing: one updatePosterior + summarizePosterior + selectNextItem (load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}, ${os.cpus().length} CPUs) ==`);
  for (const size of [300, 1000, 10000]) {
    const rng = A.createRng(SEED + size);
    const bank = makeBank(size, rng);
    const exposure = new Map(bank.map((it, i) => [it.id, i % 37]));
    const seen = new Set(bank.slice(0, 10).map((it) => it.id));
    const claimCounts = new Map([['arrays', 3], ['closures', 2], ['async', 3], ['types', 2]]);
    const post = A.createPosterior();
    const wall = [];
    const cpu = [];
    const iterations = 6000;
    for (let i = 0; i < iterations; i++) {
      const c0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      A.updatePosterior(post, bank[i % size], i % 2 === 0);
      const { estimate } = A.summarizePosterior(post);
      A.selectNextItem(bank, { theta: estimate, seenIds: seen, claimCounts, exposureCounts: exposure, totalAdministrations: 200 }, { rng });
      const t1 = process.hrtime.bigint();
      const c1 = process.cpuUsage(c0);
      if (i >= 1000) {
        // the first 1000 are JIT warm-up
        wall.push(Number(t1 - t0) / 1e6);
        cpu.push((c1.user + c1.system) / 1e3);
      }
    }
    const q = (xs, p) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
    console.log(`bank ${String(size).padStart(5)}: wall median ${f(q(wall, 0.5), 4)} ms, p95 ${f(q(wall, 0.95), 4)} ms | CPU median ${f(q(cpu, 0.5), 4)} ms, p95 ${f(q(cpu, 0.95), 4)} ms`);
  }
}

function main() {
  console.log(`adaptive CAT simulation: bank ${BANK_SIZE} (a ~ lognormal(0,0.3), b ~ N(0,1), d = -a*b, ${CLAIMS.length} claims), ${SIMULEES} simulees theta ~ N(0,1), ${TEST_LENGTH} items, prior N(0,1), seed ${SEED}`);
  const bank = makeBank(BANK_SIZE, A.createRng(SEED));
  const on = { ...A.DEFAULT_SELECTION_OPTIONS };
  const off = { topK: 1, exposureCap: 1, claimTolerance: -1 };
  console.log(`exposure control on = defaults ${JSON.stringify(on)}; off = ${JSON.stringify(off)} (pure maximum information)`);
  report('exposure control ON', simulate({ bank, rng: A.createRng(SEED + 1), length: TEST_LENGTH, selection: on, simulees: SIMULEES }));
  report('exposure control OFF', simulate({ bank, rng: A.createRng(SEED + 1), length: TEST_LENGTH, selection: off, simulees: SIMULEES }));
  const runOn = simulate({ bank, rng: A.createRng(SEED + 2), length: RUN_ON_LENGTH, selection: on, simulees: SIMULEES });
  const reach = itemsToReach(runOn, 0.3);
  console.log(`\nitems to reach SE < 0.30 (exposure control on, tests run on to ${RUN_ON_LENGTH}; non-reachers count as ${RUN_ON_LENGTH}): mean ${f(reach.mean, 1)}, reached by ${pct(reach.reached)}`);
  console.log('\nreference (known theta, greedy, no estimation error): RMSE ~ sqrt(mean 1/(1 + test information))');
  for (const cap of [1, on.exposureCap]) {
    const r = [10, 20].map((n) => f(knownThetaBound(bank, A.createRng(SEED + 3), cap, n, SIMULEES)));
    console.log(`  cap ${cap === 1 ? 'none' : cap}: at 10 items ${r[0]}, at 20 items ${r[1]}`);
  }
  timing();
}

if (require.main === module) {
  if (args.includes("--timing-only")) timing();
  else main();
}
module.exports = { makeBank, simulate, stats, itemsToReach, normal };
