// Review before live in the questions remote, in Chromium against the shared product (npm start's settings:
// review not required, so one admin may mark ready; the two-admin rule is proven by the services
// tests, the remote's component tests and admin-content-io.spec.ts on a product of its own): the list's Status column and filter and its twins flag,
// the review status control taken through draft -> in review -> ready and a refusal shown in words,
// and the History tab restoring a version, refused (409) while the page is stale. Keyboard only for
// the status steps; axe on each page; a screenshot of each.
import type { Page } from '@playwright/test';
import { adminSessionFile, b64, openAdmin, pageApi, saveAdminSession } from '../support/admin-session';
import { expectAccessible } from '../support/axe';
import { screenshot } from '../support/artifacts';
import { expect, test } from '../support/test';

test.describe.configure({ mode: 'serial' });

const ATOM = 'qa-e2e-review';
const CODE = 'for (var i = 0; i < 3; i++) {\n  setTimeout(() => console.log(i), 0);\n}';
let original = 0;
let twin = 0;

const question = (text: string, code: string) => ({
  question_text: b64(text),
  code_block: b64(code),
  code_language: 'javascript',
  administered: false,
  answers: [
    { text: b64('0 1 2'), c: false },
    { text: b64('3 3 3'), c: true },
  ],
  all_atoms: [ATOM],
});

const SESSION = adminSessionFile('content-review');
test.use({ storageState: SESSION });

test.beforeAll(async ({ browser }) => {
  await saveAdminSession(browser, SESSION);
  const page = await browser.newPage();
  await openAdmin(page);
  expect([201, 409]).toContain(
    (await pageApi(page, 'POST', '/api/atoms', { id: ATOM, name: 'E2E Review' })).status,
  );
  const a = await pageApi(page, 'POST', '/api/question/', question('What does this loop log?', CODE));
  const b = await pageApi(
    page,
    'POST',
    '/api/question/',
    question('What does this loop log?', CODE.replace('var', 'let')),
  );
  expect([a.status, b.status]).toEqual([201, 201]);
  original = a.body.question.id;
  twin = b.body.question.id;
  await page.close();
});

// Every test starts signed in (one sign-in for the file, in beforeAll), on the admin's first page.
test.beforeEach(async ({ page }) => openAdmin(page));

const listStatus = (page: Page) => page.getByRole('status').filter({ hasText: /questions?, page 1 of/ });

test('list: status column and filter, twins flagged within the atom', async ({ page }, testInfo) => {
  await page.goto(`/admin/questions?atom=${ATOM}&includeNonAdministered=true`);
  await expect(listStatus(page)).toHaveText(/^2 questions, page 1 of 1/);
  const row = page.getByRole('row', { name: new RegExp(`Edit question ${original}\\b`) });
  await expect(row.getByRole('cell').nth(2)).toHaveText('Draft');
  await expect(row.getByRole('link', { name: `Likely twin: question ${twin}` })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: '1 likely twin pair in this atom.' }),
  ).toBeVisible();
  await screenshot(page, testInfo, 'content-review-list');
  await expectAccessible(page);

  await page.getByRole('combobox', { name: 'Status' }).selectOption('ready');
  await expect(page).toHaveURL(/status=ready/);
  await expect(listStatus(page)).toHaveText(/^0 questions/);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('draft');
  await expect(listStatus(page)).toHaveText(/^2 questions/);
});

test('question page: draft -> in review -> ready by keyboard; a refusal in words', async ({
  page,
}, testInfo) => {
  await page.goto(`/admin/questions/edit/${original}/?page=administration`);
  const panel = page.getByRole('region', { name: /Review status/ });
  await expect(panel.getByText('Draft')).toBeVisible();
  const press = async (name: string) => {
    await panel.getByRole('button', { name }).focus();
    await page.keyboard.press('Enter');
  };
  await press('Submit for review');
  await expect(panel.getByRole('status')).toHaveText('Status changed to In review.');
  await press('Mark ready');
  await expect(panel.getByRole('status')).toHaveText('Status changed to Ready.');
  // Administer it; moving it back to draft is then refused, and the page says why.
  await page.getByRole('checkbox', { name: 'Administered?' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Question saved')).toBeVisible();
  await press('Back to draft');
  await expect(panel.getByRole('alert')).toContainText('Untick Administered? before moving it back.');
  const stored = await pageApi(page, 'GET', `/api/questions/${original}`);
  expect(stored.body.question).toMatchObject({ status: 'ready', administered: true });
  await screenshot(page, testInfo, 'content-review-status');
  await expectAccessible(page);
});

test('History tab: versions with what changed; restoring refused while stale, then made a new version', async ({
  page,
}, testInfo) => {
  const before = (await pageApi(page, 'GET', `/api/questions/${twin}`)).body.question;
  // An edit of the text, so there is something to restore.
  const edited = await pageApi(page, 'POST', `/api/question/${twin}`, {
    ...question('What does this loop print, with let?', before.code_block),
    answers: before.answers.map((a: { text: string; c: boolean; hash_id: string }) => ({
      ...a,
      text: b64(a.text),
    })),
    version: before.version,
  });
  expect(edited.status).toBe(200);

  await page.goto(`/admin/questions/edit/${twin}/?page=history`);
  const entry = (v: number) =>
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: new RegExp(`^Version ${v}\\b`) }) });
  await expect(entry(2)).toContainText('What does this loop print, with let?');
  // Someone else saves meanwhile: the restore is refused and nothing changes.
  const other = (await pageApi(page, 'GET', `/api/questions/${twin}`)).body.question;
  expect(
    (
      await pageApi(page, 'POST', `/api/questions/${twin}/status`, {
        status: 'in_review',
        version: other.version,
      })
    ).status,
  ).toBe(200);
  await entry(1).getByRole('button', { name: 'Restore version 1' }).click();
  await expect(page.getByRole('alert')).toContainText('changed by someone else');
  expect((await pageApi(page, 'GET', `/api/questions/${twin}`)).body.question.version).toBe(
    other.version + 1,
  );

  await page.reload();
  await entry(1).getByRole('button', { name: 'Restore version 1' }).click();
  await expect(page.getByText(/Version 1 restored as version \d+\./)).toBeVisible();
  const restored = (await pageApi(page, 'GET', `/api/questions/${twin}`)).body.question;
  expect(restored.question_text).toBe('What does this loop log?');
  await screenshot(page, testInfo, 'content-review-history');
  await expectAccessible(page);
});
