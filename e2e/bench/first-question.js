#!/usr/bin/env node
// `npm run bench:web`: what a candidate's browser loads for the first question page, and how soon
// that question can be answered (target <= 200 KB gzipped JS; printed, not asserted).
//
// For demo mode off (what a real candidate loads: DEMO_MODE_ALLOWED=false) and on, it starts the
// product (scripts/start.js, a temp DATA_DIR, a free port), then opens the demo link's question 1
// in N fresh browser contexts (cold: empty cache) and prints
//   - the JS bytes actually sent over the wire, per file and in total: the browser's own transfer size
//     (CDP Network.loadingFinished encodedDataLength: body as encoded by the server, plus headers),
//     with the decoded size and the Content-Encoding beside it; counted up to the moment the question
//     is interactive and again once the network has been quiet (the lazy chunks that load after the
//     question: tracking, grammars). What the server compresses (or not) is what gets counted. The
//     stylesheets (files of their own in a production build) are counted the same way, apart;
//   - the time from navigation start to an interactive question (every answer radio enabled and
//     focusable), median (and min/max) of the N loads, on loopback.
//
// Then the atoms admin remote: signed in through the dev sign-on, cold loads of
// the atoms list and of an atom editor, with the same JS and time figures (interactive: the list's
// first Edit link, the editor's filled Name box, take focus).
//
// Options: --runs N (default 5), --only off|on|admin. Needs `npm run build` first. Everything it starts
// (the product's process group, the browser) is stopped before it exits.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');
const { chromium } = require('playwright-core');
const { CHROMIUM_ARGS, chromiumPath } = require('../support/chromium');

const ROOT = path.resolve(__dirname, '..', '..');
const READY_TIMEOUT_MS = 120_000;
const INTERACTIVE_TIMEOUT_MS = 60_000;
/** The network counts as quiet after this long without a request. */
const QUIET_MS = 1500;

