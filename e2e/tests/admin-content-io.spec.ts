// Import and export in Chromium against the shared product: importing questions (a good file previewed and
// committed, by keyboard; a bad file whose per-item problems block the commit; a matched question
// written only once its update is confirmed), exporting the list as filtered (a real download), and
// twins flagged in the list and linked as variations. One signed-in page, serial; axe on each page.
// Last, the review flow with two admins on a product of its own (REVIEW_REQUIRED=true: the shared
// product runs as `npm start` does, with review off): the last editor is refused, the second admin
// of the dev sign-on marks the question ready.
import type { BrowserContext, Page } from '@playwright/test';
import fs from 'node:fs';
import { b64, pageApi, signInAs, signInAsAdmin } from '../support/admin-session';
import { startProduct } from '../support/product';
import { expectAccessible } from '../support/axe';
import { screenshot } from '../support/artifacts';
import { expect, test } from '../support/test';

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const ATOM = `e2e-io-${RUN}`;
const CODE = 'for (var i = 0; i < 3; i++) {\n  setTimeout(() => console.log(i), 0);\n}';
let page: Page;

const answers = (key: number) => ['0 1 2', '3 3 3', '0 0 0'].map((text, i) => ({ text, correct: i === key }));
const question = (n: number, extra: Record<string, unknown> = {}) => ({
  uid: `e2e.${RUN}.${n}`,
  question_text: `What does this loop log (${RUN})?`,
  code_block: CODE,
  code_language: 'javascript',
  answers: answers(1),
  atoms: [ATOM],
  ...extra,
});
const file = (name: string, questions: unknown[], atoms: unknown[] = []) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify({ format: 'skillquiz-questions', format_version: 1, atoms, questions })),
});

/** The questions of the test's atom, newest first (through the API). */
async function atomQuestions(): Promise<
  { id: number; question_text: string; status: string; uid?: string }[]
> {
  return (await pageApi(page, 'GET', `/api/questions/?atom=${ATOM}&only_administered=false`)).body.questions;
}

async function press(name: string | RegExp) {
  await page.getByRole('button', { name }).focus();
  await page.keyboard.press('Enter');
}

let context: BrowserContext;
test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL });
  page = await context.newPage();
  await signInAsAdmin(page);
});
test.afterAll(async () => context?.close());

