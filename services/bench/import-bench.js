#!/usr/bin/env node
// `npm run bench:import`: what an import costs the candidates. The services run as their own process
// over the embedded engine (its own process too, as `npm start` runs them); a candidate's quiz request
// (GET /api/quiz/{token}, the quiz page's first call) is sent one after the other, 10 ms apart, from a
// thread of its own (candidate-sampler.js), first with no import (the baseline), then during each
// hostile upload (each refused with its 413/400) and each large honest one (10,000 questions as JSON,
// CSV and a QTI package, previewed; then the JSON one committed). Each upload is sent again until
// BENCH_REPEAT_MS (default: the baseline's length) have passed, so each row has about as many samples
// as the baseline. Prints the candidate's p50/p99/max per upload beside the baseline (targets: max
// <= 250 ms, and within 1.5x of the baseline), and the services' RSS growth during the upload
// (the peak over the RSS before it; target <= 150 MiB).
//
// Build first (`npm run build`, or `npx tsc -b services`). Env: BENCH_QUESTIONS (the honest files'
// size, default 10000), BENCH_BASELINE_MS (how long the baseline samples, default 4000), BENCH_REPEAT_MS, BENCH_ONLY
// (words of the upload labels to run, e.g. `JSON,bomb`), BENCH_SERVICES_PROF (a directory for the
// services process's V8 CPU profile).
'use strict';
const { fork } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const { Worker } = require('node:worker_threads');
const { crc32, deflateRawSync } = require('node:zlib');

const ROOT = path.resolve(__dirname, '..', '..');
const DIST = path.join(ROOT, 'services', 'dist');
if (!fs.existsSync(path.join(DIST, 'content', 'io', 'import-worker.js'))) {
  console.error('services/dist is missing: run `npm run build` (or `npx tsc -b services`) first');
  process.exit(1);
}
const mongoose = require('mongoose');
const { Atom, Company, Invitation, QuizResult, createQuestion } = require(path.join(DIST, 'models'));
const { IMPORT_LIMITS } = require(path.join(DIST, 'content', 'io', 'limits.js'));
const { writeJson } = require(path.join(DIST, 'content', 'io', 'json-format.js'));
const { writeCsv } = require(path.join(DIST, 'content', 'io', 'csv-format.js'));
const { writeQti } = require(path.join(DIST, 'content', 'io', 'qti-format.js'));
const { Browser, signIn, startAdminServices } = require('./admin-client');

const N = Number(process.env.BENCH_QUESTIONS || 10_000);
const BASELINE_MS = Number(process.env.BENCH_BASELINE_MS || 4000);
const GAP_MS = 10;
// a short upload is repeated for this long, so its p99 is not its one or two slowest samples
const REPEAT_MS = Number(process.env.BENCH_REPEAT_MS || BASELINE_MS);
// a directory: the services process's whole-life V8 CPU profile, written when it stops
const PROF = process.env.BENCH_SERVICES_PROF || null;
// a comma-separated list of words: only the uploads whose label holds one of them
const ONLY = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',').map((w) => w.trim()) : null;
const chosen = ([label]) => !ONLY || ONLY.some((w) => label.includes(w));
const TARGET_MAX_MS = 250;
const TARGET_RSS = 150 * 1024 * 1024;
const MiB = 1024 * 1024;
const LOOP_PROBE = path.join(__dirname, 'loop-probe.js');
const ENGINE_CHILD = path.join(ROOT, 'libs', 'mongo-engine', 'bench', 'engine-child.js');

function startEngine(dbpath) {
  const flags = require(path.join(ROOT, 'libs', 'mongo-engine', 'bin', 'node-flags'));
  const proc = fork(ENGINE_CHILD, [dbpath], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: flags.flags,
    env: flags.engineEnv(process.env),
  });
  return new Promise((resolve) => {
    proc.on('message', (m) => {
      if (m && m.ready)
        resolve({
          uri: m.uri,
          stop: () =>
            new Promise((r) => {
              proc.once('exit', r);
              proc.send('stop');
            }),
        });
    });
  });
}

/** The services' resident set now, in bytes. */
function rssOf(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m[1]) * 1024;
}

// ---------------------------------------------------------------------------------------------
// Files: a zip written by hand (so each header says what the bench wants), and the product's writers.

