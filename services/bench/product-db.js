#!/usr/bin/env node
// Part of `npm run bench:db`: the engine's 1M-document targets for the product's own documents,
// written as the product writes them. 1,000,000 tracking events (the collection that grows fastest) go in
// through the product's TrackingEvent model, one `create` per event as the quiz API stores them (many in
// flight, as many candidates at once), fsync on, against the engine as its own process. No compaction is
// asked for: the engine compacts when its journal says so, so a stop leaves whatever journal tail the load
// left. Then: the longest write while a compaction runs, reopen after a clean stop and after a kill -9
// (with events written after the snapshot), and the engine's RSS after the load and right after each reopen.
//
// Env: BENCH_EVENTS (default 1000000), BENCH_CONCURRENCY (creates in flight, default 64). Build first:
// `npx tsc -b services`.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { randomBytes } = require('node:crypto');
const mongoose = require('mongoose');
const { spawnEngine, dirBytes, TARGETS } = require('../../libs/mongo-engine/bench/db-bench');

const DIST = path.resolve(__dirname, '..', 'dist');
if (!fs.existsSync(path.join(DIST, 'models.js'))) {
  console.error('services/dist is missing: run `npx tsc -b services` first');
  process.exit(1);
}
const { TrackingEvent } = require(path.join(DIST, 'models'));

const EVENTS = Number(process.env.BENCH_EVENTS || 1_000_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 64);
/** events of one quiz (one token): a candidate's tab switches, focus changes and the like */
const PER_QUIZ = 40;

/** Quizzes' tokens and ids, made once: events of a quiz share them. */
const quizzes = [];
function quizOf(i) {
  const q = Math.floor(i / PER_QUIZ);
  if (!quizzes[q])
    quizzes[q] = { id: new mongoose.Types.ObjectId(), token: randomBytes(16).toString('base64url') };
  return quizzes[q];
}

/** An event as the quiz API stores it (quiz/store.ts insertTrackingEvent). */
function event(i) {
  const quiz = quizOf(i);
  const kind = i % 5;
  return {
    quiz_result: quiz.id,
    token: quiz.token,
    questionId: i % 21,
    event: kind,
    eventDetails: kind <= 1 ? { l: 1_700_000_000_000 + i, r: 1_700_000_004_000 + i, t: 4000 } : {},
    at: new Date(1_700_000_000_000 + i * 250),
  };
}

