// The admin frame end to end: the shell's login form → the (dev) central sign-on → back signed in
// with the top bar's links → Logout.
import { test, expect } from '../support/test';
import { expectAccessible } from '../support/axe';
import { screenshot } from '../support/artifacts';

test('an admin signs in through the central sign-on, sees the admin bar, and logs out', async ({
  page,
  context,
}, testInfo) => {
  const email = process.env.SQ_ADMIN_EMAIL;
  const password = process.env.SQ_ADMIN_PASSWORD;
  test.skip(!email || !password, 'the product printed no dev sign-on login');

  // Everything the browser reports as an error on the way, the sign-on's own pages included.
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(`${m.location().url}: ${m.text()}`);
  });

  await page.goto('/admin');
  const login = page.getByRole('button', { name: 'Login with SkillQuiz SSO' });
  await expect(login).toBeVisible();
  // The hidden field carries the CSRF-TOKEN cookie's value.
  const csrf = (await context.cookies()).find((c) => c.name === 'CSRF-TOKEN');
  expect(csrf?.value).toBeTruthy();
  await expect(page.locator('input[name="authenticity_token"]')).toHaveValue(decodeURIComponent(csrf!.value));

  await login.click();
  await page.getByLabel('Email').fill(email!);
  await page.getByLabel('Password').fill(password!);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/admin\/atoms$/);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Atoms' })).toHaveAttribute('href', '/admin/atoms');
  await expect(nav.getByRole('link', { name: 'Questions' })).toHaveAttribute('href', '/admin/questions');
  await expect(nav.getByRole('link', { name: 'Background jobs' })).toHaveAttribute('href', '/sidekiq');
  await expect(nav.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
  await screenshot(page, testInfo, 'admin-signed-in-atoms');
  await expectAccessible(page);

  // Client-side navigation inside the frame keeps the session and the bar.
  await nav.getByRole('link', { name: 'Questions' }).click();
  await expect(page).toHaveURL(/\/admin\/questions$/);
  await expect(nav).toBeVisible();

  // Signed in as an admin, /admin does not show the login form.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Login with/ })).toHaveCount(0);
  await expect(page).toHaveTitle('SkillQuiz - Dashboard');
  await screenshot(page, testInfo, 'admin-home-signed-in');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('button', { name: 'Login with SkillQuiz SSO' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Logout' })).toHaveCount(0);

  // Only GET /me's 401 while signed out (SPEC's call saying "not signed in", which the browser logs
  // as a failed load): no script errors, no missing files.
  expect(consoleErrors.filter((e) => !/\/me: Failed to load resource: .* 401/.test(e))).toEqual([]);
});
