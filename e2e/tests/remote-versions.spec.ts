// Shipping a remote on its own: a content team publishes v2 of the candidate remote beside v1, pins
// it in the remotes manifest and candidates get it; pinning v1 again rolls back. The product keeps
// running throughout (the services re-read the manifest per request) and the shell is not rebuilt.
// A version built against a contract the shell does not support is refused: contained message.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { invite, REPO_ROOT } from '../support/product';
import { resetRemotes, setRemotes } from '../support/remotes';
import {
  buildVariant,
  packageVersion,
  publishRemote,
  remotesDir,
  removeBuild,
} from '../support/remote-versions';
import { screenshot } from '../support/artifacts';
import { expect, sharedProduct, test } from '../support/test';

const UNAVAILABLE = 'This part of SkillQuiz is unavailable right now.';
const V1_HEADING = 'Your exercise has finished loading!';
const V2_HEADING = 'Your exercise is ready (shipped in v2)!';

const quizDir = path.join(REPO_ROOT, 'mfe-quiz');
let v1 = '';
let v2 = '';
let v2Build = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000); // a real production build of the remote, on a busy two-core machine
  test.skip(!fs.existsSync(path.join(quizDir, 'dist', 'mf-manifest.json')), 'mfe-quiz is not built');
  v1 = packageVersion(quizDir);
  v2 = `${Number(v1.split('.')[0]) + 1}.0.0`;
  // v1: the workspace's current build, published as it is.
  expect(await publishRemote(quizDir)).toContain(`/remotes/mfe-quiz/${v1}/mf-manifest.json`);
  // v2: the same remote with a visible change, built and published as the next major version.
  v2Build = await buildVariant('mfe-quiz', v2, {
    'src/pages/WelcomePage.tsx': (src) => src.replace(V1_HEADING, V2_HEADING),
  });
  expect(await publishRemote(v2Build)).toContain(`{ "mfe_quiz": "${v2}" }`);
});

test.afterAll(() => {
  resetRemotes();
  if (v2Build) removeBuild(v2Build);
});

/** Opens a fresh quiz's welcome page and waits for it to finish loading. */
async function openWelcome(page: Page, link: string, heading: string) {
  const fetched: string[] = [];
  page.on('request', (r) => {
    const m = /\/remotes\/mfe-quiz\/([^/]+)\//.exec(new URL(r.url()).pathname);
    if (m) fetched.push(m[1]);
  });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  return fetched;
}

test('ship v2, see it live, roll back to v1: manifest edits only, no restart', async ({
  page,
  request,
}, testInfo) => {
  const [link] = await invite(sharedProduct());

  setRemotes({ mfe_quiz: v2 });
  expect((await (await request.get('/remotes.json')).json()).mfe_quiz).toBe(
    `/remotes/mfe-quiz/${v2}/mf-manifest.json`,
  );
  const fromV2 = await openWelcome(page, link, V2_HEADING);
  await expect(page.getByRole('heading', { name: V1_HEADING })).toHaveCount(0);
  expect(new Set(fromV2)).toEqual(new Set([v2])); // every file of the remote came from v2's folder
  await screenshot(page, testInfo, 'remote-v2-live');

  // Roll back: one manifest edit; the next page load gets v1.
  setRemotes({ mfe_quiz: v1 });
  const fromV1 = await openWelcome(page, link, V1_HEADING);
  await expect(page.getByRole('heading', { name: V2_HEADING })).toHaveCount(0);
  expect(new Set(fromV1)).toEqual(new Set([v1]));

  // The published versions stay served side by side, each declaring its own version.
  for (const version of [v1, v2]) {
    const manifest = await (await request.get(`/remotes/mfe-quiz/${version}/mf-manifest.json`)).json();
    expect(manifest.metaData.buildInfo.buildVersion).toBe(version);
    expect(manifest.metaData.contractVersion).toBe(1);
  }
});

test('a version built against a contract the shell does not support is refused, contained', async ({
  page,
}, testInfo) => {
  // v3 declares a contract from the future in its manifest (what a build against a newer
  // @skillquiz/contracts would write); everything else is v2's build.
  const v3 = `${Number(v2.split('.')[0]) + 1}.0.0`;
  const v3Dir = path.join(remotesDir(), 'mfe-quiz', v3);
  fs.cpSync(path.join(remotesDir(), 'mfe-quiz', v2), v3Dir, { recursive: true });
  const manifestFile = path.join(v3Dir, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  manifest.metaData.buildInfo.buildVersion = v3;
  manifest.metaData.contractVersion = 99;
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  setRemotes({ mfe_quiz: v3 });

  const entryRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/remotes/mfe-quiz/${v3}/`) && !r.url().endsWith('/mf-manifest.json'))
      entryRequests.push(r.url());
  });
  const refused = page.waitForEvent('console', {
    predicate: (m) => m.type() === 'error' && m.text().includes(`implements contract 99`),
  });
  const [link] = await invite(sharedProduct());
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText(UNAVAILABLE);
  await refused;
  // Refused from its manifest: not one line of the remote's code was fetched.
  expect(entryRequests).toEqual([]);
  await screenshot(page, testInfo, 'remote-contract-refused');

  // Pinning a supported version back and pressing Retry recovers without a reload.
  setRemotes({ mfe_quiz: v1 });
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: V1_HEADING })).toBeVisible();
});
