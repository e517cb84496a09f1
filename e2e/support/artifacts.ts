// A full-page screenshot of each page, kept under e2e/artifacts/ (gitignored) and attached to the
// report. Global setup empties the folder, so it holds the screenshots of the last run only.
import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

export const ARTIFACTS_DIR = path.resolve(__dirname, '..', 'artifacts');

export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name.replace(/[^a-z0-9-]+/gi, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  return file;
}
