// The atoms admin remote as a content editor uses it: signed in through the dev sign-on's real
// form, then the list, creating an atom, editing every page, the beta-question order (read back
// through the API), the unsaved-changes prompts, delete with confirm, the error toasts from real
// API failures (a duplicate slug, a stale version, an atom an invitation lists), and the remote
// down while the rest of the admin keeps working.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { test, expect, sharedProduct } from '../support/test';
import { signInThroughForm } from '../support/admin-session';
import { expectAccessible } from '../support/axe';
import { screenshot } from '../support/artifacts';
import { invite } from '../support/product';

const UNSAVED = 'You have unsaved changes. Are you sure you want to leave?';
const CONFIRM_DELETE = 'Are you sure you want to delete this atom? This action cannot be undone.';

test.describe.configure({ mode: 'serial' });

/** Where the atoms remote's files are served (every version). */
const REMOTE_FILES = '**/remotes/mfe-admin-atoms/**';
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];
const slug = `e2e-atom-${Date.now().toString(36)}`;

async function signIn(p: Page): Promise<void> {
  await signInThroughForm(p, {
    email: process.env.SQ_ADMIN_EMAIL!,
    password: process.env.SQ_ADMIN_PASSWORD!,
  });
  await expect(p).toHaveURL(/\/admin\/atoms$/);
}

