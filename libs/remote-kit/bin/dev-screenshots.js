#!/usr/bin/env node
// Screenshots of a remote's standalone dev page, to look at after a change:
//   npm run dev -w mfe-admin-questions            # terminal 1 (or in the background)
//   node libs/remote-kit/bin/dev-screenshots.js http://localhost:3104 /admin/questions /admin/questions/edit/101/?page=content
// Each path is loaded in Debian's chromium (e2e/support/chromium.js), given a moment to settle (the
// fakes answer after 250 ms), and saved as a full-page PNG in $TMPDIR/skillquiz-dev-screenshots/
// (or --out DIR). Console errors of the page are printed; the exit code is 1 if there were any.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { chromium } = require('playwright-core');
const { CHROMIUM_ARGS, chromiumPath } = require('../../../e2e/support/chromium');

async function main() {
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const out = outAt >= 0 ? args.splice(outAt, 2)[1] : path.join(os.tmpdir(), 'skillquiz-dev-screenshots');
  const [base, ...paths] = args;
  if (!base || paths.length === 0) {
    console.error('usage: dev-screenshots.js <dev server URL> <path>... [--out DIR]');
    process.exit(2);
  }
  fs.mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  let errors = 0;
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('console', (m) => {
      if (m.type() === 'error') {
        errors += 1;
        console.log(`  console error: ${m.text()}`);
      }
    });
    page.on('pageerror', (e) => {
      errors += 1;
      console.log(`  page error: ${e.message}`);
    });
    const host = new URL(base).port || 'dev';
    for (const p of paths) {
      await page.goto(new URL(p, base).toString(), { waitUntil: 'networkidle' });
      await page.waitForTimeout(1500); // the fakes' latency, lazy chunks, the loading bar
      const file = path.join(out, `${host}${p.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '')}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`${p} -> ${file} (${await page.title()})`);
    }
  } finally {
    await browser.close();
  }
  process.exit(errors ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
