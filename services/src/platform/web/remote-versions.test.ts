// Published remote versions: publishing a build, serving it beside the current build, and pinning
// one in the remotes manifest, over real HTTP against a temporary repo layout.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { serveWeb } from './index';
import { readRemotesManifest } from './remotes-manifest';
import { publishedVersions, publishRemote, PublishError, versionDir } from './remote-versions';

function write(root: string, rel: string, content: string) {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** A remote package with a dist/ built as `version` (what mf-manifest.json's buildVersion says). */
function buildRemote(root: string, pkg: string, version: string, built = version, body = `v${version}`) {
  write(root, `${pkg}/package.json`, JSON.stringify({ name: `@skillquiz/${pkg}`, version }));
  fs.rmSync(path.join(root, pkg, 'dist'), { recursive: true, force: true });
  write(
    root,
    `${pkg}/dist/mf-manifest.json`,
    JSON.stringify({ name: pkg, metaData: { buildInfo: { buildVersion: built }, contractVersion: 1 } }),
  );
  write(root, `${pkg}/dist/remoteEntry.js`, `var entry = "${body}";`);
  write(root, `${pkg}/dist/123.abcdef0123456789.js`, body);
}

describe('remote versions', () => {
  let root: string;
  let remotesDir: string;
  let server: Server;
  let base: string;
  const savedEnv = process.env.REMOTES_MANIFEST;

  beforeEach(async () => {
    delete process.env.REMOTES_MANIFEST;
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-versions-'));
    remotesDir = path.join(root, 'published');
    write(root, 'shell/dist/index.html', '<!doctype html><title>SkillQuiz</title>');
    const app = new Koa();
    app.use(serveWeb({ repoRoot: root, remotesDir }));
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    fs.rmSync(root, { recursive: true, force: true });
    if (savedEnv === undefined) delete process.env.REMOTES_MANIFEST;
    else process.env.REMOTES_MANIFEST = savedEnv;
  });

  const text = async (p: string) => {
    const res = await fetch(`${base}${p}`);
    return { status: res.status, body: await res.text(), headers: res.headers };
  };

  it('publishes builds as immutable versioned folders served beside the current build', async () => {
    buildRemote(root, 'mfe-quiz', '1.0.0');
    const v1 = publishRemote({ packageDir: path.join(root, 'mfe-quiz'), remotesDir });
    expect(v1).toMatchObject({
      pkg: 'mfe-quiz',
      version: '1.0.0',
      manifestUrl: '/remotes/mfe-quiz/1.0.0/mf-manifest.json',
      dir: path.join(remotesDir, 'mfe-quiz', '1.0.0'),
    });
    buildRemote(root, 'mfe-quiz', '1.1.0');
    publishRemote({ packageDir: path.join(root, 'mfe-quiz'), remotesDir });
    expect(publishedVersions(remotesDir, 'mfe-quiz')).toEqual(['1.0.0', '1.1.0']);

    // Both versions and the current build (dist/) are served, each with its own files.
    expect((await text('/remotes/mfe-quiz/1.0.0/remoteEntry.js')).body).toBe('var entry = "v1.0.0";');
    expect((await text('/remotes/mfe-quiz/1.1.0/remoteEntry.js')).body).toBe('var entry = "v1.1.0";');
    expect((await text('/remotes/mfe-quiz/remoteEntry.js')).body).toBe('var entry = "v1.1.0";');
    const manifest = await text('/remotes/mfe-quiz/1.0.0/mf-manifest.json');
    expect(JSON.parse(manifest.body).metaData.buildInfo.buildVersion).toBe('1.0.0');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    const chunk = await text('/remotes/mfe-quiz/1.0.0/123.abcdef0123456789.js');
    expect(chunk.headers.get('cache-control')).toMatch(/immutable/);

    // Unknown versions, staging folders and path tricks are not served.
    expect((await text('/remotes/mfe-quiz/9.9.9/remoteEntry.js')).status).toBe(404);
    expect((await text('/remotes/mfe-quiz/1.0.0/missing.js')).status).toBe(404);
    expect((await text('/remotes/mfe-quiz/1.0.0/..%2f1.1.0%2fremoteEntry.js')).status).not.toBe(200);
    expect(versionDir(remotesDir, '..', '1.0.0')).toBeNull();
    expect(versionDir(remotesDir, 'mfe-quiz', '.1.0.0-abc')).toBeNull();
  });

  it('never overwrites a published version unless forced, and never publishes a stale build', () => {
    const packageDir = path.join(root, 'mfe-demo');
    buildRemote(root, 'mfe-demo', '0.2.0');
    publishRemote({ packageDir, remotesDir });
    buildRemote(root, 'mfe-demo', '0.2.0', '0.2.0', 'changed');
    expect(() => publishRemote({ packageDir, remotesDir })).toThrow(/already published.*immutable/);
    expect(fs.readFileSync(path.join(remotesDir, 'mfe-demo', '0.2.0', 'remoteEntry.js'), 'utf8')).toContain(
      'v0.2.0',
    );
    publishRemote({ packageDir, remotesDir, force: true });
    expect(fs.readFileSync(path.join(remotesDir, 'mfe-demo', '0.2.0', 'remoteEntry.js'), 'utf8')).toContain(
      'changed',
    );

    // package.json says 0.3.0 but dist/ is still the 0.2.0 build.
    buildRemote(root, 'mfe-demo', '0.3.0', '0.2.0');
    expect(() => publishRemote({ packageDir, remotesDir })).toThrow(PublishError);
    expect(() => publishRemote({ packageDir, remotesDir })).toThrow(/built as version 0\.2\.0.*says 0\.3\.0/);
    expect(publishedVersions(remotesDir, 'mfe-demo')).toEqual(['0.2.0']);
    expect(fs.readdirSync(path.join(remotesDir, 'mfe-demo'))).toEqual(['0.2.0']); // no staging leftovers

    fs.rmSync(path.join(packageDir, 'dist'), { recursive: true });
    expect(() => publishRemote({ packageDir, remotesDir })).toThrow(
      /Cannot read mfe-demo's built mf-manifest/,
    );
  });

  it('pins a published version by number in REMOTES_MANIFEST; a rollback is one edit, read per request', async () => {
    for (const [pkg, version] of [
      ['mfe-quiz', '1.0.0'],
      ['mfe-quiz', '1.1.0'],
      ['mfe-admin-atoms', '2.0.0-beta.1'],
    ]) {
      buildRemote(root, pkg, version);
      publishRemote({ packageDir: path.join(root, pkg), remotesDir });
    }
    const file = path.join(root, 'remotes.json');
    process.env.REMOTES_MANIFEST = file;
    fs.writeFileSync(file, JSON.stringify({ mfe_quiz: '1.1.0', mfe_admin_atoms: '2.0.0-beta.1' }));
    let body = (await (await fetch(`${base}/remotes.json`)).json()) as Record<string, string>;
    expect(body.mfe_quiz).toBe('/remotes/mfe-quiz/1.1.0/mf-manifest.json');
    expect(body.mfe_admin_atoms).toBe('/remotes/mfe-admin-atoms/2.0.0-beta.1/mf-manifest.json');
    expect(body.mfe_demo).toBe('/remotes/mfe-demo/mf-manifest.json');

    fs.writeFileSync(file, JSON.stringify({ mfe_quiz: '1.0.0' }));
    body = (await (await fetch(`${base}/remotes.json`)).json()) as Record<string, string>;
    expect(body.mfe_quiz).toBe('/remotes/mfe-quiz/1.0.0/mf-manifest.json');

    // URLs stay URLs; only a bare version is a shorthand.
    expect(
      readRemotesManifest({}, '{"mfe_quiz":"https://cdn.example/q/1.0.0/mf-manifest.json"}'),
    ).toMatchObject({
      ok: true,
      remotes: { mfe_quiz: 'https://cdn.example/q/1.0.0/mf-manifest.json' },
    });
  });

  it('keeps the last good manifest live when the file turns bad (bad JSON, an unpublished version)', async () => {
    buildRemote(root, 'mfe-quiz', '1.0.0');
    publishRemote({ packageDir: path.join(root, 'mfe-quiz'), remotesDir });
    const file = path.join(root, 'remotes.json');
    process.env.REMOTES_MANIFEST = file;
    const liveQuiz = async () =>
      ((await (await fetch(`${base}/remotes.json`)).json()) as Record<string, string>).mfe_quiz;

    fs.writeFileSync(file, JSON.stringify({ mfe_quiz: '1.0.0' }));
    expect(await liveQuiz()).toBe('/remotes/mfe-quiz/1.0.0/mf-manifest.json');
    for (const bad of ['{"mfe_quiz": "1.0.0",}', '{"mfe_quiz": "9.9.9"}', '{"mfe_quiz": 1}', '[]']) {
      fs.writeFileSync(file, bad);
      const res = await fetch(`${base}/remotes.json`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as Record<string, string>).mfe_quiz).toBe(
        '/remotes/mfe-quiz/1.0.0/mf-manifest.json',
      );
    }
  });
});