/** A write through the API as the signed-in admin (the CSRF cookie echoed as the shell does). */
async function apiWrite(request: APIRequestContext, method: 'PUT' | 'POST', path: string, data?: unknown) {
  const csrf = (await context.cookies()).find((c) => c.name === 'CSRF-TOKEN')?.value ?? '';
  return request.fetch(path, {
    method,
    data,
    headers: { 'X-CSRF-Token': decodeURIComponent(csrf) },
  });
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const answers = [
  { text: b64('Yes'), c: true },
  { text: b64('No'), c: false },
];

/** A question that is not administered (a beta candidate), written through the API. */
async function newQuestion(text: string, atoms: string[] = []): Promise<{ id: number; version: number }> {
  const res = await apiWrite(page.request, 'POST', '/api/question/', {
    question_text: b64(text),
    administered: false,
    answers,
    all_atoms: atoms,
  });
  expect(res.status()).toBe(201);
  return (await res.json()).question;
}

/** Administers a question as another editor would (review is off in the shared product). */
async function administer(id: number): Promise<void> {
  const q = (await (await page.request.get(`/api/questions/${id}`)).json()).question;
  const res = await apiWrite(page.request, 'POST', `/api/question/${id}`, {
    question_text: b64(q.question_text),
    administered: true,
    answers: q.answers.map((a: { text: string; c: boolean; hash_id: string }) => ({
      ...a,
      text: b64(a.text),
    })),
    all_atoms: q.all_atoms,
    version: q.version,
  });
  expect(res.status()).toBe(200);
}

async function storedAtom(request: APIRequestContext, id: string) {
  const res = await request.get(`/api/atoms/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()).atom;
}

/** Answers the next browser dialog and returns its message. */
function nextDialog(p: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    p.once('dialog', (dialog) => {
      resolve(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    });
  });
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.skip(!process.env.SQ_ADMIN_EMAIL, 'the product printed no dev sign-on login');
  context = await browser.newContext({ baseURL });
  page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  await signIn(page);
});

test.afterAll(async () => {
  await context?.close();
});

test('the list shows every atom, beta ones badged, with the New Atom link', async () => {
  const testInfo = test.info();
  const table = page.getByRole('table', { name: 'Atoms' });
  let api: { id: string; name: string; beta: boolean }[] = [];
  // Files running beside this one create atoms: the page and the API are compared as of one load.
  await expect(async () => {
    await page.reload();
    await expect(table).toBeVisible();
    api = (await (await page.request.get('/api/atoms?include_beta=true')).json()).atoms;
    expect(api.length).toBeGreaterThan(0);
    await expect(table.getByRole('row')).toHaveCount(api.length + 1, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  for (const header of ['ID', 'Name', 'Description', 'Questions', 'Actions'])
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  const first = api[0];
  await expect(table.getByRole('link', { name: `Edit ${first.name}` })).toHaveAttribute(
    'href',
    `/admin/atoms/edit/${first.id}`,
  );
  await expect(page.getByRole('link', { name: 'New Atom' })).toHaveAttribute(
    'href',
    '/admin/atoms/edit/new/',
  );
  await screenshot(page, testInfo, 'admin-atoms-list');
  await expectAccessible(page);
});

test('a failed load shows the Error loading atoms toast and a retry', async () => {
  const testInfo = test.info();
  // The network drops the list call: the page says so and the toast is closable.
  await page.route('**/api/atoms?include_beta=true', (route) => route.abort('failed'));
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Error loading atoms' })).toBeVisible();
  await expect(page.getByText('The atoms could not be loaded: Network error')).toBeVisible();
  await screenshot(page, testInfo, 'admin-atoms-load-error');
  await page.unroute('**/api/atoms?include_beta=true');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('table', { name: 'Atoms' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Error loading atoms' })).toHaveCount(0);
  consoleErrors.length = 0; // the dropped request logged its own failure on purpose
});

test('a content editor creates an atom, which moves to its edit page', async () => {
  const testInfo = test.info();
  await page.getByRole('link', { name: 'New Atom' }).click();
  await expect(page).toHaveURL(/\/admin\/atoms\/edit\/new\/general$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Atoms\s*>\s*,?\s*NEW/);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await screenshot(page, testInfo, 'admin-atom-new-general');
  await expectAccessible(page);

  await page.getByLabel('Name').fill('E2E Atom');
  await page.getByLabel('Slug').fill(slug);
  await page.getByLabel('Category').fill('Testing');
  await page.getByLabel('Format').selectOption('Coding');
  await page.getByLabel('Beta').selectOption('Yes');
  await page.getByLabel('Questions per quiz').fill('12');
  await page.getByLabel('Estimated time (minutes)').fill('20');
  await page.getByLabel('L2').fill('-0.5');
  await page.getByLabel('Supported programming languages').fill('python, javascript');
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  // Another page of the same atom keeps the edits, with no prompt.
  await page
    .getByRole('navigation', { name: 'Atom pages' })
    .getByRole('link', { name: 'Descriptions' })
    .click();
  await page.getByLabel('Description (plain text)').fill('Testing things end to end.');
  await page.getByLabel('Level 3 (L3) description').fill('Solid.');
  await page.getByRole('navigation', { name: 'Atom pages' }).getByRole('link', { name: 'General' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('E2E Atom');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Atom saved' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/atoms/edit/${slug}/general$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('E2E Atom');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByLabel('Slug')).toHaveAttribute('readonly', '');
  await expect(page.getByText('The slug is the atom’s ID and cannot be changed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  expect(await storedAtom(page.request, slug)).toMatchObject({
    name: 'E2E Atom',
    category: 'Testing',
    format: 'Coding',
    beta: true,
    num_questions: 12,
    eta_minutes: 20,
    levels_thresholds: ['-inf', -0.5, -0.25, 0.5, 1.25],
    supported_programming_languages: ['python', 'javascript'],
    description: 'Testing things end to end.',
    level_3_description: 'Solid.',
    version: 1,
  });
  await screenshot(page, testInfo, 'admin-atom-edit-general');
  await expectAccessible(page);
});

test('creating an atom with a slug that is taken shows the server’s message', async () => {
  await page.goto('/admin/atoms/edit/new');
  await expect(page).toHaveURL(/\/edit\/new\/general$/);
  await page.getByLabel('Name').fill('Duplicate');
  await page.getByLabel('Slug').fill(slug);
  await page.getByRole('button', { name: 'Save' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Error saving atom' });
  await expect(toast).toContainText(`An atom with the slug '${slug}' already exists`);
  await expect(page).toHaveURL(/\/edit\/new\/general$/);
  await expect(page.getByLabel('Name')).toHaveValue('Duplicate');
  // Leave without saving: the prompt, accepted.
  const message = nextDialog(page, true);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Atoms' }).click();
  expect(await message).toBe(UNSAVED);
  await expect(page).toHaveURL(/\/admin\/atoms$/);
});

test('the beta questions: picked by text (this atom’s candidates only) or added by ID, reordered, removed, saved; 400s in words', async () => {
  const testInfo = test.info();
  // Three new questions of the atom, not administered: beta candidates.
  const ids: number[] = [];
  for (const n of ['one', 'two', 'three'])
    ids.push((await newQuestion(`Beta candidate ${n} of ${slug}?`, [slug])).id);
  const administered = (await (await page.request.get('/api/questions/?only_administered=true')).json())
    .questions[0].id as number;

  await page.goto(`/admin/atoms/edit/${slug}/beta-questions`);
  await expect(page.getByText('No beta questions yet.')).toBeVisible();
  const box = page.getByRole('combobox', { name: 'Add a beta question' });
  // An administered question is never offered, even by its id.
  await box.fill(String(administered));
  await expect(page.getByText(/No beta candidate matches/)).toBeVisible();
  for (const [i, n] of ['one', 'two', 'three'].entries()) {
    await box.fill(`candidate ${n} of ${slug}`);
    await expect(page.getByRole('option', { name: new RegExp(`^#${ids[i]}\\b`) })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect(box).toBeFocused();
  }
  const table = page.getByRole('table', { name: 'Beta questions in serving order' });
  await expect(table.getByRole('row')).toHaveCount(4);
  // Previews load one by one, rendered as the candidate sees them.
  await expect(table.locator('.sq-rich')).toHaveCount(3);
  await expect(page.getByRole('button', { name: `Move question ${ids[0]} up` })).toBeDisabled();
  await expect(page.getByRole('button', { name: `Move question ${ids[2]} down` })).toBeDisabled();

  await page.getByRole('button', { name: `Move question ${ids[0]} down` }).click();
  await expect(page.getByRole('button', { name: `Move question ${ids[0]} down` })).toBeFocused();
  await page.getByRole('button', { name: `Move question ${ids[2]} up` }).click();
  await page.getByRole('button', { name: `Remove question ${ids[1]}` }).click();
  // [0,1,2] → down → [1,0,2] → up → [1,2,0] → remove → [2,0]
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(String(ids[2]));
  await expect(table.getByRole('row').nth(2).getByRole('cell').nth(1)).toHaveText(String(ids[0]));
  await screenshot(page, testInfo, 'admin-atom-edit-beta-questions');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Atom saved' }).first()).toBeVisible();
  expect((await storedAtom(page.request, slug)).beta_question_ordering).toEqual([ids[2], ids[0]]);

  // Picked, then administered by someone else before the save: the server's 400 is shown on the page.
  await box.fill(`candidate two of ${slug}`);
  await expect(page.getByRole('option', { name: new RegExp(`^#${ids[1]}\\b`) })).toBeVisible();
  await box.press('Enter');
  await expect(table.getByRole('row')).toHaveCount(4);
  await administer(ids[1]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The beta questions were not saved' }),
  ).toContainText(`question ${ids[1]} is administered`);
  await page.getByRole('button', { name: `Remove question ${ids[1]}` }).click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled(); // back to the saved order

  // SPEC §2: the question ID box and its Add button. An empty box adds nothing; an id is appended
  // as an integer.
  const idBox = page.getByRole('textbox', { name: 'Question ID' });
  const add = page.getByRole('button', { name: 'Add', exact: true });
  await add.click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  const fourth = (await newQuestion(`Beta candidate four of ${slug}?`, [slug])).id;
  await idBox.fill(` ${fourth} `);
  await add.click();
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row').nth(3).getByRole('cell').nth(1)).toHaveText(String(fourth));
  await expect(idBox).toHaveValue('');
  // A question that is not one of this atom's (here: of no atom) is refused on save, named.
  const foreign = (await newQuestion(`Not a question of ${slug}?`)).id;
  await box.fill(`Not a question of ${slug}`);
  await expect(page.getByText(/No beta candidate matches/)).toBeVisible(); // the picker never offers it
  await box.fill('');
  await idBox.fill(String(foreign));
  await idBox.press('Enter');
  await expect(table.getByRole('row')).toHaveCount(5);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The beta questions were not saved' }),
  ).toContainText(`question ${foreign} is not a question of the atom ${slug}`);
  await screenshot(page, testInfo, 'admin-atom-edit-beta-id-box');
  await expectAccessible(page);
  await page.getByRole('button', { name: `Remove question ${foreign}` }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  // The toast of the save before may still be showing: wait for what is stored, not for a toast.
  await expect
    .poll(async () => (await storedAtom(page.request, slug)).beta_question_ordering)
    .toEqual([ids[2], ids[0], fourth]);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled(); // the page has the saved version
  // Back to two, which the keyboard test below expects.
  await page.getByRole('button', { name: `Remove question ${fourth}` }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => (await storedAtom(page.request, slug)).beta_question_ordering)
    .toEqual([ids[2], ids[0]]);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
});

