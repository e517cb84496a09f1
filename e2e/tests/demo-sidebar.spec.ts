// The demo sidebar (mfe-demo) in the real product: demo mode switched on from the sidebar on a quiz
// of a fresh invitation, the curves of two answered questions and the current one, the marks, the
// 'Correct' label on the question view. (The demo remote down is remote-down.spec.ts.)
// Uses the shared product (demo mode on), whose remotes manifest no file changes (the files that edit
// a manifest have the `remotes` product: playwright.config.ts).
import type { Page } from '@playwright/test';
import { chanceAtLevels } from '@skillquiz/adaptive';
import type { PastQuestion } from '@skillquiz/contracts';
import { invite } from '../support/product';
import { screenshot } from '../support/artifacts';
import { axeFor, expectAccessible } from '../support/axe';
import { expect, sharedProduct, test } from '../support/test';
import { acceptDialogs, beginWithKeyboard, leftQuestion, quizResult, tokenOf } from './quiz-helpers';

let product: ReturnType<typeof sharedProduct>;
/** A quiz of an invitation made for this file, shaped like the demo one (nobody else uses it). */
let token = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  product = sharedProduct();
  const [first] = await invite(product, { atoms: ['javascript'], optional: ['python', 'sql'], demo: true });
  token = tokenOf(first);
});

const panel = (page: Page) => page.getByRole('complementary', { name: 'Adaptability Data' });
const card = (page: Page, n: number) => panel(page).locator(`article[data-question-number="${n}"]`);
const cellValues = (page: Page, n: number, row: string) =>
  card(page, n)
    .locator(`tr[data-row="${row}"] td`)
    .evaluateAll((tds) => tds.map((td) => Number(td.getAttribute('data-value'))));
const thresholdsOf = (
  result: { quiz: { atoms: { id: string; levels_thresholds: (number | '-inf')[] }[] } },
  atomId: string,
) => result.quiz.atoms.find((a) => a.id === atomId)!.levels_thresholds;

/**
 * The page's chances against the engine's, run here in Node. Not exact equality: Chromium's V8 and
 * Node's may round Math.exp differently in the last bit (0.45140389141686565 vs 0.4514038914168657
 * was seen), so the same maths in two engines agrees to about 1e-15. The page shows whole percents.
 */
function expectSameChances(shown: number[], expected: number[]): void {
  expect(shown).toHaveLength(expected.length);
  shown.forEach((v, i) => expect(v).toBeCloseTo(expected[i], 12));
}

/** Chooses the answer labelled 'Correct' (or one that is not), submits, and waits for the next question. */
async function answer(page: Page, { correctly }: { correctly: boolean }): Promise<number> {
  // The question on screen: its heading, once the URL agrees with it (the route settles after a submit).
  const heading = page.getByRole('heading', { name: /^Question \d+ \/ \d+$/ });
  let n = 0;
  await expect
    .poll(async () => {
      const text = (await heading.textContent({ timeout: 1000 }).catch(() => '')) ?? '';
      n = Number(/Question (\d+)/.exec(text)?.[1] ?? 0);
      return n > 0 && new RegExp(`/question/${n}$`).test(page.url());
    })
    .toBe(true);
  const radios = page.getByRole('radio');
  await expect(radios.first()).toBeVisible();
  const labelled = page.getByRole('radio', { name: /Correct$/ });
  await expect(labelled).toHaveCount(1); // demo mode: exactly one answer carries the label
  if (correctly) {
    await labelled.check();
  } else {
    const right = await labelled.getAttribute('value');
    const values = await radios.evaluateAll((rs) => rs.map((r) => (r as HTMLInputElement).value));
    await radios.nth(values.findIndex((v) => v !== right)).check();
  }
  await page.getByRole('button', { name: 'Submit Your Answer' }).click();
  await leftQuestion(page, n);
  return n;
}

