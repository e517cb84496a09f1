// The background-jobs dashboard at /sidekiq (issue 20) in Chromium: signed out it leads to the
// login page, a signed-in non-admin gets a 404, an admin reaches it from the admin bar and sees the
// queue by state in the product's bar; pausing and resuming from the page work (its POST carries the CSRF token
// our script adds). In development the admin bar links the dev outbox, which shows the emails sent.
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { screenshot } from '../support/artifacts';
import { expect, sharedProduct, test } from '../support/test';

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Login with SkillQuiz SSO' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Serious or critical axe findings inside `selector` (our parts of agendash's page). */
async function violationsIn(page: Page, selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('signed out, /sidekiq leads to the login page; its API answers 401', async ({ page, request }) => {
  await page.goto('/sidekiq');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('button', { name: 'Login with SkillQuiz SSO' })).toBeVisible();
  expect((await request.get('/sidekiq/api')).status()).toBe(401);
  expect(
    (await request.post('/sidekiq/api/jobs/delete', { data: { jobIds: ['0'.repeat(24)] } })).status(),
  ).toBe(401);
});

test('a signed-in non-admin gets a 404', async ({ page }) => {
  const { user } = JSON.parse(fs.readFileSync(path.join(sharedProduct().dataDir, 'dev-signon.json'), 'utf8'));
  test.skip(!user, 'no dev sign-on passwords in the data directory');
  await signIn(page, 'viewer@skillquiz.local', user);
  // The admin area sends a non-admin back to the login page.
  await expect(page.getByRole('button', { name: 'Login with SkillQuiz SSO' })).toBeVisible();
  const res = await page.goto('/sidekiq/');
  expect(res?.status()).toBe(404);
  expect((await page.request.get('/sidekiq/api')).status()).toBe(404);
});

test('an admin opens Background jobs from the admin bar, sees the queue by state and pauses and resumes a job', async ({
  page,
}, testInfo) => {
  const email = process.env.SQ_ADMIN_EMAIL;
  const password = process.env.SQ_ADMIN_PASSWORD;
  test.skip(!email || !password, 'the product printed no dev sign-on login');
  await signIn(page, email!, password!);
  await expect(page).toHaveURL(/\/admin\/atoms$/);

  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Background jobs' })
    .click();
  await expect(page).toHaveURL(/\/sidekiq\/$/);
  await expect(page).toHaveTitle('Background jobs · SkillQuiz');
  const bar = page.getByRole('navigation', { name: 'Admin' });
  await expect(bar.getByRole('link', { name: 'Background jobs' })).toHaveAttribute('aria-current', 'page');
  await expect(bar.getByRole('link', { name: 'Atoms' })).toHaveAttribute('href', '/admin/atoms');
  // The queue by state: the expiry sweep repeats every minute.
  const row = page.getByRole('row').filter({ hasText: 'expiry-sweep' });
  await expect(row).toBeVisible();
  await expect(page.getByRole('complementary').getByText('Repeating', { exact: true })).toBeVisible();
  // Filtered by state: none failed, the sweep among the repeating ones.
  await page.locator('#selectStateInput').selectOption('failed');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(row).toHaveCount(0);
  await page.locator('#selectStateInput').selectOption('repeating');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(row).toBeVisible();
  await expect(page.getByRole('button', { name: '+ New Job' })).toBeHidden();
  await screenshot(page, testInfo, 'sidekiq-dashboard');
  // Ours (the bar and the page heading) is clean; agendash's own page is its maintainers'.
  expect(await violationsIn(page, '.sq-admin-bar')).toEqual([]);
  await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeAttached();

  // Its row actions are buttons (our script), keyboard included: pause the sweep with Enter, and
  // the page's POST carries the CSRF token (without it the server answers 403).
  const pause = row.getByRole('button', { name: 'Pause job' });
  await pause.focus();
  const paused = page.waitForResponse((r) => r.url().endsWith('/sidekiq/api/jobs/pause'));
  await page.keyboard.press('Enter');
  // agendash asks first ("Pause job 'expiry-sweep'?").
  await expect(page.getByText("Pause job 'expiry-sweep'?")).toBeVisible();
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  const res = await paused;
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ pausedCount: 1 });
  expect(res.request().headers()['x-csrf-token']).toBeTruthy();
  const resumed = page.waitForResponse((r) => r.url().endsWith('/sidekiq/api/jobs/resume'));
  await row.getByRole('button', { name: /Resume/ }).click();
  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  expect((await resumed).status()).toBe(200);
});

test('in development the admin bar links the dev outbox, which lists the emails sent', async ({
  page,
}, testInfo) => {
  const email = process.env.SQ_ADMIN_EMAIL;
  const password = process.env.SQ_ADMIN_PASSWORD;
  test.skip(!email || !password, 'the product printed no dev sign-on login');
  await signIn(page, email!, password!);
  const link = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dev outbox' });
  await expect(link).toHaveAttribute('href', '/dev/outbox');
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dev outbox' })).toBeVisible();
  await screenshot(page, testInfo, 'dev-outbox');
  await expectAccessible(page);
});
