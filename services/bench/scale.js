#!/usr/bin/env node
// `npm run bench:scale` (part of `npm run bench`): a big bank on the embedded engine. Seeds
// 100,000 questions over 20 atoms and 200,000 served answers (10,000 quizzes of 20 questions chosen by the
// adaptive selector, as candidates would have been served them) straight through the product's mongoose
// models, then times the content admin's calls through the real API, signed in as the admin
// through the dev sign-on, and the same queries sent straight through the mongodb driver; prints p50/p95
// with the targets beside them, the engine's memory after seeding and after every call, and the services'
// RSS after the calls (/proc: VmRSS, and VmHWM for the peak).
//
// The engine runs as its own process (as `npm start` runs it: bin/node-flags.js, fsync on). The admin rate
// limit (600 calls a minute per client address) would stop the bench after a minute: the services run with
// TRUSTED_PROXY_COUNT=1 and each request names its own client address in X-Forwarded-For, which is what
// that setting trusts a proxy to do; nothing else changes.
//
// The 'after a new answer' rows write what an answer writes to one quiz before each call (its updated_at and
// rev move), so the statistics list and that quiz's kept rest abilities are computed again.
//
// Env: BENCH_SAMPLES (timed calls per row, default 30; the all-atoms statistics take a third of it),
// BENCH_QUESTIONS (default 100000), BENCH_ANSWERS (default 200000), BENCH_CALLS (a comma-separated list of
// the rows' ids to time, e.g. `default,search,atom,atoms`; default every row: default, nofilter, search, atom,
// atoms, stats-all, stats-all-cached, stats-atom, stats-question), BENCH_ENGINE_PROF (a directory: the engine
// process writes a V8 CPU profile of each row's API calls there, <row id>.cpuprofile), BENCH_SERVICES_PROF (a
// directory: the services process's whole-life V8 CPU profile, written when it stops). Build first: `npm run build` (or
// `npx tsc -b services`). BENCH_SERVICES_HEAP (a directory: the services write a V8 heap snapshot there
// after the calls, to see what they hold).
'use strict';
const { fork } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { randomBytes } = require('node:crypto');

const ROOT = path.resolve(__dirname, '..', '..');
const DIST = path.join(ROOT, 'services', 'dist');
if (!fs.existsSync(path.join(DIST, 'main.js'))) {
  console.error('services/dist is missing: run `npm run build` (or `npx tsc -b services`) first');
  process.exit(1);
}
const mongoose = require('mongoose');
const parsePrometheusTextFormat = require('parse-prometheus-text-format');
const { BSON, MongoClient } = require('mongodb');
const A = require('@skillquiz/adaptive');
const { CONSTANTS } = require('@skillquiz/contracts');
const models = require(path.join(DIST, 'models'));
const { servedRecord } = require(path.join(DIST, 'quiz', 'selection.js'));
const { toQuestionRecord } = require(path.join(DIST, 'content', 'bank', 'for-quiz.js'));
const { questionListFilter } = require(path.join(DIST, 'content', 'bank', 'questions.js'));
const { versionOf } = require(path.join(DIST, 'content', 'analytics', 'records.js'));
const { Browser, signIn, startAdminServices } = require('./admin-client');
const { dirBytes } = require('../../libs/mongo-engine/bench/db-bench');