test('import a good file: preview, then commit, by keyboard; the atom it defines is created', async ({}, testInfo) => {
  await page.goto('/admin/questions');
  await page.getByRole('link', { name: 'Import' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/questions\/import$/);
  await expect(page.getByRole('heading', { name: 'Import questions' })).toBeVisible();
  // Two near-copies (`var` and `let`): twins, checked further on.
  await page
    .getByLabel('File to import')
    .setInputFiles(
      file(
        'good.json',
        [question(1), question(2, { code_block: CODE.replace('var', 'let') })],
        [{ id: ATOM, name: `E2E import ${RUN}` }],
      ),
    );
  await press('Preview');
  await expect(page.getByRole('heading', { name: /^Preview of good\.json/ })).toBeFocused();
  await expect(page.getByText('2 items: 2 new, 0 updates, 0 unchanged, 0 invalid.')).toBeVisible();
  await expect(page.getByText(`New atoms to create: ${ATOM}.`)).toBeVisible();
  expect(await atomQuestions()).toEqual([]); // the preview wrote nothing
  await screenshot(page, testInfo, 'import-preview-good');
  await expectAccessible(page);

  await press('Import 2 new');
  await expect(page.getByRole('heading', { name: 'Import done' })).toBeFocused();
  await expect(
    page.getByText(`Created 2 questions (as drafts), updated 0, 0 unchanged. New atoms: ${ATOM}.`),
  ).toBeVisible();
  const stored = await atomQuestions();
  expect(stored.map((q) => [q.uid, q.status])).toEqual([
    [`e2e.${RUN}.2`, 'draft'],
    [`e2e.${RUN}.1`, 'draft'],
  ]);
  await expectAccessible(page);
});

test('a bad file: every item’s problems before anything is written, and no commit', async ({}, testInfo) => {
  await page.goto('/admin/questions/import');
  await page
    .getByLabel('File to import')
    .setInputFiles(
      file('bad.json', [
        question(10, { question_text: `A fine one (${RUN})` }),
        question(11, { question_text: '' }),
        question(12, { atoms: ['no-such-atom'] }),
      ]),
    );
  await press('Preview');
  await expect(page.getByText('3 items: 1 new, 0 updates, 0 unchanged, 2 invalid.')).toBeVisible();
  const table = page.getByRole('table', { name: 'Items in the file' });
  const row = (source: string) => table.getByRole('row').filter({ hasText: source });
  await expect(row('questions[1]')).toContainText('Invalid');
  await expect(row('questions[1]')).toContainText('question_text: the question has no text');
  await expect(row('questions[2]')).toContainText("no atom 'no-such-atom' in this product");
  const commit = page.getByRole('button', { name: 'Import 1 new' });
  await expect(commit).toBeDisabled();
  await expect(commit).toHaveAccessibleDescription(
    'Nothing can be imported while 2 items have problems: fix the file and preview it again.',
  );
  const found = await pageApi(
    page,
    'GET',
    `/api/questions/?search=${encodeURIComponent(`A fine one (${RUN})`)}`,
  );
  expect(found.body.total).toBe(0);
  await screenshot(page, testInfo, 'import-preview-bad');
  await expectAccessible(page);
});

test('the preview names what the editor would refuse, and says refused or created as a draft', async ({}, testInfo) => {
  await page.goto('/admin/questions/import');
  await page.getByLabel('File to import').setInputFiles(
    file('rules.json', [
      question(20, { question_text: `No correct answer (${RUN})`, answers: answers(-1) }),
      question(21, {
        question_text: `Two correct (${RUN})`,
        answers: answers(0).map((a) => ({ ...a, correct: true })),
      }),
      question(22, { question_text: `A fine one (${RUN})` }),
    ]),
  );
  await press('Preview');
  await expect(
    page.getByText(
      '3 items: 2 new, 0 updates, 0 unchanged, 1 invalid; 1 to fix before it can be administered.',
    ),
  ).toBeVisible();
  const table = page.getByRole('table', { name: 'Items in the file' });
  const row = (source: string) => table.getByRole('row').filter({ hasText: source });
  await expect(row('questions[0]')).toContainText('Created as a draft, not ready to administer');
  await expect(row('questions[0]')).toContainText(
    'Not ready: answers: no answer is marked correct: it cannot be administered until fixed',
  );
  await expect(row('questions[1]')).toContainText('Refused: nothing is imported until it is fixed');
  await expect(row('questions[1]')).toContainText('answers: only one answer can be correct');
  await expect(row('questions[2]')).toContainText('Created as a draft');
  await expect(page.getByRole('button', { name: 'Import 2 new' })).toBeDisabled();
  await screenshot(page, testInfo, 'import-preview-rules');
  await expectAccessible(page);
});

let exported: { questions: { uid: string; question_text: string }[] };

test('export downloads the list as filtered', async ({}, testInfo) => {
  await page.goto(`/admin/questions?atom=${ATOM}&includeNonAdministered=true`);
  await expect(page.getByRole('status').filter({ hasText: /^2 questions, page 1 of 1/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Export format' }).selectOption('json');
  const download = page.waitForEvent('download');
  await press('Export');
  const saved = await (await download).path();
  exported = JSON.parse(fs.readFileSync(saved, 'utf8'));
  expect(exported.questions.map((q) => q.uid)).toEqual([`e2e.${RUN}.1`, `e2e.${RUN}.2`]);
  await expect(page.getByRole('status').filter({ hasText: /^Exported / })).toBeVisible();
  await screenshot(page, testInfo, 'questions-list-export');
  await expectAccessible(page);
});

test('a matched question is listed as an update and written only once confirmed', async ({}, testInfo) => {
  const edited = structuredClone(exported);
  edited.questions[0].question_text = `What does this loop print (${RUN})?`;
  await page.goto('/admin/questions/import');
  await page.getByLabel('File to import').setInputFiles({
    name: 'edited.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(edited)),
  });
  await press('Preview');
  await expect(page.getByText('2 items: 0 new, 1 update, 1 unchanged, 0 invalid.')).toBeVisible();
  const target = (await atomQuestions()).find((q) => q.uid === `e2e.${RUN}.1`)!;
  const commit = page.getByRole('button', { name: /^Import 0 new/ });
  await expect(commit).toBeDisabled();
  await expect(commit).toHaveAccessibleDescription('Nothing to import yet: confirm the updates you want.');
  await screenshot(page, testInfo, 'import-preview-update');
  await expectAccessible(page);
  const confirm = page.getByRole('checkbox', { name: `Overwrite question ${target.id}` });
  await confirm.focus();
  await page.keyboard.press('Space');
  await expect(confirm).toBeChecked();
  await press('Import 0 new and 1 confirmed update');
  await expect(page.getByText('Created 0 questions (as drafts), updated 1, 1 unchanged.')).toBeVisible();
  const stored = (await pageApi(page, 'GET', `/api/questions/${target.id}`)).body.question;
  expect(stored.question_text).toBe(`What does this loop print (${RUN})?`);
});

test('twins: flagged in the list, linked as variations from the flag', async ({}, testInfo) => {
  const [second, first] = await atomQuestions();
  await page.goto(`/admin/questions?atom=${ATOM}&includeNonAdministered=true`);
  const row = page.getByRole('row', { name: new RegExp(`Edit question ${first.id}\\b`) });
  const flag = row.getByRole('link', { name: `Likely twin: question ${second.id}` });
  await expect(flag).toBeVisible();
  await flag.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/edit/${second.id}/\\?page=variation`));
  await page.getByRole('spinbutton', { name: 'Original Question ID' }).fill(String(first.id));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Question saved')).toBeVisible();
  expect((await pageApi(page, 'GET', `/api/questions/${second.id}`)).body.question.original_question_id).toBe(
    first.id,
  );
  await page.goto(`/admin/questions?atom=${ATOM}&includeNonAdministered=true`);
  await expect(row.getByRole('cell').filter({ hasText: 'linked' })).toBeVisible();
  await screenshot(page, testInfo, 'questions-twins-linked');
  await expectAccessible(page);
});

test('review with two admins: the last editor is refused in words, the second admin marks it ready', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const product = await startProduct({
    REVIEW_REQUIRED: 'true',
    ...(process.env.SQ_REMOTES_MANIFEST ? { REMOTES_MANIFEST: process.env.SQ_REMOTES_MANIFEST } : {}),
  });
  const contexts = [await browser.newContext({ baseURL: product.baseURL })];
  try {
    const login = (label: string) => {
      const found = new RegExp(`dev sign-on ${label} login: (\\S+) \\/ (\\S+)`).exec(product.output());
      expect(found, `the "${label}" login line`).not.toBeNull();
      return [found![1], found![2]] as const;
    };
    const author = await contexts[0].newPage();
    await signInAs(author, ...login('admin'));
    const created = await pageApi(author, 'POST', '/api/question/', {
      question_text: b64('Which keyword declares a block-scoped variable?'),
      administered: false,
      answers: [
        { text: b64('let'), c: true },
        { text: b64('var'), c: false },
      ],
      all_atoms: ['javascript'],
    });
    expect(created.status).toBe(201);
    const id = created.body.question.id as number;
    expect(created.body.question.status).toBe('draft');

    const statusSteps = async (p: Page) => {
      await p.goto(`/admin/questions/edit/${id}/?page=administration`);
      const panel = p.getByRole('region', { name: /Review status/ });
      const press = async (name: string) => {
        await panel.getByRole('button', { name }).focus();
        await p.keyboard.press('Enter');
      };
      return { panel, press };
    };
    const mine = await statusSteps(author);
    await mine.press('Submit for review');
    await expect(mine.panel.getByRole('status')).toHaveText('Status changed to In review.');
    await mine.press('Mark ready');
    await expect(mine.panel.getByRole('alert')).toContainText('cannot be moved to ready by its last editor');
    expect((await pageApi(author, 'GET', `/api/questions/${id}`)).body.question.status).toBe('in_review');

    contexts.push(await browser.newContext({ baseURL: product.baseURL }));
    const reviewer = await contexts[1].newPage();
    await signInAs(reviewer, ...login('second admin'));
    const theirs = await statusSteps(reviewer);
    await expect(theirs.panel.getByText('In review')).toBeVisible();
    await theirs.press('Mark ready');
    await expect(theirs.panel.getByRole('status')).toHaveText('Status changed to Ready.');
    const stored = (await pageApi(reviewer, 'GET', `/api/questions/${id}`)).body.question;
    expect(stored).toMatchObject({ status: 'ready' });
    await screenshot(reviewer, testInfo, 'review-second-admin');
    await expectAccessible(reviewer);
  } finally {
    for (const c of contexts) await c.close();
    await product.stop();
  }
});
