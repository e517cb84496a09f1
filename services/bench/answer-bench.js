#!/usr/bin/env node
// Answer endpoint benchmark: throughput and p95 latency of POST /api/quiz/{token}/question/{n}/
// at 50 concurrent simulated candidates on the embedded engine, next to a bare Koa route that
// makes the same database round trips with none of the quiz rules. Prints the throughput ratio
// (target >= 0.7). Plain node over the built code: run `npx tsc -b services` first.
//
// One process holds the engine, the server and the clients (2 cores here), so absolute numbers
// are modest; the ratio compares like with like. Each simulated candidate fetches its current
// question (GET, which starts the clock) and answers it (POST, timed), 10 questions per quiz.
// Throughput is the median over rounds; latency percentiles pool every round's answers.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { randomBytes } = require('node:crypto');

const DIST = path.resolve(__dirname, '..', 'dist');
if (!fs.existsSync(path.join(DIST, 'app.js'))) {
  console.error('services/dist is missing: run `npx tsc -b services` first');
  process.exit(1);
}

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 50);
const QUESTIONS_PER_QUIZ = 10;
/** Measured rounds per variant, run in ABBA order so machine load drifts hit both alike. */
const ROUNDS = Number(process.env.BENCH_ROUNDS || 4);
const BANK_SIZE = 300;
const ATOM = 'bench-atom';

const mongoose = require('mongoose');
const Koa = require('koa');
const { Router } = require('@koa/router');
const { bodyParser } = require('@koa/bodyparser');
const { startEngine } = require('@skillquiz/mongo-engine');
const { createApp } = require(path.join(DIST, 'app.js'));
const { loadConfig } = require(path.join(DIST, 'platform', 'config.js'));
const { Atom, Question, QuizResult, Counter } = require(path.join(DIST, 'models'));
const { servedRecord } = require(path.join(DIST, 'quiz', 'selection.js'));
const { toQuestionRecord } = require(path.join(DIST, 'content', 'bank', 'for-quiz.js'));

// ---------------------------------------------------------------------------------------------
// Simulated bank: a ~ lognormal(0, 0.3), b ~ N(0, 1), d = -a*b (as the adaptive benchmark).