test('the descriptions and questions pages', async () => {
  const testInfo = test.info();
  await page.goto(`/admin/atoms/edit/${slug}/descriptions`);
  await expect(page.getByLabel('Description (plain text)')).toHaveValue('Testing things end to end.');
  await page.getByLabel('Description (HTML)').fill('<p>Testing</p>');
  await page.getByLabel('Client-facing score description').fill('How well you test.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Atom saved' }).first()).toBeVisible();
  expect(await storedAtom(page.request, slug)).toMatchObject({
    description_html: '<p>Testing</p>',
    client_description: 'How well you test.',
  });
  await screenshot(page, testInfo, 'admin-atom-edit-descriptions');
  await expectAccessible(page);

  // A seeded atom with questions (no other file adds to it): each links to its editor.
  const { questions } = await (await page.request.get('/api/atoms/javascript')).json();
  expect(questions.length).toBeGreaterThan(0);
  await page.goto('/admin/atoms/edit/javascript/questions');
  await expect(page.locator('.atom-questions > li')).toHaveCount(questions.length);
  const link = page.getByRole('link', { name: new RegExp(`^#${questions[0].id}\\b`) });
  await expect(link).toHaveAttribute('href', `/admin/questions/edit/${questions[0].id}`);
  await screenshot(page, testInfo, 'admin-atom-edit-questions');
  await expectAccessible(page);
});

