#!/usr/bin/env node
// npm run bench:integrity [-- --candidates 1000 --seed 36 --length 20]
//
// Measures the integrity signals (src/integrity) on simulated candidates taking 20-question adaptive
// quizzes through the real engine (@skillquiz/adaptive: 2PL, EAP, the most informative of the unseen
// questions, one of the best 5 at random), on the seeded banks (their 2PL parameters) and on a
// 2,000-question bank:
//   honest       2PL answers, lognormal times (log T ~ N(beta - tau, 1/alpha^2)), tau ~ N(0, 0.3)
//   slow honest  the same with tau ~ N(-0.8, 0.15): 2.2 times slower, more time-outs
//   pre-knowledge 10/30/50% of the bank known: those answered correctly in a quarter of the usual time
//   rapid guessers the last k answers in 1-3 s, correct by chance (1 in 4)
// Every question allows exp(beta + 1.2) seconds (3.3 times its typical time); a time-out is incorrect
// and has no time. The time model is first calibrated from honest quizzes, as the product does, and the
// signals use the calibrated parameters. Then a compromised question (40% of those who would miss it now
// get it right, in half the time, from attempt N on) is injected into honest streams of attempts.
// The last line is one JSON object for scripts.
'use strict';
const { parseArgs } = require('node:util');
const path = require('node:path');
const fs = require('node:fs');
const A = require('@skillquiz/adaptive');
const I = require('../dist');

const { values } = parseArgs({
  options: {
    candidates: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '36' },
    length: { type: 'string', default: '20' },
  },
});
const N = Number(values.candidates);
const LENGTH = Number(values.length);
const rng = A.createRng(Number(values.seed));
const normal = I.gaussian(rng);
const LIMIT_LOG = 1.2;

function timeParamsFor(q, hasCode) {
  return { beta: Math.log(hasCode ? 45 : 25) + 0.35 * normal(), alpha: 1.6 + 0.8 * rng() };
}

function seededBanks() {
  const dist = path.join(__dirname, '../../../services/dist/ops/seed/content/index.js');
  if (!fs.existsSync(dist)) {
    console.log('(seeded banks skipped: build the services first, npx tsc -b services)');
    return [];
  }
  return require(dist).seedAtoms.map((atom) => ({
    name: `seeded ${atom._id ?? atom.name}`,
    items: atom.questions
      .filter((q) => q.administered)
      .map((q, i) => ({ id: i, ...q.difficulty_params, ...timeParamsFor(q, Boolean(q.code_block)) })),
  }));
}

function syntheticBank(size) {
  const items = [];
  for (let i = 0; i < size; i++) {
    const a = Math.exp(0.25 + 0.3 * normal());
    const b = normal();
    items.push({ id: i, a, d: -a * b, ...timeParamsFor(null, rng() < 0.4) });
  }
  return { name: `synthetic ${size}`, items };
}

/** One adaptive quiz; `kind` decides answers and times. Returns the answers and the true theta. */
function takeQuiz(bank, kind) {
  const slow = kind.name === 'slow';
  const theta = normal();
  const tau = slow ? -0.8 + 0.15 * normal() : 0.3 * normal();
  const known = kind.known ? new Set(bank.items.filter(() => rng() < kind.known).map((q) => q.id)) : null;
  const posterior = A.createPosterior();
  const seen = new Set();
  const answers = [];
  let estimate = 0;
  const length = Math.min(LENGTH, bank.items.length);
  for (let n = 1; n <= length; n++) {
    // the 5 most informative unseen questions; one at random
    const best = [];
    for (const q of bank.items) {
      if (seen.has(q.id)) continue;
      const info = A.itemInformation(q, estimate);
      if (best.length < 5 || info > best[best.length - 1].info) {
        best.push({ q, info });
        best.sort((x, y) => y.info - x.info);
        if (best.length > 5) best.pop();
      }
    }
    const q = best[Math.floor(rng() * best.length)].q;
    seen.add(q.id);
    const rapid = kind.rapid && n > length - kind.rapid;
    let correct;
    let seconds;
    if (rapid) {
      correct = rng() < 0.25;
      seconds = 1 + 2 * rng();
    } else if (known && known.has(q.id)) {
      correct = true;
      seconds = Math.exp(q.beta - tau + normal() / q.alpha) / 4;
    } else {
      correct = rng() < A.probabilityCorrect(q, theta);
      seconds = Math.exp(q.beta - tau + normal() / q.alpha);
    }
    let timedOut = false;
    if (seconds > Math.exp(q.beta + LIMIT_LOG)) {
      timedOut = true;
      correct = false;
      seconds = null;
    }
    A.updatePosterior(posterior, q, correct);
    estimate = A.posteriorMean(posterior);
    answers.push({ number: n, q, correct, timedOut, seconds });
  }
  return { theta, answers };
}