const QUESTIONS = Number(process.env.BENCH_QUESTIONS || 100_000);
const ANSWERS = Number(process.env.BENCH_ANSWERS || 200_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES || 30);
const CALLS = process.env.BENCH_CALLS ? process.env.BENCH_CALLS.split(',').map((c) => c.trim()) : null;
// the engine's V8 CPU profile (--cpu-prof) into this directory, to see where a call's time goes
const ENGINE_PROF = process.env.BENCH_ENGINE_PROF || null;
const SERVICES_PROF = process.env.BENCH_SERVICES_PROF || null;
const SERVICES_HEAP = process.env.BENCH_SERVICES_HEAP || null;
const ATOMS = 20;
const PER_QUIZ = 20;
const DB = 'skillquiz';
const ENGINE_CHILD = path.join(ROOT, 'libs', 'mongo-engine', 'bench', 'engine-child.js');
// The engine collects once traffic has been quiet for IDLE_GC_MS (checked every half of it) and the collection
// takes up to half a second: the memory it holds from then on is read this long after the calls.
const { IDLE_GC_MS } = require(path.join(ROOT, 'libs', 'mongo-engine', 'dist', 'idle-gc.js'));
const SETTLE_MS = IDLE_GC_MS * 2.5;
const RSS_TARGET = 600 * 1024 * 1024;
const SERVICES_RSS_TARGET = 400 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// The engine as its own process (libs/mongo-engine/bench/engine-child.js: ready, memory and stop over IPC)

function startEngine(dbpath) {
  const proc = fork(ENGINE_CHILD, [dbpath], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: require(path.join(ROOT, 'libs', 'mongo-engine', 'bin', 'node-flags')).flags,
    env: require(path.join(ROOT, 'libs', 'mongo-engine', 'bin', 'node-flags')).engineEnv(process.env),
  });
  const waiters = [];
  proc.on('message', (m) => {
    const i = waiters.findIndex((w) => w.test(m));
    if (i >= 0) waiters.splice(i, 1)[0].resolve(m);
  });
  const next = (test) => new Promise((resolve) => waiters.push({ test, resolve }));
  return next((m) => m.ready).then((m) => ({
    uri: m.uri,
    pid: proc.pid,
    async profile(file) {
      if (!file) {
        proc.send('profile-start');
        return next((x) => x.profiling);
      }
      proc.send({ profileStop: file });
      return next((x) => x.profiled);
    },
    async memory() {
      proc.send('memory');
      return next((x) => x.memory);
    },
    stop: () =>
      new Promise((r) => {
        proc.once('exit', r);
        proc.send('stop');
      }),
  }));
}

// ---------------------------------------------------------------------------------------------
// Seed data

let seed = 23;
function rand() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
const pick = (xs) => xs[Math.floor(rand() * xs.length)];

const VOCABULARY = (
  'array object function callback promise closure generator iterator prototype scope hoisting binding ' +
  'value reference variable constant loop index string number boolean null undefined symbol map set ' +
  'class method property getter setter module import export default async await event queue stack heap ' +
  'thread process memory garbage collector compile runtime error exception throw catch finally return ' +
  'argument parameter default rest spread destructuring template literal regular expression match ' +
  'replace split join slice splice push pop shift filter reduce sort compare equal strict type coercion ' +
  'operator precedence bitwise logical ternary switch case break continue label block statement ' +
  'expression declaration assignment increment decrement inheritance interface generic union tuple ' +
  'enum record dictionary list queue tree graph node edge path cycle search insert delete update select ' +
  'table row column index join group having order limit offset transaction commit rollback lock deadlock ' +
  'query plan cursor connection pool timeout retry cache invalidate version migrate schema field document'
).split(' ');
const VERBS = ['print', 'return', 'log', 'throw', 'yield', 'evaluate to', 'output', 'change'];
const OPENERS = [
  'What does',
  'Which statement about',
  'What happens when',
  'Why does',
  'How many times does',
];

// Sized like the product's own questions (the demo seed's: about 55 characters of text, a short code block
// in about a third of them, four answers of about 27 characters; some 500 bytes each).
function questionText(i) {
  const words = Array.from({ length: 3 + Math.floor(rand() * 4) }, () => pick(VOCABULARY));
  // about one question in twelve is about closures (the search the bench times)
  if (i % 12 === 0) words.splice(1, 0, rand() < 0.5 ? 'closure' : 'closures');
  return `${pick(OPENERS)} this ${words.join(' ')} ${pick(VERBS)}?`;
}