test('the questions page attaches a question found by text and detaches it, by keyboard', async () => {
  const testInfo = test.info();
  const question = await newQuestion(`Attach me to ${slug}?`);
  await page.goto(`/admin/atoms/edit/${slug}/questions`);
  // The beta questions above are this atom's (a beta question must be); this one is not yet.
  await expect(page.getByRole('link', { name: new RegExp(`^#${question.id}\\b`) })).toHaveCount(0);
  const box = page.getByRole('combobox', { name: 'Attach a question' });
  await box.focus();
  await page.keyboard.type(`Attach me to ${slug}`);
  await expect(page.getByRole('option', { name: new RegExp(`^#${question.id}\\b`) })).toBeVisible();
  await page.keyboard.press('Enter');
  const link = page.getByRole('link', { name: new RegExp(`^#${question.id}\\b`) });
  await expect(link).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: `Question ${question.id} attached.` }),
  ).toBeAttached();
  expect((await (await page.request.get(`/api/questions/${question.id}`)).json()).question.all_atoms).toEqual(
    [slug],
  );
  await screenshot(page, testInfo, 'admin-atom-attach');
  await expectAccessible(page);

  await page.getByRole('button', { name: `Detach question ${question.id}` }).focus();
  await page.keyboard.press('Enter');
  await expect(link).toHaveCount(0);
  await expect(box).toBeFocused();
  const stored = (await (await page.request.get(`/api/questions/${question.id}`)).json()).question;
  expect(stored.all_atoms).toEqual([]);
  // Both are versions of the question, in its history.
  const history = (await (await page.request.get(`/api/questions/${question.id}/history`)).json()).entries;
  expect(history.slice(0, 2).map((e: { via: string }) => e.via)).toEqual(['detach', 'attach']);
});

