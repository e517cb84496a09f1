#!/usr/bin/env node
// Issue 22's numbers on the embedded engine: export and import (preview + commit) of 10,000 questions
// (target: each under 10 s) in each format, and the twins search over one atom of 10,000 questions.
// Plain node over the built code (`npx tsc -b services` first); calls the service functions the routes
// call (no HTTP: the admin rate limit is not what is measured). Env: BENCH_QUESTIONS (default 10000).
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
const { exportQuestions } = require(path.join(DIST, 'content-io', 'export.js'));
const { previewImport } = require(path.join(DIST, 'content-io', 'preview.js'));
const { commitImport } = require(path.join(DIST, 'content-io', 'commit.js'));
const { findTwins } = require(path.join(DIST, 'twins', 'twins.js'));

const WORDS =
  'value array closure scope promise loop index string object method return print count result'.split(' ');
function question(i) {
  const w = (k) => WORDS[(i * 7 + k * 13) % WORDS.length];
  return {
    _id: i + 1,
    uid: `bench-${i + 1}`,
    question_text: `Question ${i}: what does this ${w(1)} ${w(2)} code print for the ${w(3)} ${w(4)}?`,
    code_block: `const ${w(5)}${i} = [${i}, ${i + 1}, ${i % 7}];\nconsole.log(${w(5)}${i}.map((x) => x * ${i % 5}).join(','));`,
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

async function timed(label, fn) {
  const t0 = process.hrtime.bigint();
  const out = await fn();
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  console.log(
    `${label.padEnd(44)} ${s.toFixed(2).padStart(7)} s${s > 10 ? '   (over the 10 s target)' : ''}`,
  );
  return out;
}

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
    await Atom.create({ _id: 'bench', name: 'Bench' });
    for (let i = 0; i < N; i += 2000)
      await Question.insertMany(Array.from({ length: Math.min(2000, N - i) }, (_, k) => question(i + k)));
    const files = {};
    for (const format of ['json', 'csv', 'qti']) {
      const file = await timed(`export ${format}`, () => exportQuestions(format, 'bench'));
      files[format] = file.body;
      console.log(`${''.padEnd(44)} ${(file.body.length / 1024 / 1024).toFixed(1).padStart(7)} MB`);
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
    const twins = await timed('twins in one atom', () => findTwins('bench', 0.7));
    console.log(
      `${''.padEnd(44)} ${String(twins.pairs.length).padStart(7)} pairs over ${twins.questions_compared} questions`,
    );
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
