// The content analytics as a content editor uses them, signed in through the dev
// sign-on's real form: a small atom of our own answered by simulated candidates through the real
// quiz API (`npm run simulate`), then the question's statistics tab, the list's 'Show statistics'
// toggle and 'Needs review' filter, applying a calibration (read back through the API and the audit
// trail in the database), graduating the beta question (administered, out of the atom's beta
// ordering), and the atom's bank simulator.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { MongoClient } from 'mongodb';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, sharedProduct } from '../support/test';
import { signInThroughForm } from '../support/admin-session';
import { expectAccessible } from '../support/axe';
import { screenshot } from '../support/artifacts';

test.describe.configure({ mode: 'serial' });

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const ATOM = `an-e2e-${Date.now().toString(36)}`;
/** Administered questions: a spread of difficulties. */
const INTERCEPTS = [-2, -1.2, -0.4, 0.4, 1.2, 2];

let context: BrowserContext;
let page: Page;
let operational: number[] = [];
let betaId = 0;
const consoleErrors: string[] = [];

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

async function signIn(p: Page): Promise<void> {
  const email = process.env.SQ_ADMIN_EMAIL;
  const password = process.env.SQ_ADMIN_PASSWORD;
  test.skip(!email || !password, 'the product printed no dev sign-on login');
  await signInThroughForm(p, { email: email!, password: password! });
  await expect(p.getByRole('navigation', { name: 'Admin' })).toBeVisible();
}

/** The page's own API calls (writes carry the CSRF header the shell's cookie gives). */
async function api<T = any>(
  method: string,
  urlPath: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, urlPath, body }) => {
      const csrf = decodeURIComponent(/(?:^|;\s*)CSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch(urlPath, {
        method,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, urlPath, body },
  );
}

/**
 * `npm run simulate` against the shared product: candidates of known ability take real quizzes. Each
 * batch its own seed (new abilities and answers), abilities spread wider than the default: a wider
 * spread pins the beta question's discrimination down with fewer candidates.
 */
async function simulate(candidates: number, seed: number): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: sharedProduct().dataDir,
  };
  delete env.MONGODB_URI;
  delete env.PUBLIC_URL;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      path.join(REPO_ROOT, 'services', 'dist', 'cli', 'simulate.js'),
      '--atom',
      ATOM,
      '--candidates',
      String(candidates),
      '--sd',
      '1.5',
      '--seed',
      String(seed),
    ],
    { cwd: REPO_ROOT, env, timeout: 240_000 },
  );
  expect(stdout).toContain(`Simulated ${candidates} candidates`);
}

/** The product's database (its address is in DATA_DIR/running.json), for what no API shows: the audit trail. */
async function withDatabase<T>(use: (db: ReturnType<MongoClient['db']>) => Promise<T>): Promise<T> {
  const running = JSON.parse(fs.readFileSync(path.join(sharedProduct().dataDir, 'running.json'), 'utf8')) as {
    mongodbUri: string;
  };
  const client = await MongoClient.connect(running.mongodbUri);
  try {
    return await use(client.db());
  } finally {
    await client.close();
  }
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(600_000);
  context = await browser.newContext({ baseURL });
  page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await signIn(page);

  // Three scored questions per quiz from six, and one beta question every quiz serves, of a low
  // discrimination: its standard error for a, the last to meet the graduation bar, falls fastest.
  expect(
    (await api('POST', '/api/atoms', { id: ATOM, name: 'E2E Analytics', num_questions: 3 })).status,
  ).toBe(201);
  const create = async (i: number, params: { a: number; d: number }, administered: boolean) => {
    const res = await api('POST', '/api/question/', {
      question_text: b64(`Analytics question ${i}`),
      administered,
      difficulty_params: params,
      answers: [
        { text: b64(`Right ${i}`), c: true },
        { text: b64(`Wrong ${i} one`), c: false },
        { text: b64(`Wrong ${i} two`), c: false },
      ],
      all_atoms: [ATOM],
    });
    expect(res.status).toBe(201);
    return res.body.question.id as number;
  };
  operational = [];
  for (const [i, d] of INTERCEPTS.entries()) operational.push(await create(i + 1, { a: 1.3, d }, true));
  betaId = await create(99, { a: 0.4, d: 0 }, false);
  // Only ready questions are served, beta ones too; a new, non-administered one is a draft.
  const beta = (await api('GET', `/api/questions/${betaId}`)).body.question;
  expect(
    (await api('POST', `/api/questions/${betaId}/status`, { status: 'ready', version: beta.version })).status,
  ).toBe(200);
  expect((await api('PUT', `/api/atoms/${ATOM}/`, { beta_question_ordering: [betaId] })).status).toBe(200);

  // Enough answers for the beta question's standard errors to reach the graduation threshold. With
  // three scored questions a quiz the candidates' abilities are rough, so how many it takes varies
  // with the questions the server's randomised selection serves: 100 more until it is ready.
  await simulate(300, 1);
  for (let candidates = 300; ; candidates += 100) {
    const analytics = (await api('GET', `/api/questions/${betaId}/statistics`)).body;
    if (analytics.ready_to_graduate) break;
    expect(
      candidates,
      `not ready to graduate after ${candidates} candidates: ${JSON.stringify(analytics.calibration)}`,
    ).toBeLessThan(1500);
    await simulate(100, candidates * 1000);
  }
});

