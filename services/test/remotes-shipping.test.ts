// Shipping and rolling back a remote against running services: `npm run ship` / `npm run rollback`
// (the CLI, as an operator runs it) refuse an unpublished version with a clear message, rewrite the
// live manifest, and record the move in the audit log; the services serve the new version on the
// next request (no restart) and the admin live-versions API shows it with its history.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { rollbackRemote, shipRemote } from '../src/ops/remotes/shipping';
import { Browser, jsonCall, signIn, startAdminStack, type AdminStack } from './helpers/admin-session';

jest.setTimeout(120_000);

const run = promisify(execFile);
const CLI = path.resolve(__dirname, '..', 'dist', 'cli');

let env: AdminStack;
let dir: string;
let remotesDir: string;
let manifestFile: string;
const admin = new Browser();

/** A published version of mfe-quiz as `npm run publish:remote` leaves it. */
function publish(version: string) {
  const target = path.join(remotesDir, 'mfe-quiz', version);
  fs.mkdirSync(target, { recursive: true });
  fs.writeFileSync(
    path.join(target, 'mf-manifest.json'),
    JSON.stringify({
      name: 'mfe_quiz',
      metaData: { buildInfo: { buildVersion: version }, contractVersion: 1 },
    }),
  );
}

async function cli(command: 'ship' | 'rollback', ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(CLI, `${command}.js`), ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        MONGODB_URI: env.stack.mongoUri,
        DATA_DIR: dir,
        REMOTES_DIR: remotesDir,
        REMOTES_MANIFEST: manifestFile,
        SHIP_ACTOR: 'release-bot',
      },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The same moves without a process per call (the test shares the services' database connection). */
const target = () => ({ manifestSource: manifestFile, remotesDir });

const liveQuiz = async () =>
  ((await (await fetch(`${env.baseUrl}/remotes.json`)).json()) as Record<string, string>).mfe_quiz;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-ship-'));
  remotesDir = path.join(dir, 'remotes');
  manifestFile = path.join(dir, 'remotes.json');
  env = await startAdminStack({ REMOTES_DIR: remotesDir, REMOTES_MANIFEST: manifestFile });
  await signIn(admin, env.baseUrl, env.provider.admin);
});
afterAll(async () => {
  await env?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('ship refuses an unpublished version with a clear message and changes nothing', async () => {
  publish('1.0.0');
  const refused = await cli('ship', 'mfe-quiz', '1.1.0');
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/ship: mfe-quiz 1\.1\.0 is not published .*Published versions: 1\.0\.0\./);
  expect(refused.stderr).toMatch(
    /Publish it first: npm run build -w mfe-quiz && npm run publish:remote -w mfe-quiz/,
  );
  expect(fs.existsSync(manifestFile)).toBe(false);
  expect(await liveQuiz()).toBe('/remotes/mfe-quiz/mf-manifest.json');

  await expect(shipRemote('mfe-nope', '1.0.0', 'x', target())).rejects.toThrow(/"mfe-nope" is not a remote/);
  expect((await cli('ship', 'mfe-quiz')).code).toBe(2); // usage
});

it('ship and rollback move the live version without a restart and show in the audit history', async () => {
  publish('1.1.0');
  expect((await cli('ship', 'mfe-quiz', '1.0.0')).stdout).toMatch(
    /Shipped mfe_quiz: its current build -> 1\.0\.0/,
  );
  expect(await liveQuiz()).toBe('/remotes/mfe-quiz/1.0.0/mf-manifest.json');
  expect(await shipRemote('mfe_quiz', '1.1.0', 'release-bot', target())).toMatchObject({
    from: '1.0.0',
    to: '1.1.0',
  });
  expect(await liveQuiz()).toBe('/remotes/mfe-quiz/1.1.0/mf-manifest.json');
  expect(JSON.parse(fs.readFileSync(manifestFile, 'utf8'))).toEqual({ mfe_quiz: '1.1.0' });

  expect((await cli('rollback', 'mfe-quiz')).stdout).toMatch(/Rolled back mfe_quiz: 1\.1\.0 -> 1\.0\.0/);
  expect(await liveQuiz()).toBe('/remotes/mfe-quiz/1.0.0/mf-manifest.json');
  // A second rollback undoes the first ship: back to the unpinned current build.
  expect(await rollbackRemote('mfe-quiz', 'release-bot', target())).toMatchObject({
    from: '1.0.0',
    to: null,
  });
  expect(await liveQuiz()).toBe('/remotes/mfe-quiz/mf-manifest.json');
  await expect(rollbackRemote('mfe-quiz', 'release-bot', target())).rejects.toThrow(/no ship to roll back/);

  const res = await admin.fetch(`${env.baseUrl}/api/admin/remotes`, jsonCall(admin, env.baseUrl, 'GET'));
  expect(res.status).toBe(200);
  const body = (await res.json()) as {
    remotes: { name: string; pinned: string | null; published: string[]; history: unknown[] }[];
    manifest_problem: string | null;
  };
  expect(body.manifest_problem).toBeNull();
  const quiz = body.remotes.find((r) => r.name === 'mfe_quiz')!;
  expect(quiz.pinned).toBeNull();
  expect(quiz.published).toEqual(['1.0.0', '1.1.0']);
  expect(quiz.history).toEqual([
    { at: expect.any(String), actor: 'release-bot', action: 'rollback', from: '1.0.0', to: null },
    { at: expect.any(String), actor: 'release-bot', action: 'rollback', from: '1.1.0', to: '1.0.0' },
    { at: expect.any(String), actor: 'release-bot', action: 'ship', from: '1.0.0', to: '1.1.0' },
    { at: expect.any(String), actor: 'release-bot', action: 'ship', from: null, to: '1.0.0' },
  ]);
  expect(body.remotes.map((r) => r.name)).toEqual([
    'mfe_quiz',
    'mfe_demo',
    'mfe_admin_atoms',
    'mfe_admin_questions',
    'mfe_hiring',
  ]);
});

it('a hand-broken live manifest keeps the last good version live and says why on the API', async () => {
  await shipRemote('mfe-quiz', '1.1.0', 'release-bot', target());
  // The services have served it (the last good manifest is the last one this process served).
  expect(await liveQuiz()).toBe('/remotes/mfe-quiz/1.1.0/mf-manifest.json');
  fs.writeFileSync(manifestFile, '{ "mfe_quiz": "1.0.0", }');
  expect(await liveQuiz()).toBe('/remotes/mfe-quiz/1.1.0/mf-manifest.json');
  const res = await admin.fetch(`${env.baseUrl}/api/admin/remotes`, jsonCall(admin, env.baseUrl, 'GET'));
  expect(((await res.json()) as { manifest_problem: string }).manifest_problem).toMatch(
    /could not be read as JSON.*keeping the last good manifest/,
  );
  // Ship refuses to overwrite a file it cannot read (the other remotes' pins would be lost).
  const refused = await cli('ship', 'mfe-quiz', '1.0.0');
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/could not be read as JSON.*fix the file/);
  expect(env.stack.services.output.join('\n')).toMatch(/could not be read as JSON/);
});
