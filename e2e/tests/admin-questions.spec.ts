// The questions admin remote in Chromium, signed in as a content editor through the dev sign-on's
// real form: the list (debounced search, atom filter, non-administered, paging, the URL and the
// back button), creating a question through every tab and reading it back through the API, editing
// and preview, the error toasts made to happen for real, a stale save refused, and the new question
// taken through a real quiz as the candidate sees it.
import type { Locator, Page, Request } from '@playwright/test';
import { adminSessionFile, b64, openAdmin, pageApi as api, saveAdminSession } from '../support/admin-session';
import { invite } from '../support/product';
import { expectAccessible } from '../support/axe';
import { screenshot } from '../support/artifacts';
import { expect, sharedProduct, test } from '../support/test';

test.describe.configure({ mode: 'serial' });

const ATOM_A = 'qa-e2e-closures';
const ATOM_B = 'qa-e2e-beta';

/** 'Questions > X' (a comma for screen readers sits between, visually hidden). */
const breadcrumb = (last: string | number) => new RegExp(`^Questions > (, )?${last}$`);

/** Presses Tab (or Shift+Tab) until `target` has focus: the control is reachable by keyboard. */
async function tabUntilFocused(page: Page, target: Locator, key = 'Tab'): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/** The list fetches a page makes (GET /api/questions/?...), counted as they are sent. */
function countListRequests(page: Page): { requests: Request[] } {
  const seen = { requests: [] as Request[] };
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.pathname === '/api/questions/') seen.requests.push(r);
  });
  return seen;
}

const SESSION = adminSessionFile('admin-questions');
test.use({ storageState: SESSION });

let consoleErrors: string[] = [];
test.beforeEach(async ({ page }) => {
  // Every test starts signed in (one sign-in for the file, in beforeAll), on the admin's first page.
  await openAdmin(page);
  consoleErrors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
});

test.beforeAll(async ({ browser }) => {
  await saveAdminSession(browser, SESSION);
  // Two atoms (one beta) and enough questions for three pages of the atom.
  const page = await browser.newPage();
  await openAdmin(page);
  for (const atom of [
    { id: ATOM_A, name: 'E2E Closures' },
    { id: ATOM_B, name: 'E2E Beta', beta: true },
  ]) {
    const res = await api(page, 'POST', '/api/atoms', atom);
    expect([201, 409]).toContain(res.status);
  }
  const existing = await api(page, 'GET', `/api/questions/?atom=${ATOM_A}&only_administered=false`);
  for (let i = existing.body.total + 1; i <= 45; i++) {
    const res = await api(page, 'POST', '/api/question/', {
      question_text: b64(i === 3 ? 'What does a closure capture? (needle)' : `Paging question number ${i}`),
      code_block: b64(i === 3 ? 'function f() {\n  let closureVar = 1;\n  return () => closureVar;\n}' : ''),
      code_language: i === 3 ? 'javascript' : null,
      administered: i % 10 !== 0,
      answers: [
        { text: b64(`Right ${i}`), c: true },
        { text: b64(`Wrong ${i}`), c: false },
      ],
      all_atoms: [ATOM_A],
    });
    expect(res.status).toBe(201);
  }
  await page.close();
});