test.afterAll(async () => {
  await context?.close();
});

test('the statistics tab shows the answers of a question', async () => {
  const testInfo = test.info();
  const id = operational[2];
  const stored = (await api('GET', `/api/questions/${id}/statistics`)).body;
  expect(stored.statistics.answered).toBeGreaterThan(0);

  await page.goto(`/admin/questions/edit/${id}/?page=statistics`);
  const tab = page.getByRole('region', { name: 'Statistics' });
  await expect(tab.getByRole('heading', { name: 'Statistics', level: 2 })).toBeVisible();
  const value = (term: string) =>
    tab.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  await expect(value('Answered').first()).toHaveText(String(stored.statistics.answered));
  await expect(value('Served').first()).toHaveText(String(stored.statistics.served));
  await expect(value('Answered correctly')).toHaveText(
    `${Math.round(stored.statistics.shareCorrect * 100)}%`,
  );
  // Real and simulated answers apart.
  await expect(
    tab.getByText(
      `Answers: ${stored.answers.real} from real candidates, ${stored.answers.demo} from simulated demo candidates.`,
    ),
  ).toBeVisible();
  // All of these answers are simulated: their times are not passed off as candidates' times.
  expect(stored.demo_answers).toBe(stored.statistics.answered);
  await expect(value('Response time')).toHaveText('not measured: simulated candidates are not timed');
  // The choices by ability third, the key marked; the calibration beside the configured parameters.
  await expect(tab.getByRole('row', { name: /Right 3 correct/ })).toBeVisible();
  await expect(tab.getByRole('cell', { name: stored.configured.a.toFixed(3) })).toBeVisible();
  // The calibration says which answers it rests on (here the demo data's simulated ones).
  const basis = { real: 'real', demo: 'simulated (demo data)' }[stored.calibration_basis as 'real' | 'demo'];
  await expect(tab.getByText(`From ${stored.calibration.n} ${basis} answers.`)).toBeVisible();
  await expect(
    tab.getByText(/Apply is offered when the estimate rests on at least \d+ real answers/),
  ).toBeVisible();
  await expect(tab.getByRole('table', { name: /Information by ability/ })).toBeAttached();
  await screenshot(page, testInfo, 'analytics-statistics-tab');
  await expectAccessible(page);
});

