// The integrity signals where people act on them, in the real product: the candidates list's "Needs a
// look" filter and "Integrity signals" column (the count the services stored when the quiz ended, the
// same as the report's), and the atoms editor's effort-aware scoring checkbox with its explanation,
// saved and read back. A candidate answers everything at once through the quiz API. On a fresh product
// the questions' time model has no real timed answers yet, so the time signals may not be judged: the
// list is checked against the report's count whatever it is. Checked with axe and screenshotted
// (e2e/artifacts/integrity-list*.png, integrity-atom-option.png).
import { screenshot } from '../support/artifacts';
import { expectAccessible } from '../support/axe';
import { devLogin, pageApi, signInAsAdmin, signInNewContext } from '../support/admin-session';
import { expect, test } from '../support/test';
import { takeQuiz } from './quiz-helpers';

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const NAME = `Clicker ${RUN}`;

test('the candidates list: the count of raised signals per candidate and the "Needs a look" filter', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const recruiter = devLogin('RECRUITER');
  test.skip(!recruiter, 'the product printed no dev recruiter login');
  const { context, page } = await signInNewContext(browser, recruiter!);
  await expect(page).toHaveURL(/\/hiring$/);
  const created = await pageApi<{ invitation: { id: string }; link: string }>(
    page,
    'POST',
    '/api/hiring/invitations',
    {
      candidate_name: NAME,
      candidate_email: `clicker-${RUN}@example.com`,
      required_atoms: ['sql'],
    },
  );
  expect(created.status).toBe(201);
  const { invitation, link } = created.body;
  const token = link.split('/quiz/')[1];
  // Every question answered at once with the first answer shown, then finished.
  await takeQuiz(page, token, () => 0);
  const flags = (
    (await (await page.request.get(`/api/hiring/invitations/${invitation.id}/integrity`)).json()) as {
      flags: number;
    }
  ).flags;

  await page.goto(`/hiring?q=${encodeURIComponent(NAME)}`);
  const table = page.getByRole('table', { name: 'Candidates' });
  await expect(table.getByRole('columnheader', { name: 'Integrity signals' })).toBeVisible();
  const row = table.getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toBeVisible();
  // The count's cell: under the column of that name, wherever the list puts it.
  const at = (await table.getByRole('columnheader').allTextContents()).indexOf('Integrity signals');
  expect(at).toBeGreaterThan(0);
  await expect(row.getByRole('cell').nth(at)).toHaveText(flags === 0 ? 'None' : String(flags));
  await expectAccessible(page);
  await screenshot(page, testInfo, 'integrity-list');

  const filter = page.getByRole('checkbox', { name: /Needs a look/ });
  await expect(filter).toHaveAccessibleDescription(/a reason to look, not proof/);
  await filter.check();
  await expect(page).toHaveURL(/needs_a_look=true/);
  if (flags > 0) await expect(row).toBeVisible();
  else await expect(page.getByText(/No candidates match\. Try other filters/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'integrity-list-needs-a-look');
  await context.close();
});

test('the atoms editor: effort-aware scoring, a labelled checkbox with what it does, saved', async ({
  page,
}, testInfo) => {
  await signInAsAdmin(page);
  await page.goto('/admin/atoms/edit/sql/general');
  const box = page.getByRole('checkbox', { name: 'Effort-aware scoring' });
  await expect(box).not.toBeChecked();
  await expect(box).toHaveAccessibleDescription(/rapid guesses/);
  await box.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Atom saved')).toBeVisible();
  const atom = (await (await page.request.get('/api/atoms/sql')).json()) as {
    atom: { effort_aware_scoring: boolean };
  };
  expect(atom.atom.effort_aware_scoring).toBe(true);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Effort-aware scoring' })).toBeChecked();
  await expectAccessible(page);
  await box.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'integrity-atom-option');
  // back as it was, for the product's other files
  await page.getByRole('checkbox', { name: 'Effort-aware scoring' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Atom saved').first()).toBeVisible();
});
