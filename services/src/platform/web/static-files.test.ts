// Compressed, cacheable front-end files, over real HTTP through serveWeb against a temporary repo
// layout holding what a production build writes (each file with its .br and .gz beside it).
// node:http, not fetch: fetch decodes brotli and gzip itself, and these tests need the bytes as sent.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { serveWeb } from './index';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Writes a file and, like the build, its brotli and gzip siblings. Each is replaced by a rename, as a
 * deploy does: rewritten in place, a file the server is still streaming on a kept-alive connection
 * would grow under it and send bytes past its Content-Length.
 */
function writeBuilt(root: string, rel: string, content: string) {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const replace = (target: string, data: string | Buffer) => {
    fs.writeFileSync(`${target}.tmp`, data);
    fs.renameSync(`${target}.tmp`, target);
  };
  replace(file, content);
  replace(`${file}.br`, zlib.brotliCompressSync(content));
  replace(`${file}.gz`, zlib.gzipSync(content));
}

// Big and repetitive enough that a wrong encoding could not pass for the right one by accident.
const CHUNK = `/* chunk */ ${'export const question = "Which keyword declares a constant?";\n'.repeat(200)}`;
const ENTRY = `var mfe_quiz; ${'/* federation container */\n'.repeat(100)}`;
const INDEX =
  '<!doctype html><title>SkillQuiz</title><script defer src="/main.0123456789abcdef.js"></script>';
const CHUNK_PATH = '/remotes/mfe-quiz/123.abcdef0123456789.js';

