#!/usr/bin/env node
// npm run bench:calibration [-- --candidates 2000 --seed 7]
//
// Honest numbers for online calibration. A bank of 120 operational questions with known 2PL parameters
// and 20 beta questions whose provisional parameters are wrong; simulated candidates of known ability take
// 20-question adaptive quizzes through the real engine (@skillquiz/adaptive) and each also answers two
// beta questions (unscored, in rotation). Then:
//   1. recovery of a and d (RMSE, bias) for operational and beta questions;
//   2. what the simulator predicts for a bank that includes the beta questions, with their provisional,
//      calibrated and true parameters, against the error candidates really get;
//   3. the time item statistics and calibration take over 100,000 answered records.
'use strict';
const { parseArgs } = require('node:util');
const { createRng, probabilityCorrect } = require('@skillquiz/adaptive');
const { calibrateBank, gaussian, itemStatistics, simulateBank } = require('../dist');

const { values } = parseArgs({
  options: {
    candidates: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '7' },
  },
});
const CANDIDATES = Number(values.candidates);
const SEED = Number(values.seed);
const rng = createRng(SEED);
const normal = gaussian(rng);

const makeItem = (id, claim) => {
  const a = Math.exp(0.25 + 0.3 * normal());
  const b = normal();
  return { id: String(id), a, d: -a * b, claim };
};
const operational = Array.from({ length: 120 }, (_, i) =>
  makeItem(i + 1, ['syntax', 'runtime', 'types'][i % 3]),
);
const betaTrue = Array.from({ length: 20 }, (_, i) => makeItem(1001 + i, 'runtime'));
// Provisional parameters as an author guesses them: average slope, difficulty off by up to a logit.
const betaProvisional = betaTrue.map((q) => ({ ...q, a: 1, d: q.d + 2 * (rng() - 0.5) * 1.5 }));

function simulateResponses(candidates, seed) {
  const responses = [];
  const thetas = new Map();
  const simRng = createRng(seed + 1);
  simulateBank({
    items: operational,
    numQuestions: 20,
    candidates,
    seed,
    onAnswer: ({ candidate, theta, item, correct }) => {
      thetas.set(candidate, theta);
      responses.push(record(`c${candidate}`, Number(item.id), true, item, correct));
    },
  });
  for (let c = 0; c < candidates; c++) {
    for (const j of [(2 * c) % 20, (2 * c + 1) % 20]) {
      const correct = simRng() < probabilityCorrect(betaTrue[j], thetas.get(c));
      responses.push(record(`c${c}`, Number(betaTrue[j].id), false, betaProvisional[j], correct));
    }
  }
  return responses;
}

function record(quizId, questionId, scored, params, correct) {
  return {
    quizId,
    atomId: 'bench',
    questionId,
    scored,
    params: { a: params.a, d: params.d },
    correct,
    timedOut: false,
    choice: correct ? 'k' : 'x',
    key: 'k',
    responseMs: 20000,
  };
}

function recovery(items, fitted) {
  const ea = [];
  const ed = [];
  for (const q of items) {
    const f = fitted.get(Number(q.id));
    if (!f) continue;
    ea.push(f.a - q.a);
    ed.push(f.d - q.d);
  }
  const rmse = (xs) => Math.sqrt(xs.reduce((s, x) => s + x * x, 0) / xs.length);
  const bias = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
  return { n: ea.length, rmseA: rmse(ea), biasA: bias(ea), rmseD: rmse(ed), biasD: bias(ed) };
}

const f3 = (x) => x.toFixed(3).padStart(7);

console.log(`== online calibration (${CANDIDATES} candidates, seed ${SEED}) ==`);
let t = performance.now();
const responses = simulateResponses(CANDIDATES, SEED);
console.log(
  `simulated ${responses.length} answered records in ${((performance.now() - t) / 1000).toFixed(1)} s`,
);
t = performance.now();
const fitted = calibrateBank(responses);
console.log(`calibrated ${fitted.size} questions in ${((performance.now() - t) / 1000).toFixed(2)} s`);
const before = recovery(betaTrue, new Map(betaProvisional.map((q) => [Number(q.id), q])));
const ops = recovery(operational, fitted);
const beta = recovery(betaTrue, fitted);
console.log('                               n   RMSE a   bias a   RMSE d   bias d');
const row = (label, r) =>
  console.log(
    `${label.padEnd(28)} ${String(r.n).padStart(4)} ${f3(r.rmseA)}  ${f3(r.biasA)}  ${f3(r.rmseD)}  ${f3(r.biasD)}`,
  );
row('beta, provisional (before)', before);
row('beta, calibrated', beta);
row('operational, recalibrated', ops);
const betaN = betaTrue.map((q) => fitted.get(Number(q.id)).n);
console.log(`responses per beta question: ${Math.min(...betaN)}..${Math.max(...betaN)}`);

// The simulator's prediction for a bank that includes the beta questions, vs what candidates really get.
console.log(
  '\n== simulator prediction vs reality (bank = operational + the 20 beta questions, 20 per candidate) ==',
);
const truth = new Map([...operational, ...betaTrue].map((q) => [q.id, q]));
const withBeta = (params) => [...operational, ...params];
const calibrated = betaTrue.map((q) => ({
  ...q,
  a: fitted.get(Number(q.id)).a,
  d: fitted.get(Number(q.id)).d,
}));
console.log('beta parameters      predicted RMSE   real RMSE   real bias');
for (const [label, bank] of [
  ['provisional', withBeta(betaProvisional)],
  ['calibrated', withBeta(calibrated)],
  ['true', withBeta(betaTrue)],
]) {
  const sim = { items: bank, numQuestions: 20, candidates: 1000, seed: SEED + 2 };
  const predicted = simulateBank(sim);
  const real = simulateBank({ ...sim, trueParams: truth });
  console.log(`${label.padEnd(20)} ${f3(predicted.rmse)}         ${f3(real.rmse)}     ${f3(real.bias)}`);
}

// Statistics and calibration over 100,000 answered records (5,000 quizzes of 20).
console.log('\n== speed over 100,000 answered records ==');
const big = [];
simulateBank({
  items: operational,
  numQuestions: 20,
  candidates: 5000,
  seed: SEED + 3,
  onAnswer: ({ candidate, item, correct }) =>
    big.push(record(`b${candidate}`, Number(item.id), true, item, correct)),
});
// CPU time beside wall time: on a shared machine the wall clock also measures the neighbours.
const timed = (fn) => {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const value = fn();
  const used = process.cpuUsage(cpu);
  return { value, wallMs: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 };
};
const statsRun = timed(() => itemStatistics(big, { atomQuizzes: new Map([['bench', 5000]]) }));
const stats = statsRun.value;
const calRun = timed(() => calibrateBank(big));
const flagged = [...stats.values()].filter((s) => s.flags.length).length;
console.log(`records ${big.length}, questions ${stats.size}, flagged ${flagged}`);
const ms = (r) => `${r.wallMs.toFixed(0)} ms wall, ${r.cpuMs.toFixed(0)} ms CPU`;
console.log(`item statistics: ${ms(statsRun)}   calibration of every question: ${ms(calRun)}`);