function calibrate(bank, candidates) {
  const attempts = [];
  for (let c = 0; c < candidates; c++) {
    for (const x of takeQuiz(bank, { name: 'honest' }).answers)
      if (x.seconds !== null) attempts.push({ person: String(c), item: x.q.id, seconds: x.seconds });
  }
  const cal = I.calibrateResponseTimes(attempts);
  let se = 0;
  let sa = 0;
  let used = 0;
  for (const q of bank.items) {
    const t = cal.items.get(q.id);
    if (!t || t.n < I.MIN_TIMED_ANSWERS) continue;
    used++;
    se += (t.beta - q.beta) ** 2;
    sa += (t.alpha - q.alpha) ** 2;
  }
  return {
    times: cal.items,
    speedSd: cal.speedSd,
    used,
    rmseBeta: Math.sqrt(se / used),
    rmseAlpha: Math.sqrt(sa / used),
    attempts: attempts.length,
  };
}

const KINDS = [
  { name: 'honest' },
  { name: 'slow' },
  { name: 'pk10', known: 0.1 },
  { name: 'pk30', known: 0.3 },
  { name: 'pk50', known: 0.5 },
  { name: 'rapid2', rapid: 2 },
  { name: 'rapid5', rapid: 5 },
  { name: 'rapid8', rapid: 8 },
];

function runBank(bank) {
  const calCandidates = Math.max(1000, Math.round(bank.items.length * 1.5));
  const cal = calibrate(bank, calCandidates);
  const rows = {};
  const pvalues = { honest: { preknowledge: [], rapid: [], misfit: [] } };
  for (const kind of KINDS) {
    const row = { preknowledge: 0, rapid: 0, misfit: 0, any: 0, n: 0, sePlain: 0, seEffort: 0 };
    for (let c = 0; c < N; c++) {
      const { theta, answers } = takeQuiz(bank, kind);
      const input = answers.map((x) => {
        const t = cal.times.get(x.q.id);
        return {
          number: x.number,
          params: { a: x.q.a, d: x.q.d },
          scored: true,
          correct: x.correct,
          timedOut: x.timedOut,
          seconds: x.seconds,
          time: t && t.n >= I.MIN_TIMED_ANSWERS ? t : null,
        };
      });
      const s = I.candidateSignals(input, I.SIGNAL_CUTOFFS, cal.speedSd);
      row.n++;
      if (s.preknowledge.flagged) row.preknowledge++;
      if (s.rapid.flagged) row.rapid++;
      if (s.misfit.flagged) row.misfit++;
      if (s.flagged) row.any++;
      if (kind.name === 'honest')
        for (const k of ['preknowledge', 'rapid', 'misfit'])
          if (s[k].pValue !== null) pvalues.honest[k].push(s[k].pValue);
      if (kind.rapid) {
        const effort = I.effortModeratedEstimate(
          input,
          new Set(input.filter(I.isRapid).map((x) => x.number)),
        );
        row.sePlain += (s.theta.estimate - theta) ** 2;
        row.seEffort += (effort.estimate - theta) ** 2;
      }
    }
    rows[kind.name] = row;
  }
  return { cal, calCandidates, rows, pvalues };
}

const pct = (x, n) => `${((100 * x) / n).toFixed(1)}%`;
const started = Date.now();
const banks = [...seededBanks(), syntheticBank(2000)];
const totals = {};
const honestP = { preknowledge: [], rapid: [], misfit: [] };
console.log(
  `Integrity signals: ${N} simulated candidates per kind and bank, ${LENGTH}-question adaptive quizzes; ` +
    `p-value cutoffs ${JSON.stringify(I.SIGNAL_CUTOFFS)}`,
);
for (const bank of banks) {
  const r = runBank(bank);
  console.log(
    `\n${bank.name}: ${bank.items.length} questions; time model from ${r.calCandidates} honest quizzes ` +
      `(${r.cal.attempts} timed answers): ${r.cal.used} questions with >= ${I.MIN_TIMED_ANSWERS}, ` +
      `RMSE beta ${r.cal.rmseBeta.toFixed(3)}, alpha ${r.cal.rmseAlpha.toFixed(3)}`,
  );
  const table = {};
  for (const [kind, row] of Object.entries(r.rows)) {
    table[kind] = {
      'pre-knowledge': pct(row.preknowledge, row.n),
      'rapid guesses': pct(row.rapid, row.n),
      'misfit lz*': pct(row.misfit, row.n),
      combined: pct(row.any, row.n),
      ...(row.sePlain
        ? {
            'RMSE plain': Math.sqrt(row.sePlain / row.n).toFixed(3),
            'RMSE effort-aware': Math.sqrt(row.seEffort / row.n).toFixed(3),
          }
        : {}),
    };
    const t = (totals[kind] ??= {
      preknowledge: 0,
      rapid: 0,
      misfit: 0,
      any: 0,
      n: 0,
      sePlain: 0,
      seEffort: 0,
    });
    for (const k of Object.keys(t)) t[k] += row[k];
  }
  console.table(table);
  for (const k of Object.keys(honestP)) honestP[k].push(...r.pvalues.honest[k]);
}

