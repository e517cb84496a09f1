// Browser tests against the whole product (services + shell + remotes), started once by
// support/global-setup.ts on a free port with a throw-away data directory.
import { execSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

/** Debian's chromium (Playwright's own browser download does not work on these machines). */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execSync('command -v chromium || command -v chromium-browser', { shell: '/bin/sh' }).toString().trim();
  } catch {
    throw new Error('No chromium on the PATH: install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH');
  }
}

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two cores: one product instance, two browsers at a time.
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  globalSetup: './support/global-setup.ts',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
});