function zip(entries, listed) {
  const parts = [];
  const offsets = [];
  let at = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(e.descriptor ? 8 : 0, 6);
    h.writeUInt16LE(e.stored ? 0 : 8, 8);
    if (!e.descriptor) {
      h.writeUInt32LE(e.crc ?? 0, 14);
      h.writeUInt32LE(e.data.length, 18);
      h.writeUInt32LE((e.declaredSize ?? e.size) % 2 ** 32, 22);
    }
    h.writeUInt16LE(name.length, 26);
    offsets.push(at);
    parts.push(h, name, e.data);
    at += h.length + name.length + e.data.length;
    if (e.descriptor) {
      const d = Buffer.alloc(16);
      d.writeUInt32LE(0x08074b50, 0);
      d.writeUInt32LE(e.crc ?? 0, 4);
      d.writeUInt32LE(e.data.length, 8);
      d.writeUInt32LE(e.size % 2 ** 32, 12);
      parts.push(d);
      at += d.length;
    }
  }
  const cdStart = at;
  const list = listed ?? entries.map((e, i) => ({ entry: i, name: e.name }));
  for (const l of list) {
    const e = entries[l.entry];
    const name = Buffer.from(l.name);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(e.stored ? 0 : 8, 10);
    c.writeUInt32LE(e.crc ?? 0, 16);
    c.writeUInt32LE(e.data.length, 20);
    c.writeUInt32LE((e.declaredSize ?? e.size) % 2 ** 32, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offsets[l.entry], 42);
    parts.push(c, name);
    at += c.length + name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(list.length % 65536, 8);
  end.writeUInt16LE(list.length % 65536, 10);
  end.writeUInt32LE(at - cdStart, 12);
  end.writeUInt32LE(cdStart, 16);
  parts.push(end);
  return Buffer.concat(parts);
}
const deflated = (name, content, declaredSize) => ({
  name,
  data: deflateRawSync(content),
  size: content.length,
  crc: crc32(content),
  declaredSize,
});
function spaces(bytes) {
  const b = Buffer.alloc(bytes, 0x20);
  b.write('<!--', 0);
  b.write('-->', b.length - 3);
  return b;
}
const item = (id) =>
  `<?xml version="1.0"?><assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p2" identifier="${id}"><responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier"><correctResponse><value>A</value></correctResponse></responseDeclaration><itemBody><choiceInteraction responseIdentifier="RESPONSE" maxChoices="1"><prompt>Q ${id}</prompt><simpleChoice identifier="A">a</simpleChoice><simpleChoice identifier="B">b</simpleChoice></choiceInteraction></itemBody></assessmentItem>`;

function hostileFiles() {
  const blob = spaces(256 * MiB);
  const bomb = deflated('items/bomb.xml', blob);
  const deep = (n) => `${'<div>'.repeat(n)}x${'</div>'.repeat(n)}`;
  const fifteen = deflated('items/part.xml', spaces(15 * MiB));
  return [
    ['zip bomb, 256 MiB declared', zip([bomb])],
    ['zip bomb declaring 1 KiB', zip([{ ...bomb, declaredSize: 1024 }])],
    ['zip bomb, no size (descriptor)', zip([{ ...bomb, descriptor: true }])],
    [
      '100 entries declaring 4 GiB',
      zip(
        Array.from({ length: 100 }, (_, i) =>
          deflated(`items/i${i}.xml`, Buffer.from(item(`i${i}`)), 0xfffffff0),
        ),
      ),
    ],
    [
      'one 256 MiB blob listed 4 times',
      zip(
        [{ ...bomb, declaredSize: 2048 }],
        ['items/a.xml', 'items/b.xml', 'items/c.xml', 'imsmanifest.xml'].map((name) => ({ entry: 0, name })),
      ),
    ],
    [
      '8 entries of 15 MiB (total)',
      zip(Array.from({ length: 8 }, (_, i) => ({ ...fifteen, name: `items/p${i}.xml` }))),
    ],
    [
      `${IMPORT_LIMITS.ZIP_ENTRIES + 1} entries`,
      zip(
        Array.from({ length: IMPORT_LIMITS.ZIP_ENTRIES + 1 }, (_, i) => ({
          name: `m/${i}.png`,
          data: Buffer.alloc(0),
          size: 0,
          stored: true,
        })),
      ),
    ],
    [
      'item nested 100,000 deep',
      Buffer.from(`<assessmentItem identifier="d"><itemBody>${deep(100_000)}</itemBody></assessmentItem>`),
    ],
    [
      'JSON nested 100,000 deep',
      Buffer.from(
        `{"questions":[{"question_text":"x","code_block":${'['.repeat(100_000)}${']'.repeat(100_000)}}]}`,
      ),
    ],
    ['CSV of 200,000 lines', Buffer.from(`question_text\n${'q,\n'.repeat(200_000)}`)],
    [
      `${IMPORT_LIMITS.ITEMS + 1} questions (JSON)`,
      Buffer.from(
        JSON.stringify({
          questions: Array.from({ length: IMPORT_LIMITS.ITEMS + 1 }, (_, i) => ({ question_text: `q${i}` })),
        }),
      ),
    ],
    ['body past 50 MiB', Buffer.alloc(IMPORT_LIMITS.UPLOAD_BYTES + 1, 0x20)],
  ];
}

