#!/usr/bin/env node
// Part of `npm run bench:adaptive`: the product's chooseNext (services/src/quiz/selection.ts) at
// 1,000, 10,000 and 100,000 questions per atom, on a store held in memory, so the figure is the selection
// path's own CPU (no database). Simulated candidates take 20-question quizzes one after another, sharing
// exposure counts as a live server does; every chooseNext is timed (process.cpuUsage: this thread's user +
// system time; the load average is printed, wall time too).
//
// Two stores: the one the product uses, which keeps each atom's bank prepared between answers (BankCache),
// and one that keeps nothing (each answer prepares the bank again: about the cost before the bank cache).
// Target: CPU median <= 5 ms at 100,000 with the bank kept. Plain node over the built code:
// `npx tsc -b services` first.
'use strict';
const os = require('node:os');
const path = require('node:path');
const fs = require('node:fs');

const DIST = path.resolve(__dirname, '..', 'dist');
if (!fs.existsSync(path.join(DIST, 'quiz', 'selection.js'))) {
  console.error('services/dist is missing: run `npx tsc -b services` first');
  process.exit(1);
}
const { chooseNext } = require(path.join(DIST, 'quiz', 'selection.js'));
const { BankCache } = require(path.join(DIST, 'quiz', 'bank-cache.js'));
const { estimateAtom } = require(path.join(DIST, 'quiz', 'scoring.js'));
const A = require('@skillquiz/adaptive');

const SIZES = (process.env.BENCH_SIZES || '1000,10000,100000').split(',').map(Number);
const QUESTIONS = 20;
const TARGET_MS = 5;
const ATOM = 'bench';
const CLAIMS = ['arrays', 'closures', 'async', 'types'];

function normal(rng) {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

/** A bank as the store returns it: a ~ lognormal(0, 0.3), b ~ N(0, 1), 4 claims, every 10th a variation. */
function makeBank(size, rng) {
  const records = [];
  for (let i = 1; i <= size; i++) {
    const a = Math.exp(0.3 * normal(rng));
    records.push({
      id: i,
      difficulty_params: { a, d: -a * normal(rng) },
      claim: CLAIMS[i % CLAIMS.length],
      original_question_id: i % 10 === 0 ? i - 1 : null,
      exposure_count: 0,
      version: 1,
      question_text: `Question ${i}`,
      code_block: '',
      code_language: null,
      administered: true,
      atoms: [ATOM],
      answers: [
        { text: 'right', hash_id: `r${i}`, c: true },
        { text: 'wrong', hash_id: `w${i}`, c: false },
      ],
    });
  }
  return records;
}

/** The QuizStore methods chooseNext uses, over memory. `keep`: keep the bank prepared (the product's store). */
function memoryStore(records, keep) {
  const byId = new Map(records.map((q) => [q.id, q]));
  let administrations = 0;
  const atom = {
    id: ATOM,
    name: 'Bench',
    num_questions: QUESTIONS,
    eta_minutes: 30,
    beta_question_ordering: [],
    levels_thresholds: null,
    version: 1,
    bank_version: 0,
  };
  const bank = async () => records;
  const banks = keep ? new BankCache(bank) : undefined;
  return {
    ...(banks ? { banks } : {}),
    bank,
    atoms: async (ids) => new Map(ids.includes(ATOM) ? [[ATOM, atom]] : []),
    question: async (id) => byId.get(id) ?? null,
    administrations: async () => administrations,
    administered() {
      administrations++;
    },
    exposed(ids) {
      for (const id of ids) byId.get(id).exposure_count++;
      banks?.noteExposure(ids);
    },
  };
}

const q = (xs, p) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

async function run(size, keep, candidates) {
  const rng = A.createRng(20261122 + size);
  const records = makeBank(size, rng);
  const store = memoryStore(records, keep);
  const cpu = [];
  const wall = [];
  for (let c = 0; c < candidates; c++) {
    const theta = normal(rng);
    let state = {
      id: `quiz${c}`,
      token: `t${c}`,
      atom_ids: [ATOM],
      plan: null,
      served: [],
      estimates: [],
    };
    for (let k = 0; k < QUESTIONS; k++) {
      const c0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      const adv = await chooseNext(state, store, new Date());
      const t1 = process.hrtime.bigint();
      const c1 = process.cpuUsage(c0);
      if (c > 0) {
        // the first candidate warms up the JIT (and prepares the bank once)
        cpu.push((c1.user + c1.system) / 1e3);
        wall.push(Number(t1 - t0) / 1e6);
      }
      if (adv.administered.length) store.administered();
      store.exposed(adv.exposed);
      state = adv.state;
      const last = state.served[state.served.length - 1];
      if (!last || last.answered_at) break; // nothing more to serve
      const correct = rng() < A.probabilityCorrect(last.snapshot.difficulty_params, theta);
      state.served[state.served.length - 1] = { ...last, answered_at: new Date(), correct };
      const responses = state.served.map((s) => ({
        difficulty_params: s.snapshot.difficulty_params,
        correct: s.correct === true,
      }));
      const est = estimateAtom(responses);
      state = {
        ...state,
        estimates: [{ atom_id: ATOM, estimate: est.estimate, error: est.error, answered: responses.length }],
      };
    }
  }
  return { cpu, wall };
}

async function main() {
  console.log(
    `\n== chooseNext (services/src/quiz/selection.ts), ${QUESTIONS}-question quizzes, store in memory ` +
      `(load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}, ${os.cpus().length} CPUs) ==`,
  );
  const f = (x) => x.toFixed(3);
  for (const size of SIZES) {
    const candidates = size >= 100000 ? 21 : size >= 10000 ? 51 : 101;
    const kept = await run(size, true, candidates);
    const fresh = await run(size, false, Math.min(candidates, size >= 100000 ? 4 : 11));
    const median = q(kept.cpu, 0.5);
    const target = size >= 100000 ? ` (target <= ${TARGET_MS} ms${median <= TARGET_MS ? '' : ': over'})` : '';
    console.log(
      `${String(size).padStart(7)} questions per atom: bank kept: CPU median ${f(median)} ms, p95 ${f(
        q(kept.cpu, 0.95),
      )} ms, wall median ${f(q(kept.wall, 0.5))} ms${target} | bank prepared per answer: CPU median ${f(
        q(fresh.cpu, 0.5),
      )} ms`,
    );
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
