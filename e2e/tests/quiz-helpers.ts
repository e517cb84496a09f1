// Shared steps of the candidate quiz browser tests (e2e/tests/quiz-*.spec.ts).
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../support/test';

/** The token of a /quiz/{token} link. */
export function tokenOf(link: string): string {
  const m = /\/quiz\/([^/?#]+)/.exec(link);
  if (!m) throw new Error(`not a quiz link: ${link}`);
  return m[1];
}

export async function quizResult(request: APIRequestContext, baseURL: string, token: string) {
  const res = await request.get(`${baseURL}/api/quiz/${token}/`);
  expect(res.ok()).toBe(true);
  return res.json();
}

/** The quiz page asks before unloading; tests that navigate away accept it. */
export function acceptDialogs(page: Page): void {
  page.on('dialog', (d) => void d.accept());
}

/** Waits for the welcome page to finish loading and starts the quiz with the keyboard. */
export async function beginWithKeyboard(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Your exercise has finished loading!' })).toBeVisible();
  const begin = page.getByRole('link', { name: 'Begin Quiz' });
  await begin.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/question\/1$/);
}

/** Answers the question on screen with the keyboard only: Tab into the radios, arrow, Enter, Tab, Enter. */
export async function answerWithKeyboard(page: Page): Promise<number> {
  const heading = page.getByRole('heading', { name: /^Question \d+ \/ \d+$/ });
  await expect(heading).toBeVisible();
  const n = Number(/Question (\d+)/.exec((await heading.textContent()) ?? '')![1]);
  const radios = page.getByRole('radio');
  await expect(radios.first()).toBeVisible();
  // A new question puts the focus on its heading; Tab on into the radio group (past a code block).
  await expect(heading).toBeFocused();
  for (let i = 0; i < 4 && !(await radios.first().evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(radios.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Selected answer: 2')).toBeAttached();
  await expect(radios.nth(1)).toBeChecked();
  await page.keyboard.press('Tab');
  const submit = page.getByRole('button', { name: 'Submit Your Answer' });
  await expect(submit).toBeFocused();
  await page.keyboard.press('Enter');
  return n;
}

/** Answers by clicking, for the long middle of a quiz. */
export async function answerWithMouse(page: Page): Promise<number> {
  const heading = page.getByRole('heading', { name: /^Question \d+ \/ \d+$/ });
  await expect(heading).toBeVisible();
  const n = Number(/Question (\d+)/.exec((await heading.textContent()) ?? '')![1]);
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Submit Your Answer' }).click();
  return n;
}

/**
 * Waits until the page left question n and shows what comes next: the URL moves first, the next
 * question's content follows once it is fetched, so wait for its heading and enabled answers too.
 */
export async function leftQuestion(page: Page, n: number): Promise<void> {
  await expect(page).not.toHaveURL(new RegExp(`/question/${n}(\\?|$)`), { timeout: 15_000 });
  const m = /\/question\/(\d+)/.exec(page.url());
  if (!m) return;
  await expect(page.getByRole('heading', { name: new RegExp(`^Question ${m[1]} / \\d+$`) })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('radio').first()).toBeEnabled();
}

/** The total number of questions of a quiz (the sum of its atoms' num_questions, SPEC §2). */
export async function questionTotal(request: APIRequestContext, baseURL: string, token: string) {
  const result = await quizResult(request, baseURL, token);
  return (result.quiz.atoms as { num_questions: number }[]).reduce((sum, a) => sum + a.num_questions, 0);
}

/** Answers questions 1..upTo through the API (first answer row each), as a candidate's browser would. */
export async function answerThroughApi(
  request: APIRequestContext,
  baseURL: string,
  token: string,
  upTo: number,
): Promise<void> {
  for (let n = 1; n <= upTo; n++) {
    const question = await request.get(`${baseURL}/api/quiz/${token}/question/${n}/`);
    expect(question.ok()).toBe(true);
    const { answers } = await question.json();
    const sent = await request.post(`${baseURL}/api/quiz/${token}/question/${n}/`, {
      data: { answer: answers[0].hash_id, answer_position: 0 },
    });
    expect(sent.ok()).toBe(true);
  }
}

/**
 * Answers every question of a quiz through the quiz API as it comes (the quiz picks each next one),
 * choosing the answer at `pick(n, count)`, then finishes it.
 */
export async function takeQuiz(page: Page, token: string, pick: (n: number, count: number) => number) {
  const quiz = (path: string, method = 'GET', data?: unknown) =>
    method === 'GET'
      ? page.request.get(`/api/quiz/${token}${path}`)
      : page.request.post(`/api/quiz/${token}${path}`, { data });
  let next: number | null = (await (await quiz('/')).json()).next_question?.number ?? null;
  while (next !== null) {
    const view = await (await quiz(`/question/${next}/`)).json();
    const answers = view.question?.answers ?? view.answers;
    const at = pick(next, answers.length) % answers.length;
    const res = await quiz(`/question/${next}/`, 'POST', {
      answer: answers[at].hash_id,
      answer_position: at,
    });
    expect(res.status()).toBe(200);
    next = (await res.json()).next_question?.number ?? null;
  }
  expect((await quiz('/finish', 'POST')).status()).toBe(200);
}