test('keyboard only: the list, the page menu and the beta table', async () => {
  await page.goto('/admin/atoms');
  const edit = page.getByRole('link', { name: 'Edit E2E Atom' });
  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/edit/${slug}/general$`));
  // The menu: Tab from the breadcrumb reaches General, then Beta questions two stops later.
  await page.getByRole('link', { name: 'General' }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Beta questions' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/edit/${slug}/beta-questions$`));
  await expect(page.getByRole('link', { name: 'Beta questions' })).toHaveAttribute('aria-current', 'page');
  // The table's buttons: Space moves the first row down, focus stays on it; Enter in the box adds.
  const rows = page.getByRole('table', { name: 'Beta questions in serving order' }).getByRole('row');
  const firstId = (await rows.nth(1).getByRole('cell').nth(1).textContent())!.trim();
  await page.getByRole('button', { name: `Move question ${firstId} down` }).focus();
  await page.keyboard.press('Space');
  await expect(rows.nth(2).getByRole('cell').nth(1)).toHaveText(firstId);
  // At the end the Down button is disabled, so focus moved to its row's Up button.
  await expect(page.getByRole('button', { name: `Move question ${firstId} up` })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText(firstId);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled(); // back to the saved order
});

test('the History page: what changed, and the version before restored as a new one, by keyboard', async () => {
  const testInfo = test.info();
  await page.goto(`/admin/atoms/edit/${slug}/general`);
  await page.getByLabel('Category').fill('History test');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Atom saved' }).first()).toBeVisible();
  const saved = (await storedAtom(page.request, slug)).version as number;

  await page.getByRole('link', { name: 'History' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/edit/${slug}/history$`));
  const entry = (v: number) =>
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: new RegExp(`^Version ${v}\\b`) }) });
  await expect(entry(saved)).toContainText('category: Testing → History test');
  await screenshot(page, testInfo, 'admin-atom-history');
  await expectAccessible(page);
  await entry(saved - 1)
    .getByRole('button', { name: `Restore version ${saved - 1}` })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Version ${saved - 1} restored as version ${saved + 1}.`)).toBeVisible();
  expect(await storedAtom(page.request, slug)).toMatchObject({ category: 'Testing', version: saved + 1 });
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled(); // the form holds the restored atom
});

test('unsaved changes: the back button and the top bar ask, closing the tab asks', async () => {
  await page.goto('/admin/atoms');
  await page.getByRole('link', { name: 'Edit E2E Atom' }).click();
  await expect(page).toHaveURL(new RegExp(`/edit/${slug}/general$`));
  await page.getByLabel('Category').fill('Changed, not saved');

  // Back button, dismissed: stays, with the edit.
  let message = nextDialog(page, false);
  await page.goBack();
  expect(await message).toBe(UNSAVED);
  await expect(page).toHaveURL(new RegExp(`/edit/${slug}/general$`));
  await expect(page.getByLabel('Category')).toHaveValue('Changed, not saved');

  // The top bar's Questions link, dismissed.
  message = nextDialog(page, false);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Questions' }).click();
  expect(await message).toBe(UNSAVED);
  await expect(page.getByLabel('Category')).toHaveValue('Changed, not saved');

  // Closing the tab: the browser's beforeunload prompt, dismissed, keeps the page.
  const unload = new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.type());
      void d.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await unload).toBe('beforeunload');
  expect(page.isClosed()).toBe(false);
  await expect(page.getByLabel('Category')).toHaveValue('Changed, not saved');

  // Breadcrumb back to the list, accepted.
  message = nextDialog(page, true);
  await page.getByRole('link', { name: 'Atoms', exact: true }).last().click();
  expect(await message).toBe(UNSAVED);
  await expect(page).toHaveURL(/\/admin\/atoms$/);
  expect((await storedAtom(page.request, slug)).category).toBe('Testing');
});

