// The company settings page of the hiring workspace in Chromium, on the shared product:
// a recruiter signs in through the dev sign-on's form, reaches Settings from the admin bar by
// keyboard, sets a webhook URL pointing at a receiver this test starts on loopback (the shared
// product runs in development, where loopback addresses are allowed, as jobs-dashboard.spec.ts
// relies on too), sends a test event the receiver gets signed with the secret the page shows, and
// sees the attempt listed; a URL the server refuses is said at the field. Axe clean; screenshots in
// e2e/artifacts/hiring-settings*.png. It uses the second company's recruiter, so the webhook it sets
// never receives the demo company's quiz results that other specs produce.
import type { Locator, Page } from '@playwright/test';
import { screenshot } from '../support/artifacts';
import { expectAccessible } from '../support/axe';
import { signatureVerifies, startWebhookReceiver } from '../support/webhook-receiver';
import { expect, test } from '../support/test';
import { signInThroughForm } from '../support/admin-session';

const signIn = (page: Page, email: string, password: string) => signInThroughForm(page, { email, password });

/** Presses Tab until `target` has the focus (a keyboard user's way there). */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a recruiter sets the webhook, sends a test event and sees the attempt; a refused URL is said at the field', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = process.env.SQ_SECOND_RECRUITER_EMAIL;
  const password = process.env.SQ_SECOND_RECRUITER_PASSWORD;
  test.skip(!email || !password, 'the product printed no second dev recruiter login');
  const receiver = await startWebhookReceiver('/hooks/settings-test');
  await signIn(page, email!, password!);
  await expect(page.getByRole('heading', { level: 1, name: 'Candidates' })).toBeVisible();

  try {
    // The bar's Settings link, by keyboard.
    const settingsLink = page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Settings' });
    await tabTo(page, settingsLink);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/hiring\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Settings for / })).toBeVisible();
    await expect(settingsLink).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Invitation email' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Delivery attempts' })).toBeVisible();
    await expectAccessible(page);

    // A URL the server refuses: its words at the field, focus back on it.
    const field = page.getByLabel('Webhook URL');
    await tabTo(page, field);
    await field.fill('');
    await page.keyboard.type('ftp://files.example/hook');
    await page.keyboard.press('Enter');
    await expect(page.getByText('The webhook URL must start with https:// (not ftp:)')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    await screenshot(page, testInfo, 'hiring-settings-refused-url');

    // The loopback receiver (allowed in development), saved with Enter.
    await field.fill('');
    await page.keyboard.type(receiver.url);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Webhook saved')).toBeVisible();
    await expect(field).not.toHaveAttribute('aria-invalid');
    const secret = await page.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByText('X-SkillQuiz-Signature', { exact: true })).toBeVisible();

    // A test event by keyboard: said in the live region, received signed, and listed.
    const send = page.getByRole('button', { name: 'Send test event' });
    await tabTo(page, send);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Test event delivered' })).toHaveText(
      /^Test event delivered: the receiver answered HTTP 200 in \d+ ms\.$/,
    );
    expect(receiver.posts).toHaveLength(1);
    const [post] = receiver.posts;
    expect(JSON.parse(post.body)).toMatchObject({ type: 'webhook.test', test: true });
    expect(signatureVerifies(post.signature, post.body, secret)).toBe(true);
    const table = page.getByRole('table', { name: 'Webhook delivery attempts' });
    const first = table.getByRole('row').nth(1);
    await expect(first).toContainText('webhook.test (test)');
    await expect(first).toContainText('Delivered');
    await expect(first).toContainText('200');
    await screenshot(page, testInfo, 'hiring-settings');
    await expectAccessible(page);
  } finally {
    // Leave the company without a webhook (other runs of this spec start from nothing).
    await page.goto('/hiring/settings');
    const remove = page.getByRole('button', { name: 'Remove webhook' });
    if (await remove.isVisible({ timeout: 10_000 }).catch(() => false)) {
      await remove.click();
      await expect(page.getByRole('button', { name: 'Remove webhook' })).toHaveCount(0);
    }
    await receiver.stop();
  }
});
