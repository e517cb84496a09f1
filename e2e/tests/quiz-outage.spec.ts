// A submit that meets a database outage: the services answer 503 with Retry-After (tested for real
// against a stopped database in services/test/quiz-outage.test.ts); here the browser gets those
// replies (page.route) and the page keeps the chosen answer, says it is reconnecting, and sends the
// same answer again until it lands.
import { invite } from '../support/product';
import { screenshot } from '../support/artifacts';
import { expectAccessible } from '../support/axe';
import { expect, sharedProduct, test } from '../support/test';
import { acceptDialogs, beginWithKeyboard, quizResult, tokenOf } from './quiz-helpers';

test('an answer sent during an outage is kept, retried and lands once the service is back', async ({
  page,
}, testInfo) => {
  const product = sharedProduct();
  const [link] = await invite(product, { company: 'Vandelay', atoms: ['javascript'] });
  const token = tokenOf(link);
  acceptDialogs(page);
  await page.goto(`/quiz/${token}`);
  await beginWithKeyboard(page);
  await expect(page.getByRole('heading', { name: /^Question 1 \/ \d+$/ })).toBeVisible();

  // The outage: answers get what the services send while the database is down, until released.
  let outage = true;
  const sent: string[] = [];
  await page.route(`**/api/quiz/${token}/question/1/`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    sent.push(route.request().postData() ?? '');
    if (!outage) return route.continue();
    return route.fulfill({
      status: 503,
      headers: { 'Retry-After': '1', 'Content-Type': 'application/json' },
      body: JSON.stringify({ success: false, message: 'The service is briefly unavailable' }),
    });
  });

  const choice = page.getByRole('radio').nth(1);
  await choice.check();
  const chosen = await choice.getAttribute('value');
  await page.getByRole('button', { name: 'Submit Your Answer' }).click();

  const notice = page.getByText(/Reconnecting\.\.\. Your answer is kept/);
  await expect(notice).toBeVisible();
  await expect.poll(() => sent.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
  await expect(choice).toBeChecked();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  await expect(page).toHaveURL(/\/question\/1$/);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'quiz-reconnecting');

  outage = false;
  await expect(page).toHaveURL(/\/question\/2$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: /^Question 2 \/ \d+$/ })).toBeVisible();
  await expect(notice).toHaveCount(0);
  // Every attempt carried the same answer, and the one that got through is the one recorded.
  expect(new Set(sent).size).toBe(1);
  const body = JSON.parse(sent[0]);
  expect(body.answer_position).toBe(1);
  expect(body.answer).toBe(chosen);
  const result = await quizResult(page.request, product.baseURL, token);
  expect(result.past_questions.find((p: { number: number }) => p.number === 1)).toBeTruthy();
});
