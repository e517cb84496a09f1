// The pass_243 route's "working" screen and the done page's two endings, each on a quiz of a fresh
// invitation (support/product.ts invite()) so the shared demo quiz stays untouched: required atoms
// only ("We've shared your results with {company}.") and with an optional atom left
// ('Show {company} more of your skills!'); and the done page reached by answering the last question
// says only the final line, never the count from before the finish call.
import type { Page } from '@playwright/test';
import { invite } from '../support/product';
import { screenshot } from '../support/artifacts';
import { expectAccessible } from '../support/axe';
import { expect, sharedProduct, test } from '../support/test';
import {
  acceptDialogs,
  answerThroughApi,
  answerWithMouse,
  questionTotal,
  quizResult,
  tokenOf,
} from './quiz-helpers';

/**
 * Opens /quiz/{token}/pass_243 with the skip call held, so its screen can be checked, then lets it
 * through and waits for the done page.
 */
async function skipToDone(
  page: Page,
  token: string,
  check: () => Promise<void> = async () => {},
): Promise<void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(`**/api/quiz/${token}/pass_243`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/quiz/${token}/pass_243`);
  await expect(page.getByRole('heading', { name: '...Being fast and smart for you...' })).toBeVisible();
  await expect(page.getByText('This can take a while')).toBeVisible();
  await check();
  release();
  await expect(page).toHaveURL(new RegExp(`/quiz/${token}/done$`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: "You've completed the JavaScript quiz" })).toBeVisible();
}

test('pass_243 shows the working screen, then the done page; required atoms only: results shared', async ({
  page,
}, testInfo) => {
  const product = sharedProduct();
  const [link] = await invite(product, { company: 'Globex', atoms: ['javascript'], demo: true });
  const token = tokenOf(link);
  await skipToDone(page, token, async () => {
    await expectAccessible(page);
    await screenshot(page, testInfo, 'quiz-pass-243');
  });

  const result = await quizResult(page.request, product.baseURL, token);
  expect(result.finished_at).not.toBeNull();
  expect([result.required_atoms_left, result.max_atoms_left]).toEqual([0, 0]);
  await expect(page.getByText("We've shared your results with Globex.")).toBeVisible();
  await expect(page.getByText(/more of your skills/)).toHaveCount(0);
  // Nothing else to take: no link (quiz_url is this very done page).
  await expect(page.getByRole('link', { name: 'Take another quiz' })).toHaveCount(0);
  await expect(page.getByText(/more quiz(zes)? to complete/)).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'quiz-done-shared');
});

test('with an optional atom left, the done page offers it: Show {company} more of your skills!', async ({
  page,
}, testInfo) => {
  const product = sharedProduct();
  const [link, optionalLink] = await invite(product, {
    company: 'Initech',
    atoms: ['javascript'],
    optional: ['sql'],
    demo: true, // pass_243 works only on demo invitations
  });
  const token = tokenOf(link);
  await skipToDone(page, token);

  const result = await quizResult(page.request, product.baseURL, token);
  expect([result.required_atoms_left, result.max_atoms_left]).toEqual([0, 1]);
  expect(tokenOf(result.quiz_url)).toBe(tokenOf(optionalLink));
  await expect(page.getByText("We've shared your results with Initech.")).toBeVisible();
  const card = page.getByRole('region', { name: 'Show Initech more of your skills!' });
  await expect(card).toBeVisible();
  await expect(card.getByText('You can take one more quiz.')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Take another quiz' })).toHaveAttribute(
    'href',
    result.quiz_url,
  );
  await expectAccessible(page);
  await screenshot(page, testInfo, 'quiz-done-show-more');
});

test('answering the last question of a one-quiz invitation: the done page never shows a quizzes-left line', async ({
  page,
}, testInfo) => {
  const product = sharedProduct();
  const [link] = await invite(product, { company: 'Hooli', atoms: ['javascript'] });
  const token = tokenOf(link);
  const total = await questionTotal(page.request, product.baseURL, token);
  await answerThroughApi(page.request, product.baseURL, token, total - 1);

  // Every text the page ever shows, however briefly (a ~100 ms flash is still a rendered line).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { sqSeenTexts: string[] }).sqSeenTexts = seen;
    new MutationObserver(() => {
      const text = document.body?.innerText;
      if (text) seen.push(text);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  acceptDialogs(page);
  await page.goto(`/quiz/${token}/question/${total}`);
  await expect(page.getByRole('heading', { name: `Question ${total} / ${total}` })).toBeVisible();
  await answerWithMouse(page);

  await expect(page).toHaveURL(new RegExp(`/quiz/${token}/done$`), { timeout: 30_000 });
  await expect(page.getByText("We've shared your results with Hooli.")).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { sqSeenTexts: string[] }).sqSeenTexts);
  expect(seen.some((t) => t.includes("You've completed the JavaScript quiz"))).toBe(true);
  expect(seen.filter((t) => /more quiz(zes)? to complete/.test(t))).toEqual([]);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'quiz-done-after-last-question');
});
