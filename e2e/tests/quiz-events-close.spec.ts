// The last question's integrity events survive a tab closed right after the done page appears: a
// candidate answers a fresh quiz's last question after a copy, a cut, a paste, a tab switch and an
// offline period on it, finishes, and closes the tab within a second (0 to 0.9 s, a tenth more each
// try); the recruiter's report (the hiring API, read as an admin) then lists every one of those
// events on that question. Ten tries, ten of ten.
import type { Browser, BrowserContext } from '@playwright/test';
import { adminSessionFile, saveAdminSession } from '../support/admin-session';
import { screenshot } from '../support/artifacts';
import { expectAccessible } from '../support/axe';
import { inviteWithId } from '../support/product';
import { expect, sharedProduct, test } from '../support/test';
import { acceptDialogs, answerThroughApi, questionTotal, tokenOf } from './quiz-helpers';

test.describe.configure({ mode: 'serial' });

const TRIES = 10;
const SESSION = adminSessionFile('quiz-events-close');

interface ReportEvent {
  kind: string;
  question_number: number | null;
}

let admin: BrowserContext;

/** What the report shows on a question, in a fixed order. */
const summary = (kinds: Record<string, number>) =>
  ['clipboard', 'tab_switch', 'offline', 'devtools']
    .map((k) => `${k} ${kinds[k] ?? 0}`)
    .concat(Object.keys(kinds).filter((k) => !['clipboard', 'tab_switch', 'offline', 'devtools'].includes(k)))
    .join(', ');
const EXPECTED = 'clipboard 3, tab_switch 1, offline 1, devtools 0';

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  await saveAdminSession(browser, SESSION);
  admin = await browser.newContext({ baseURL: sharedProduct().baseURL, storageState: SESSION });
});
test.afterAll(async () => {
  await admin?.close();
});

/** The report's integrity events on question `n`, by kind. */
async function eventsOn(invitationId: string, n: number): Promise<Record<string, number>> {
  const res = await admin.request.get(`/api/hiring/invitations/${invitationId}`);
  expect(res.status()).toBe(200);
  const report = await res.json();
  const kinds: Record<string, number> = {};
  for (const e of report.integrity.events as ReportEvent[]) {
    if (e.question_number === n) kinds[e.kind] = (kinds[e.kind] ?? 0) + 1;
  }
  return kinds;
}

test(`the last question's events reach the report though the tab closes within a second of the done page (${TRIES} tries)`, async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const product = sharedProduct();
  /** A fresh invitation's quiz with every question but the last answered (through the API). */
  const prepare = async () => {
    const { id, links } = await inviteWithId(product, { company: 'Acme Robotics', atoms: ['javascript'] });
    const token = tokenOf(links[0]);
    const total = await questionTotal(request, product.baseURL, token);
    await answerThroughApi(request, product.baseURL, token, total - 1);
    return { id, token, total };
  };
  const outcomes: string[] = [];
  // The next try's quiz is made while this one runs in the browser.
  let next = prepare();
  for (let i = 0; i < TRIES; i++) {
    const { id, token, total } = await next;
    if (i + 1 < TRIES) {
      next = prepare();
      next.catch(() => undefined); // awaited (and its failure reported) by the next try
    }
    const candidate = await browser.newContext({ baseURL: product.baseURL });
    const page = await candidate.newPage();
    acceptDialogs(page);

    await page.goto(`/quiz/${token}/question/${total}`);
    await expect(page.getByRole('heading', { name: `Question ${total} / ${total}` })).toBeVisible();
    await page.getByRole('radio').first().check();
    if (i === 0) {
      await expectAccessible(page);
      await screenshot(page, testInfo, 'quiz-events-last-question');
    }
    // On the last question: clipboard use three times, a tab switch, an offline period; then the
    // answer at once, so they are still waiting in the queue as the quiz finishes.
    await page.evaluate(async () => {
      const pause = () => new Promise((r) => setTimeout(r, 30));
      for (const type of ['copy', 'cut', 'paste']) document.dispatchEvent(new Event(type));
      window.dispatchEvent(new Event('blur'));
      await pause();
      window.dispatchEvent(new Event('focus'));
      window.dispatchEvent(new Event('offline'));
      await pause();
      window.dispatchEvent(new Event('online'));
    });
    await page.getByRole('button', { name: 'Submit Your Answer' }).click();
    await expect(page).toHaveURL(new RegExp(`/quiz/${token}/done$`), { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: "You've completed the JavaScript quiz" })).toBeVisible();
    if (i === 0) {
      await expectAccessible(page);
      await screenshot(page, testInfo, 'quiz-events-done');
    }
    // Closed as a candidate closes the tab (unload handlers run), 0 to 0.9 s after the done page.
    const closeAfterMs = (i % 10) * 100;
    if (closeAfterMs > 0) await page.waitForTimeout(closeAfterMs);
    await page.close({ runBeforeUnload: true });

    // Only what the closed page sent can arrive now: its context holds the queue's storage, and
    // nothing of it runs again. A few seconds for requests that left with the page to land.
    let got = '';
    await expect
      .poll(async () => (got = summary(await eventsOn(id, total))), {
        timeout: 5_000,
        intervals: [100, 250, 500],
      })
      .toBe(EXPECTED)
      .catch(() => undefined);
    outcomes.push(`try ${i + 1} (closed ${closeAfterMs} ms after done): ${got}`);
    await candidate.close();
  }
  expect(
    outcomes.filter((o) => o.endsWith(`: ${EXPECTED}`)),
    outcomes.join('\n'),
  ).toHaveLength(TRIES);
});
