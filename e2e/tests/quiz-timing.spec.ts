// Time-dependent candidate behaviour, against a product of its own started with a short question
// time limit: a question times out and the quiz moves on; an abandoned quiz shows the expired
// screen; a question left more than an hour ago goes through the resume page.
import { startProduct, type RunningProduct } from '../support/product';
import { screenshot } from '../support/artifacts';
import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/test';
import { acceptDialogs, beginWithKeyboard, quizResult, tokenOf } from './quiz-helpers';

const LIMIT_SECONDS = 12;
let product: RunningProduct;
let tokens: string[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  product = await startProduct({ QUESTION_TIME_LIMIT_SECONDS: String(LIMIT_SECONDS) });
  if (!product.demoLink) throw new Error('No demo link was printed at start');
  const first = tokenOf(product.demoLink);
  const result = await quizResult(request, product.baseURL, first);
  tokens = [first, tokenOf(result.quiz_url)];
});

test.afterAll(async () => {
  await product?.stop();
});

test('a question times out and the quiz moves on', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  acceptDialogs(page);
  await page.goto(`${product.baseURL}/quiz/${tokens[0]}`);
  await beginWithKeyboard(page);
  await expect(page.getByRole('heading', { name: /^Question 1 \/ \d+$/ })).toBeVisible();
  // Hold the empty answer a little so the timed-out view can be checked while it sends.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(`**/api/quiz/${tokens[0]}/question/1/`, async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });

  await expect(page.getByRole('heading', { name: 'This question has timed out.' })).toBeVisible({
    timeout: (LIMIT_SECONDS + 3) * 1000,
  });
  await expect(page.getByText('The next question will start momentarily')).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByRole('status')).toBeVisible(); // the sending indicator
  await screenshot(page, testInfo, 'quiz-timed-out');
  release();

  await expect(page).toHaveURL(/\/question\/2$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: /^Question 2 \/ \d+$/ })).toBeVisible();
  const result = await quizResult(page.request, product.baseURL, tokens[0]);
  expect(result.past_questions.find((p: { number: number }) => p.number === 1)?.correct).toBe(false);
});

test('a question left more than an hour ago goes through the resume page', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  acceptDialogs(page);
  // The browser's clock runs two hours ahead: question 2's deadline is long past from its view.
  await page.clock.setSystemTime(new Date(Date.now() + 2 * 60 * 60 * 1000));
  await page.goto(`${product.baseURL}/quiz/${tokens[0]}`);
  await expect(page).toHaveURL(/\/resume$/);
  await expect(page.getByRole('heading', { name: 'Welcome back to your quiz' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'quiz-resume');
  await page.getByRole('link', { name: 'Resume Quiz' }).click();
  await expect(page).toHaveURL(/\/question\/2\?from_resume=true$/);
});

test('an abandoned quiz shows the expired screen', async ({ page }, testInfo) => {
  const res = await page.request.post(`${product.baseURL}/api/quiz/${tokens[1]}/abandon`);
  expect(res.ok()).toBe(true);
  await page.goto(`${product.baseURL}/quiz/${tokens[1]}`);
  await expect(page.getByRole('heading', { name: 'Your quiz has timed out.' })).toBeVisible();
  await expect(page.getByText(/not completed within a single session are marked as abandoned/)).toBeVisible();
  await expect(page.getByRole('link', { name: /support at/ })).toHaveAttribute('href', /^mailto:/);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'quiz-expired');
});
