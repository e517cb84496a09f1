// A remote that is down: the shell shows a contained message with Retry and keeps working.
// The remotes product's manifest (a file the services read on every request, see
// support/remotes.ts) points the candidate remote at a URL that does not exist; afterAll puts it back.
import fs from 'node:fs';
import path from 'node:path';
import { invite, REPO_ROOT } from '../support/product';
import { resetRemotes, setRemotes } from '../support/remotes';
import { expectAccessible } from '../support/axe';
import { screenshot } from '../support/artifacts';
import { expect, sharedProduct, test } from '../support/test';
import { acceptDialogs, answerWithMouse, leftQuestion, quizResult, tokenOf } from './quiz-helpers';

const UNAVAILABLE = 'This part of SkillQuiz is unavailable right now.';
const pointQuizAt = (url: string) => setRemotes({ mfe_quiz: url });

test.describe.configure({ mode: 'serial' });
test.beforeAll(() => pointQuizAt('/remotes/mfe-quiz-moved-away/mf-manifest.json'));
test.afterAll(() => resetRemotes());

test('the manifest is what the serving side says, read at run time', async ({ request }) => {
  const res = await request.get('/remotes.json');
  expect(res.headers()['cache-control']).toBe('no-cache');
  expect((await res.json()).mfe_quiz).toBe('/remotes/mfe-quiz-moved-away/mf-manifest.json');
});

test('the quiz remote down: contained message with Retry, the rest of the shell works', async ({
  page,
}, testInfo) => {
  await page.goto('/quiz/some-token');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(UNAVAILABLE);
  const retry = alert.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await screenshot(page, testInfo, 'remote-down-quiz');
  await expectAccessible(page);

  // Retry really tries again (a new manifest request), and fails again while the remote is away.
  const refetch = page.waitForRequest((r) =>
    r.url().endsWith('/remotes/mfe-quiz-moved-away/mf-manifest.json'),
  );
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

test('an admin remote that is down shows the unavailable state inside the frame', async ({
  page,
  context,
}, testInfo) => {
  // The atoms remote exists now: point it away (the quiz stays moved too, as beforeAll set it).
  setRemotes({
    mfe_quiz: '/remotes/mfe-quiz-moved-away/mf-manifest.json',
    mfe_admin_atoms: '/remotes/mfe-admin-atoms-moved-away/mf-manifest.json',
  });
  // Only the remote load matters here: answer /me as a signed-in admin.
  await context.route('**/me', (route) =>
    route.fulfill({ json: { email: 'admin@skillquiz.local', name: 'Ada Admin', isAdmin: true } }),
  );
  await page.goto('/admin/atoms');
  await expect(page.getByRole('alert')).toContainText(UNAVAILABLE);
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Questions' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('SkillQuiz - Dashboard');
  await screenshot(page, testInfo, 'admin-remote-unavailable');
  await expectAccessible(page);
  pointQuizAt('/remotes/mfe-quiz-moved-away/mf-manifest.json');
});

test('Retry recovers once the remote is back where the manifest points', async ({ page }) => {
  test.skip(
    !fs.existsSync(path.join(REPO_ROOT, 'mfe-quiz', 'dist', 'mf-manifest.json')),
    'mfe-quiz is not built',
  );
  pointQuizAt('/remotes/mfe-quiz-moved-away/mf-manifest.json');
  await page.goto('/quiz/unknown-token-for-retry');
  await expect(page.getByRole('alert')).toContainText(UNAVAILABLE);
  pointQuizAt('/remotes/mfe-quiz/mf-manifest.json'); // the remote "moves back": no restart, no rebuild
  await page.getByRole('button', { name: 'Retry' }).click();
  // The quiz remote now runs; an unknown token ends on the not-found page.
  await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
  await expect(page).toHaveURL(/\/404$/);
});

test('the demo remote down: the quiz carries on without the sidebar and without an error', async ({
  page,
}, testInfo) => {
  test.skip(
    !fs.existsSync(path.join(REPO_ROOT, 'mfe-quiz', 'dist', 'mf-manifest.json')),
    'mfe-quiz is not built',
  );
  // A (demo) quiz of its own, so the shared demo link's quiz stays untouched for the other specs.
  const [link] = await invite(sharedProduct(), { demo: true });
  setRemotes({ mfe_demo: '/remotes/mfe-demo-gone/mf-manifest.json' });
  acceptDialogs(page);
  // Demo mode left switched on: without the sidebar (the only control to turn it off) the question
  // view must still not show which answer is correct.
  await page.addInitScript(() => localStorage.setItem('demoModeEnabled', 'true'));
  const demoRequested = page.waitForRequest((r) => r.url().includes('/remotes/mfe-demo-gone/'), {
    timeout: 15_000,
  });
  // The shell's boundary logs the failed remote once it has given up on it.
  const demoGaveUp = page.waitForEvent('console', {
    predicate: (m) => m.type() === 'error' && m.text().includes('remote mfe_demo/DemoSidebar failed'),
    timeout: 15_000,
  });
  await page.goto(link);
  await page.getByRole('link', { name: 'Begin Quiz' }).click();
  await expect(page).toHaveURL(/\/question\/1$/);
  await expect(page.getByText('Select the correct answer:')).toBeVisible();
  await demoRequested; // the sidebar was really attempted (demo mode is on in the e2e product)...
  await demoGaveUp;
  // ...and, being down, shows nothing: no sidebar button, no unavailable message.
  await expect(page.getByRole('button', { name: 'Demo Mode' })).toHaveCount(0);
  await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
  await expect(page.getByRole('radio').first()).toBeVisible();
  await expect(page.locator('.sq-answer__correct')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /Correct$/ })).toHaveCount(0);
  await screenshot(page, testInfo, 'remote-down-demo-sidebar');
  await expectAccessible(page);

  // The quiz carries on: the answer is recorded and the next question follows.
  await answerWithMouse(page);
  await leftQuestion(page, 1);
  await expect(page.getByRole('heading', { name: /^Question 2 \/ \d+$/ })).toBeVisible();
  const result = await quizResult(page.request, sharedProduct().baseURL, tokenOf(link));
  expect(result.past_questions.map((p: { number: number }) => p.number)).toEqual([1]);
});