test('a stale save gets the 409 toast and the edits stay in the form', async () => {
  await page.goto(`/admin/atoms/edit/${slug}/general`);
  await expect(page.getByLabel('Name')).toHaveValue('E2E Atom');
  // Someone else saves meanwhile.
  const before = await storedAtom(page.request, slug);
  const other = await apiWrite(page.request, 'PUT', `/api/atoms/${slug}/`, {
    category: 'Changed by a colleague',
    version: before.version,
  });
  expect(other.status()).toBe(200);

  await page.getByLabel('Name').fill('My edit');
  await page.getByRole('button', { name: 'Save' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Error saving atom' });
  await expect(toast).toContainText('was changed by someone else since you opened it');
  await expect(page.getByLabel('Name')).toHaveValue('My edit');
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  expect(await storedAtom(page.request, slug)).toMatchObject({
    name: 'E2E Atom',
    category: 'Changed by a colleague',
  });
  // Leave without saving.
  const message = nextDialog(page, true);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Atoms' }).click();
  await message;
});

test('delete: refused while an invitation lists the atom, then confirmed and back to the list', async () => {
  const testInfo = test.info();
  const doomed = `${slug}-del`;
  const created = await apiWrite(page.request, 'POST', '/api/atoms', { id: doomed, name: 'Doomed atom' });
  expect(created.status()).toBe(201);
  const listedIn = `${slug}-inv`;
  expect(
    (
      await apiWrite(page.request, 'POST', '/api/atoms', {
        id: listedIn,
        name: 'Invited atom',
        num_questions: 1,
      })
    ).status(),
  ).toBe(201);
  // Only an atom a quiz can be served from can be invited to: one administered question of its own.
  const served = (await (await page.request.get('/api/atoms/javascript')).json()).questions.find(
    (q: { administered: boolean }) => q.administered,
  );
  const attached = await apiWrite(page.request, 'POST', `/api/atoms/${listedIn}/questions/attach`, {
    question_id: served.id,
    version: served.version,
  });
  expect(attached.status()).toBe(200);
  await invite(sharedProduct(), { company: 'E2E Atoms Co', atoms: [listedIn] });

  await page.goto(`/admin/atoms/edit/${listedIn}/general`);
  let message = nextDialog(page, true);
  await page.getByRole('button', { name: 'Delete' }).click();
  expect(await message).toBe(CONFIRM_DELETE);
  await expect(page.getByRole('alert').filter({ hasText: 'Error deleting atom' })).toContainText(
    'invitation(s) still list it',
  );
  await screenshot(page, testInfo, 'admin-atom-delete-refused');
  await expect(page).toHaveURL(new RegExp(`/edit/${listedIn}/general$`));

  await page.goto(`/admin/atoms/edit/${doomed}/general`);
  // Dismissed: nothing happens.
  message = nextDialog(page, false);
  await page.getByRole('button', { name: 'Delete' }).click();
  expect(await message).toBe(CONFIRM_DELETE);
  expect((await page.request.get(`/api/atoms/${doomed}`)).status()).toBe(200);
  // Accepted: gone, back on the list with focus on its heading.
  message = nextDialog(page, true);
  await page.getByRole('button', { name: 'Delete' }).click();
  await message;
  await expect(page).toHaveURL(/\/admin\/atoms$/);
  await expect(page.getByRole('heading', { name: 'Atoms', level: 1 })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Edit Doomed atom' })).toHaveCount(0);
  expect((await page.request.get(`/api/atoms/${doomed}`)).status()).toBe(404);
});

test('with the atoms remote down the rest of the admin works, and Retry brings it back', async () => {
  const testInfo = test.info();
  // The remote's host is down for this page alone (the shared manifest stays as it is, so files
  // running beside this one keep every remote).
  const fresh = await context.newPage();
  await fresh.route(REMOTE_FILES, (route) => route.abort('connectionrefused'));
  await fresh.goto('/admin/atoms');
  await expect(fresh.getByRole('alert')).toContainText('This part of SkillQuiz is unavailable right now.');
  await screenshot(fresh, testInfo, 'admin-atoms-remote-down');
  await expectAccessible(fresh);
  const nav = fresh.getByRole('navigation', { name: 'Admin' });
  await nav.getByRole('link', { name: 'Questions' }).click();
  await expect(fresh).toHaveURL(/\/admin\/questions$/);
  await expect(nav.getByRole('link', { name: 'Logout' })).toBeVisible();

  await nav.getByRole('link', { name: 'Atoms' }).click();
  await expect(fresh.getByRole('alert')).toContainText('This part of SkillQuiz is unavailable right now.');
  // The remote's host is back: Retry loads it, no reload of the page.
  await fresh.unroute(REMOTE_FILES);
  await fresh.getByRole('button', { name: 'Retry' }).click();
  await expect(fresh.getByRole('table', { name: 'Atoms' })).toBeVisible();
  await fresh.close();
});

test('no console errors on the way', () => {
  // The remote-down test's failed loads are expected; everything else must be clean.
  const unexpected = consoleErrors.filter((e) => !/Failed to load resource/.test(e));
  expect(unexpected).toEqual([]);
});