test('list: debounced search, atom filter, non-administered, paging, URL and back button', async ({
  page,
}, testInfo) => {
  const list = countListRequests(page);
  await page.goto('/admin/questions');
  await expect(page.getByRole('heading', { name: 'Questions', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Question' })).toHaveAttribute(
    'href',
    '/admin/questions/edit/new/',
  );
  await expect(page.getByRole('status').filter({ hasText: /questions?, page 1 of/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Questions' })).toBeVisible();
  const headers = page.getByRole('columnheader');
  // SPEC's five columns and the review status; Twins only with an atom chosen.
  await expect(headers).toHaveText(['ID', 'Administered', 'Status', 'Question', 'Correct Answer', 'Atoms']);

  // Typing 'closure' sends one request, not seven, and the URL holds q.
  const expected = (await api(page, 'GET', '/api/questions/?search=closure')).body.total;
  const before = list.requests.length;
  await page.getByRole('searchbox', { name: 'Search' }).pressSequentially('closure', { delay: 60 });
  await expect(page).toHaveURL(/[?&]q=closure/);
  await expect(
    page.getByRole('status').filter({ hasText: `${expected} questions, page 1 of 1` }),
  ).toBeVisible();
  await page.waitForTimeout(700); // a late second request would show up here
  const searches = list.requests.slice(before);
  expect(searches.map((r) => new URL(r.url()).searchParams.get('search'))).toEqual(['closure']);
  const row = page.getByRole('row').filter({ hasText: '(needle)' });
  await expect(row).toContainText('What does a closure capture? (needle)');
  await expect(row.locator('.sq-code')).toBeVisible(); // the code block, as the candidate sees it
  await expect(row).toContainText('Right 3');
  await expect(row.getByRole('listitem')).toHaveText(['E2E Closures']);
  await screenshot(page, testInfo, 'admin-questions-search');
  await expectAccessible(page);

  // Atom filter: 'All' plus each atom, '(Beta)' after the beta one; a new filter starts at page 1.
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  const atomSelect = page.getByRole('combobox', { name: 'Atom' });
  await expect(atomSelect.locator('option', { hasText: 'E2E Beta (Beta)' })).toHaveCount(1);
  await atomSelect.selectOption(ATOM_A);
  await expect(page).toHaveURL(/\?atom=qa-e2e-closures$/);
  // 45 questions, every 10th not administered: 41 administered → 3 pages of 20.
  await expect(page.getByRole('status').filter({ hasText: '41 questions, page 1 of 3' })).toBeVisible();

  // Include non-administered: 45, and the URL says so.
  await page.getByRole('checkbox', { name: 'Include non-administered' }).check();
  await expect(page).toHaveURL(/includeNonAdministered=true/);
  await expect(page.getByRole('status').filter({ hasText: '45 questions, page 1 of 3' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Not administered' })).not.toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Include non-administered' }).uncheck();
  await expect(page.getByRole('status').filter({ hasText: '41 questions, page 1 of 3' })).toBeVisible();

  // Paging: page 2 in the URL; back to page 1 shows it at once from the cache (no new request).
  const firstId = await page.getByRole('row').nth(1).getByRole('link').textContent();
  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('status').filter({ hasText: 'page 2 of 3' })).toBeVisible();
  const secondPageFirst = await page.getByRole('row').nth(1).getByRole('link').textContent();
  expect(secondPageFirst).not.toBe(firstId);
  const beforeBack = list.requests.length;
  await page.goBack();
  await expect(page).toHaveURL(/\?atom=qa-e2e-closures$/);
  await expect(page.getByRole('row').nth(1).getByRole('link')).toHaveText(firstId!);
  expect(list.requests.length).toBe(beforeBack);

  // A reload (or a shared link) shows the same list.
  await page.goto('/admin/questions?page=3&atom=qa-e2e-closures&includeNonAdministered=true');
  await expect(page.getByRole('status').filter({ hasText: '45 questions, page 3 of 3' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Include non-administered' })).toBeChecked();
  await expect(atomSelect).toHaveValue(ATOM_A);
  await expect(page.getByRole('row')).toHaveCount(1 + 5);
  await screenshot(page, testInfo, 'admin-questions-list-page3');
  expect(consoleErrors).toEqual([]);
});

test('a late reply for an older search never replaces the newer one', async ({ page }) => {
  await page.goto('/admin/questions');
  await expect(page.getByRole('status').filter({ hasText: /page 1 of/ })).toBeVisible();
  // The reply to the first search ('Paging') is held back until the second one has shown.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/questions/?*search=Paging&*', async (route) => {
    await held;
    // The page may have aborted it meanwhile (it no longer wants that reply): then nothing comes.
    await route.continue().catch(() => undefined);
  });
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('Paging');
  await page.waitForRequest((r) => new URL(r.url()).searchParams.get('search') === 'Paging');
  await search.fill('(needle)');
  await expect(page.getByRole('row').filter({ hasText: '(needle)' })).toHaveCount(1);
  const newer = await page
    .getByRole('status')
    .filter({ hasText: /page 1 of/ })
    .textContent();
  release();
  await page.waitForTimeout(1000); // time for the late reply, and for a wrong render to happen
  await expect(page).toHaveURL(/q=%28needle%29/);
  await expect(page.getByRole('status').filter({ hasText: /page 1 of/ })).toHaveText(newer!);
  await expect(page.getByRole('row').filter({ hasText: 'Paging question' })).toHaveCount(0);
});

let createdId = 0;

test('create a question through every tab, save, and read it back through the API', async ({
  page,
}, testInfo) => {
  await page.goto('/admin/questions');
  await page.getByRole('link', { name: 'New Question' }).click();
  await expect(page).toHaveURL(/\/admin\/questions\/edit\/new\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(breadcrumb('NEW'));
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expectAccessible(page);

  // content
  const text = 'Which value does the counter print? Ünïcode ✓';
  await page.getByLabel('Question text').fill(text);
  await expect(save).toBeEnabled();
  await page.getByRole('combobox', { name: 'Code language' }).selectOption('javascript');
  const code = 'let n = 0;\nconst inc = () => ++n;\ninc();\nconsole.log(inc());\n// six\n// lines';
  await page.getByLabel('Code block').fill(code);
  await expect(page.getByLabel('Code block')).toHaveAttribute('rows', '6');
  await expect(page.getByLabel('Question text')).toHaveAttribute('rows', '5');
  await screenshot(page, testInfo, 'admin-question-new-content');

  // answers: three, the second correct, the third locked to position 1
  await page.getByRole('link', { name: 'Answers' }).click();
  await expect(page).toHaveURL(/\?page=answers$/);
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Add New' }).click();
  const answer = (n: number) => page.getByRole('group', { name: `Answer ${n}` });
  await answer(1).getByLabel('Answer text').fill('1');
  await answer(2).getByLabel('Answer text').fill('2');
  await answer(3).getByLabel('Answer text').fill('undefined');
  await answer(2).getByRole('radio', { name: 'Correct Answer' }).check();
  await answer(3).getByRole('combobox', { name: 'Position' }).selectOption({ label: 'Locked to position 1' });
  // An empty answer goes without asking; one with text asks SPEC's question.
  await page.getByRole('button', { name: 'Add New' }).click();
  await page.getByRole('button', { name: 'Delete answer 4' }).click();
  await expect(answer(4)).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-question-new-answers');

  // administration: a new claim (typed lowercase, spaces → '_' on save), administered, two atoms
  await page.getByRole('link', { name: 'Administration' }).click();
  await page.getByRole('combobox', { name: 'Claim' }).selectOption({ label: '+ Create New Claim' });
  const newClaim = page.getByRole('textbox', { name: 'New claim' });
  await expect(newClaim).toHaveAttribute('placeholder', 'new_claim_name');
  await newClaim.fill('Closure Counters E2E');
  await expect(newClaim).toHaveValue('closure counters e2e');
  await page.getByRole('checkbox', { name: 'Administered?' }).check();
  await page.getByRole('checkbox', { name: 'E2E Closures' }).check();
  await page.getByRole('checkbox', { name: /E2E Beta/ }).check();
  // The beta atom's badge (other specs on the shared product may add beta atoms of their own).
  await expect(
    page.locator('label', { hasText: 'E2E Beta' }).getByText('Beta', { exact: true }),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-question-new-administration');

  // variation: original question id, looked up and previewed
  const original = (await api(page, 'GET', `/api/questions/?atom=${ATOM_A}&search=needle`)).body.questions[0];
  await page.getByRole('link', { name: 'Variation' }).click();
  await page.getByRole('spinbutton', { name: 'Original Question ID' }).fill(String(original.id));
  await expect(page.getByRole('heading', { name: `Original question ${original.id}` })).toBeVisible();
  await expect(page.getByText('What does a closure capture? (needle)')).toBeVisible();
  await expectAccessible(page);

  // preview: as the candidate sees it, the locked answer first
  await page.getByRole('link', { name: 'Preview' }).click();
  await expect(page.getByText('Missing question text')).toHaveCount(0);
  const previewAnswers = page
    .getByRole('group', { name: 'Select the correct answer:' })
    .locator('.sq-answer__text');
  await expect(previewAnswers).toHaveText(['undefined', '1', '2']);
  await expect(page.locator('.qa-preview-card .sq-code')).toContainText('console.log');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-question-new-preview');

  // Save: toast, the URL moves to the edit page, Save disabled again.
  await save.click();
  await expect(page.getByText('Question saved')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/questions\/edit\/(\d+)\/\?page=preview$/);
  createdId = Number(/edit\/(\d+)\//.exec(page.url())![1]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(breadcrumb(createdId));
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeEnabled();

  const stored = (await api(page, 'GET', `/api/questions/${createdId}`)).body.question;
  expect(stored).toMatchObject({
    question_text: text,
    code_block: code,
    code_language: 'javascript',
    administered: true,
    claim: 'closure_counters_e2e',
    all_atoms: [ATOM_A, ATOM_B],
    original_question_id: original.id,
  });
  expect(Number.isInteger(stored.original_question_id)).toBe(true);
  expect(stored.answers.map((a: any) => [a.text, a.c, a.position])).toEqual([
    ['1', false, undefined],
    ['2', true, undefined],
    ['undefined', false, 0],
  ]);
  expect(consoleErrors).toEqual([]);
});

test('edit: the form keeps every edit when the server refuses; a stale save gets 409; preview flags', async ({
  page,
}, testInfo) => {
  expect(createdId).toBeGreaterThan(0);
  await page.goto(`/admin/questions/edit/${createdId}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(breadcrumb(createdId));
  await expect(page.getByRole('link', { name: 'Content' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByLabel('Question text')).toHaveValue(/Which value/);

  // The server's validation reaches the toast; the edits stay.
  await page.getByRole('link', { name: 'Answers' }).click();
  page.once('dialog', (d) => {
    expect(d.message()).toBe(
      "Are you sure you want to delete this question? This won't have any effect until you save",
    );
    void d.accept();
  });
  await page.getByRole('button', { name: 'Delete answer 2' }).click();
  await expect(page.getByRole('group', { name: 'Answer 3' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Error saving question')).toBeVisible();
  await expect(
    page.getByText(/an administered question needs at least two answers and exactly one correct/),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: /^Answer \d$/ })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await screenshot(page, testInfo, 'admin-question-save-refused');

  // Preview flags what is missing.
  await page.getByRole('link', { name: 'Content' }).click();
  await page.getByLabel('Question text').fill('');
  await page.getByRole('link', { name: 'Preview' }).click();
  await expect(page.getByText('Missing question text')).toBeVisible();
  await expect(page.getByText('Missing question text')).toHaveCSS('color', 'rgb(185, 28, 28)');
  await expectAccessible(page);

  // Someone else saves meanwhile: this form's save is refused with 409, nothing overwritten.
  const current = (await api(page, 'GET', `/api/questions/${createdId}`)).body.question;
  const other = await api(page, 'POST', `/api/question/${createdId}`, {
    ...current,
    question_text: b64('Edited by someone else'),
    code_block: b64(current.code_block),
    answers: current.answers.map((a: any) => ({ ...a, text: b64(a.text) })),
  });
  expect(other.status).toBe(200);
  await page.getByRole('link', { name: 'Content' }).click();
  await page.getByLabel('Question text').fill('My late edit');
  await page.getByRole('link', { name: 'Answers' }).click();
  await page.getByRole('button', { name: 'Add New' }).click();
  await page.getByRole('group', { name: 'Answer 3' }).getByLabel('Answer text').fill('a third');
  await page.getByRole('group', { name: 'Answer 3' }).getByRole('radio', { name: 'Correct Answer' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/was changed by someone else since you opened it/)).toBeVisible();
  await page.getByRole('link', { name: 'Content' }).click();
  await expect(page.getByLabel('Question text')).toHaveValue('My late edit');
  expect((await api(page, 'GET', `/api/questions/${createdId}`)).body.question.question_text).toBe(
    'Edited by someone else',
  );

  // Leaving with unsaved changes asks first.
  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Atoms' }).click();
  await expect.poll(() => asked).toBe('You have unsaved changes. Are you sure you want to leave?');
  await expect(page).toHaveURL(new RegExp(`/admin/questions/edit/${createdId}/`));

  // Reload the question, edit and save for real: the list shows the change at once.
  page.once('dialog', (d) => void d.accept());
  await page.goto(`/admin/questions/edit/${createdId}/?page=content`);
  await page.getByLabel('Question text').fill('Which value does the counter print?');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Question saved')).toBeVisible();
  await page.getByRole('link', { name: 'Questions', exact: true }).first().click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(String(createdId));
  await expect(page.getByRole('link', { name: `Edit question ${createdId}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Which value does the counter print?' })).toHaveCount(
    1,
  );
  // The browser logs the two refusals this test provoked (400, then 409); nothing else.
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    'Failed to load resource: the server responded with a status of 409 (Conflict)',
  ]);
});

test('keyboard only: list to a new question, its answers and the correct one, save', async ({ page }) => {
  await page.goto('/admin/questions');
  const newQuestion = page.getByRole('link', { name: 'New Question' });
  await tabUntilFocused(page, newQuestion);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/edit\/new\/$/);

  const text = page.getByLabel('Question text');
  await tabUntilFocused(page, text);
  await page.keyboard.type('Typed without a mouse');
  // To the Answers tab: Shift+Tab back through the side menu.
  const answersTab = page.getByRole('link', { name: 'Answers' });
  await tabUntilFocused(page, answersTab, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?page=answers$/);
  const add = page.getByRole('button', { name: 'Add New' });
  await tabUntilFocused(page, add);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  for (const n of [1, 2]) {
    await tabUntilFocused(page, page.getByRole('group', { name: `Answer ${n}` }).getByLabel('Answer text'));
    await page.keyboard.type(`Keyboard answer ${n}`);
  }
  // The 'Correct Answer' radios are one group (one Tab stop; Shift+Tab enters it at the last one),
  // and the arrow keys choose within it.
  const radio = (n: number) =>
    page.getByRole('group', { name: `Answer ${n}` }).getByRole('radio', { name: 'Correct Answer' });
  await tabUntilFocused(page, radio(2), 'Shift+Tab');
  await page.keyboard.press('ArrowUp');
  await expect(radio(1)).toBeChecked();
  await expect(radio(2)).not.toBeChecked();

  const save = page.getByRole('button', { name: 'Save' });
  await tabUntilFocused(page, save, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Question saved')).toBeVisible();
  await expect(page).toHaveURL(/\/edit\/\d+\/\?page=answers$/);
  // Focus is on the page heading of the saved question, not lost.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect(consoleErrors).toEqual([]);
});

test('error toasts happen for real; a failed load says so, silently', async ({ page }, testInfo) => {
  // The list fetch fails (the service answers 500 for this request).
  await page.route('**/api/questions/?*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }),
  );
  await page.goto('/admin/questions?atom=qa-e2e-beta');
  await expect(page.getByText('Failed to fetch questions')).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'The questions could not be loaded.' }),
  ).toBeVisible();
  await page.unroute('**/api/questions/?*');

  // The option lists and the original question fail.
  for (const kind of ['code-block', 'claim', 'language']) {
    await page.route(`**/api/questions/${kind}-options`, (route) => route.abort('failed'));
  }
  await page.goto('/admin/questions/edit/new/?page=variation');
  await expect(page.getByText('Error loading code block options')).toBeVisible();
  await expect(page.getByText('Error loading claim options')).toBeVisible();
  await expect(page.getByText('Error loading language options')).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Original Question ID' }).fill('999999');
  await expect(page.getByText('Error loading original question')).toBeVisible();
  await screenshot(page, testInfo, 'admin-question-error-toasts');

  for (const kind of ['code-block', 'claim', 'language'])
    await page.unroute(`**/api/questions/${kind}-options`);

  // A question that does not exist: no toast, but no pretend empty form either.
  await page.goto('/admin/questions/edit/999999/');
  await expect(page.getByRole('heading', { name: 'Question not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  // A load that fails otherwise offers to try again.
  await page.route('**/api/questions/1', (route) => route.abort('failed'));
  await page.goto('/admin/questions/edit/1/');
  await expect(page.getByRole('heading', { name: 'The question could not be loaded' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expectAccessible(page);
});

test('the questions remote down: contained message, the rest of the admin works', async ({
  page,
}, testInfo) => {
  // The remote's host is down for this page alone; the shared manifest stays as it is.
  await page.route('**/remotes/mfe-admin-questions/**', (route) => route.abort('connectionrefused'));
  await page.goto('/admin/questions');
  await expect(page.getByRole('alert')).toContainText('This part of SkillQuiz is unavailable right now.');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav).toBeVisible();
  await screenshot(page, testInfo, 'admin-questions-remote-down');
  await nav.getByRole('link', { name: 'Atoms' }).click();
  await expect(page).toHaveURL(/\/admin\/atoms$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the new question in a real quiz looks as the preview showed it', async ({
  page,
  browser,
}, testInfo) => {
  expect(createdId).toBeGreaterThan(0);
  // Only the new question is administered in a fresh atom, so the quiz must serve it.
  const atom = 'qa-e2e-quiz';
  expect([201, 409]).toContain(
    (await api(page, 'POST', '/api/atoms', { id: atom, name: 'E2E Quiz', num_questions: 1 })).status,
  );
  const q = (await api(page, 'GET', `/api/questions/${createdId}`)).body.question;
  const saved = await api(page, 'POST', `/api/question/${createdId}`, {
    ...q,
    question_text: b64(q.question_text),
    code_block: b64(q.code_block),
    answers: q.answers.map((a: any) => ({ ...a, text: b64(a.text) })),
    all_atoms: [...q.all_atoms, atom],
  });
  expect(saved.status).toBe(200);

  await page.goto(`/admin/questions/edit/${createdId}/?page=preview`);
  const preview = page.locator('.qa-preview-card');
  // The locked answer first, the others in their order.
  await expect(preview.locator('.sq-answer__text')).toHaveText(['undefined', '1', '2']);
  const previewText = await preview.locator('.qa-question-text').innerText();
  // Highlighted (the grammar chunk arrived): token spans inside the block.
  await expect(preview.locator('.sq-code .token').first()).toBeVisible();
  const previewCode = await preview.locator('.sq-code').innerHTML();
  await screenshot(page, testInfo, 'admin-question-preview-before-quiz');

  const [link] = await invite(sharedProduct(), { company: 'Preview Check Co', atoms: [atom] });
  const candidate = await browser.newPage();
  await candidate.bringToFront();
  candidate.on('dialog', (d) => void d.accept());
  await candidate.goto(link);
  await candidate.getByRole('link', { name: 'Begin Quiz' }).click();
  await expect(candidate.getByRole('heading', { name: /^Question 1 \/ 1$/ })).toBeVisible();
  await expect.poll(() => candidate.locator('.sq-question__text').innerText()).toBe(previewText);
  // The same markup, highlighting included, once the candidate's highlighter arrived too.
  await expect.poll(() => candidate.locator('.sq-code').innerHTML()).toBe(previewCode);
  // The locked answer is first; the others follow in a random order.
  const answers = candidate.locator('.sq-answer__text');
  await expect(answers).toHaveCount(3);
  await expect(answers.first()).toHaveText('undefined');
  expect((await answers.allInnerTexts()).slice(1).sort()).toEqual(['1', '2']);
  await screenshot(candidate, testInfo, 'admin-question-in-quiz');
  await candidate.close();
});