function codeBlock(i) {
  if (i % 3) return '';
  return `const ${pick(VOCABULARY)} = ${pick(VOCABULARY)}.${pick(VOCABULARY)}(${i % 7});\nconsole.log(${pick(
    VOCABULARY,
  )}_${i % 100}(${pick(VOCABULARY)}));`;
}

const atomSlug = (k) => `bench-atom-${String(k + 1).padStart(2, '0')}`;

async function seedQuestions() {
  const { Atom, Question, raiseSequence, touchAtomBanks } = models;
  for (let k = 0; k < ATOMS; k++)
    await Atom.create({ _id: atomSlug(k), name: `Bench atom ${k + 1}`, num_questions: PER_QUIZ });
  const now = new Date();
  const batch = [];
  for (let id = 1; id <= QUESTIONS; id++) {
    const a = Math.exp(0.3 * normal());
    batch.push({
      _id: id,
      question_text: questionText(id),
      code_block: codeBlock(id),
      code_language: id % 3 ? null : 'javascript',
      language: null,
      // one in ten not administered (beta, retired): an atom of 5,000 serves 4,500
      administered: id % 10 !== 0,
      answers: [0, 1, 2, 3].map((k) => ({
        hash_id: randomBytes(9).toString('base64url'),
        text: `It ${pick(VERBS)}s the ${pick(VOCABULARY)} ${k + 1}`,
        c: k === id % 4,
      })),
      atoms: [atomSlug((id - 1) % ATOMS)],
      claim: `claim_${id % 6}`,
      original_question_id: id % 25 === 0 ? id - 1 : null,
      difficulty_params: { a, d: -a * normal() },
      version: 1,
      exposure_count: 0,
      created_at: now,
      updated_at: now,
    });
    if (batch.length === 1000 || id === QUESTIONS) {
      // through the model: validation and the search words as every save keeps them
      await Question.insertMany(batch.splice(0));
      if (id % 20000 === 0) process.stderr.write(`  questions: ${id}\n`);
    }
  }
  await raiseSequence(models.QUESTION_COUNTER, QUESTIONS);
  await touchAtomBanks(Array.from({ length: ATOMS }, (_, k) => atomSlug(k)));
}

/**
 * ANSWERS served answers: per atom, candidates of ability ~ N(0, 1) take PER_QUIZ-question quizzes chosen
 * by the adaptive selector over the atom's administered bank (shared exposure counts, as a live server),
 * each answered correctly with its 2PL probability. Returns the answers per question.
 */
