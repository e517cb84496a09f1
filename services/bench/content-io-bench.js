#!/usr/bin/env node
// Content import/export numbers on the embedded engine: export and import (preview + commit) of 10,000 questions
// (target: each under 10 s) in each format, and the twins search over one atom of 10,000 questions.
// Plain node over the built code (`npx tsc -b services` first); calls the service functions the routes
// call (no HTTP: the admin rate limit is not what is measured). Env: BENCH_QUESTIONS (default 10000).
// Every line shows wall time and the process's CPU time (the engine runs in this process too): on a
// shared machine the wall time grows with the load average, printed at the start and the end.
// One question in 100 is a near-copy of the one before (`var` for `const`): the twins the search finds.
// Also: a re-import where every question changed (10,000 confirmed updates) and one bulk status change.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const DIST = path.resolve(__dirname, '..', 'dist');
if (!fs.existsSync(path.join(DIST, 'app.js'))) {
  console.error('services/dist is missing: run `npx tsc -b services` first');
  process.exit(1);
}
const N = Number(process.env.BENCH_QUESTIONS || 10_000);
const mongoose = require('mongoose');
const { startEngine } = require('@skillquiz/mongo-engine');
const { Atom, Question } = require(path.join(DIST, 'models'));
const { exportQuestions } = require(path.join(DIST, 'content', 'io', 'export.js'));
const { previewImport } = require(path.join(DIST, 'content', 'io', 'preview.js'));
const { commitImport } = require(path.join(DIST, 'content', 'io', 'commit.js'));
const { findTwins } = require(path.join(DIST, 'content', 'twins', 'twins.js'));
const { changeStatuses } = require(path.join(DIST, 'content', 'review', 'bulk-status.js'));

const WORDS =
  'value array closure scope promise loop index string object method return print count result'.split(' ');
function content(i) {
  const w = (k) => WORDS[(i * 7 + k * 13) % WORDS.length];
  return {
    question_text: `Question ${i}: what does this ${w(1)} ${w(2)} code print for the ${w(3)} ${w(4)}?`,
    code_block: `const ${w(5)}${i} = [${i}, ${i + 1}, ${i % 7}];\nconsole.log(${w(5)}${i}.map((x) => x * ${i % 5}).join(','));`,
  };
}
function question(i) {
  const twin = i % 100 === 99;
  const c = content(twin ? i - 1 : i);
  return {
    _id: i + 1,
    uid: `bench-${i + 1}`,
    question_text: c.question_text,
    code_block: twin ? c.code_block.replace('const ', 'var ') : c.code_block,
    code_language: 'javascript',
    answers: [0, 1, 2, 3].map((k) => ({ hash_id: `h${i}x${k}`, text: `answer ${i * 4 + k}`, c: k === 0 })),
    atoms: ['bench'],
    claim: `claim_${i % 12}`,
    difficulty_params: { a: 1 + (i % 10) / 10, d: ((i % 21) - 10) / 5 },
    original_question_id: i % 10 === 9 ? i : null,
    administered: false,
    version: 1,
  };
}

async function timed(label, fn, target = 10) {
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  const out = await fn();
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1e6;
  console.log(
    `${label.padEnd(36)} ${s.toFixed(2).padStart(7)} s wall ${cpu.toFixed(2).padStart(7)} s cpu${s > target ? `   (over the ${target} s target)` : ''}`,
  );
  return out;
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function reset() {
  await Question.deleteMany({});
  await Atom.deleteMany({});
  await mongoose.connection.db.collection('counters').deleteMany({});
  await mongoose.connection.db.collection('audit_logs').deleteMany({});
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-content-io-'));
  const engine = await startEngine({ port: 0, dbpath: path.join(tmp, 'db') });
  await mongoose.connect(`${engine.uri.replace(/\/+$/, '')}/content_io_bench`);
  try {
    console.log(`content import/export, ${N.toLocaleString('en')} questions in one atom (embedded engine)`);
    console.log(`load average ${load()} on ${os.cpus().length} cores`);
    await Atom.create({ _id: 'bench', name: 'Bench' });
    for (let i = 0; i < N; i += 2000)
      await Question.insertMany(
        Array.from({ length: Math.min(2000, N - i) }, (_, k) => question(i + k)),
        { lean: true },
      );
    const files = {};
    for (const format of ['json', 'csv', 'qti']) {
      const file = await timed(`export ${format}`, () => exportQuestions(format, 'bench'));
      files[format] = file.body;
      console.log(`${''.padEnd(36)} ${(file.body.length / 1024 / 1024).toFixed(1).padStart(7)} MB`);
    }
    for (const format of ['json', 'csv', 'qti']) {
      await reset();
      if (format === 'csv') await Atom.create({ _id: 'bench', name: 'Bench' });
      const preview = await timed(`import ${format}: preview`, () =>
        previewImport(files[format], { format, actor: 'bench' }),
      );
      if (!preview.can_commit)
        throw new Error(
          `preview refused: ${JSON.stringify(preview.items.find((i) => i.errors.length) ?? preview.file_errors)}`,
        );
      await timed(`import ${format}: commit`, () => commitImport(preview.import_id, 'all', 'bench'));
      if ((await Question.countDocuments({})) !== N) throw new Error('not every question was imported');
    }
    // Every question changed: 10,000 confirmed updates.
    const edited = JSON.parse(files.json.toString('utf8'));
    for (const q of edited.questions) q.question_text += ' (edited)';
    const again = await timed('re-import json, all edited: preview', () =>
      previewImport(Buffer.from(JSON.stringify(edited)), { format: 'json', actor: 'bench' }),
    );
    if (again.summary.update !== N)
      throw new Error(`expected ${N} updates: ${JSON.stringify(again.summary)}`);
    await timed('re-import json, all edited: commit', () => commitImport(again.import_id, 'all', 'bench'));
    const all = await Question.find({}, { version: 1 }).lean().exec();
    const moved = await timed('status of all to in_review (one call)', () =>
      changeStatuses(
        all.map((q) => ({ id: q._id, version: q.version })),
        'in_review',
        'bench',
        { reviewRequired: true },
      ),
    );
    if (moved.changed.length !== N) throw new Error('not every status changed');
    for (let run = 1; run <= 3; run++) {
      const twins = await timed(`twins in one atom (run ${run})`, () => findTwins('bench', 0.7), 2);
      if (run === 1)
        console.log(
          `${''.padEnd(36)} ${String(twins.pairs.length).padStart(7)} pairs over ${twins.questions_compared} questions`,
        );
    }
    console.log(`load average ${load()}`);
  } finally {
    await mongoose.disconnect();
    await engine.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
