// The `test` every spec uses: baseURL is the product of the file's project, one of the two started
// by global-setup.ts (`shared` unless the project says `product: 'remotes'`).
import { test as base, expect } from '@playwright/test';
import type { RunningProduct } from './product';

function fromEnv(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the tests through playwright.config.ts (global setup)`);
  return value;
}

/**
 * The product global setup started for this file's project: its address and data directory (for
 * `invite`). The shared one, except in the project `remotes`.
 */
export function sharedProduct(): Pick<RunningProduct, 'baseURL' | 'dataDir' | 'demoLink'> {
  return {
    baseURL: fromEnv('SQ_BASE_URL'),
    dataDir: fromEnv('SQ_DATA_DIR'),
    demoLink: process.env.SQ_DEMO_LINK ?? null,
  };
}

export type ProductName = 'shared' | 'remotes';

/**
 * Runs in every page before the product's scripts: console.table does nothing. The quiz's devtools
 * check (mfe-quiz/src/tracking/devtools.ts) times a console.table of a large table every 0.25 s,
 * cheap with no console attached; but Playwright listens to the console as open tools do, so
 * chromium built that table's preview for it four times a second: 0.6 of a core for as long as a
 * question was on screen, slowing every other file running beside it. The check itself is tested by
 * quiz-devtools-load.spec.ts, on a chromium of its own without Playwright (so without this).
 */
function muteConsoleTable(): void {
  console.table = () => {};
}

export const test = base.extend<object, { product: ProductName; productEnv: void }>({
  product: ['shared', { option: true, scope: 'worker' }],
  // Every context of the worker's browser, the test's own `context` and `page` and the ones a test
  // opens with browser.newContext() or browser.newPage() (which goes through newContext).
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await context.addInitScript(muteConsoleTable);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  // A worker runs the files of one project. In the project `remotes` everything that reads the product
  // from the environment (sharedProduct(), support/remotes.ts's manifest, the dev logins) is pointed at
  // the remotes product before its first hook.
  productEnv: [
    async ({ product }, use) => {
      if (product === 'remotes') Object.assign(process.env, JSON.parse(fromEnv('SQ_REMOTES_PRODUCT_ENV')));
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  baseURL: async ({}, use) => {
    await use(fromEnv('SQ_BASE_URL'));
  },
});

export { expect };