test('the list: statistics off by default, the toggle adds the columns, Needs review lists the flags', async () => {
  const testInfo = test.info();
  const listed = (await api('GET', `/api/questions/statistics?atom=${ATOM}`)).body.statistics as Record<
    string,
    { answered: number; flags: { reason: string }[] }
  >;
  await page.goto(`/admin/questions?atom=${ATOM}`);
  const table = page.getByRole('table', { name: 'Questions' });
  await expect(table.getByRole('row')).toHaveCount(1 + INTERCEPTS.length);
  // SPEC's five columns with the review status and, an atom being chosen, its twins, until asked.
  await expect(table.getByRole('columnheader')).toHaveText([
    'ID',
    'Administered',
    'Status',
    'Question',
    'Correct Answer',
    'Atoms',
    'Twins',
  ]);
  await expect(page.getByRole('checkbox', { name: 'Needs review' })).toHaveCount(0);

  // A click, then the state it leads to: the boxes follow the URL, which the router updates a moment later.
  await page.getByRole('checkbox', { name: 'Show statistics' }).click();
  await expect(page.getByRole('checkbox', { name: 'Show statistics' })).toBeChecked();
  await expect(page).toHaveURL(/statistics=true/);
  await expect(table.getByRole('columnheader')).toHaveText([
    'ID',
    'Administered',
    'Status',
    'Question',
    'Correct Answer',
    'Atoms',
    'Twins',
    'Answered',
    'Correct share',
    'Discrimination',
    'Review flags',
  ]);
  const row = table.getByRole('row', { name: new RegExp(`Edit question ${operational[0]}\\b`) });
  await expect(row.getByRole('cell').nth(7)).toHaveText(String(listed[operational[0]].answered));
  // On a narrow window the wider table scrolls inside its own box, which the keyboard can reach and
  // scroll; the page itself does not scroll sideways.
  const wide = page.viewportSize()!;
  await page.setViewportSize({ width: 760, height: wide.height });
  const scroller = page.getByRole('region', { name: 'Questions (scrolls sideways)' });
  await expect(scroller).toBeVisible();
  await scroller.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize(wide);
  await screenshot(page, testInfo, 'analytics-list-statistics');
  await expectAccessible(page);

  // Needs review: the flagged questions of the atom, each with its reasons in words.
  const flagged = Object.entries(listed).filter(([, s]) => s.flags.length > 0);
  expect(flagged.length).toBeGreaterThan(0); // six questions, three per quiz: each over the exposure cap
  await page.getByRole('checkbox', { name: 'Needs review' }).click();
  await expect(page.getByRole('checkbox', { name: 'Needs review' })).toBeChecked();
  await expect(page).toHaveURL(/needsReview=true/);
  const review = page.getByRole('table', { name: /Questions of atom E2E Analytics that need review/ });
  await expect(review.getByRole('row')).toHaveCount(1 + flagged.length);
  for (const [id, s] of flagged) {
    const r = review.getByRole('row', { name: new RegExp(`Statistics of question ${id}\\b`) });
    for (const flag of s.flags)
      await expect(r.getByRole('listitem').filter({ hasText: flag.reason })).toBeVisible();
  }
  await expect(page.getByRole('status').filter({ hasText: /needs? review/ })).toBeVisible();
  await screenshot(page, testInfo, 'analytics-list-needs-review');
  await expectAccessible(page);

  // Hiding the statistics ends the filter and gives SPEC's list back.
  await page.getByRole('checkbox', { name: 'Show statistics' }).click();
  await expect(page.getByRole('checkbox', { name: 'Show statistics' })).not.toBeChecked();
  await expect(page).not.toHaveURL(/statistics=true|needsReview/);
  await expect(table.getByRole('columnheader')).toHaveCount(7);
});

test('apply is refused while the estimate is too rough, and applies once the rules allow, audited', async () => {
  const testInfo = test.info();
  // Three scored questions a quiz leave the operational questions' intervals wide (the
  // issue's "0.28 ± 0.63"): apply is not offered, the reasons are shown, and the server refuses too.
  const verdicts = await Promise.all(
    operational.map(async (q) => ({ q, s: (await api('GET', `/api/questions/${q}/statistics`)).body })),
  );
  const refused = verdicts.find((v) => !v.s.apply.allowed);
  expect(refused, 'an operational question whose calibration is too rough to apply').toBeDefined();
  await page.goto(`/admin/questions/edit/${refused!.q}/?page=statistics`);
  const refusedTab = page.getByRole('region', { name: 'Statistics' });
  await expect(refusedTab.getByRole('button', { name: 'Apply calibration' })).toBeDisabled();
  await expect(refusedTab.getByText(refused!.s.apply.reasons[0])).toBeVisible();
  await screenshot(page, testInfo, 'analytics-calibration-refused');
  await expectAccessible(page);
  const current = (await api('GET', `/api/questions/${refused!.q}`)).body.question;
  const direct = await api('POST', `/api/questions/${refused!.q}/calibration/apply`, {
    version: current.version,
  });
  // The services answer 409 with the same reasons ('cannot be applied yet: ...').
  expect(direct.status).toBe(409);
  expect(direct.body.message).toContain(refused!.s.apply.reasons[0]);
  expect((await api('GET', `/api/questions/${refused!.q}`)).body.question.version).toBe(current.version);

  // The beta question was answered until its standard errors met the graduation bar: the rules allow.
  const id = betaId;
  const before = (await api('GET', `/api/questions/${id}/statistics`)).body;
  expect(before.calibration.converged).toBe(true);
  expect(before.apply.allowed).toBe(true);

  await page.goto(`/admin/questions/edit/${id}/?page=statistics`);
  const applied = page.waitForResponse((r) => r.url().endsWith(`/api/questions/${id}/calibration/apply`));
  await page.getByRole('button', { name: 'Apply calibration' }).click();
  const response = await (await applied).json();
  await expect(page.getByRole('alert').filter({ hasText: 'Calibration applied' })).toBeVisible();
  expect(response.old).toEqual(before.configured);
  expect(response.new.a).toBeCloseTo(before.calibration.a, 3);
  expect(response.new.d).toBeCloseTo(before.calibration.d, 3);

  // Read back: the stored question has the new parameters and version; the tab shows them.
  const stored = (await api('GET', `/api/questions/${id}`)).body.question;
  expect(stored.difficulty_params).toEqual(response.new);
  expect(stored.version).toBe(before.version + 1);
  const tab = page.getByRole('region', { name: 'Statistics' });
  await expect(
    tab
      .getByRole('row', { name: /^a \(discrimination\)/ })
      .getByRole('cell')
      .first(),
  ).toHaveText(response.new.a.toFixed(3));
  // Applied: nothing left to apply until new answers move the calibration.
  await expect(tab.getByRole('button', { name: 'Apply calibration' })).toBeDisabled();

  // The audit trail: who, and the old and new values.
  const entry = await withDatabase((db) =>
    db
      .collection('audit_logs')
      .find({ entity: 'question', entity_id: String(id) })
      .sort({ at: -1 })
      .limit(1)
      .next(),
  );
  expect(entry).toMatchObject({
    actor: process.env.SQ_ADMIN_EMAIL,
    action: 'update',
    changes: { difficulty_params: { from: before.configured, to: response.new } },
  });
  await screenshot(page, testInfo, 'analytics-calibration-applied');
});

