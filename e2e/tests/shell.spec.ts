// The shell's own pages: the landing page, not-found, the error page, the admin frame while signed out.
import { test, expect } from '../support/test';
import { expectAccessible } from '../support/axe';
import { screenshot } from '../support/artifacts';

test("'/' (where 'Back to SkillQuiz' leads) shows the landing page, not the error page", async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'SkillQuiz' })).toBeVisible();
  await expect(page.getByText(/SkillQuiz is an adaptive skills assessment/)).toContainText(
    'link in your invitation email',
  );
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page).toHaveTitle('SkillQuiz');
  await screenshot(page, testInfo, 'shell-landing');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Staff sign-in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('button', { name: 'Login with SkillQuiz SSO' })).toBeVisible();
});

test('/404 shows the not-found page with a link back', async ({ page }, testInfo) => {
  await page.goto('/404');
  await expect(page.getByRole('heading', { name: 'Woah! How did you get here?' })).toBeVisible();
  await expect(page.getByText("This page doesn't exist.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to SkillQuiz' })).toHaveAttribute('href', '/');
  await expect(page).toHaveTitle('SkillQuiz');
  await screenshot(page, testInfo, 'shell-404');
  await expectAccessible(page);
});

test('an unknown path shows the error page', async ({ page }, testInfo) => {
  const res = await page.goto('/this/path/does/not/exist');
  expect(res?.status()).toBe(200); // the SPA answers; the shell decides what to show
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page).toHaveTitle('SkillQuiz');
  await screenshot(page, testInfo, 'shell-error-page');
  await expectAccessible(page);
});

test('an admin page while signed out lands on the /admin login page', async ({ page }, testInfo) => {
  await page.goto('/admin/questions');
  await expect(page).toHaveURL(/\/admin$/);
  const login = page.getByRole('button', { name: 'Login with SkillQuiz SSO' });
  await expect(login).toBeVisible();
  const form = page.locator('form', { has: login });
  await expect(form).toHaveAttribute('action', '/auth/central');
  await expect(form).toHaveAttribute('method', 'post');
  await expect(form.locator('input[type="hidden"][name="authenticity_token"]')).toHaveCount(1);
  const banner = page.getByRole('banner');
  await expect(banner).toContainText('SkillQuiz');
  await expect(banner).toContainText('Admin');
  // Signed out: no admin links and no Logout.
  await expect(page.getByRole('link', { name: 'Logout' })).toHaveCount(0);
  await expect(page).toHaveTitle('SkillQuiz - Dashboard');
  await screenshot(page, testInfo, 'admin-login');
  await expectAccessible(page);
});

test('API paths are never answered with the shell page', async ({ request }) => {
  const res = await request.get('/api/definitely-not-a-route', { headers: { Accept: 'text/html' } });
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toMatch(/json/);
});
