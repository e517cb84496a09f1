#!/usr/bin/env node
// npm run bench:db: the embedded engine at 10k, 100k and 1M small documents (tracking events, the collection
// that grows fastest), through mongoose against the engine running as its own process, fsync on:
//   reopen after a clean stop and after a kill -9, longest write stall while a compaction runs, engine RSS,
//   data dir size, indexed find, unindexed count, insert throughput.
// Env: BENCH_SIZES (comma-separated document counts, default 10000,100000,1000000), BENCH_OPS (operations per
// latency phase, default 2000), BENCH_CONCURRENCY (concurrent inserts, default 16).
// Build first: npx tsc -b libs/mongo-engine
'use strict';
const { fork } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const mongoose = require('mongoose');

const SIZES = (process.env.BENCH_SIZES || '10000,100000,1000000').split(',').map(Number);
const OPS = Number(process.env.BENCH_OPS || 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16);
const CHILD = path.join(__dirname, 'engine-child.js');
const EVENTS_PER_QUIZ = 50;

const TARGETS = {
  reopenClean: 5000,
  reopenKill: 5000,
  stall: 250,
  rss: 600 * 1024 * 1024,
};

/** Start the engine process on `dbpath`; resolves once it accepts connections, with the time that took. */
function spawnEngine(dbpath) {
  const t0 = performance.now();
  // with the V8 flags bin/skillquiz-mongo.js gives itself
  const proc = fork(CHILD, [dbpath], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: require('../bin/node-flags').flags,
    env: require('../bin/node-flags').engineEnv(process.env),
  });
  const logs = [];
  const waiters = [];
  proc.on('message', (m) => {
    if (m.log) logs.push(m.log);
    const i = waiters.findIndex((w) => w.test(m));
    if (i >= 0) waiters.splice(i, 1)[0].resolve(m);
  });
  const next = (test) => new Promise((resolve) => waiters.push({ test, resolve }));
  return new Promise((resolve, reject) => {
    proc.once('exit', (code, signal) => reject(new Error(`engine exited (${code ?? signal})`)));
    next((m) => m.ready).then((m) =>
      resolve({
        proc,
        uri: m.uri,
        logs,
        startMs: performance.now() - t0,
        startCpuMs: m.openCpuMs,
        async compact() {
          proc.send('compact');
          return next((x) => x.compacted);
        },
        async memory() {
          proc.send('memory');
          return next((x) => x.memory);
        },
        stop() {
          return new Promise((r) => {
            proc.removeAllListeners('exit');
            proc.once('exit', r);
            proc.send('stop');
          });
        },
        kill9() {
          return new Promise((r) => {
            proc.removeAllListeners('exit');
            proc.once('exit', r);
            proc.kill('SIGKILL');
          });
        },
      }),
    );
  });
}

function trackingModel(conn) {
  const schema = new mongoose.Schema(
    {
      quiz_result: mongoose.Schema.Types.ObjectId,
      token: { type: String, required: true },
      questionId: Number,
      event: Number,
      eventDetails: new mongoose.Schema({ l: Number, r: Number, t: Number }, { _id: false }),
      at: Date,
    },
    { collection: 'tracking_events', versionKey: false },
  );
  schema.index({ token: 1, at: 1 });
  return conn.model('TrackingEvent', schema);
}

const tokenOf = (i) => `tok${String(Math.floor(i / EVENTS_PER_QUIZ)).padStart(19, '0')}`;
function eventDoc(i) {
  return {
    _id: new mongoose.Types.ObjectId(),
    quiz_result: new mongoose.Types.ObjectId(),
    token: tokenOf(i),
    questionId: i % 10,
    event: i % 5,
    eventDetails: { l: 1000 + i, r: 2000 + i, t: 1000 },
    at: new Date(1_700_000_000_000 + i * 1000),
  };
}

async function connect(uri) {
  return mongoose.createConnection(uri, { dbName: 'bench', serverSelectionTimeoutMS: 10_000 }).asPromise();
}

