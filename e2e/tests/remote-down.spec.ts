// A remote that is down: the shell shows a contained message with Retry and keeps working.
// Runs its own product instance whose remotes manifest (env REMOTES_MANIFEST, a file read on every
// request) points the candidate remote at a URL that does not exist.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { startProduct, REPO_ROOT, type RunningProduct } from '../support/product';
import { expectAccessible } from '../support/axe';
import { screenshot } from '../support/artifacts';

const UNAVAILABLE = 'This part of SkillQuiz is unavailable right now.';
const manifestFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-remotes-')), 'remotes.json');
const writeManifest = (remotes: Record<string, string>) => fs.writeFileSync(manifestFile, JSON.stringify(remotes));
const pointQuizAt = (url: string) => writeManifest({ mfe_quiz: url });

// A worker-scoped product: started once for this file, before any test's baseURL is needed.
const test = base.extend<object, { downProduct: RunningProduct }>({
  downProduct: [
    async ({}, use) => {
      pointQuizAt('/remotes/mfe-quiz-moved-away/mf-manifest.json');
      const product = await startProduct({ REMOTES_MANIFEST: manifestFile });
      await use(product);
      await product.stop();
      fs.rmSync(path.dirname(manifestFile), { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ downProduct }, use) => use(downProduct.baseURL),
});
test.describe.configure({ mode: 'serial' });

test('the manifest is what the serving side says, read at run time', async ({ request }) => {
  const res = await request.get('/remotes.json');
  expect(res.headers()['cache-control']).toBe('no-cache');
  expect((await res.json()).mfe_quiz).toBe('/remotes/mfe-quiz-moved-away/mf-manifest.json');
});

test('the quiz remote down: contained message with Retry, the rest of the shell works', async ({ page }, testInfo) => {
  await page.goto('/quiz/some-token');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(UNAVAILABLE);
  const retry = alert.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await screenshot(page, testInfo, 'remote-down-quiz');
  await expectAccessible(page);

  // Retry really tries again (a new manifest request), and fails again while the remote is away.
  const refetch = page.waitForRequest((r) => r.url().endsWith('/remotes/mfe-quiz-moved-away/mf-manifest.json'));
  await retry.click();
  await refetch;
  await expect(page.getByRole('alert')).toContainText(UNAVAILABLE);
  await expect(page.getByRole('button', { name: 'Retry' })).toBeFocused();

  // Other routes of the shell are unaffected (client-side navigation, same page).
  await page.evaluate(() => {
    history.pushState({}, '', '/404');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Woah! How did you get here?' })).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('button', { name: /Login with/ })).toBeVisible();
});

test('admin remotes that do not exist yet show the unavailable state inside the frame', async ({ page, context }, testInfo) => {
  // Only the remote load matters here: answer /me as a signed-in admin.
  await context.route('**/me', (route) =>
    route.fulfill({ json: { email: 'admin@skillquiz.local', name: 'Ada Admin', isAdmin: true } }),
  );
  await page.goto('/admin/atoms');
  await expect(page.getByRole('alert')).toContainText(UNAVAILABLE);
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Questions' })).toBeVisible();
  await expect(page).toHaveTitle('SkillQuiz - Dashboard');
  await screenshot(page, testInfo, 'admin-remote-unavailable');
  await expectAccessible(page);
});

test('Retry recovers once the remote is back where the manifest points', async ({ page }) => {
  test.skip(!fs.existsSync(path.join(REPO_ROOT, 'mfe-quiz', 'dist', 'mf-manifest.json')), 'mfe-quiz is not built');
  pointQuizAt('/remotes/mfe-quiz-moved-away/mf-manifest.json');
  await page.goto('/quiz/unknown-token-for-retry');
  await expect(page.getByRole('alert')).toContainText(UNAVAILABLE);
  pointQuizAt('/remotes/mfe-quiz/mf-manifest.json'); // the remote "moves back": no restart, no rebuild
  await page.getByRole('button', { name: 'Retry' }).click();
  // The quiz remote now runs; an unknown token ends on the not-found page.
  await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
  await expect(page).toHaveURL(/\/404$/);
});

test('the demo remote down: the quiz carries on without the sidebar and without an error', async ({ page, downProduct }, testInfo) => {
  test.skip(!fs.existsSync(path.join(REPO_ROOT, 'mfe-quiz', 'dist', 'mf-manifest.json')), 'mfe-quiz is not built');
  test.skip(!downProduct.demoLink, 'the product printed no demo candidate link');
  writeManifest({ mfe_demo: '/remotes/mfe-demo-gone/mf-manifest.json' });
  const demoRequested = page.waitForRequest((r) => r.url().includes('/remotes/mfe-demo-gone/'), { timeout: 15_000 });
  await page.goto(downProduct.demoLink!);
  await page.getByRole('link', { name: 'Begin Quiz' }).click();
  await expect(page).toHaveURL(/\/question\/1$/);
  await expect(page.getByText('Select the correct answer:')).toBeVisible();
  await demoRequested; // the sidebar was really attempted (demo mode is allowed in development)...
  await page.waitForTimeout(500);
  // ...and, being down, shows nothing: no sidebar button, no unavailable message.
  await expect(page.getByRole('button', { name: 'Demo Mode' })).toHaveCount(0);
  await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
  await screenshot(page, testInfo, 'remote-down-demo-sidebar');
  await expectAccessible(page);
});
