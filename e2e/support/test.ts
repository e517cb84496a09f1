// The `test` every spec uses: baseURL is the product started by global-setup.ts.
import { test as base, expect } from '@playwright/test';

export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.SQ_BASE_URL;
    if (!url) throw new Error('SQ_BASE_URL is not set: run the tests through playwright.config.ts (global setup)');
    await use(url);
  },
});

export { expect };
