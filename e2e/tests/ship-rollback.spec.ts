// Shipping with a command that checks: `npm run ship` refuses a version that was never
// published; a live manifest broken by hand (bad JSON, an unpublished version) leaves the last good
// remote live for candidates; `npm run rollback` needs no restart and shows in the audit log and on
// the admin live-versions page (/admin/remotes, checked with axe).
import fs from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { screenshot } from '../support/artifacts';
import { invite, REPO_ROOT } from '../support/product';
import {
  packageVersion,
  publishCopy,
  publishRemote,
  remotesDir,
  shipCommand,
} from '../support/remote-versions';
import { resetRemotes } from '../support/remotes';
import { expect, sharedProduct, test } from '../support/test';

const WELCOME = 'Your exercise has finished loading!';
const quizDir = path.join(REPO_ROOT, 'mfe-quiz');
let v1 = '';
let next = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.skip(!fs.existsSync(path.join(quizDir, 'dist', 'mf-manifest.json')), 'mfe-quiz is not built');
  resetRemotes();
  v1 = packageVersion(quizDir);
  // remote-versions.spec may have published the workspace build already (versions are immutable).
  if (!fs.existsSync(path.join(remotesDir(), 'mfe-quiz', v1))) await publishRemote(quizDir);
  next = `${v1}-ship.1`;
  publishCopy('mfe-quiz', v1, next);
});
test.afterAll(() => resetRemotes());

function liveManifest(text: string) {
  fs.writeFileSync(process.env.SQ_REMOTES_MANIFEST!, text);
}

/** Opens a fresh quiz's welcome page; returns the versions its remote files came from. */
async function openQuiz(page: Page): Promise<Set<string>> {
  const [link] = await invite(sharedProduct());
  const versions = new Set<string>();
  const listen = (r: { url(): string }) => {
    const m = /\/remotes\/mfe-quiz\/([^/]+)\//.exec(new URL(r.url()).pathname);
    if (m) versions.add(m[1]);
  };
  page.on('request', listen);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: WELCOME })).toBeVisible();
  page.off('request', listen);
  return versions;
}

test('ship refuses a version that was never published, with a clear message', async ({ request }) => {
  const refused = await shipCommand('ship', 'mfe-quiz', '99.0.0');
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('ship: mfe-quiz 99.0.0 is not published');
  expect(refused.stderr).toContain(`Published versions: `);
  expect(refused.stderr).toContain(
    'Publish it first: npm run build -w mfe-quiz && npm run publish:remote -w mfe-quiz',
  );
  expect((await (await request.get('/remotes.json')).json()).mfe_quiz).toBe(
    '/remotes/mfe-quiz/mf-manifest.json',
  );
});

test('a broken live manifest (bad JSON, an unpublished version) keeps the last good remote live', async ({
  page,
  request,
}) => {
  const shipped = await shipCommand('ship', 'mfe-quiz', v1);
  expect(shipped.stdout).toContain(`Shipped mfe_quiz: its current build -> ${v1}`);
  expect(await openQuiz(page)).toEqual(new Set([v1]));

  liveManifest(`{ "mfe_quiz": "${next}", }`); // a trailing comma
  expect((await (await request.get('/remotes.json')).json()).mfe_quiz).toBe(
    `/remotes/mfe-quiz/${v1}/mf-manifest.json`,
  );
  expect(await openQuiz(page)).toEqual(new Set([v1]));

  liveManifest('{ "mfe_quiz": "99.0.0" }'); // never published
  const res = await request.get('/remotes.json');
  expect(res.status()).toBe(200);
  expect((await res.json()).mfe_quiz).toBe(`/remotes/mfe-quiz/${v1}/mf-manifest.json`);
  expect(await openQuiz(page)).toEqual(new Set([v1]));
});

test('ship then rollback, no restart: candidates follow, the audit log and the live-versions page show it', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // From v1: the hand-typed 99.0.0 was never live, so it is not what a rollback returns to.
  expect((await shipCommand('ship', 'mfe-quiz', next)).stdout).toContain(
    `Shipped mfe_quiz: ${v1} -> ${next}`,
  );
  expect(await openQuiz(page)).toEqual(new Set([next]));
  const rolledBack = await shipCommand('rollback', 'mfe-quiz');
  expect(rolledBack.stdout).toContain(`Rolled back mfe_quiz: ${next} -> ${v1}`);
  expect(await openQuiz(page)).toEqual(new Set([v1]));

  // The audit log (the product's database) holds who/when/what.
  const running = JSON.parse(fs.readFileSync(path.join(sharedProduct().dataDir, 'running.json'), 'utf8'));
  const client = await MongoClient.connect(running.mongodbUri);
  try {
    const entries = await client
      .db()
      .collection('audit_logs')
      .find({ entity: 'remote', entity_id: 'mfe_quiz' })
      .sort({ at: -1, _id: -1 })
      .limit(2)
      .toArray();
    expect(entries.map((e) => [e.action, e.actor, e.changes])).toEqual([
      ['rollback', 'e2e-release@skillquiz.test', { from: next, to: v1 }],
      ['ship', 'e2e-release@skillquiz.test', { from: v1, to: next }],
    ]);
  } finally {
    await client.close();
  }

  // The live-versions page, as an admin: linked from the admin bar.
  test.skip(!process.env.SQ_ADMIN_EMAIL, 'the product printed no dev sign-on login');
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  try {
    await admin.goto('/admin');
    await admin.getByRole('button', { name: 'Login with SkillQuiz SSO' }).click();
    await admin.getByLabel('Email').fill(process.env.SQ_ADMIN_EMAIL!);
    await admin.getByLabel('Password').fill(process.env.SQ_ADMIN_PASSWORD!);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await expect(admin.getByRole('navigation', { name: 'Admin' })).toBeVisible();
    await admin.getByRole('link', { name: 'Live remotes' }).click();
    await expect(admin).toHaveURL(/\/admin\/remotes$/);
    const quiz = admin.getByRole('region', { name: 'mfe-quiz' });
    await expect(quiz.locator('dd strong')).toHaveText(v1);
    const rows = quiz.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toContainText(`Rollback${next}${v1}e2e-release@skillquiz.test`);
    await expect(rows.nth(2)).toContainText(`Ship${v1}${next}e2e-release@skillquiz.test`);
    await expect(admin.getByRole('alert')).toHaveCount(0);
    await screenshot(admin, testInfo, 'admin-live-remotes');
    await expectAccessible(admin);
  } finally {
    await context.close();
  }
});
