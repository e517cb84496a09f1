#!/usr/bin/env node
// What one answer costs the embedded engine's journal: candidates answer whole quizzes through the real
// API (GET the question, POST the answer) and the journal's growth across each POST is measured, next to
// the size of the quiz result document (what writing the whole result on every answer would cost).
// Plain node over the built code: run `npx tsc -b services` first. Env: BENCH_QUIZZES (default 5).
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

const QUIZZES = Number(process.env.BENCH_QUIZZES || 5);
const QUESTIONS_PER_QUIZ = 10;
const ATOM = 'journal-bench-atom';

const mongoose = require('mongoose');
const { BSON } = mongoose.mongo;
const { startEngine } = require('@skillquiz/mongo-engine');
const { createApp } = require(path.join(DIST, 'app.js'));
const { loadConfig } = require(path.join(DIST, 'platform', 'config.js'));
const { Atom, Question, QuizResult } = require(path.join(DIST, 'models'));

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-answer-journal-'));
  const dbpath = path.join(tmp, 'db');
  // no compaction during the run, so the journal's growth is exactly what was written
  const engine = await startEngine({ port: 0, dbpath, fsync: false, compactBytes: Number.MAX_SAFE_INTEGER });
  const journal = path.join(dbpath, 'journal.skq');
  await mongoose.connect(`${engine.uri.replace(/\/+$/, '')}/answer_journal`);
  let server;
  try {
    await Atom.create({ _id: ATOM, name: 'Journal atom', num_questions: QUESTIONS_PER_QUIZ });
    await Question.insertMany(
      Array.from({ length: 100 }, (_, k) => ({
        _id: k + 1,
        question_text: `Question ${k + 1}: ${'which of these is right? '.repeat(4)}`,
        administered: true,
        atoms: [ATOM],
        difficulty_params: { a: 1, d: (k % 7) - 3 },
        answers: [0, 1, 2, 3].map((i) => ({
          hash_id: `q${k}a${i}`,
          text: `answer ${i} of question ${k + 1}`,
          c: i === 0,
        })),
      })),
    );
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DATA_DIR: path.join(tmp, 'data'),
      DEMO_MODE_ALLOWED: 'false',
      QUESTION_TIME_LIMIT_SECONDS: '600',
    });
    server = await new Promise((resolve) => {
      const s = createApp({ config, web: null }).listen(0, '127.0.0.1', () => resolve(s));
    });
    const base = `http://127.0.0.1:${server.address().port}/api/quiz`;
    const perAnswer = [];
    let docBytes = 0;
    for (let q = 0; q < QUIZZES; q++) {
      const token = randomBytes(16).toString('base64url');
      await QuizResult.create({ token, atom_ids: [ATOM], expires_at: new Date(Date.now() + 3600_000) });
      for (let n = 1; n <= QUESTIONS_PER_QUIZ; n++) {
        const g = await fetch(`${base}/${token}/question/${n}/`);
        const question = await g.json();
        if (g.status !== 200) throw new Error(`GET question ${n}: ${g.status} ${JSON.stringify(question)}`);
        const before = fs.statSync(journal).size;
        const res = await fetch(`${base}/${token}/question/${n}/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ answer: question.answers[0].hash_id, answer_position: 0 }),
        });
        if (res.status !== 200) throw new Error(`POST answer ${n}: ${res.status} ${await res.text()}`);
        perAnswer.push(fs.statSync(journal).size - before);
      }
      const doc = await QuizResult.collection.findOne({ token });
      docBytes = Math.max(docBytes, BSON.calculateObjectSize(doc));
    }
    perAnswer.sort((a, b) => a - b);
    const mean = perAnswer.reduce((a, b) => a + b, 0) / perAnswer.length;
    console.log(
      `\nAnswer path journal bytes (${QUIZZES} quizzes x ${QUESTIONS_PER_QUIZ} answers, embedded engine): ` +
        `mean ${mean.toFixed(0)} B per answer (min ${perAnswer[0]}, max ${perAnswer[perAnswer.length - 1]}; ` +
        `most of it is the next question's served snapshot); a finished quiz result is ${docBytes} B`,
    );
  } finally {
    server?.close();
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
