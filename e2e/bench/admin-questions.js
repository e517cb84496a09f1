#!/usr/bin/env node
// Part of `npm run bench:web`: the questions admin remote with 5,000 questions
// in the bank, and the atom editor of an atom holding 5,000. Printed, not asserted.
//
// It starts the product (first-question.js's startProduct: scripts/start.js, a temp DATA_DIR, a free
// port) with known dev sign-on passwords, inserts 5,000 questions straight into its database (the
// engine's URI from DATA_DIR/running.json; the API's rate limit would make seeding through it
// slow), signs in through the dev sign-on's real form once, then:
//   - opens /admin/questions and a question's editor N times each in fresh browser contexts (cold
//     cache, the signed-in cookies) and prints the JS as sent over the wire until the page is
//     interactive (the list: rows shown and the search box focusable; the editor: the question text
//     loaded into its enabled text area) and the median time from navigation start to that moment;
//   - times GET /api/questions/ over HTTP with the session cookie: the first page, a deep page, an
//     atom filter, non-administered included, and a search (median and p95 of M requests each);
//   - then adds 5,000 more questions to one atom (javascript: 6,667 in it) and opens that atom's
//     editor the same way: its general page (interactive as in first-question.js: the atom's Name
//     box filled and taking focus) and its
//     questions page (the first page of its questions listed, each linking to its editor).
//
// Options: --runs N (default 5), --requests M (default 30). Needs `npm run build` first.
'use strict';

const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { MongoClient } = require('mongodb');
const { chromium } = require('playwright-core');
const {
  startProduct,
  coldLoad,
  report,
  atomEditorInteractive,
  kb,
  CHROMIUM_ARGS,
  chromiumPath,
} = require('./first-question');

const BANK_SIZE = 5000;
const ATOMS = ['javascript', 'python', 'sql'];
const ADMIN_EMAIL = 'admin@skillquiz.local';

