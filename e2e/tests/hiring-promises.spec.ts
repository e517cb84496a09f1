// What the hiring pages promise, in the real product (the shared one): a demo invitation finished
// through the skip is labelled "Demo" and "Simulated" in the list and the report, hidden from the
// list until "Show demo and simulated" is ticked, and its report says the skip reached it; the
// report never shows a candidate's survey answer, and the Survey results page shows the survey
// only in aggregate; the invite page offers only atoms a quiz can be served from; a candidate whose
// test was emptied since the invitation is told it is not available yet and whom to contact. axe and
// a screenshot (`promises-*.png`) on every page.
import type { Page } from '@playwright/test';
import { screenshot } from '../support/artifacts';
import { expectAccessible } from '../support/axe';
import { devLogin, pageApi, signInNewContext } from '../support/admin-session';
import { invite } from '../support/product';
import { expect, sharedProduct, test } from '../support/test';
import { tokenOf } from './quiz-helpers';

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const EMPTY_ATOM = `e2e-empty-${RUN}`;
const TINY_ATOM = `e2e-tiny-${RUN}`;

const signIn = signInNewContext;

let admin: Page;
let recruiter: Page;

test.beforeAll(async ({ browser }) => {
  const a = devLogin('ADMIN');
  const r = devLogin('RECRUITER');
  test.skip(!a || !r, 'the product printed no dev sign-on logins');
  admin = (await signIn(browser, a!)).page;
  await expect(admin).toHaveURL(/\/admin\/atoms$/);
  recruiter = (await signIn(browser, r!)).page;
  await expect(recruiter).toHaveURL(/\/hiring$/);
  // An atom with no question at all, and one whose only question is taken away after the invitation.
  for (const [id, name] of [
    [EMPTY_ATOM, `Empty ${RUN}`],
    [TINY_ATOM, `Tiny ${RUN}`],
  ])
    expect((await pageApi(admin, 'POST', '/api/atoms', { id, name, num_questions: 1 })).status).toBe(201);
});

test.afterAll(async () => {
  await admin?.context().close();
  await recruiter?.context().close();
});

test('a demo result through the skip: labelled, hidden by default, shown with the filter; no survey answer', async ({}, testInfo) => {
  test.setTimeout(120_000);
  const product = sharedProduct();
  const [link] = await invite(product, { atoms: ['javascript'], demo: true });
  const token = tokenOf(link);
  expect((await recruiter.request.post(`${product.baseURL}/api/quiz/${token}/pass_243`)).ok()).toBe(true);

  // Which invitation is ours: the demo ones' reports carry their links.
  const listed = await pageApi(recruiter, 'GET', '/api/hiring/invitations?include_demo=true');
  let id = '';
  for (const row of listed.body.items.filter((r: any) => r.demo)) {
    const report = await pageApi(recruiter, 'GET', `/api/hiring/invitations/${row.id}`);
    if (report.body.invitation.links.some((l: any) => l.url.endsWith(token))) id = row.id;
  }
  expect(id).not.toBe('');
  const rowLink = (page: Page) => page.locator(`a[href^="/hiring/invitations/${id}"]`);

  await recruiter.goto('/hiring');
  await expect(recruiter.getByText(/^\d+ candidates?, page 1 of \d+$/)).toBeVisible();
  await expect(rowLink(recruiter)).toHaveCount(0);
  const filter = recruiter.getByRole('checkbox', { name: 'Show demo and simulated' });
  await expect(filter).not.toBeChecked();
  // A click, then the box as the person sees it: the list draws the box from the URL, and while the
  // page is still settling its first fetches the router may commit the new URL a frame after the
  // click (Playwright's check() reads the box in that frame and gives up).
  await filter.click();
  await expect(filter).toBeChecked();
  await expect(recruiter).toHaveURL(/include_demo=true/);
  const row = recruiter.getByRole('row').filter({ has: rowLink(recruiter) });
  await expect(row).toContainText('Demo');
  await expect(row).toContainText('Simulated');
  await expect(row).toContainText('Finished');
  await expectAccessible(recruiter);
  await screenshot(recruiter, testInfo, 'promises-candidates-with-demo');

  await rowLink(recruiter).click();
  await expect(recruiter).toHaveURL(new RegExp(`/hiring/invitations/${id}`));
  const heading = recruiter.getByRole('heading', { level: 1 });
  await expect(heading).toContainText('Demo');
  await expect(heading).toContainText('Simulated');
  await expect(recruiter.getByText(/A demo invitation: not a real candidate/)).toBeVisible();
  await expect(recruiter.getByText(/reached through the demo skip/)).toBeVisible();
  await expect(recruiter.getByText(/The candidate answered|did not answer/)).toHaveCount(0);
  await expectAccessible(recruiter);
  await screenshot(recruiter, testInfo, 'promises-report-demo-skip');

  // Unticked again: gone from the list.
  await recruiter.goto('/hiring?include_demo=true');
  const shown = recruiter.getByRole('checkbox', { name: 'Show demo and simulated' });
  await expect(shown).toBeChecked();
  await shown.click();
  await expect(shown).not.toBeChecked();
  await expect(recruiter).not.toHaveURL(/include_demo/);
  await expect(recruiter.getByText(/^\d+ candidates?, page 1 of \d+$/)).toBeVisible();
  await expect(rowLink(recruiter)).toHaveCount(0);
});