/** Insert n events in batches of 1000, a few batches in flight (the driver directly: loading is not measured). */
async function load(Model, from, n) {
  let next = from;
  const end = from + n;
  const worker = async () => {
    while (next < end) {
      const start = next;
      next = Math.min(end, next + 1000);
      const docs = [];
      for (let i = start; i < next; i++) docs.push(eventDoc(i));
      await Model.collection.insertMany(docs, { ordered: false });
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

/** `count` operations, `concurrency` in flight: ops/s and latencies (ms, sorted). */
async function measure(count, concurrency, op) {
  const latencies = [];
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const s = performance.now();
      await op(i);
      latencies.push(performance.now() - s);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  latencies.sort((a, b) => a - b);
  return { opsPerSec: count / ((performance.now() - t0) / 1000), latencies };
}

/** Sequential inserts while a compaction runs: the longest single write, and how many writes went through. */
async function stallDuringCompaction(engine, Model, base) {
  let stop = false;
  let longest = 0;
  let writes = 0;
  const writer = (async () => {
    for (let i = 0; !stop; i++) {
      const s = performance.now();
      await Model.create(eventDoc(base + i));
      longest = Math.max(longest, performance.now() - s);
      writes++;
    }
  })();
  await new Promise((r) => setTimeout(r, 200)); // the writer is warm and running when the compaction starts
  longest = 0;
  writes = 0;
  const { ms } = await engine.compact();
  stop = true;
  await writer;
  return { longest, writes, compactMs: ms };
}

function dirBytes(dir) {
  let total = 0;
  for (const f of fs.readdirSync(dir)) total += fs.statSync(path.join(dir, f)).size;
  return total;
}

async function benchSize(n) {
  const dbpath = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-dbbench-'));
  const row = { documents: n };
  let engine = await spawnEngine(dbpath);
  try {
    let conn = await connect(engine.uri);
    let Model = trackingModel(conn);
    await Model.init();
    const t0 = performance.now();
    await load(Model, 0, n);
    row.loadSec = (performance.now() - t0) / 1000;

    const stall = await stallDuringCompaction(engine, Model, n);
    row.stall = stall;
    row.dataBytes = dirBytes(dbpath);

    // clean stop, then reopen
    await conn.close();
    await engine.stop();
    engine = await spawnEngine(dbpath);
    row.reopenClean = engine.startMs;

    // writes after the snapshot (a journal tail to replay), then kill -9 and reopen
    conn = await connect(engine.uri);
    Model = trackingModel(conn);
    await load(Model, n + 100_000, Math.min(20_000, n / 10));
    await conn.close();
    await engine.kill9();
    engine = await spawnEngine(dbpath);
    row.reopenKill = engine.startMs;
    conn = await connect(engine.uri);
    Model = trackingModel(conn);

    const find = await measure(OPS, 1, (i) => Model.findOne({ token: tokenOf((i * 7919) % n) }).lean());
    row.findPerSec = find.opsPerSec;
    row.findP50 = percentile(find.latencies, 50);
    const counts = [];
    let matched = 0;
    for (let r = 0; r < 3; r++) {
      const s = performance.now();
      matched = await Model.countDocuments({ event: 3 });
      counts.push(performance.now() - s);
    }
    counts.sort((a, b) => a - b);
    row.countMs = counts[1];
    row.countMatched = matched;
    const ins = await measure(OPS, CONCURRENCY, (i) => Model.create(eventDoc(n + 200_000 + i)));
    row.insertPerSec = ins.opsPerSec;
    row.insertP95 = percentile(ins.latencies, 95);
    const mem = await engine.memory();
    row.rss = mem.rss;
    row.peakRss = mem.peak;
    await conn.close();
  } finally {
    await engine.stop().catch(() => {});
    fs.rmSync(dbpath, { recursive: true, force: true });
  }
  return row;
}

const mib = (b) => `${(b / 1024 / 1024).toFixed(0)} MiB`;
const ms = (v) => `${v >= 100 ? v.toFixed(0) : v.toFixed(1)} ms`;
const mark = (ok) => (ok ? '' : ' (over target)');

async function main() {
  const rows = [];
  for (const n of SIZES) {
    process.stderr.write(`db bench: ${n} documents...\n`);
    rows.push(await benchSize(n));
  }
  console.log(
    `skillquiz db bench: tracking events through mongoose, engine as its own process, fsync on; ` +
      `node ${process.version}, ${os.cpus().length} cpus`,
  );
  const table = {};
  const line = (label, target, f) => {
    table[label] = { target };
    for (const r of rows) table[label][r.documents.toLocaleString('en')] = f(r);
  };
  line(
    'reopen after clean stop',
    '<= 5 s',
    (r) => ms(r.reopenClean) + mark(r.reopenClean <= TARGETS.reopenClean),
  );
  line('reopen after kill -9', '<= 5 s', (r) => ms(r.reopenKill) + mark(r.reopenKill <= TARGETS.reopenKill));
  line(
    'longest write stall during compaction',
    '<= 250 ms',
    (r) => ms(r.stall.longest) + mark(r.stall.longest <= TARGETS.stall),
  );
  line('  writes during compaction / its length', '', (r) => `${r.stall.writes} / ${ms(r.stall.compactMs)}`);
  line('engine RSS (after the run)', '<= 600 MiB', (r) => mib(r.rss) + mark(r.rss <= TARGETS.rss));
  line('engine peak RSS', '', (r) => mib(r.peakRss));
  line('data dir size', '', (r) => mib(r.dataBytes));
  line(
    'indexed find (findOne by token)',
    'flat',
    (r) => `${r.findPerSec.toFixed(0)}/s, p50 ${ms(r.findP50)}`,
  );
  line('unindexed count (countDocuments)', 'linear', (r) => ms(r.countMs));
  line(
    `insert, ${CONCURRENCY} concurrent`,
    'flat',
    (r) => `${r.insertPerSec.toFixed(0)}/s, p95 ${ms(r.insertP95)}`,
  );
  line('load (driver insertMany x1000)', '', (r) => `${r.loadSec.toFixed(1)} s`);
  console.table(table);
  if (rows.length > 1) {
    const a = rows[0];
    const b = rows[rows.length - 1];
    console.log(
      `unindexed count ${a.documents} -> ${b.documents} documents: x${(b.countMs / a.countMs).toFixed(1)} time ` +
        `for x${(b.documents / a.documents).toFixed(0)} documents`,
    );
  }
}

if (require.main === module)
  main().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );

module.exports = { spawnEngine, dirBytes, percentile, TARGETS };
