// The `test` every spec uses: baseURL is the product started by global-setup.ts.
import { test as base, expect } from '@playwright/test';
import type { RunningProduct } from './product';

function fromEnv(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the tests through playwright.config.ts (global setup)`);
  return value;
}

/** The product global setup started: its address and data directory (for `invite`). */
export function sharedProduct(): Pick<RunningProduct, 'baseURL' | 'dataDir' | 'demoLink'> {
  return {
    baseURL: fromEnv('SQ_BASE_URL'),
    dataDir: fromEnv('SQ_DATA_DIR'),
    demoLink: process.env.SQ_DEMO_LINK ?? null,
  };
}

export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(fromEnv('SQ_BASE_URL'));
  },
});

export { expect };