async function seedAnswers() {
  const { Question, QuizResult, Counter } = models;
  const perAtom = Math.round(ANSWERS / PER_QUIZ / ATOMS);
  const answered = new Map();
  for (let k = 0; k < ATOMS; k++) {
    const atom = atomSlug(k);
    const bank = await Question.find({ atoms: atom, administered: true }).lean();
    const prepared = A.prepareBank(
      bank.map((q) => ({
        id: String(q._id),
        a: q.difficulty_params.a,
        d: q.difficulty_params.d,
        claim: q.claim,
        original_question_id: q.original_question_id == null ? null : String(q.original_question_id),
      })),
    );
    const exposure = new Float64Array(bank.length);
    const docs = [];
    for (let c = 0; c < perAtom; c++) {
      const theta = normal();
      const post = A.createPosterior();
      const seen = new Set();
      const served = [];
      const at = new Date(Date.now() - (perAtom - c) * 60_000);
      for (let n = 1; n <= PER_QUIZ; n++) {
        const { estimate } = A.summarizePosterior(post);
        const choice = A.selectFromBank(
          prepared,
          { theta: estimate, seenIds: seen, exposureByPosition: exposure, totalAdministrations: c + 1 },
          { rng: rand },
        );
        if (!choice) break;
        const q = bank[choice.index];
        seen.add(String(q._id));
        exposure[prepared.positionOf.get(String(q._id))]++;
        const correct = rand() < A.probabilityCorrect(q.difficulty_params, theta);
        A.updatePosterior(post, q.difficulty_params, correct);
        answered.set(q._id, (answered.get(q._id) ?? 0) + 1);
        const record = servedRecord(toQuestionRecord(q), { number: n, atom_id: atom, kind: 'scored' }, at);
        const chosen = record.snapshot.answers.find((x) => x.c === correct) ?? record.snapshot.answers[0];
        served.push({
          ...record,
          served_at: new Date(at.getTime() + n * 30_000),
          expires_at: new Date(at.getTime() + n * 30_000 + 120_000),
          answered_at: new Date(at.getTime() + n * 30_000 + 5_000 + Math.floor(rand() * 60_000)),
          answer: chosen.hash_id,
          answer_position: record.snapshot.answers.indexOf(chosen),
          correct,
        });
      }
      docs.push({
        token: randomBytes(18).toString('base64url'),
        atom_ids: [atom],
        plan: [{ atom_id: atom, scored: PER_QUIZ, beta_question_id: null }],
        served,
        started_at: at,
        finished_at: new Date(at.getTime() + 20 * 60_000),
      });
      // through the model: its save keeps the analytics' copy of `served` (responses)
      if (docs.length === 250) await QuizResult.insertMany(docs.splice(0));
    }
    if (docs.length) await QuizResult.insertMany(docs);
    await Counter.updateOne(
      { _id: `atom-administrations:${atom}` },
      { $set: { seq: perAtom } },
      { upsert: true },
    );
    process.stderr.write(`  answers: ${atom} (${perAtom * PER_QUIZ})\n`);
  }
  return answered;
}

// ---------------------------------------------------------------------------------------------
// Timing

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

const CLOCK_TICK_MS = 10; // USER_HZ = 100 on Linux
/** A process's resident memory now and at its peak (VmRSS and VmHWM in /proc), in bytes. */
function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

/**
 * Where the services' memory is, from their own /metrics (prom-client's process metrics; served on the
 * main listener outside production), parsed as the metrics tests parse it: V8's heap used and
 * reserved, and memory outside it (buffers).
 */
async function servicesHeapOf(baseUrl) {
  const families = parsePrometheusTextFormat(await (await fetch(`${baseUrl}/metrics`)).text());
  const gauge = (name) =>
    Number(families.find((f) => f.name === `skillquiz_${name}`)?.metrics[0]?.value ?? NaN);
  return {
    heapUsed: gauge('nodejs_heap_size_used_bytes'),
    heapTotal: gauge('nodejs_heap_size_total_bytes'),
    external: gauge('nodejs_external_memory_bytes'),
  };
}

/** Asks a process started with --heapsnapshot-signal for a heap snapshot and waits until it is written. */
async function heapSnapshotOf(pid, dir) {
  const before = new Set(fs.readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  let size = -1;
  for (let waited = 0; waited < 120_000; waited += 1000) {
    await new Promise((r) => setTimeout(r, 1000));
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
    if (!file) continue;
    const now = fs.statSync(path.join(dir, file)).size;
    if (now > 0 && now === size)
      return process.stderr.write(`  services heap snapshot: ${path.join(dir, file)}\n`);
    size = now;
  }
  process.stderr.write('  services heap snapshot: not written within two minutes\n');
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc); null elsewhere. */
function cpuMsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS; // utime, stime
  } catch {
    return null;
  }
}

/**
 * Wall time per call (p50/p95) and the CPU time the processes in `pids` spent per call on average (the
 * machine is shared: wall time includes waiting for a core, CPU time does not; `before` is not counted in
 * either, but its CPU is, so rows with one report CPU with it).
 */
