// serveWeb over real HTTP against a temporary repo layout.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { serveWeb } from './index';
import { readRemotesManifest } from './remotes-manifest';

function write(root: string, rel: string, content: string) {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

async function start(repoRoot: string, opts: { remotes?: Record<string, string> } = {}) {
  const app = new Koa();
  app.use(serveWeb({ repoRoot, ...opts }));
  // Stand-in for the API mounted after serveWeb.
  app.use(async (ctx, next) => {
    if (ctx.path === '/me') {
      ctx.status = 401;
      ctx.body = { success: false, message: 'Not signed in' };
      return;
    }
    if (ctx.path === '/api/known') {
      ctx.body = { success: true };
      return;
    }
    await next();
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('serveWeb', () => {
  let root: string;
  let srv: Awaited<ReturnType<typeof start>>;
  const savedEnv = process.env.REMOTES_MANIFEST;

  beforeEach(async () => {
    delete process.env.REMOTES_MANIFEST;
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-web-'));
    write(root, 'shell/dist/index.html', '<!doctype html><title>SkillQuiz</title>');
    write(root, 'shell/dist/main.0123456789abcdef.js', 'console.log(1)');
    write(root, 'mfe-quiz/dist/mf-manifest.json', '{"name":"mfe_quiz"}');
    write(root, 'mfe-quiz/dist/remoteEntry.js', 'var mfe_quiz;');
    write(root, 'mfe-quiz/dist/123.abcdef0123456789.js', 'chunk');
    write(root, 'services/public/assets/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    srv = await start(root);
  });
  afterEach(async () => {
    await srv.close();
    fs.rmSync(root, { recursive: true, force: true });
    if (savedEnv === undefined) delete process.env.REMOTES_MANIFEST;
    else process.env.REMOTES_MANIFEST = savedEnv;
  });

  it('serves the remotes manifest with no-cache', async () => {
    const res = await fetch(`${srv.base}/remotes.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({
      mfe_quiz: '/remotes/mfe-quiz/mf-manifest.json',
      mfe_demo: '/remotes/mfe-demo/mf-manifest.json',
      mfe_admin_atoms: '/remotes/mfe-admin-atoms/mf-manifest.json',
      mfe_admin_questions: '/remotes/mfe-admin-questions/mf-manifest.json',
      mfe_hiring: '/remotes/mfe-hiring/mf-manifest.json',
    });
  });

  it('lets REMOTES_MANIFEST (inline JSON or a file) move a remote, read per request', async () => {
    process.env.REMOTES_MANIFEST = '{"mfe_demo":"https://cdn.example/demo/mf-manifest.json"}';
    let body = (await (await fetch(`${srv.base}/remotes.json`)).json()) as Record<string, string>;
    expect(body.mfe_demo).toBe('https://cdn.example/demo/mf-manifest.json');
    expect(body.mfe_quiz).toBe('/remotes/mfe-quiz/mf-manifest.json');

    const file = path.join(root, 'remotes.json');
    fs.writeFileSync(file, '{"mfe_quiz":"/elsewhere/mf-manifest.json"}');
    process.env.REMOTES_MANIFEST = file;
    body = (await (await fetch(`${srv.base}/remotes.json`)).json()) as Record<string, string>;
    expect(body.mfe_quiz).toBe('/elsewhere/mf-manifest.json');
  });

  it('reports a broken REMOTES_MANIFEST clearly', () => {
    expect(readRemotesManifest({}, '{nope')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/REMOTES_MANIFEST/),
    });
    expect(readRemotesManifest({}, '{"a": 1}')).toMatchObject({ ok: false });
    expect(readRemotesManifest({ mfe_quiz: '/x' }, undefined)).toMatchObject({
      ok: true,
      remotes: { mfe_quiz: '/x' },
    });
  });

  it('serves a remote from its own path with the right cache and CORS headers', async () => {
    const manifest = await fetch(`${srv.base}/remotes/mfe-quiz/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    const entry = await fetch(`${srv.base}/remotes/mfe-quiz/remoteEntry.js`);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const chunk = await fetch(`${srv.base}/remotes/mfe-quiz/123.abcdef0123456789.js`);
    expect(chunk.headers.get('cache-control')).toMatch(/immutable/);
    expect((await fetch(`${srv.base}/remotes/mfe-quiz/missing.js`)).status).toBe(404);
    expect((await fetch(`${srv.base}/remotes/not-a-remote/mf-manifest.json`)).status).toBe(404);
    expect((await fetch(`${srv.base}/remotes/mfe-quiz/..%2f..%2fshell/dist/index.html`)).status).not.toBe(
      200,
    );
  });

  it('serves public assets and the shell files', async () => {
    expect((await fetch(`${srv.base}/assets/logo.svg`)).status).toBe(200);
    const js = await fetch(`${srv.base}/main.0123456789abcdef.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toMatch(/immutable/);
  });

  it('falls back to the shell index for page reads, never for API paths', async () => {
    for (const p of ['/', '/quiz/abc/question/1', '/admin/atoms', '/404', '/some/unknown']) {
      const res = await fetch(`${srv.base}${p}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>SkillQuiz</title>');
    }
    const me = await fetch(`${srv.base}/me`, { headers: { accept: 'text/html' } });
    expect(me.status).toBe(401);
    expect((await fetch(`${srv.base}/api/nothing`, { headers: { accept: 'text/html' } })).status).toBe(404);
    expect((await fetch(`${srv.base}/api/known`)).status).toBe(200);
    // A JSON client asking for an unknown path gets a plain 404, not HTML.
    expect((await fetch(`${srv.base}/whatever`, { headers: { accept: 'application/json' } })).status).toBe(
      404,
    );
  });

  it('says to build when the shell is not built', async () => {
    fs.rmSync(path.join(root, 'shell', 'dist'), { recursive: true });
    const res = await fetch(`${srv.base}/admin`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(503);
    expect(await res.text()).toMatch(/npm run build/);
  });
});