/** `count` creates through the model, CONCURRENCY in flight; the slowest one, in ms. */
async function create(from, count) {
  let next = from;
  let slowest = 0;
  const worker = async () => {
    while (next < from + count) {
      const i = next++;
      const t0 = performance.now();
      await TrackingEvent.create(event(i));
      slowest = Math.max(slowest, performance.now() - t0);
      if ((i + 1) % 100_000 === 0) process.stderr.write(`  ${i + 1} events\n`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return slowest;
}

/** Sequential creates while a compaction runs: the longest single write. */
async function stallDuringCompaction(engine, base) {
  let stop = false;
  let longest = 0;
  let writes = 0;
  const writer = (async () => {
    for (let i = 0; !stop; i++) {
      const t0 = performance.now();
      await TrackingEvent.create(event(base + i));
      longest = Math.max(longest, performance.now() - t0);
      writes++;
    }
  })();
  await new Promise((r) => setTimeout(r, 200));
  longest = 0;
  writes = 0;
  const { ms } = await engine.compact();
  stop = true;
  await writer;
  return { longest, writes, compactMs: ms };
}

async function connect(uri) {
  await mongoose.connect(`${uri}/skillquiz`, { serverSelectionTimeoutMS: 10_000 });
  await TrackingEvent.init();
}

async function main() {
  const dbpath = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-productdb-'));
  const row = {};
  let engine = await spawnEngine(dbpath);
  try {
    await connect(engine.uri);
    process.stderr.write(`product db bench: ${EVENTS} tracking events through the TrackingEvent model...\n`);
    const t0 = performance.now();
    row.slowestCreate = await create(0, EVENTS);
    row.loadSec = (performance.now() - t0) / 1000;
    row.memLoaded = await engine.memory();
    row.rssLoaded = row.memLoaded.rss;
    row.journalBytes = fs.statSync(path.join(dbpath, 'journal.skq')).size;
    row.stall = await stallDuringCompaction(engine, EVENTS);

    // writes after the snapshot, then a clean stop and a reopen
    await create(EVENTS + 100_000, 20_000);
    row.dataBytes = dirBytes(dbpath);
    await mongoose.disconnect();
    await engine.stop();
    engine = await spawnEngine(dbpath);
    row.reopenClean = engine.startMs;
    row.reopenCleanCpu = engine.startCpuMs;
    row.memClean = await engine.memory();
    row.rssClean = row.memClean.rss;

    // more writes (a journal tail to replay), then kill -9 and a reopen
    await connect(engine.uri);
    await create(EVENTS + 200_000, 50_000);
    row.tailBytes = fs.statSync(path.join(dbpath, 'journal.skq')).size;
    await mongoose.disconnect();
    await engine.kill9();
    engine = await spawnEngine(dbpath);
    row.reopenKill = engine.startMs;
    row.reopenKillCpu = engine.startCpuMs;
    row.memKill = await engine.memory();
    row.rssKill = row.memKill.rss;
    await connect(engine.uri);
    row.count = await TrackingEvent.estimatedDocumentCount();
    const t1 = performance.now();
    await TrackingEvent.find({ token: quizzes[123].token }).sort({ at: 1 }).lean();
    row.findMs = performance.now() - t1;
    await mongoose.disconnect();
  } finally {
    await mongoose.disconnect().catch(() => undefined);
    await engine.stop().catch(() => undefined);
    fs.rmSync(dbpath, { recursive: true, force: true });
  }

  const mib = (b) => `${(b / 1024 / 1024).toFixed(0)} MiB`;
  const ms = (v) => `${v >= 100 ? v.toFixed(0) : v.toFixed(1)} ms`;
  // where the resident memory is: V8's heap (objects: index maps, keys) and buffers outside it (the slabs)
  const parts = (m) =>
    `heap ${mib(m.heapUsed)} of ${mib(m.heapTotal)}, array buffers ${mib(m.arrayBuffers)}, peak RSS ${mib(m.peak)}`;
  const mark = (ok) => (ok ? '' : ' (over target)');
  console.log(
    `\nskillquiz db bench, the product's documents: ${EVENTS.toLocaleString('en')} tracking events through the ` +
      `product's TrackingEvent model (one create each, ${CONCURRENCY} in flight), engine as its own process, ` +
      `fsync on; node ${process.version}, ${os.cpus().length} cpus, load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
  );
  console.table({
    'reopen after clean stop': {
      target: '<= 5 s',
      measured: ms(row.reopenClean) + mark(row.reopenClean <= TARGETS.reopenClean),
    },
    '  its CPU time (quiet-machine wall time)': { target: '', measured: ms(row.reopenCleanCpu) },
    'RSS right after that reopen': {
      target: '<= 600 MiB',
      measured: mib(row.rssClean) + mark(row.rssClean <= TARGETS.rss),
    },
    '  its parts': { target: '', measured: parts(row.memClean) },
    'reopen after kill -9': {
      target: '<= 5 s',
      measured: ms(row.reopenKill) + mark(row.reopenKill <= TARGETS.reopenKill),
    },
    '  its CPU time (quiet-machine wall time) ': { target: '', measured: ms(row.reopenKillCpu) },
    'RSS right after that reopen ': {
      target: '<= 600 MiB',
      measured: mib(row.rssKill) + mark(row.rssKill <= TARGETS.rss),
    },
    '  its parts  ': { target: '', measured: parts(row.memKill) },
    '  journal tail replayed': { target: '', measured: mib(row.tailBytes) },
    'longest write stall during compaction': {
      target: '<= 250 ms',
      measured: ms(row.stall.longest) + mark(row.stall.longest <= TARGETS.stall),
    },
    '  writes during compaction / its length': {
      target: '',
      measured: `${row.stall.writes} / ${ms(row.stall.compactMs)}`,
    },
    'slowest create of the load': { target: '', measured: ms(row.slowestCreate) },
    'RSS after the load': {
      target: '<= 600 MiB',
      measured: mib(row.rssLoaded) + mark(row.rssLoaded <= TARGETS.rss),
    },
    '  its parts ': { target: '', measured: parts(row.memLoaded) },
    'journal after the load': { target: '', measured: mib(row.journalBytes) },
    'data dir size': { target: '', measured: mib(row.dataBytes) },
    'load (creates)': {
      target: '',
      measured: `${row.loadSec.toFixed(0)} s, ${(EVENTS / row.loadSec).toFixed(0)}/s`,
    },
    "a quiz's events by token, in time order": { target: '', measured: ms(row.findMs) },
    'events after the reopens': { target: '', measured: row.count.toLocaleString('en') },
  });
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