async function timed(samples, run, before, pids = []) {
  await run(); // warm-up, not counted
  const ms = [];
  const cpu0 = pids.map(cpuMsOf);
  const own0 = process.cpuUsage();
  for (let i = 0; i < samples; i++) {
    if (before) await before();
    const t0 = performance.now();
    await run();
    ms.push(performance.now() - t0);
  }
  const own = process.cpuUsage(own0);
  const cpu = pids.map((pid, k) => (cpu0[k] == null ? NaN : cpuMsOf(pid) - cpu0[k]));
  ms.sort((a, b) => a - b);
  return {
    p50: percentile(ms, 0.5),
    p95: percentile(ms, 0.95),
    cpuPerCall: cpu.map((x) => x / samples),
    ownCpuPerCall: (own.user + own.system) / 1000 / samples,
  };
}

let clientNumber = 0;
/** GET through the API as the signed-in admin; each request from its own client address (see top). */
async function apiGet(browser, baseUrl, url) {
  clientNumber++;
  const res = await browser.fetch(`${baseUrl}${url}`, {
    headers: {
      accept: 'application/json',
      'x-forwarded-for': `10.${(clientNumber >> 16) & 255}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`,
    },
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${body.slice(0, 300)}`);
  return JSON.parse(body);
}

async function main() {
  const dbpath = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-scale-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-scale-data-'));
  const engine = await startEngine(dbpath);
  const uri = `${engine.uri}/${DB}`;
  let services;
  let client;
  try {
    await mongoose.connect(uri, { serverSelectionTimeoutMS: 10_000 });
    await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
    let t0 = performance.now();
    process.stderr.write(`scale bench: seeding ${QUESTIONS} questions over ${ATOMS} atoms...\n`);
    await seedQuestions();
    const questionsSec = (performance.now() - t0) / 1000;
    t0 = performance.now();
    process.stderr.write(`scale bench: seeding ${ANSWERS} served answers...\n`);
    const answered = await seedAnswers();
    const answersSec = (performance.now() - t0) / 1000;
    await mongoose.disconnect();
    const seeded = await engine.memory();

    services = await startAdminServices(uri, dataDir, {
      TRUSTED_PROXY_COUNT: '1',
      ...(SERVICES_PROF || SERVICES_HEAP
        ? {
            NODE_OPTIONS: [
              SERVICES_PROF && `--cpu-prof --cpu-prof-dir=${SERVICES_PROF}`,
              SERVICES_HEAP && `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${SERVICES_HEAP}`,
            ]
              .filter(Boolean)
              .join(' '),
          }
        : {}),
    });
    const browser = new Browser();
    await signIn(browser, services.baseUrl, services.admin);
    client = await MongoClient.connect(uri);
    const db = client.db();
    // A first start over quizzes stored before the hiring workspace puts every finished one in the percentile norms, in the
    // background (hiring/invitations/backfill.ts): a one-off that writes each quiz (so statistics lists are computed
    // again) and takes the services' CPU; then the first reconciliation pass writes each counted quiz's norm entries
    // (hiring/invitations/norms.ts), another one-off. The calls are timed once both are done, as on every later start.
    t0 = performance.now();
    const done = async (marker) => Boolean(await db.collection('seed_state').findOne({ _id: marker }));
    while (!(await done('hiring-backfill')) || !(await done('norm-entries')))
      await new Promise((r) => setTimeout(r, 500));
    const backfillSec = (performance.now() - t0) / 1000;
    const questions = db.collection('questions');
    const quizzes = db.collection('quiz_results');

    // the question whose answers are nearest 140 (the statistics tab), and an atom
    const [tabId, tabAnswers] = [...answered].reduce((best, x) =>
      Math.abs(x[1] - 140) < Math.abs(best[1] - 140) ? x : best,
    );
    const atom = atomSlug(3);
    const withAnswers = (a) =>
      [...answered.keys()].filter((id) => a === 'all' || (id - 1) % ATOMS === Number(a.slice(-2)) - 1).length;

    const listFilter = (q) =>
      questionListFilter({ page: 1, search: '', only_administered: false, atom: 'all', ...q });
    const driverList = (q) => {
      const filter = listFilter(q);
      return Promise.all([
        questions.find(filter).project({ search_words: 0 }).sort({ _id: -1 }).limit(20).toArray(),
        questions.countDocuments(filter),
      ]);
    };
    const exposureBase = (atoms) =>
      Promise.all(
        atoms.flatMap((a) => [
          quizzes.countDocuments({ 'plan.atom_id': a }),
          quizzes.countDocuments({ 'plan.atom_id': a, simulated: true }),
        ]),
      );
    const allAtoms = Array.from({ length: ATOMS }, (_, k) => atomSlug(k));
    // as the services read them (content/analytics/records.ts): the matching quizzes' versions, then the responses of
    // those written since this filter's last read
    const versionsSeen = new Map();
    const driverStatistics = async (filter, atoms) => {
      const match = { ...filter, simulated: { $ne: true } };
      const key = JSON.stringify(filter);
      const seen = versionsSeen.get(key) ?? new Map();
      const listed = await quizzes.find(match).project({ rev: 1, responses_rev: 1, updated_at: 1 }).toArray();
      const missing = listed.filter((q) => seen.get(String(q._id)) !== versionOf(q)).map((q) => q._id);
      if (missing.length) {
        const read = await quizzes
          .find(missing.length > listed.length / 2 ? match : { _id: { $in: missing } })
          .project({ responses: 1, demo_data: 1, rev: 1, responses_rev: 1, updated_at: 1 })
          .toArray();
        for (const q of read) seen.set(String(q._id), versionOf(q));
      }
      versionsSeen.set(key, seen);
      await exposureBase(atoms);
    };

    // what an answer does to the quizzes a statistics list reads (a quiz's latest write and its revision move):
    // the list is computed again, not taken from the last one, and that quiz's rest abilities too
    const answerArrives = (filter) => () =>
      quizzes.updateOne(filter, { $set: { updated_at: new Date() }, $inc: { rev: 1, responses_rev: 1 } });
    const rows = [
      {
        id: 'default',
        label: 'questions list page 1, default view (administered, all atoms)',
        target: 150,
        api: '/api/questions/?page=1&search=&only_administered=true&atom=all',
        driver: () => driverList({ only_administered: true }),
      },
      {
        id: 'nofilter',
        label: 'questions list page 1, no filter',
        target: 150,
        api: '/api/questions/?page=1&search=&only_administered=false&atom=all',
        driver: () => driverList({}),
      },
      {
        id: 'search',
        label: "questions list page 1, search 'closure'",
        target: 150,
        api: '/api/questions/?page=1&search=closure&only_administered=false&atom=all',
        driver: () => driverList({ search: 'closure' }),
      },
      {
        id: 'atom',
        label: `questions list page 1, one atom (administered)`,
        target: 50,
        api: `/api/questions/?page=1&search=&only_administered=true&atom=${atom}`,
        driver: () => driverList({ only_administered: true, atom }),
      },
      {
        id: 'atom-one',
        label: `one atom with its questions (${(QUESTIONS / ATOMS).toLocaleString('en')} in the atom): GET /api/atoms/{id}, its first page`,
        target: 100,
        api: `/api/atoms/${atom}`,
        driver: () =>
          Promise.all([
            db.collection('atoms').findOne({ _id: atom }),
            questions
              .find({ atoms: atom })
              .sort({ _id: 1 })
              .limit(CONSTANTS.ATOM_QUESTIONS_PAGE_SIZE)
              .toArray(),
            questions.countDocuments({ atoms: atom }),
          ]),
      },
      {
        id: 'atoms',
        label: `atoms list (include_beta=true, ${ATOMS} atoms)`,
        target: 100,
        api: '/api/atoms?include_beta=true',
        driver: () =>
          Promise.all([
            db.collection('atoms').find({}).sort({ _id: 1 }).toArray(),
            questions
              .aggregate([{ $unwind: '$atoms' }, { $group: { _id: '$atoms', n: { $sum: 1 } } }])
              .toArray(),
          ]),
      },
      {
        id: 'stats-all',
        label: `list statistics, all atoms (${withAnswers('all')} questions with answers), after a new answer`,
        target: 2000,
        samples: Math.max(3, Math.round(SAMPLES / 3)),
        api: '/api/questions/statistics?atom=all',
        before: answerArrives({}),
        driver: () => driverStatistics({}, allAtoms),
      },
      {
        id: 'stats-all-cached',
        label: `list statistics, all atoms, nothing answered since the last list`,
        target: 2000,
        api: '/api/questions/statistics?atom=all',
        driver: () => driverStatistics({}, allAtoms),
      },
      {
        id: 'stats-atom',
        label: `list statistics, one atom (${withAnswers(atom)} questions with answers), after a new answer`,
        target: 500,
        api: `/api/questions/statistics?atom=${atom}`,
        before: answerArrives({ atom_ids: atom }),
        driver: () => driverStatistics({ atom_ids: atom }, [atom]),
      },
      {
        id: 'stats-question',
        label: `one question's statistics (${tabAnswers} answers)`,
        target: 150,
        api: `/api/questions/${tabId}/statistics`,
        driver: async () => {
          await questions.findOne(
            { _id: tabId },
            { projection: { difficulty_params: 1, version: 1, administered: 1 } },
          );
          await Promise.all([
            driverStatistics({ 'responses.q': tabId }, [atomSlug((tabId - 1) % ATOMS)]),
            db.collection('atoms').findOne({ beta_question_ordering: tabId }, { projection: { _id: 1 } }),
          ]);
        },
      },
    ];

    const check = await apiGet(browser, services.baseUrl, rows[2].api);
    const mib = (b) => `${(b / 1024 / 1024).toFixed(0)} MiB`;
    // where it is: V8's heap (objects: id and index maps, sort keys) and buffers outside it (the slabs of BSON)
    const parts = (m) =>
      `heap ${mib(m.heapUsed)} used of ${mib(m.heapTotal)}, array buffers ${mib(m.arrayBuffers)}`;
    const servicesParts = (h) =>
      `heap ${mib(h.heapUsed)} used of ${mib(h.heapTotal)}, outside the heap ${mib(h.external)}`;
    const table = {};
    for (const row of rows.filter((r) => !CALLS || CALLS.includes(r.id))) {
      process.stderr.write(`  timing: ${row.label}\n`);
      const samples = row.samples ?? SAMPLES;
      if (ENGINE_PROF) await engine.profile();
      const api = await timed(samples, () => apiGet(browser, services.baseUrl, row.api), row.before, [
        engine.pid,
        services.pid,
      ]);
      if (ENGINE_PROF) await engine.profile(path.join(ENGINE_PROF, `${row.id}.cpuprofile`));
      const driver = await timed(samples, row.driver, undefined, [engine.pid]);
      const reply = JSON.stringify(await apiGet(browser, services.baseUrl, row.api)).length;
      const m = await engine.memory();
      const { slabs: held, cursors } = (await client.db().admin().serverStatus()).skillquiz;
      process.stderr.write(
        `    services after it: RSS ${mib(rssOf(services.pid).rss)}, ${servicesParts(await servicesHeapOf(services.baseUrl))}; engine after it: RSS ${mib(m.rss)}, ${parts(m)}, slabs ${mib(held.slabBytes)} (${mib(held.liveBytes)} live), ${cursors.open} open cursors holding ${cursors.docs} documents\n`,
      );
      const ms = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
      table[row.label] = {
        'target p95': `<= ${row.target.toLocaleString('en')} ms`,
        reply: `${(reply / 1024).toFixed(0)} KB`,
        'API p50 / p95 (wall)': `${ms(api.p50)} / ${ms(api.p95)} ms${api.p95 <= row.target ? '' : ' (over)'}`,
        'API CPU/call engine + services': `${ms(api.cpuPerCall[0])} + ${ms(api.cpuPerCall[1])} ms`,
        'driver p50 / p95 (wall)': `${ms(driver.p50)} / ${ms(driver.p95)} ms`,
        'driver CPU/call engine + client': `${ms(driver.cpuPerCall[0])} + ${ms(driver.ownCpuPerCall)} ms`,
        'load avg (1 min)': os.loadavg()[0].toFixed(1),
      };
    }
    const after = await engine.memory();
    const servicesAfter = rssOf(services.pid);
    // and once the engine has been idle a moment: it collects its garbage after a burst (libs/mongo-engine
    // src/idle-gc.ts), so this is what it holds from then on
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const settled = await engine.memory();
    const servicesSettled = rssOf(services.pid);
    const servicesHeap = await servicesHeapOf(services.baseUrl);
    if (SERVICES_HEAP) await heapSnapshotOf(services.pid, SERVICES_HEAP);
    console.log(
      `\nskillquiz scale bench: ${QUESTIONS.toLocaleString('en')} questions over ${ATOMS} atoms, ` +
        `${ANSWERS.toLocaleString('en')} served answers (${(ANSWERS / PER_QUIZ).toLocaleString('en')} quizzes); ` +
        `embedded engine as its own process, fsync on; ${SAMPLES} calls per row, one at a time; ` +
        `node ${process.version}, ${os.cpus().length} cpus, load average ${os
          .loadavg()
          .map((x) => x.toFixed(1))
          .join(' ')}`,
    );
    const sample = await questions.find().limit(1000).toArray();
    const meanSize = sample.reduce((n, d) => n + BSON.calculateObjectSize(d), 0) / sample.length;
    console.log(
      `seeded through mongoose in ${questionsSec.toFixed(0)} s (questions) + ${answersSec.toFixed(0)} s (answers); ` +
        `the services' first-start norms backfill and norm entries took ${backfillSec.toFixed(0)} s (waited for); ` +
        `a question is ${meanSize.toFixed(0)} bytes on average; search 'closure' finds ${check.total.toLocaleString('en')} questions`,
    );
    console.log(
      'Wall times are measured on a shared machine: under load they include waiting for a core. CPU per call ' +
        'is the average CPU time (user + system, /proc, 10 ms ticks) the engine and the services processes ' +
        "spent per call over the row's samples (the 'after a new answer' rows include that write's cost).",
    );
    console.table(table);
    console.log(
      `engine RSS: after seeding ${mib(seeded.rss)}, right after every call above ${mib(after.rss)}, ` +
        `${SETTLE_MS / 1000} s later ${mib(settled.rss)} (target <= 600 MiB${settled.rss <= RSS_TARGET ? '' : ': over'}); ` +
        `peak ${mib(settled.peak)}`,
    );
    console.log(
      `services RSS: right after every call above ${mib(servicesAfter.rss)}, ${SETTLE_MS / 1000} s later ` +
        `${mib(servicesSettled.rss)} (target <= 400 MiB${servicesSettled.rss <= SERVICES_RSS_TARGET ? '' : ': over'}); ` +
        `peak ${mib(servicesSettled.peak)}; ${servicesParts(servicesHeap)}`,
    );
    const { slabs } = (await client.db().admin().serverStatus()).skillquiz;
    console.log(
      `  after seeding: ${parts(seeded)}; right after the calls: ${parts(after)}; ${SETTLE_MS / 1000} s later: ${parts(settled)}; documents' slabs ` +
        `${mib(slabs.slabBytes)} holding ${mib(slabs.liveBytes)} of live documents; data dir ${mib(dirBytes(dbpath))}`,
    );
  } finally {
    await client?.close();
    await mongoose.disconnect().catch(() => undefined);
    await services?.stop();
    await engine.stop();
    fs.rmSync(dbpath, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
