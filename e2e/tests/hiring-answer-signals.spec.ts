// The report's "What the answers and their times say" section in the real product: the dev recruiter
// signs in through the sign-on's form, invites a candidate through the hiring API, the candidate's quiz
// is answered at once through the quiz API, and the report shows the section beside the browser's
// integrity signals: worded as reasons to look, with the honest-candidate rate where a signal is shown,
// and the "How this is computed" note. Another company's recruiter gets the API's 404. Checked with axe
// and screenshotted (e2e/artifacts/hiring-answer-signals.png).
import type { Browser } from '@playwright/test';
import { screenshot } from '../support/artifacts';
import { expectAccessible } from '../support/axe';
import { devLogin, signInNewContext } from '../support/admin-session';
import { expect, test } from '../support/test';
import { takeQuiz } from './quiz-helpers';

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const NAME = `Quick Clicker ${RUN}`;

async function signIn(browser: Browser, who: { email: string; password: string }) {
  const { context, page } = await signInNewContext(browser, who);
  await expect(page).toHaveURL(/\/hiring$/);
  return { context, page };
}

test('the report says what the answers and their times say, as reasons to look', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const recruiter = devLogin('RECRUITER');
  const second = devLogin('SECOND_RECRUITER');
  test.skip(!recruiter, 'the product printed no dev recruiter login');
  const { context, page } = await signIn(browser, recruiter!);
  const csrf = decodeURIComponent(
    (await context.cookies()).find((c) => c.name === 'CSRF-TOKEN')?.value ?? '',
  );
  const created = await page.request.post('/api/hiring/invitations', {
    headers: { 'X-CSRF-Token': csrf },
    data: { candidate_name: NAME, candidate_email: `quick-${RUN}@example.com`, required_atoms: ['sql'] },
  });
  expect(created.status()).toBe(201);
  const { invitation, link } = (await created.json()) as { invitation: { id: string }; link: string };
  const token = link.split('/quiz/')[1];

  // The candidate answers every question at once (the first answer offered each time).
  await takeQuiz(page, token, () => 0);

  await page.goto(`/hiring/invitations/${invitation.id}`);
  const section = page.getByRole('region', { name: 'What the answers and their times say' });
  await expect(section).toBeVisible();
  await expect(section).toContainText('Reasons for a person to look, never a verdict.');
  await expect(section.getByRole('heading', { name: 'SQL' })).toBeVisible();
  // Computed when the product has real timed answers for the questions; on a fresh product (demo answers
  // only, which carry no times) the section says there are too few to compare with.
  const text = (await section.innerText()).replace(/\s+/g, ' ');
  if (/Too few timed answers/.test(text)) {
    expect(text).toMatch(/Too few timed answers to compare with \(\d+ of \d+;/);
  } else {
    expect(text).toMatch(/Very quick answers/);
    // either compared with the questions' time model, or said to be not available yet
    expect(text).toMatch(
      /timed answers \(100%\) came faster than a tenth|Not available yet: too few of these questions/,
    );
    // the rate beside every signal that could be judged (lz* always can on a whole quiz)
    expect(text).toMatch(/About 1 in [\d,]+ candidates who work honestly shows this\./);
  }
  await section.getByText('How this is computed').click();
  await expect(section).toContainText('None of them is proof');
  // Beside the browser's signals.
  await expect(page.getByRole('region', { name: 'Integrity signals' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'hiring-answer-signals');

  // Another company's recruiter: the API's 404.
  if (second) {
    const other = await signIn(browser, second);
    expect(
      (await other.page.request.get(`/api/hiring/invitations/${invitation.id}/integrity`)).status(),
    ).toBe(404);
    await other.context.close();
  }
  await context.close();
});