function argValue(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Starts scripts/start.js in its own process group; resolves with { baseURL, demoLink, stop }. */
async function startProduct(env) {
  for (const f of ['shell/dist/index.html', 'services/dist/main.js', 'mfe-quiz/dist/mf-manifest.json']) {
    if (!fs.existsSync(path.join(ROOT, f))) throw new Error(`Not built: ${f}. Run \`npm run build\` first.`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-bench-web-'));
  const lines = [];
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.js')], {
    cwd: ROOT,
    // No first-run simulated candidates: their background load would be measured as the page's.
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_DEMO_CANDIDATES: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own group: the engine, sign-on and services go down with it
  });
  const exited = new Promise((r) => child.once('exit', r));
  const groupAlive = () => {
    try {
      process.kill(-child.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const signal = (s) => {
    try {
      process.kill(-child.pid, s);
    } catch {
      // gone
    }
  };
  const stop = async () => {
    signal('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 25_000).unref())]);
    for (let i = 0; i < 50 && groupAlive(); i++) {
      signal('SIGKILL');
      await new Promise((r) => setTimeout(r, 100));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  readline.createInterface({ input: child.stderr }).on('line', (l) => lines.push(l));
  try {
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`not ready in ${READY_TIMEOUT_MS / 1000}s:\n${lines.join('\n')}`)),
        READY_TIMEOUT_MS,
      );
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the product exited (code ${code}):\n${lines.join('\n')}`));
      });
      let app = null;
      let demoLink = null;
      let adminLogin = null;
      readline.createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line);
        const a = /^\s*App:\s+(https?:\/\/\S+?)\/?\s/.exec(line);
        if (a) app = a[1].replace(/\/$/, '');
        const d = /Demo candidate:\s+(https?:\/\/\S+)/.exec(line);
        if (d) demoLink = d[1].replace(/\/$/, '');
        const login = /dev sign-on admin login: (\S+) \/ (\S+)/.exec(line);
        if (login) adminLogin = { email: login[1], password: login[2] };
        if (app && /Stop with Ctrl-C/.test(line)) {
          clearTimeout(timer);
          if (!demoLink) reject(new Error(`no demo link printed:\n${lines.join('\n')}`));
          else resolve({ baseURL: app, demoLink, adminLogin, stop });
        }
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The question page is interactive: every answer radio enabled and taking focus. */
function questionInteractive() {
  const radios = [...document.querySelectorAll('[role="radio"], input[type="radio"]')];
  if (radios.length < 2) return false;
  const enabled = radios.every((r) => !r.disabled && r.getAttribute('aria-disabled') !== 'true');
  if (!enabled) return false;
  const target = radios.find((r) => r.tabIndex >= 0) || radios[0];
  target.focus({ preventScroll: true });
  if (document.activeElement !== target) return false;
  target.blur();
  return performance.now();
}

/**
 * One cold load of a page: JS by file as sent over the wire (CDP transfer sizes, decoded size and
 * Content-Encoding beside them) and ms until `ready` (run in the page each frame) returns a time.
 * `storageState` carries a signed-in admin's cookies.
 */
async function coldLoad(browser, url, ready = questionInteractive, storageState = undefined) {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  // The page-close abandon beacon would end the quiz between loads; this bench measures loading only.
  await page.route('**/abandon', (route) => route.abort());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const files = new Map(); // pathname -> { wire, decoded, encoding, kind ('js' or 'css'), afterInteractive }
  const responses = new Map(); // CDP requestId -> { pathname, encoding, decoded }
  let interactiveAt = null;
  let lastRequestAt = Date.now();
  const pending = new Set(); // CDP requestIds in flight (a redirect keeps its id)
  cdp.on('Network.requestWillBeSent', ({ requestId }) => {
    pending.add(requestId);
    lastRequestAt = Date.now();
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const u = new URL(response.url);
    const isJs = /javascript/.test(response.mimeType) || /\.m?js$/.test(u.pathname);
    const isCss = /text\/css/.test(response.mimeType) || /\.css$/.test(u.pathname);
    if (!isJs && !isCss) return;
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    responses.set(requestId, {
      pathname: u.pathname,
      encoding: headers['content-encoding'] || 'identity',
      kind: isJs ? 'js' : 'css',
      decoded: 0,
    });
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    const r = responses.get(requestId);
    if (r) r.decoded += dataLength;
  });
  const settled = (requestId) => {
    pending.delete(requestId);
    lastRequestAt = Date.now();
  };
  cdp.on('Network.loadingFailed', ({ requestId }) => settled(requestId));
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    settled(requestId);
    const r = responses.get(requestId);
    if (!r) return;
    files.set(r.pathname, {
      wire: encodedDataLength,
      decoded: r.decoded,
      encoding: r.encoding,
      kind: r.kind,
      afterInteractive: interactiveAt !== null,
    });
  });

  await page.goto(url, { waitUntil: 'commit' });
  // Measured in the page's own clock from navigation start: the first frame in which `ready` says so.
  const handle = await page.waitForFunction(ready, undefined, {
    polling: 'raf',
    timeout: INTERACTIVE_TIMEOUT_MS,
  });
  const ms = await handle.jsonValue();
  interactiveAt = Date.now();
  // Then the lazy chunks that follow (tracking, grammars) until the network is quiet.
  while (pending.size > 0 || Date.now() - lastRequestAt < QUIET_MS)
    await new Promise((r) => setTimeout(r, 100));
  await context.close();
  return { ms, files };
}

/** Prints one page's JS files (as sent over the wire) and times; returns the numbers for the summary. */
function report(title, loads, runs, what) {
  const times = loads.map((l) => l.ms);
  const last = loads[loads.length - 1].files;
  const files = [...last.entries()].sort((a, b) => b[1].wire - a[1].wire);
  const sum = (pred, key) => files.filter(([, f]) => pred(f)).reduce((s, [, f]) => s + f[key], 0);
  const isJs = (f) => f.kind === 'js';
  const byInteractive = sum((f) => isJs(f) && !f.afterInteractive, 'wire');
  const total = sum(isJs, 'wire');
  const decodedByInteractive = sum((f) => isJs(f) && !f.afterInteractive, 'decoded');
  const cssByInteractive = sum((f) => !isJs(f) && !f.afterInteractive, 'wire');
  console.log(`\n== ${title}`);
  console.log('     wire   decoded  encoding  file');
  for (const [file, f] of files) {
    console.log(
      `${kb(f.wire).padStart(9)} ${kb(f.decoded).padStart(9)}  ${f.encoding.padEnd(8)}  ${file}${f.afterInteractive ? '  (after interactive)' : ''}`,
    );
  }
  console.log(
    `JS over the wire until interactive: ${kb(byInteractive)} (${byInteractive} B; ${kb(decodedByInteractive)} decoded); with the lazy chunks after it: ${kb(total)} (${total} B)`,
  );
  // The stylesheets are files of their own in production (not strings in the scripts): counted apart.
  console.log(
    `CSS over the wire until interactive: ${kb(cssByInteractive)} (${cssByInteractive} B); JS and CSS together: ${kb(byInteractive + cssByInteractive)}`,
  );
  console.log(
    `navigation -> ${what}: median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}; ${runs} cold loads on loopback)`,
  );
  return { byInteractive, total, cssByInteractive, medianMs: median(times) };
}

async function benchMode(browser, label, env, runs) {
  const product = await startProduct(env);
  try {
    const url = `${product.demoLink}/question/1`;
    await coldLoad(browser, url); // warm-up: the server's first render of everything, not counted
    const loads = [];
    for (let i = 0; i < runs; i++) loads.push(await coldLoad(browser, url));
    const title = `first question page, demo mode ${label} (${url.replace(/\/quiz\/[^/]+/, '/quiz/<token>')}); target <= 200 KB`;
    return {
      label: `demo ${label}`,
      what: 'an interactive question',
      ...report(title, loads, runs, 'interactive question'),
    };
  } finally {
    await product.stop();
  }
}

/** The atoms list is interactive: its table rendered with an Edit link that takes focus. */
function atomsListInteractive() {
  const edit = document.querySelector('table a[href^="/admin/atoms/edit/"]');
  if (!edit) return false;
  edit.focus({ preventScroll: true });
  if (document.activeElement !== edit) return false;
  edit.blur();
  return performance.now();
}

/** The atom editor is interactive: the loaded atom's Name box is filled and takes focus. */
function atomEditorInteractive() {
  const name = document.querySelector('input[name="name"]');
  if (!name || name.value === '' || name.disabled) return false;
  name.focus({ preventScroll: true });
  if (document.activeElement !== name) return false;
  name.blur();
  return performance.now();
}

/** The atoms admin remote: signed in through the dev sign-on, cold loads of the list and the editor. */
async function benchAdmin(browser, runs) {
  const product = await startProduct({});
  try {
    if (!product.adminLogin) throw new Error('the product printed no dev sign-on admin login');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${product.baseURL}/admin`);
    await page.getByRole('button', { name: /Login with/ }).click();
    await page.getByLabel('Email').fill(product.adminLogin.email);
    await page.getByLabel('Password').fill(product.adminLogin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/atoms$/);
    const storageState = await context.storageState();
    const { atoms } = await (await page.request.get(`${product.baseURL}/api/atoms?include_beta=true`)).json();
    await context.close();
    const pages = [
      ['atoms list', `${product.baseURL}/admin/atoms`, atomsListInteractive, 'an interactive atoms list'],
      [
        'atom editor',
        `${product.baseURL}/admin/atoms/edit/${atoms[0].id}/general`,
        atomEditorInteractive,
        'an interactive atom editor',
      ],
    ];
    const results = [];
    for (const [label, url, ready, what] of pages) {
      await coldLoad(browser, url, ready, storageState); // warm-up, not counted
      const loads = [];
      for (let i = 0; i < runs; i++) loads.push(await coldLoad(browser, url, ready, storageState));
      const title = `${label}, signed in (${url.replace(product.baseURL, '')})`;
      results.push({ label, what, ...report(title, loads, runs, what) });
    }
    return results;
  } finally {
    await product.stop();
  }
}

async function main() {
  const runs = Number(argValue('runs', '5'));
  const only = argValue('only', null);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  const stopAll = async () => {
    await browser.close().catch(() => undefined);
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    const modes = [
      ['off', { DEMO_MODE_ALLOWED: 'false' }],
      ['on', { DEMO_MODE_ALLOWED: 'true' }],
    ].filter(([label]) => !only || only === label);
    const results = [];
    for (const [label, env] of modes) results.push(await benchMode(browser, label, env, runs));
    if (!only || only === 'admin') results.push(...(await benchAdmin(browser, runs)));
    console.log('\nsummary');
    for (const r of results) {
      console.log(
        `  ${r.label.padEnd(11)}: ${kb(r.byInteractive)} JS over the wire until interactive (${kb(r.total)} with lazy chunks) and ${kb(r.cssByInteractive)} CSS, ${r.medianMs.toFixed(0)} ms median to ${r.what}`,
      );
    }
  } finally {
    await stopAll();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

module.exports = {
  startProduct,
  coldLoad,
  report,
  atomEditorInteractive,
  kb,
  median,
  CHROMIUM_ARGS,
  chromiumPath,
};