test('graduating the beta question makes it administered and takes it out of the beta ordering', async () => {
  const testInfo = test.info();
  const before = (await api('GET', `/api/questions/${betaId}/statistics`)).body;
  expect(before.beta).toBe(true);
  expect(before.ready_to_graduate).toBe(true);

  await page.goto(`/admin/questions/edit/${betaId}/?page=statistics`);
  const tab = page.getByRole('region', { name: 'Statistics' });
  await expect(tab.getByText('once both standard errors are at most 0.2')).toBeVisible();
  await expect(tab.getByText('This one is ready.')).toBeVisible();
  await screenshot(page, testInfo, 'analytics-beta-ready');
  await expectAccessible(page);
  await tab.getByRole('button', { name: 'Graduate from beta' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Question graduated' })).toBeVisible();
  // No longer beta: the button goes, and the administration tab shows it administered.
  await expect(tab.getByRole('button', { name: 'Graduate from beta' })).toHaveCount(0);

  const question = (await api('GET', `/api/questions/${betaId}`)).body.question;
  expect(question.administered).toBe(true);
  expect(question.version).toBe(before.version + 1);
  const atom = (await api('GET', `/api/atoms/${ATOM}`)).body.atom;
  expect(atom.beta_question_ordering).not.toContain(betaId);
  await page.getByRole('link', { name: 'Administration' }).click();
  await expect(page.getByRole('checkbox', { name: 'Administered?' })).toBeChecked();
});

test('the bank simulator runs on the saved atom and reports', async () => {
  const testInfo = test.info();
  await page.goto('/admin/atoms/edit/new/simulator');
  await expect(page.getByText('Save the atom first')).toBeVisible();

  await page.goto(`/admin/atoms/edit/${ATOM}/simulator`);
  await expect(page.getByRole('heading', { name: 'Simulator', level: 2 })).toBeVisible();
  await expect(page.getByLabel('Candidates')).toHaveValue('1000');
  await expect(page.getByLabel('Mean ability')).toHaveValue('0');
  await expect(page.getByLabel('Standard deviation')).toHaveValue('1');
  await expectAccessible(page);

  // A value out of range: the server's message in a toast, nothing run.
  await page.getByLabel('Candidates').fill('3');
  await page.getByRole('button', { name: 'Run simulation' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error running the simulation' })).toBeVisible();

  await page.getByLabel('Candidates').fill('400');
  await page.getByLabel('Mean ability').fill('0.5');
  const ran = page.waitForResponse((r) => r.url().endsWith(`/api/atoms/${ATOM}/simulate`) && r.ok());
  await page.getByLabel('Standard deviation').press('Enter'); // Enter runs it, without saving the atom form
  const { report } = await (await ran).json();
  expect(report.candidates).toBe(400);
  expect(report.population).toEqual({ mean: 0.5, sd: 1 });
  await expect(page.getByRole('status').filter({ hasText: 'Simulated 400 candidates' })).toBeVisible();
  const result = page.locator('.atom-sim__result');
  const value = (term: string) =>
    result.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  await expect(value('RMSE at the last question')).toHaveText(report.rmse.toFixed(3));
  await expect(value('Mean reported error')).toHaveText(report.meanReportedError.toFixed(3));
  await expect(value('Exact-level agreement')).toHaveText(`${Math.round(report.levelAgreement * 100)}%`);
  await expect(value('Share of the bank used')).toHaveText(`${Math.round(report.bankUsed * 100)}%`);
  for (const w of report.warnings) await expect(result.getByText(w)).toBeVisible();
  await expect(result.getByRole('table', { name: /Test information of the bank/ })).toBeAttached();
  await expect(result.getByRole('table', { name: /Error by true ability/ })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await screenshot(page, testInfo, 'analytics-simulator');
  await expectAccessible(page);
  expect(consoleErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
});