test('demo mode from the sidebar: curves, marks, No Estimate Yet and the Correct label', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  acceptDialogs(page);
  await page.goto(`${product.baseURL}/quiz/${token}`);

  // Collapsed: a small 'Demo Mode' button at the bottom left; demo mode off by default.
  const open = page.getByRole('button', { name: 'Demo Mode' });
  await expect(open).toBeVisible();
  const box = (await open.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeLessThan(40);
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);
  expect(box.width * box.height).toBeLessThan(200 * 60);
  expect(await page.evaluate(() => localStorage.getItem('demoModeEnabled'))).not.toBe('true');
  await expect(panel(page)).toHaveCount(0);
  const ownCollapsed = await axeFor(page).include('.sqd-root').analyze();
  expect(ownCollapsed.violations.map((v) => v.id)).toEqual([]);

  await beginWithKeyboard(page);
  await expect(page.getByRole('radio').first()).toBeVisible();
  await expect(page.getByText('Correct', { exact: true })).toHaveCount(0); // no label before demo mode
  await expectAccessible(page);

  // Turn demo mode on: the panel opens with focus on its close arrow, the flag is stored.
  await page.getByRole('button', { name: 'Demo Mode' }).click();
  await expect(panel(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close demo panel' })).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('demoModeEnabled'))).toBe('true');
  await expect(card(page, 1)).toContainText('No Estimate Yet');

  // Question 1 answered with the labelled answer, question 2 with another one.
  await answer(page, { correctly: true });
  await answer(page, { correctly: false });
  await expect(page).toHaveURL(/\/question\/3$/);
  await expect(page.getByRole('heading', { name: /^Question 3 \/ \d+$/ })).toBeVisible();

  // The server agrees with the label: question 1 was right, question 2 wrong.
  const result = await quizResult(page.request, product.baseURL, token);
  const past: PastQuestion[] = result.past_questions;
  expect(past.map((p) => [p.number, p.correct])).toEqual([
    [1, true],
    [2, false],
  ]);

  // Rows: current question 3 first, in full, then 2 and 1, dimmed.
  await expect(panel(page).locator('article')).toHaveCount(3);
  expect(
    await panel(page)
      .locator('article')
      .evaluateAll((as) => as.map((a) => a.getAttribute('data-question-number'))),
  ).toEqual(['3', '2', '1']);
  await expect(card(page, 3)).toContainText('No Estimate Yet');
  await expect(card(page, 3)).not.toHaveClass(/sqd-question--dimmed/);
  await expect(card(page, 2)).toHaveClass(/sqd-question--dimmed/);
  await expect(card(page, 1)).toHaveClass(/sqd-question--dimmed/);
  await expect(card(page, 1).locator('[data-mark]')).toHaveAttribute('data-mark', 'correct');
  await expect(card(page, 1)).toContainText('Answered correctly');
  await expect(card(page, 2).locator('[data-mark]')).toHaveAttribute('data-mark', 'incorrect');
  await expect(card(page, 2)).toContainText('Answered incorrectly');
  await expect(card(page, 3).locator('[data-mark]')).toHaveCount(0);

  // Five chances per question, exactly the adaptive engine's for the served difficulty params.
  for (const p of past) {
    const expected = chanceAtLevels(p.difficulty_params!, thresholdsOf(result, p.atom_id));
    expect(expected).toHaveLength(5);
    expectSameChances(await cellValues(page, p.number, 'chance'), expected);
    await expect(card(page, p.number).locator('.sqd-estimate')).toHaveAttribute(
      'data-estimate',
      String(p.post_skill_estimate),
    );
    await expect(card(page, p.number).locator('.sqd-estimate')).toHaveAttribute(
      'data-error',
      String(p.post_skill_estimate_error),
    );
    expect(await cellValues(page, p.number, 'density')).toHaveLength(5);
    expect(await cellValues(page, p.number, 'level-probability')).toHaveLength(5);
  }
  const q3 = await (await page.request.get(`${product.baseURL}/api/quiz/${token}/question/3/`)).json();
  expectSameChances(
    await cellValues(page, 3, 'chance'),
    chanceAtLevels(q3.difficulty_params, thresholdsOf(result, q3.atom_id)),
  );

  // The estimate plot: an image with a text alternative naming each answered question.
  const plot = panel(page).getByRole('img', { name: /Skill estimate after each question/ });
  await expect(plot).toBeVisible();
  await expect(plot).toHaveAccessibleName(/after question 1: .* after question 2: /);

  // The candidate view labels the correct answer, and the panel covers neither the question nor Submit.
  await expect(page.getByRole('radio', { name: /Correct$/ })).toHaveCount(1);
  const submit = page.getByRole('button', { name: 'Submit Your Answer' });
  await submit.scrollIntoViewIfNeeded(); // a long question pushes it below the fold
  const panelBox = (await panel(page).boundingBox())!;
  const submitBox = (await submit.boundingBox())!;
  expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(submitBox.x);
  const formBox = (await page.getByRole('form', { name: 'Question 3' }).boundingBox())!;
  expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(formBox.x);
  expect(
    await submit.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return document.elementFromPoint(r.left + 2, r.top + r.height / 2) === el;
    }),
  ).toBe(true);

  // A dimmed row undims on hover.
  const filterOf = (n: number) => card(page, n).evaluate((el) => getComputedStyle(el).filter);
  expect(await filterOf(2)).not.toBe('none');
  await card(page, 2).hover();
  await expect.poll(() => filterOf(2)).toBe('none');

  await expectAccessible(page);
  // The sidebar itself: no axe violation of any impact (best practices included).
  const own = await axeFor(page).include('.sqd-root').analyze();
  expect(
    own.violations.map((v) => `${v.impact}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  expect(own.passes.map((r) => r.id)).toEqual(
    expect.arrayContaining(['color-contrast', 'landmark-unique', 'button-name']),
  );
  await page.mouse.move(900, 700);
  await screenshot(page, testInfo, 'demo-sidebar-expanded');

  // Escape from inside the panel closes it and turns demo mode off: the label goes too.
  await card(page, 1).focus();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Demo Mode' })).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('demoModeEnabled'))).toBe('false');
  await expect(page.getByRole('radio', { name: /Correct$/ })).toHaveCount(0);
  await screenshot(page, testInfo, 'demo-sidebar-collapsed');
});