describe('static files: precompressed, cached, revalidated', () => {
  let root: string;
  let base: string;
  let server: http.Server;
  const savedEnv = process.env.REMOTES_MANIFEST;

  beforeEach(async () => {
    delete process.env.REMOTES_MANIFEST;
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-static-'));
    fs.mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
    fs.writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), INDEX);
    writeBuilt(root, 'shell/dist/main.0123456789abcdef.js', CHUNK);
    writeBuilt(root, 'mfe-quiz/dist/123.abcdef0123456789.js', CHUNK);
    writeBuilt(root, 'mfe-quiz/dist/remoteEntry.js', ENTRY);
    writeBuilt(root, 'mfe-quiz/dist/mf-manifest.json', '{"name":"mfe_quiz","exposes":[]}'.padEnd(2000));
    const app = new Koa();
    // An earlier middleware's Vary must survive (the app's CORS or security layers may add one).
    app.use(async (ctx, next) => {
      ctx.vary('Origin');
      await next();
    });
    app.use(serveWeb({ repoRoot: root }));
    // Stand-in for the API mounted after serveWeb: its replies must not be touched.
    app.use(async (ctx, next) => {
      if (ctx.path !== '/api/thing') return next();
      ctx.body = { success: true };
    });
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

  it('sends a hashed chunk as brotli that decodes to the original, varying on Accept-Encoding, cached immutably', async () => {
    const res = await get(`${base}${CHUNK_PATH}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers.vary).toMatch(/Origin/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(CHUNK.length / 10);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(CHUNK);
  });

  it('sends gzip to a browser without brotli, and the file itself to one that accepts neither', async () => {
    const gz = await get(`${base}${CHUNK_PATH}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(CHUNK);

    const plain = await get(`${base}${CHUNK_PATH}`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(CHUNK);

    // br refused with q=0 falls back to gzip.
    const noBr = await get(`${base}${CHUNK_PATH}`, { 'accept-encoding': 'br;q=0, gzip' });
    expect(noBr.headers['content-encoding']).toBe('gzip');
  });

  it('compresses the shell files too, with the same headers', async () => {
    const res = await get(`${base}/main.0123456789abcdef.js`, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toMatch(/immutable/);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(CHUNK);
  });

  it('revalidates remoteEntry.js and mf-manifest.json: no-cache, an ETag per encoding, 304 when unchanged', async () => {
    for (const file of ['remoteEntry.js', 'mf-manifest.json']) {
      const url = `${base}/remotes/mfe-quiz/${file}`;
      const br = await get(url, { 'accept-encoding': 'br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers['access-control-allow-origin']).toBe('*');
      const etag = br.headers.etag;
      expect(etag).toBeTruthy();

      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(etag) });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);

      // The identity representation is another entity: its own ETag, and the brotli one does not match it.
      const plain = await get(url, { 'accept-encoding': 'identity', 'if-none-match': String(etag) });
      expect(plain.status).toBe(200);
      expect(plain.headers.etag).toBeTruthy();
      expect(plain.headers.etag).not.toBe(etag);
    }
  });

  it('answers 200 with a new ETag once remoteEntry.js changes', async () => {
    const url = `${base}/remotes/mfe-quiz/remoteEntry.js`;
    const first = await get(url, { 'accept-encoding': 'br' });
    writeBuilt(root, 'mfe-quiz/dist/remoteEntry.js', `${ENTRY}/* v2: a longer file */`);
    const after = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(zlib.brotliDecompressSync(after.body).toString()).toMatch(/v2/);
  });

  it('revalidates index.html (the SPA fallback) and remotes.json with an ETag and 304', async () => {
    for (const [p, accept] of [
      ['/quiz/abc/question/1', 'text/html'],
      ['/', 'text/html'],
      ['/remotes.json', 'application/json'],
    ]) {
      const first = await get(`${base}${p}`, { accept });
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers.etag).toBeTruthy();
      const again = await get(`${base}${p}`, { accept, 'if-none-match': String(first.headers.etag) });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    }
    const html = await get(`${base}/admin`, { accept: 'text/html' });
    expect(html.body.toString()).toBe(INDEX);

    // remotes.json follows REMOTES_MANIFEST: once it says something else, the old ETag no longer matches.
    const before = await get(`${base}/remotes.json`);
    process.env.REMOTES_MANIFEST = '{"mfe_quiz":"http://localhost:3101/mf-manifest.json"}';
    const moved = await get(`${base}/remotes.json`, { 'if-none-match': String(before.headers.etag) });
    expect(moved.status).toBe(200);
    expect(JSON.parse(moved.body.toString()).mfe_quiz).toBe('http://localhost:3101/mf-manifest.json');
  });

  it('sends the file itself once it is newer than its .br and .gz (edited after the build)', async () => {
    // An operator edits a published manifest in place (or copies a version folder and rewrites it):
    // the compressed siblings still hold the old bytes and must not be served in its stead.
    const file = path.join(root, 'mfe-quiz', 'dist', 'mf-manifest.json');
    const edited = '{"name":"mfe_quiz","exposes":[],"metaData":{"contractVersion":99}}';
    fs.writeFileSync(file, edited);
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(`${file}.br`, past, past);
    fs.utimesSync(`${file}.gz`, past, past);
    const res = await get(`${base}/remotes/mfe-quiz/mf-manifest.json`, { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(edited);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it('sends the file itself when its siblings hold other bytes, even with the same mtime', async () => {
    // A version folder copied and its manifest rewritten within one clock tick: the times are equal,
    // the contents are not.
    const file = path.join(root, 'mfe-quiz', 'dist', 'remoteEntry.js');
    const edited = 'var mfe_quiz = "edited in place";';
    fs.writeFileSync(`${file}.tmp`, edited);
    fs.renameSync(`${file}.tmp`, file);
    const same = new Date(Math.floor(Date.now() / 1000) * 1000);
    for (const f of [file, `${file}.br`, `${file}.gz`]) fs.utimesSync(f, same, same);
    for (const encoding of ['br', 'gzip']) {
      const res = await get(`${base}/remotes/mfe-quiz/remoteEntry.js`, { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.toString()).toBe(edited);
    }
  });

  it('leaves API replies alone and answers HEAD without a body', async () => {
    const api = await get(`${base}/api/thing`, { 'accept-encoding': 'br' });
    expect(api.status).toBe(200);
    expect(api.headers.etag).toBeUndefined();
    expect(api.headers['content-encoding']).toBeUndefined();

    const head = await get(`${base}${CHUNK_PATH}`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });
});