// The cutoff each signal would need alone for 1/3 % honest alarms (what SIGNAL_CUTOFFS was set from).
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : null;
};
console.log('\nHonest p-values, 1/300 quantile per signal (the calibrated cutoff for that rate):');
for (const [k, xs] of Object.entries(honestP))
  console.log(`  ${k}: ${quantile(xs, 1 / 300)?.toExponential(2)}`);

// Compromised questions: CUSUM over streams of attempts.
function driftBench() {
  const bank = syntheticBank(600);
  const ATTEMPTS = 400;
  const AT = 200;
  const attemptOf = (q, compromised) => {
    const theta = normal();
    const tau = 0.3 * normal();
    const thetaHat = theta + 0.35 * normal(); // a 20-question estimate's error
    const tauHat = tau + 0.12 * normal();
    let p = A.probabilityCorrect(q, theta);
    let logT = q.beta - tau + normal() / q.alpha;
    if (compromised) {
      p = p + 0.4 * (1 - p);
      logT -= Math.log(2);
    }
    const correct = rng() < p;
    const timedOut = logT > q.beta + LIMIT_LOG;
    return {
      correct: correct && !timedOut,
      p: A.probabilityCorrect(q, thetaHat),
      z: timedOut ? null : q.alpha * (logT - (q.beta - tauHat)),
    };
  };
  let falseFlags = 0;
  let maxHonest = 0;
  const delays = [];
  let missed = 0;
  for (const [i, q] of bank.items.entries()) {
    const leaked = i < 100;
    const stream = [];
    for (let t = 0; t < ATTEMPTS; t++) stream.push(attemptOf(q, leaked && t >= AT));
    const honestPart = I.driftCusum(leaked ? stream.slice(0, AT) : stream);
    if (honestPart.alarmAt !== null) falseFlags++;
    maxHonest = Math.max(maxHonest, honestPart.statistic);
    if (leaked) {
      const r = I.driftCusum(stream);
      if (r.alarmAt !== null && r.alarmAt >= AT) delays.push(r.alarmAt - AT + 1);
      else if (r.alarmAt === null) missed++;
    }
  }
  delays.sort((a, b) => a - b);
  const honestAttempts = 500 * ATTEMPTS + 100 * AT;
  console.log(
    `\nCompromised questions (CUSUM k=${I.DRIFT_K}, h=${I.DRIFT_H}): 100 of 600 questions leak at attempt ${AT} ` +
      `(40% easier, twice as fast); ${honestAttempts} honest attempts: ${falseFlags} false flags ` +
      `(largest honest CUSUM ${maxHonest.toFixed(1)}); found ${delays.length}/100, ${missed} missed; ` +
      `attempts after the leak to find it: median ${quantile(delays, 0.5)}, 90th percentile ${quantile(delays, 0.9)}, ` +
      `max ${delays[delays.length - 1]}`,
  );
  return { falseFlags, found: delays.length, p90: quantile(delays, 0.9), max: delays[delays.length - 1] };
}
const drift = driftBench();

const rate = (kind, k) => totals[kind][k] / totals[kind].n;
console.log('\nAll banks together:');
const all = {};
for (const kind of Object.keys(totals))
  all[kind] = {
    'pre-knowledge': pct(totals[kind].preknowledge, totals[kind].n),
    'rapid guesses': pct(totals[kind].rapid, totals[kind].n),
    'misfit lz*': pct(totals[kind].misfit, totals[kind].n),
    combined: pct(totals[kind].any, totals[kind].n),
  };
console.table(all);
console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
const round = (x) => Math.round(x * 10000) / 10000;
console.log(
  JSON.stringify({
    false_alarm_honest: round(rate('honest', 'any')),
    false_alarm_slow: round(rate('slow', 'any')),
    detect_preknowledge_30: round(rate('pk30', 'any')),
    detect_rapid_5: round(rate('rapid5', 'any')),
    rmse_rapid_plain: round(Math.sqrt(totals.rapid5.sePlain / totals.rapid5.n)),
    rmse_rapid_effort: round(Math.sqrt(totals.rapid5.seEffort / totals.rapid5.n)),
    drift_false_flags: drift.falseFlags,
    drift_found: drift.found / 100,
    drift_attempts_p90: drift.p90,
  }),
);
