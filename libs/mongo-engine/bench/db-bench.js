#!/usr/bin/env node
// npm run bench:db — insert and find-by-indexed-field throughput through mongoose on the embedded engine
// (run as its own process, as `npm start` does; fsync on and off) and on MONGODB_URI when set.
// Env: BENCH_N (documents per phase, default 3000), BENCH_CONCURRENCY (default 16).
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const mongoose = require('mongoose');

const N = Number(process.env.BENCH_N || 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16);
const BIN = path.join(__dirname, '..', 'bin', 'skillquiz-mongo.js');

function startEngineProcess(fsync) {
  if (!fs.existsSync(path.join(__dirname, '..', 'dist', 'index.js')))
    throw new Error('build first: npx tsc -b libs/mongo-engine');
  const dbpath = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-bench-'));
  const args = [BIN, '--port', '0', '--dbpath', dbpath, ...(fsync ? [] : ['--no-fsync'])];
  const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /listening on ([^\s:]+):(\d+)/.exec(out);
      if (m)
        resolve({
          uri: `mongodb://${m[1]}:${m[2]}`,
          stop: () =>
            new Promise((r) => {
              proc.once('exit', () => {
                fs.rmSync(dbpath, { recursive: true, force: true });
                r();
              });
              proc.kill('SIGTERM');
            }),
        });
    });
    proc.once('exit', (code) => reject(new Error(`engine exited with ${code}`)));
  });
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

/** Run `count` operations with `concurrency` in flight; returns ops/s and latency percentiles (ms). */
async function measure(count, concurrency, op) {
  const latencies = [];
  let next = 0;
  const started = process.hrtime.bigint();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const t0 = process.hrtime.bigint();
      await op(i);
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  return { opsPerSec: count / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

async function benchTarget(label, uri) {
  const conn = await mongoose
    .createConnection(uri, { dbName: `skillquiz_bench_${process.pid}`, serverSelectionTimeoutMS: 5000 })
    .asPromise();
  const Item = conn.model(
    'BenchItem',
    new mongoose.Schema({ key: { type: String, unique: true }, n: Number, payload: String }),
  );
  await Item.init();
  await Item.deleteMany({});
  const payload = 'x'.repeat(200);
  const rows = [];
  const row = (phase, r, unit = 'ops/s') =>
    rows.push({
      target: label,
      phase,
      [unit]: Math.round(r.opsPerSec),
      'p50 ms': r.p50.toFixed(2),
      'p95 ms': r.p95.toFixed(2),
    });

  row('insert 1 doc, sequential', await measure(N, 1, (i) => Item.create({ key: `s${i}`, n: i, payload })));
  row(
    `insert 1 doc, ${CONCURRENCY} concurrent`,
    await measure(N, CONCURRENCY, (i) => Item.create({ key: `c${i}`, n: i, payload })),
  );
  const batch = 500;
  const batches = Math.max(1, Math.floor((N * 4) / batch));
  const many = await measure(batches, 1, (b) =>
    Item.insertMany(Array.from({ length: batch }, (_, j) => ({ key: `m${b}_${j}`, n: j, payload }))),
  );
  rows.push({
    target: label,
    phase: `insertMany x${batch}`,
    'ops/s': Math.round(many.opsPerSec * batch) + ' docs',
    'p50 ms': many.p50.toFixed(2),
    'p95 ms': many.p95.toFixed(2),
  });
  const total = await Item.estimatedDocumentCount();
  row(
    `findOne by indexed key (${total} docs), sequential`,
    await measure(N, 1, (i) => Item.findOne({ key: `s${i % N}` }).lean()),
  );
  row(
    `findOne by indexed key, ${CONCURRENCY} concurrent`,
    await measure(N, CONCURRENCY, (i) => Item.findOne({ key: `c${(i * 7) % N}` }).lean()),
  );

  await conn.dropDatabase();
  await conn.close();
  return rows;
}

async function main() {
  const results = [];
  for (const fsync of [true, false]) {
    const engine = await startEngineProcess(fsync);
    try {
      results.push(...(await benchTarget(`embedded (fsync ${fsync ? 'on' : 'off'})`, engine.uri)));
    } finally {
      await engine.stop();
    }
  }
  if (process.env.MONGODB_URI) results.push(...(await benchTarget('MONGODB_URI', process.env.MONGODB_URI)));
  console.log(
    `skillquiz db bench: N=${N}, concurrency=${CONCURRENCY}, node ${process.version}, ${os.cpus().length} cpus`,
  );
  console.table(results);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