function argValue(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const median = (xs) => percentile(xs, 50);

/**
 * `size` questions as the model stores them, ids after the seed's, and the counter moved past them:
 * spread over ATOMS, or all in `atom`.
 */
async function seedBank(dataDir, { size = BANK_SIZE, atom = null } = {}) {
  const running = JSON.parse(fs.readFileSync(path.join(dataDir, 'running.json'), 'utf8'));
  const client = await MongoClient.connect(running.mongodbUri);
  try {
    const db = client.db();
    const last = await db.collection('questions').find().sort({ _id: -1 }).limit(1).next();
    const first = (last?._id ?? 0) + 1;
    const now = new Date();
    const docs = [];
    for (let i = 0; i < size; i++) {
      const n = first + i;
      docs.push({
        _id: n,
        question_text: `Bench question ${n}: what does this ${i % 7 === 0 ? 'closure' : 'snippet'} print?`,
        code_block: i % 3 === 0 ? `function f${n}() {\n  return ${n};\n}\nconsole.log(f${n}());` : '',
        code_language: i % 3 === 0 ? 'javascript' : null,
        language: null,
        administered: i % 4 !== 0,
        answers: ['a', 'b', 'c', 'd'].map((t, k) => ({
          hash_id: randomBytes(9).toString('base64url'),
          text: `Answer ${t} of ${n}`,
          c: k === 0,
        })),
        atoms: [atom ?? ATOMS[i % ATOMS.length]],
        claim: `claim_${i % 12}`,
        original_question_id: null,
        difficulty_params: { a: 1, d: 0 },
        version: 1,
        exposure_count: 0,
        created_at: now,
        updated_at: now,
      });
    }
    for (let i = 0; i < docs.length; i += 500)
      await db.collection('questions').insertMany(docs.slice(i, i + 500));
    await db
      .collection('counters')
      .updateOne({ _id: 'questions' }, { $max: { seq: first + size - 1 } }, { upsert: true });
    return {
      total: await db.collection('questions').countDocuments(),
      inAtom: atom ? await db.collection('questions').countDocuments({ atoms: atom }) : null,
      someId: first + 1,
    };
  } finally {
    await client.close();
  }
}

async function signIn(browser, baseURL, password) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseURL}/admin`);
  await page.getByRole('button', { name: /Login with/ }).click();
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

/** The list: at least one row and a search box that takes focus. */
function listReady() {
  const rows = document.querySelectorAll('table tbody tr');
  const search = document.querySelector('input[type="search"]');
  if (rows.length === 0 || !search) return false;
  search.focus({ preventScroll: true });
  if (document.activeElement !== search) return false;
  search.blur();
  return performance.now();
}

/** The editor: the stored question text in its enabled text area. */
function editorReady() {
  const text = document.querySelector('textarea[name="question_text"]');
  if (!text || text.disabled || !text.value.startsWith('Bench question')) return false;
  return performance.now();
}

/** The atom editor's questions page: its first page of questions listed, each a link to its editor. */
function atomQuestionsReady() {
  const link = document.querySelector('section a[href^="/admin/questions/edit/"]');
  if (!link) return false;
  return performance.now();
}

async function benchPage(browser, storageState, label, url, ready, runs) {
  await coldLoad(browser, url, ready, storageState); // warm-up, not counted
  const loads = [];
  for (let i = 0; i < runs; i++) loads.push(await coldLoad(browser, url, ready, storageState));
  const what = `an interactive ${label}`;
  return { label, ...report(`${label} (${url.replace(/^https?:\/\/[^/]+/, '')})`, loads, runs, what) };
}

async function benchListApi(baseURL, cookie, requests) {
  const cases = [
    ['first page (administered)', 'page=1&search=&only_administered=true&atom=all'],
    ['page 150 (administered)', 'page=150&search=&only_administered=true&atom=all'],
    ['atom filter, page 20', 'page=20&search=&only_administered=true&atom=python'],
    ['non-administered included', 'page=1&search=&only_administered=false&atom=all'],
    ['search "closure"', 'page=1&search=closure&only_administered=false&atom=all'],
  ];
  console.log(
    `\n== GET /api/questions/ with ${BANK_SIZE} bench questions in the bank (${requests} requests each)`,
  );
  const results = [];
  for (const [label, qs] of cases) {
    const times = [];
    let total = 0;
    for (let i = 0; i < requests + 2; i++) {
      const start = process.hrtime.bigint();
      const res = await fetch(`${baseURL}/api/questions/?${qs}`, {
        headers: { cookie, accept: 'application/json' },
      });
      const body = await res.json();
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (!res.ok) throw new Error(`${label}: HTTP ${res.status} ${JSON.stringify(body)}`);
      total = body.total;
      if (i >= 2) times.push(ms); // the first two warm up
    }
    console.log(
      `  ${label.padEnd(28)} median ${median(times).toFixed(1).padStart(6)} ms, p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms  (${total} matches)`,
    );
    results.push({ label, median: median(times) });
  }
  return results;
}

async function main() {
  const runs = Number(argValue('runs', '5'));
  const requests = Number(argValue('requests', '30'));
  const password = randomBytes(12).toString('base64url');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-bench-admin-'));
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  let product = null;
  try {
    product = await startProduct({
      DATA_DIR: dataDir,
      DEV_ADMIN_PASSWORD: password,
      DEV_USER_PASSWORD: randomBytes(12).toString('base64url'),
    });
    const bank = await seedBank(dataDir);
    console.log(`questions in the bank: ${bank.total}`);
    const storageState = await signIn(browser, product.baseURL, password);
    const cookie = storageState.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const pages = [
      await benchPage(
        browser,
        storageState,
        'questions list',
        `${product.baseURL}/admin/questions`,
        listReady,
        runs,
      ),
      await benchPage(
        browser,
        storageState,
        'question editor',
        `${product.baseURL}/admin/questions/edit/${bank.someId}/`,
        editorReady,
        runs,
      ),
    ];
    const api = await benchListApi(product.baseURL, cookie, requests);
    const big = await seedBank(dataDir, { atom: ATOMS[0] });
    console.log(`\nquestions in the atom ${ATOMS[0]}: ${big.inAtom} (${big.total} in the bank)`);
    for (const [label, sub, ready] of [
      ['atom editor', 'general', atomEditorInteractive],
      ['atom questions', 'questions', atomQuestionsReady],
    ]) {
      pages.push(
        await benchPage(
          browser,
          storageState,
          label,
          `${product.baseURL}/admin/atoms/edit/${ATOMS[0]}/${sub}`,
          ready,
          runs,
        ),
      );
    }
    console.log('\nsummary (questions admin)');
    for (const p of pages) {
      console.log(
        `  ${p.label.padEnd(16)}: ${kb(p.byInteractive)} of JS over the wire until interactive, ${p.medianMs.toFixed(0)} ms median`,
      );
    }
    for (const a of api) console.log(`  list API, ${a.label.padEnd(28)}: ${a.median.toFixed(1)} ms median`);
  } finally {
    await browser.close().catch(() => undefined);
    if (product) await product.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