let seed = 12345;
function rand() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
function normal() {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

async function seedBank() {
  await Atom.create({ _id: ATOM, name: 'Benchmark atom', num_questions: QUESTIONS_PER_QUIZ });
  const docs = [];
  for (let i = 1; i <= BANK_SIZE; i++) {
    const a = Math.exp(0.3 * normal());
    const b = normal();
    docs.push({
      _id: i,
      question_text: `Question ${i}`,
      administered: true,
      atoms: [ATOM],
      claim: ['alpha', 'beta', 'gamma'][i % 3],
      difficulty_params: { a, d: -a * b },
      answers: [0, 1, 2, 3].map((k) => ({ hash_id: `q${i}a${k}`, text: `answer ${k}`, c: k === 0 })),
    });
  }
  await Question.insertMany(docs);
}

async function issueQuizzes(n) {
  const tokens = [];
  for (let i = 0; i < n; i++) tokens.push(randomBytes(16).toString('base64url'));
  await QuizResult.insertMany(
    tokens.map((token) => ({ token, atom_ids: [ATOM], expires_at: new Date(Date.now() + 3600_000) })),
  );
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// The bare baseline: the same round trips as GET question / POST answer, no quiz rules.

function bareApp() {
  const app = new Koa();
  const router = new Router();
  const BANK_FIELDS = { _id: 1, difficulty_params: 1, claim: 1, original_question_id: 1, exposure_count: 1 };
  const ATOM_FIELDS = {
    _id: 1,
    name: 1,
    num_questions: 1,
    eta_minutes: 1,
    beta_question_ordering: 1,
    levels_thresholds: 1,
  };

  // GET: load the quiz, the atom (time limit), conditional write (clock start).
  router.get('/bare/:token/question/:n', async (ctx) => {
    const quiz = await QuizResult.findOne({ token: ctx.params.token }).lean();
    await Atom.find({ _id: { $in: quiz.atom_ids } })
      .select(ATOM_FIELDS)
      .lean();
    const served = quiz.served.map((s) =>
      s.expires_at ? s : { ...s, served_at: new Date(), expires_at: new Date(Date.now() + 600_000) },
    );
    await QuizResult.updateOne({ _id: quiz._id, rev: quiz.rev }, { $set: { served, rev: quiz.rev + 1 } });
    const cur = served[served.length - 1];
    ctx.body = {
      number: cur.number,
      answers: cur.snapshot.answers.map((a) => ({ text: a.text, hash_id: a.hash_id })),
    };
  });

  // POST: load the quiz, the atom, the bank, the exposure base, the chosen question, conditional
  // write of the answered quiz with the next question appended, exposure +1.
  router.post('/bare/:token/question/:n', async (ctx) => {
    const quiz = await QuizResult.findOne({ token: ctx.params.token }).lean();
    await Atom.find({ _id: { $in: quiz.atom_ids } })
      .select(ATOM_FIELDS)
      .lean();
    const bank = await Question.find({ atoms: ATOM, administered: true }).select(BANK_FIELDS).lean();
    await Counter.findById(`atom-administrations:${ATOM}`).lean();
    const seen = new Set(quiz.served.map((s) => s.question_id));
    const pick = bank.find((q) => !seen.has(q._id));
    const q = await Question.findById(pick._id).lean();
    const now = new Date();
    const served = quiz.served.map((s) =>
      s.answered_at ? s : { ...s, answered_at: now, answer: ctx.request.body.answer, correct: true },
    );
    if (served.length < QUESTIONS_PER_QUIZ) served.push(snapshotOf(q, served.length + 1, now));
    const estimates = [{ atom_id: ATOM, estimate: 0, error: 1, answered: served.length }];
    await QuizResult.updateOne(
      { _id: quiz._id, rev: quiz.rev },
      { $set: { served, estimates, rev: quiz.rev + 1 } },
    );
    await Question.updateMany({ _id: { $in: [q._id] } }, { $inc: { exposure_count: 1 } });
    ctx.body = {
      correct: true,
      post_skill_estimate: 0,
      post_skill_estimate_error: 1,
      next_question: { number: served.length, expires_at: null },
    };
  });

  app.use(bodyParser());
  app.use(router.routes());
  return app;
}

/** The served record the real API would store: the same snapshot function, no second copy. */
function snapshotOf(q, number, now) {
  return servedRecord(toQuestionRecord(q), { number, atom_id: ATOM, kind: 'scored' }, now);
}

async function issueBareQuizzes(n) {
  const tokens = await issueQuizzes(n);
  // The real API chooses question 1 on its first GET; give the bare quizzes theirs up front.
  const q1 = await Question.findById(1).lean();
  await QuizResult.updateMany(
    { token: { $in: tokens } },
    { $set: { served: [snapshotOf(q1, 1, new Date())] } },
  );
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// Load generator

async function candidate(baseUrl, prefix, token, latencies, answerOf) {
  for (let n = 1; n <= QUESTIONS_PER_QUIZ; n++) {
    const g = await fetch(`${baseUrl}${prefix}/${token}/question/${n}/`);
    const q = await g.json();
    if (g.status !== 200) throw new Error(`GET question ${n}: ${g.status} ${JSON.stringify(q)}`);
    const body = JSON.stringify(answerOf(q));
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}${prefix}/${token}/question/${n}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const reply = await res.json();
    latencies.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`POST answer ${n}: ${res.status} ${JSON.stringify(reply)}`);
  }
}

async function run(baseUrl, prefix, tokens, answerOf) {
  const latencies = [];
  const t0 = performance.now();
  await Promise.all(tokens.map((t) => candidate(baseUrl, prefix, t, latencies, answerOf)));
  const seconds = (performance.now() - t0) / 1000;
  return { latencies, throughput: latencies.length / seconds };
}

function summarize(label, runs) {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  const tps = runs.map((r) => r.throughput).sort((a, b) => a - b);
  const median =
    tps.length % 2 ? tps[(tps.length - 1) / 2] : (tps[tps.length / 2 - 1] + tps[tps.length / 2]) / 2;
  return { label, answers: latencies.length, throughput: median, rounds: tps, p50: p(0.5), p95: p(0.95) };
}

function listen(app) {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-answer-bench-'));
  const engine = await startEngine({ port: 0, dbpath: path.join(tmp, 'db') });
  await mongoose.connect(`${engine.uri.replace(/\/+$/, '')}/answer_bench`);
  const servers = [];
  try {
    await seedBank();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DATA_DIR: path.join(tmp, 'data'),
      DEMO_MODE_ALLOWED: 'false',
      QUESTION_TIME_LIMIT_SECONDS: '600',
    });
    const quizServer = await listen(createApp({ config, web: null }));
    const bareServer = await listen(bareApp());
    servers.push(quizServer, bareServer);
    const quizUrl = `http://127.0.0.1:${quizServer.address().port}`;
    const bareUrl = `http://127.0.0.1:${bareServer.address().port}`;
    // The candidate answers the first answer shown (right or wrong as the shuffle fell).
    const answerOf = (q) => ({ answer: q.answers[0].hash_id, answer_position: 0 });

    // Warm-up (JIT, connection pools), then the measured rounds in ABBA order.
    await run(quizUrl, '/api/quiz', await issueQuizzes(10), answerOf);
    await run(bareUrl, '/bare', await issueBareQuizzes(10), answerOf);
    const quizRuns = [];
    const bareRuns = [];
    const runQuiz = async () =>
      quizRuns.push(await run(quizUrl, '/api/quiz', await issueQuizzes(CONCURRENCY), answerOf));
    const runBare = async () =>
      bareRuns.push(await run(bareUrl, '/bare', await issueBareQuizzes(CONCURRENCY), answerOf));
    for (let r = 0; r < ROUNDS; r++) {
      if (r % 2 === 0) {
        await runQuiz();
        await runBare();
      } else {
        await runBare();
        await runQuiz();
      }
    }
    const quiz = summarize('quiz API', quizRuns);
    const bare = summarize('bare Koa', bareRuns);

    console.log(
      `\nAnswer endpoint, ${CONCURRENCY} concurrent candidates x ${QUESTIONS_PER_QUIZ} answers x ${ROUNDS} rounds, bank of ${BANK_SIZE}, embedded engine`,
    );
    for (const r of [quiz, bare]) {
      console.log(
        `  ${r.label.padEnd(9)} ${r.throughput.toFixed(1).padStart(8)} answers/s (median; rounds ${r.rounds.map((t) => t.toFixed(1)).join(', ')})   p50 ${r.p50.toFixed(1)} ms   p95 ${r.p95.toFixed(1)} ms   (${r.answers} answers)`,
      );
    }
    const ratio = quiz.throughput / bare.throughput;
    console.log(
      `  throughput ratio quiz/bare: ${ratio.toFixed(2)} (target >= 0.70) ${ratio >= 0.7 ? 'OK' : 'BELOW TARGET'}`,
    );
  } finally {
    for (const s of servers) s.close();
    await mongoose.disconnect();
    await engine.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
