// The candidate's whole quiz from the printed demo link, the done page and survey, closing and
// reopening the tab, an unknown token — against the product started by global setup.
import { screenshot } from '../support/artifacts';
import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/test';
import {
  acceptDialogs,
  answerWithKeyboard,
  answerWithMouse,
  beginWithKeyboard,
  leftQuestion,
  quizResult,
  tokenOf,
} from './quiz-helpers';

test.describe.configure({ mode: 'serial' });

function demoToken(): string {
  const link = process.env.SQ_DEMO_LINK;
  if (!link) throw new Error('No demo link was printed at start');
  return tokenOf(link);
}

test('a candidate takes a whole quiz from the demo link, partly with the keyboard alone', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  acceptDialogs(page);
  const token = demoToken();
  // Hold the first quiz-result load so the bar's pre-load cap can be seen.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(`**/api/quiz/${token}/`, async (route) => {
    await held; // resolved once, then every later load passes straight through
    await route.continue();
  });
  await page.goto(`/quiz/${token}`);
  await expect(page.getByRole('heading', { name: 'Loading your exercise...' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '80');
  release();

  // Welcome page with the candidate branding.
  await expect(page.getByRole('img', { name: 'Taking a quiz for Acme Robotics' })).toBeVisible();
  await expect(page.getByText('powered by')).toBeVisible();
  await expect(page.getByText('© 2023 SkillQuiz')).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your exercise has finished loading!' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'quiz-welcome');

  await beginWithKeyboard(page);
  await expect(page).toHaveTitle('Question 1');
  await expect(page.getByRole('heading', { name: /^Question 1 \/ \d+$/ })).toBeVisible();
  await expect(page.locator('.sq-timer__time')).toHaveText(/^\d\d:\d\d$/);
  await expect(page.getByText(/Users who need more time should contact support at/)).toBeAttached();
  await expect(page.getByRole('group', { name: 'Select the correct answer:' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Your Answer' })).toBeDisabled();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'quiz-question');

  // The first three questions with the keyboard only, then the rest by mouse until done.
  for (let i = 0; i < 3; i++) await leftQuestion(page, await answerWithKeyboard(page));
  for (let i = 0; i < 40 && !/\/done$/.test(page.url()); i++) {
    const n = await answerWithMouse(page);
    await leftQuestion(page, n);
  }
  await expect(page).toHaveURL(/\/done$/);

  // Done page: completed message, one more required quiz, the link and the survey.
  await expect(page.getByRole('heading', { name: "You've completed the JavaScript quiz" })).toBeVisible();
  const result = await quizResult(page.request, baseURL!, token);
  expect(result.finished_at).not.toBeNull();
  if (result.required_atoms_left > 0) {
    await expect(
      page.getByText(
        `You have ${result.required_atoms_left} more ${result.required_atoms_left > 1 ? 'quizzes' : 'quiz'} to complete.`,
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Take another quiz' }).first()).toHaveAttribute(
      'href',
      result.quiz_url,
    );
  } else {
    await expect(page.getByText("We've shared your results with Acme Robotics.")).toBeVisible();
  }
  await expect(page.getByText(/Do you feel the content you were just tested on is relevant/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'quiz-done');

  await page.getByRole('button', { name: 'Yes, relevant' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Thank you for your feedback.')).toBeVisible();
  await expect(page.getByText(/not shared individually with Acme Robotics/)).toBeVisible();
  expect((await quizResult(page.request, baseURL!, token)).survey_completed).toBe(true);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'quiz-survey-thanks');

  // A finished quiz opened again lands on its done page.
  await page.goto(`/quiz/${token}/question/1`);
  await expect(page).toHaveURL(/\/done$/);
});

test('closing and reopening the tab resumes the quiz at the same question', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  acceptDialogs(page);
  // The invitation's other required quiz.
  const first = await quizResult(page.request, baseURL!, demoToken());
  const token = tokenOf(first.quiz_url);
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      const sent = JSON.parse(localStorage.getItem('sq-test-beacons') ?? '[]');
      sent.push({ url: String(url), type: data instanceof Blob ? data.type : typeof data });
      localStorage.setItem('sq-test-beacons', JSON.stringify(sent));
      return send(url, data);
    };
  });
  await page.goto(`/quiz/${token}`);
  await beginWithKeyboard(page);
  await leftQuestion(page, await answerWithMouse(page));
  await expect(page).toHaveURL(/\/question\/2$/);
  const questionText = await page.locator('.sq-question__text').textContent();
  // Closing the tab (its leave guard accepted) sends the page-close abandon beacon (SPEC §4), which
  // the server holds as a pending leave; coming back within the grace resumes. Playwright does not
  // see a closing page's beacons, so the page notes each sendBeacon call in localStorage.
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);

  const reopened = await context.newPage();
  acceptDialogs(reopened);
  await reopened.goto(`/quiz/${token}`);
  expect(
    JSON.parse((await reopened.evaluate(() => localStorage.getItem('sq-test-beacons'))) ?? '[]'),
  ).toEqual([{ url: `/api/quiz/${token}/abandon`, type: 'application/json' }]);
  await expect(reopened).toHaveURL(/\/question\/2$/);
  await expect(reopened.getByRole('heading', { name: /^Question 2 \/ \d+$/ })).toBeVisible();
  await expect(reopened.locator('.sq-question__text')).toHaveText(questionText ?? '');
  await expect(reopened.getByText('Your quiz has timed out.')).toHaveCount(0);
  await screenshot(reopened, testInfo, 'quiz-reopened');
});

test('integrity events go through the queue, wait while offline and are replayed; demo label; sticky timer', async ({
  page,
  baseURL,
}) => {
  acceptDialogs(page);
  const first = await quizResult(page.request, baseURL!, demoToken());
  const token = tokenOf(first.quiz_url); // left on question 2 by the previous test
  await page.addInitScript(() => localStorage.setItem('demoModeEnabled', 'true'));
  await page.setViewportSize({ width: 1000, height: 420 });
  const tracked: { event: number; eventDetails?: { l: number; r: number; t: number } }[] = [];
  // The queue sends what is waiting as one batch (POST …/events); its tracking events are these.
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/api/quiz/${token}/events`)) {
      const { events } = r.postDataJSON() as { events: { kind: string; event: number }[] };
      tracked.push(...events.filter((e) => e.kind === 'tracking'));
    }
  });
  await page.goto(`/quiz/${token}`);
  await expect(page).toHaveURL(/\/question\/2$/);
  await expect(page.getByRole('radio').first()).toBeVisible();

  // Demo mode allowed (development) and switched on: exactly one answer carries 'Correct'.
  await expect(page.locator('.sq-answer__correct')).toHaveCount(1);
  await expect(page.locator('.sq-answer__correct')).toHaveText('Correct');

  // Clipboard use is sent at once.
  await page.evaluate(() => document.dispatchEvent(new Event('copy')));
  await expect.poll(() => tracked.filter((t) => t.event === 4).length).toBe(1);

  // Offline: nothing is sent; back online, the offline period and the queued event are replayed.
  await page.context().setOffline(true);
  await page.evaluate(() => {
    window.dispatchEvent(new Event('offline'));
    document.dispatchEvent(new Event('paste'));
  });
  await page.waitForTimeout(1500);
  expect(tracked.filter((t) => t.event === 4)).toHaveLength(1);
  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => tracked.filter((t) => t.event === 4).length, { timeout: 15_000 }).toBe(2);
  await expect.poll(() => tracked.filter((t) => t.event === 1).length, { timeout: 15_000 }).toBe(1);
  const offline = tracked.find((t) => t.event === 1)!;
  expect(offline.eventDetails!.r - offline.eventDetails!.l).toBe(offline.eventDetails!.t);
  expect(offline.eventDetails!.t).toBeGreaterThanOrEqual(1000);

  // The timer sticks to the top right (10 px, 20 px) once scrolled past.
  await page.mouse.wheel(0, 2000);
  const timer = page.locator('.sq-timer');
  await expect(timer).toHaveClass(/sq-timer--stuck/);
  const box = await timer.boundingBox();
  expect(Math.round(box!.y)).toBe(10);
  expect(Math.round(1000 - (box!.x + box!.width))).toBe(20);
});

test('an unknown token lands on /404', async ({ page }, testInfo) => {
  await page.goto('/quiz/unknown_token_0123456789abcdef');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText(/How did you get here\?/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'quiz-unknown-token-404');
});
