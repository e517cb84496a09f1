#!/usr/bin/env node
// `npm run bench:web`: what a candidate's browser loads for the first question page, and how soon
// that question can be answered (issue 5 "Numbers": target <= 200 KB gzipped JS; printed, not asserted).
//
// For demo mode off (what a real candidate loads: DEMO_MODE_ALLOWED=false) and on, it starts the
// product (scripts/start.js, a temp DATA_DIR, a free port), then opens the demo link's question 1
// in N fresh browser contexts (cold: empty cache) and prints
//   - the JS bytes actually sent over the wire, per file and in total: the browser's own transfer size
//     (CDP Network.loadingFinished encodedDataLength: body as encoded by the server, plus headers),
//     with the decoded size and the Content-Encoding beside it; counted up to the moment the question
//     is interactive and again once the network has been quiet (the lazy chunks that load after the
//     question: tracking, grammars). What the server compresses (or not) is what gets counted;
//   - the time from navigation start to an interactive question (every answer radio enabled and
//     focusable), median (and min/max) of the N loads, on loopback.
//
// Options: --runs N (default 5), --only off|on. Needs `npm run build` first. Everything it starts
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
    env: { ...process.env, NODE_ENV: 'development', PORT: '0', DATA_DIR: dataDir, ...env },
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
      readline.createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line);
        const a = /^\s*App:\s+(https?:\/\/\S+?)\/?\s/.exec(line);
        if (a) app = a[1].replace(/\/$/, '');
        const d = /Demo candidate:\s+(https?:\/\/\S+)/.exec(line);
        if (d) demoLink = d[1].replace(/\/$/, '');
        if (app && /Stop with Ctrl-C/.test(line)) {
          clearTimeout(timer);
          if (!demoLink) reject(new Error(`no demo link printed:\n${lines.join('\n')}`));
          else resolve({ baseURL: app, demoLink, stop });
        }
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * One cold load of the question page: JS by file (wire and decoded bytes, encoding) and ms to an
 * interactive question. The sizes come from the browser's network layer through CDP, so they are
 * what the server really sent, compressed or not.
 */
async function coldLoad(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The page-close abandon beacon would end the quiz between loads; this bench measures loading only.
  await page.route('**/abandon', (route) => route.abort());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const js = new Map(); // pathname -> { wire, decoded, encoding, afterInteractive }
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
    if (!/javascript/.test(response.mimeType) && !/\.m?js$/.test(u.pathname)) return;
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    responses.set(requestId, {
      pathname: u.pathname,
      encoding: headers['content-encoding'] || 'identity',
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
    js.set(r.pathname, {
      wire: encodedDataLength,
      decoded: r.decoded,
      encoding: r.encoding,
      afterInteractive: interactiveAt !== null,
    });
  });

  await page.goto(url, { waitUntil: 'commit' });
  // Measured in the page's own clock from navigation start: the first frame in which every answer
  // radio is enabled and takes focus.
  const handle = await page.waitForFunction(
    () => {
      const radios = [...document.querySelectorAll('[role="radio"], input[type="radio"]')];
      if (radios.length < 2) return false;
      const enabled = radios.every((r) => !r.disabled && r.getAttribute('aria-disabled') !== 'true');
      if (!enabled) return false;
      const target = radios.find((r) => r.tabIndex >= 0) || radios[0];
      target.focus({ preventScroll: true });
      if (document.activeElement !== target) return false;
      target.blur();
      return performance.now();
    },
    undefined,
    { polling: 'raf', timeout: INTERACTIVE_TIMEOUT_MS },
  );
  const ms = await handle.jsonValue();
  interactiveAt = Date.now();
  // Then the lazy chunks that follow (tracking, grammars) until the network is quiet.
  while (pending.size > 0 || Date.now() - lastRequestAt < QUIET_MS)
    await new Promise((r) => setTimeout(r, 100));
  await context.close();
  return { ms, js };
}

async function benchMode(browser, label, env, runs) {
  const product = await startProduct(env);
  try {
    const url = `${product.demoLink}/question/1`;
    await coldLoad(browser, url); // warm-up: the server's first render of everything, not counted
    const loads = [];
    for (let i = 0; i < runs; i++) loads.push(await coldLoad(browser, url));
    const times = loads.map((l) => l.ms);
    const last = loads[loads.length - 1].js;
    const files = [...last.entries()].sort((a, b) => b[1].wire - a[1].wire);
    const sum = (pred, key) => files.filter(([, f]) => pred(f)).reduce((s, [, f]) => s + f[key], 0);
    const byInteractive = sum((f) => !f.afterInteractive, 'wire');
    const total = sum(() => true, 'wire');
    const decodedByInteractive = sum((f) => !f.afterInteractive, 'decoded');
    console.log(
      `\n== first question page, demo mode ${label} (${url.replace(/\/quiz\/[^/]+/, '/quiz/<token>')})`,
    );
    console.log('     wire   decoded  encoding  file');
    for (const [file, f] of files) {
      console.log(
        `${kb(f.wire).padStart(9)} ${kb(f.decoded).padStart(9)}  ${f.encoding.padEnd(8)}  ${file}${f.afterInteractive ? '  (after interactive)' : ''}`,
      );
    }
    console.log(
      `JS over the wire until interactive: ${kb(byInteractive)} (${byInteractive} B; ${kb(decodedByInteractive)} decoded); with the lazy chunks after it: ${kb(total)} (${total} B); target <= 200 KB`,
    );
    console.log(
      `navigation -> interactive question: median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}; ${runs} cold loads on loopback)`,
    );
    return { label, byInteractive, total, medianMs: median(times) };
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
    console.log('\nsummary');
    for (const r of results) {
      console.log(
        `  demo ${r.label.padEnd(3)}: ${kb(r.byInteractive)} of JS over the wire until interactive (${kb(r.total)} with lazy chunks), ${r.medianMs.toFixed(0)} ms median to an interactive question`,
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

module.exports = { startProduct, CHROMIUM_ARGS, chromiumPath };