test('the survey only in aggregate, on its own page', async ({}, testInfo) => {
  test.setTimeout(120_000);
  // A real candidate of Acme's answers the survey (the quiz through the quiz API, as the page would).
  const product = sharedProduct();
  const token = tokenOf((await invite(product, { atoms: ['javascript'] }))[0]);
  const api = (path: string) => `${product.baseURL}/api/quiz/${token}${path}`;
  let next = (await (await recruiter.request.get(api('/'))).json()).next_question?.number ?? null;
  while (next !== null) {
    const q = await (await recruiter.request.get(api(`/question/${next}/`))).json();
    const sent = await recruiter.request.post(api(`/question/${next}/`), {
      data: { answer: q.answers[0].hash_id, answer_position: 0 },
    });
    expect(sent.ok()).toBe(true);
    next = (await sent.json()).next_question?.number ?? null;
  }
  expect((await recruiter.request.post(api('/finish'))).ok()).toBe(true);
  expect((await recruiter.request.post(api('/survey'), { data: { content_relevant_rating: 0 } })).ok()).toBe(
    true,
  );

  await recruiter.goto('/hiring');
  await recruiter.getByRole('link', { name: 'Survey results' }).click();
  await expect(recruiter).toHaveURL(/\/hiring\/survey$/);
  await expect(recruiter.getByRole('heading', { level: 1, name: 'Survey results' })).toBeVisible();
  await expect(recruiter.getByText(/not shared individually/)).toBeVisible();
  await expect(recruiter.getByText(/once at least 10 candidates have answered/)).toBeVisible();
  const survey = await pageApi(recruiter, 'GET', '/api/hiring/survey');
  expect(survey.status).toBe(200);
  expect(JSON.stringify(survey.body)).not.toMatch(/survey_rating|content_relevant_rating/);
  const table = recruiter.getByRole('table', { name: 'Relevance survey by atom and month' });
  await expect(table.getByRole('row')).toHaveCount(survey.body.periods.length + 1);
  const js = survey.body.periods.find((x: any) => x.atom_id === 'javascript');
  expect(js).toBeDefined();
  for (const p of survey.body.periods.filter((x: any) => !x.enough))
    await expect(table.getByRole('row').filter({ hasText: p.atom_name })).toContainText(
      'Not enough answers yet',
    );
  await expectAccessible(recruiter);
  await screenshot(recruiter, testInfo, 'promises-survey');
});

test('the invite page offers only atoms a quiz can be served from', async ({}, testInfo) => {
  await recruiter.goto('/hiring/invite');
  await expect(recruiter.getByRole('checkbox', { name: 'JavaScript' })).toBeVisible();
  // The atom exists (the content editors see it) but has nothing to serve: not offered anywhere.
  expect((await pageApi(admin, 'GET', `/api/atoms/${EMPTY_ATOM}`)).status).toBe(200);
  await expect(recruiter.getByRole('checkbox', { name: `Empty ${RUN}` })).toHaveCount(0);
  await expect(recruiter.locator('option', { hasText: `Empty ${RUN}` })).toHaveCount(0);
  const refused = await pageApi(recruiter, 'POST', '/api/hiring/invitations', {
    candidate_name: 'Nobody',
    candidate_email: `nobody-${RUN}@example.com`,
    required_atoms: [EMPTY_ATOM],
  });
  expect(refused.status).toBe(400);
  expect(refused.body.message).toContain(`atom ${EMPTY_ATOM} (Empty ${RUN}) cannot be taken yet`);
  await expectAccessible(recruiter);
  await screenshot(recruiter, testInfo, 'promises-invite-atoms');
});

test('a test emptied after the invitation: the candidate is told it is not available yet', async ({
  browser,
}, testInfo) => {
  const product = sharedProduct();
  // One administered question attached, so the atom can be invited to.
  const js = await pageApi(admin, 'GET', '/api/atoms/javascript');
  const q = js.body.questions.find((x: any) => x.administered);
  const attached = await pageApi(admin, 'POST', `/api/atoms/${TINY_ATOM}/questions/attach`, {
    question_id: q.id,
    version: q.version,
  });
  expect(attached.status).toBe(200);
  const [link] = await invite(product, { atoms: [TINY_ATOM] });
  const detached = await pageApi(admin, 'POST', `/api/atoms/${TINY_ATOM}/questions/detach`, {
    question_id: q.id,
    version: attached.body.question.version,
  });
  expect(detached.status).toBe(200);

  const context = await browser.newContext({ baseURL: product.baseURL });
  const candidate = await context.newPage();
  await candidate.goto(new URL(link).pathname);
  await expect(candidate.getByRole('heading', { name: 'This test is not available yet' })).toBeVisible();
  await expect(candidate.getByText(/Please contact Acme Robotics/)).toBeVisible();
  await expect(candidate.getByRole('link', { name: 'Begin Quiz' })).toHaveCount(0);
  await expectAccessible(candidate);
  await screenshot(candidate, testInfo, 'promises-quiz-not-available');
  // Question 1 leads back here, never to the not-found page.
  await candidate.goto(`${new URL(link).pathname}/question/1`);
  await expect(candidate.getByRole('heading', { name: 'This test is not available yet' })).toBeVisible();
  await expect(candidate).not.toHaveURL(/\/404$/);
  await context.close();
});