function honestQuestions(atom) {
  return Array.from({ length: N }, (_, i) => ({
    uid: `bench-import-${i + 1}`,
    question_text: `Question ${i}: what does this code print for the value ${i}?`,
    code_block: `const v${i} = [${i}, ${i + 1}, ${i % 7}];\nconsole.log(v${i}.map((x) => x * ${i % 5}).join(','));`,
    code_language: 'javascript',
    language: null,
    answers: [0, 1, 2, 3].map((k) => ({
      text: `answer ${i * 4 + k}`,
      correct: k === 0,
      position: undefined,
    })),
    claim: `claim_${i % 12}`,
    atoms: [atom],
    difficulty_params: { a: 1 + (i % 10) / 10, d: ((i % 21) - 10) / 5 },
    original_uid: null,
  }));
}

// ---------------------------------------------------------------------------------------------

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
function stats(ms) {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 0.5), p99: percentile(s, 0.99), max: s[s.length - 1] };
}

async function main() {
  const dbpath = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-import-bench-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-import-bench-data-'));
  const engine = await startEngine(dbpath);
  const uri = `${engine.uri}/skillquiz`;
  let services;
  let sampler;
  try {
    // a small bank and a candidate's quiz, straight through the models
    await mongoose.connect(uri, { serverSelectionTimeoutMS: 10_000 });
    const atom = 'bench-import';
    for (let i = 0; i < 8; i++)
      await createQuestion({
        question_text: `Quiz question ${i + 1}`,
        administered: true,
        atoms: [atom],
        difficulty_params: { a: 1, d: -1 + i * 0.3 },
        answers: [0, 1, 2, 3].map((k) => ({ text: `a${k}`, c: k === i % 4 })),
      });
    await Atom.create({ _id: atom, name: 'Import bench', num_questions: 4 });
    const company = await Company.create({ name: 'Bench Co', logo_url: 'https://example.test/logo.png' });
    const invitation = await Invitation.create({
      company: company._id,
      required_atoms: [atom],
      optional_atoms: [],
    });
    const token = `bench${Date.now().toString(36)}token0000`;
    await QuizResult.create({
      token,
      invitation: invitation._id,
      company: company._id,
      atom_ids: [atom],
      expires_at: new Date(Date.now() + 72 * 3600_000),
    });
    await mongoose.disconnect();

    process.stderr.write('import bench: building the files...\n');
    const hostile = hostileFiles();
    const questions = honestQuestions(atom);
    const honest = [
      [`${N} questions, JSON`, writeJson([], questions)],
      [`${N} questions, CSV`, writeCsv(questions)],
      [`${N} questions, QTI zip`, writeQti([], questions)],
    ];

    const probeFile = path.join(dataDir, 'loop-probe.txt');
    services = await startAdminServices(uri, dataDir, {
      NODE_OPTIONS: `--require ${LOOP_PROBE}${PROF ? ` --cpu-prof --cpu-prof-dir=${PROF}` : ''}`,
      LOOP_PROBE_FILE: probeFile,
    });
    let probeSeq = 0;
    /** The services' longest event-loop delay and GC pause since the previous call, in ms (loop-probe.js). */
    const loopMax = async () => {
      probeSeq++;
      process.kill(services.pid, 'SIGUSR2');
      for (;;) {
        const [seq, max, gc] = (
          fs.existsSync(probeFile) ? fs.readFileSync(probeFile, 'utf8') : '0 0 0'
        ).split(' ');
        if (Number(seq) === probeSeq) return { max: Number(max), gc: Number(gc) };
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const browser = new Browser();
    await signIn(browser, services.baseUrl, services.admin);
    const base = services.baseUrl;

    const candidate = async () => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/quiz/${token}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`candidate GET: ${res.status}`);
      return performance.now() - t0;
    };
    // the candidate during an upload calls from its own thread (candidate-sampler.js), as a browser
    // elsewhere would: this thread builds the uploads and reads their replies
    sampler = new Worker(path.join(__dirname, 'candidate-sampler.js'), {
      workerData: { url: `${base}/api/quiz/${token}`, gapMs: GAP_MS },
    });
    const sampled = () =>
      new Promise((resolve, reject) => {
        sampler.once('message', (m) => (m.error ? reject(new Error(m.error)) : resolve(m.ms)));
        sampler.postMessage('stop');
      });
    // this thread's own longest block during each upload, printed beside the services' to show it apart
    const benchLoop = monitorEventLoopDelay({ resolution: 5 });
    benchLoop.enable();
    /**
     * Candidate latencies while `work` runs (at least `minMs`), repeated until `repeatMs` have passed
     * so that a short upload's p99 rests on as many samples as the baseline's (a refused upload changes
     * nothing, a previewed one stages a preview of its own), and the services' RSS peak over the
     * start during the first run.
     */
    async function during(work, { minMs = 0, repeatMs = 0 } = {}) {
      await loopMax();
      benchLoop.reset();
      const rss0 = rssOf(services.pid);
      let peak = rss0;
      const poll = setInterval(() => {
        peak = Math.max(peak, rssOf(services.pid));
      }, 20);
      const t0 = performance.now();
      sampler.postMessage('start');
      let out;
      let runs = 0;
      let growth = 0;
      do {
        out = await work();
        if (!runs++) growth = Math.max(peak, rssOf(services.pid)) - rss0;
      } while (performance.now() - t0 < repeatMs);
      const workMs = (performance.now() - t0) / runs;
      const rest = minMs - (performance.now() - t0);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
      const ms = await sampled();
      clearInterval(poll);
      const loop = await loopMax();
      const own = benchLoop.max / 1e6;
      return { ...stats(ms), runs, workMs, growth, loop, own, out };
    }
    const upload = async (bytes) => {
      const init = {
        method: 'POST',
        headers: {
          'content-type': 'application/octet-stream',
          'x-csrf-token': browser.cookie(base, 'CSRF-TOKEN'),
        },
        body: bytes,
      };
      const res = await browser.fetch(`${base}/api/questions/import/preview`, init);
      const body = await res.json();
      return { status: res.status, body };
    };
    const commit = async (importId) => {
      const res = await browser.fetch(`${base}/api/questions/import/${importId}/commit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': browser.cookie(base, 'CSRF-TOKEN') },
        body: JSON.stringify({}),
      });
      return { status: res.status, body: await res.json() };
    };

    // warm-up, then the baseline
    for (let i = 0; i < 50; i++) await candidate();
    sampler.postMessage('start');
    await new Promise((r) => setTimeout(r, 500));
    await sampled();
    const baseline = await during(() => new Promise((r) => setTimeout(r, BASELINE_MS)));
    const each = { minMs: 300, repeatMs: REPEAT_MS };
    const rows = [];
    const row = (label, r, status) => {
      const within = r.max <= TARGET_MAX_MS && r.p99 <= baseline.p99 * 1.5;
      rows.push({
        upload: label,
        status,
        'upload s': (r.workMs / 1000).toFixed(2),
        uploads: r.runs,
        n: r.n,
        'p50 ms': r.p50.toFixed(1),
        'p99 ms': r.p99.toFixed(1),
        'max ms': r.max.toFixed(1),
        'p50 x base': (r.p50 / baseline.p50).toFixed(2),
        'p99 x base': (r.p99 / baseline.p99).toFixed(2),
        'event-loop max ms': r.loop.max.toFixed(0),
        'GC max ms': r.loop.gc.toFixed(0),
        'bench loop max ms': r.own.toFixed(0),
        'RSS +MiB': (r.growth / MiB).toFixed(0),
        ok: within && r.growth <= TARGET_RSS ? 'yes' : 'NO',
      });
    };
    console.log(
      `import bench ${new Date().toISOString()}: node ${process.version}, ${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    row('(no import: baseline)', baseline, '');
    for (const [label, bytes] of hostile.filter(chosen)) {
      const r = await during(() => upload(bytes), each);
      row(label, r, String(r.out.status));
      if (r.out.status < 400) throw new Error(`${label}: accepted (${r.out.status})`);
    }
    let jsonImport = null;
    for (const [label, bytes] of honest.filter(chosen)) {
      const r = await during(() => upload(bytes), each);
      row(`${label} (${(bytes.length / MiB).toFixed(1)} MiB), preview`, r, String(r.out.status));
      if (r.out.status !== 200 || !r.out.body.can_commit)
        throw new Error(`${label}: ${r.out.status} ${JSON.stringify(r.out.body).slice(0, 300)}`);
      if (label.endsWith('JSON')) jsonImport = r.out.body.import_id;
    }
    if (jsonImport) {
      const c = await during(() => commit(jsonImport), { minMs: 300 });
      row(`${N} questions, JSON, commit`, c, String(c.out.status));
    }
    console.table(rows);
    console.log(
      "targets: the candidate's max <= 250 ms and p99 within 1.5x of the baseline's; RSS growth <= 150 MiB per upload",
    );
    console.log(
      `load at the end ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await sampler?.terminate();
    await services?.stop();
    await engine.stop();
    fs.rmSync(dbpath, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
