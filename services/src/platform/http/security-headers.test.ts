// The security headers over real HTTP: the CSP follows the remotes manifest and LOGO_ORIGINS,
// HSTS only in production, remote files may be loaded cross-origin, API replies are never cached.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { remoteOrigins } from '../web/remotes-manifest';
import { securityHeaders, type SecurityHeaderOptions } from './security-headers';

type TestConfig = SecurityHeaderOptions['config'];
const devConfig: TestConfig = {
  isProduction: false,
  logoOrigins: ['https://logos.example'],
  oidc: { issuer: 'http://127.0.0.1:4000/oidc' },
};

async function start(config: TestConfig) {
  const app = new Koa();
  app.use(securityHeaders({ config, remoteOrigins: () => remoteOrigins() }));
  app.use((ctx) => {
    // Under /assets/ a file of the type its extension says, as the static files are sent.
    const asset = /^\/assets\/.+\.(\w+)$/.exec(ctx.path);
    if (asset) {
      ctx.type = asset[1];
      ctx.body = 'x';
    } else ctx.body = ctx.path.startsWith('/api') ? { success: true } : '<!doctype html><title>x</title>';
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** 'script-src' -> its sources, from a Content-Security-Policy header. */
function parseCsp(header: string | null): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

describe('securityHeaders', () => {
  let dir: string;
  const savedEnv = process.env.REMOTES_MANIFEST;
  beforeEach(() => {
    delete process.env.REMOTES_MANIFEST;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-csp-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (savedEnv === undefined) delete process.env.REMOTES_MANIFEST;
    else process.env.REMOTES_MANIFEST = savedEnv;
  });

  it('allows scripts from this site only, never inline or eval, on every response', async () => {
    const srv = await start(devConfig);
    try {
      for (const p of ['/', '/quiz/abc', '/api/x', '/remotes/mfe-quiz/remoteEntry.js']) {
        const res = await fetch(`${srv.base}${p}`);
        const csp = parseCsp(res.headers.get('content-security-policy'));
        expect(csp['script-src']).toEqual(["'self'"]);
        expect(csp['script-src-attr']).toEqual(["'none'"]);
        expect(csp['default-src']).toEqual(["'self'"]);
        expect(csp['object-src']).toEqual(["'none'"]);
        expect(csp['frame-ancestors']).toEqual(["'none'"]);
        expect(csp['connect-src']).toEqual(["'self'"]);
        expect(csp['img-src']).toEqual(["'self'", 'data:', 'https://logos.example']);
        expect(csp['form-action']).toEqual(["'self'", 'http://127.0.0.1:4000']);
        expect(csp['upgrade-insecure-requests']).toBeUndefined();
        expect(res.headers.get('strict-transport-security')).toBeNull();
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('referrer-policy')).toBe('same-origin');
        expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      }
    } finally {
      await srv.close();
    }
  });

  it("leaves the document-only headers off a page's scripts, styles, fonts and pictures, not off a worker's script", async () => {
    const srv = await start(devConfig);
    const documentOnly = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    try {
      for (const p of [
        '/assets/main.0123abcd.js',
        '/assets/app.css',
        '/assets/font.woff2',
        '/assets/logo.png',
      ]) {
        const res = await fetch(`${srv.base}${p}`);
        expect(res.status).toBe(200);
        for (const name of documentOnly) expect([p, name, res.headers.get(name)]).toEqual([p, name, null]);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBe('same-origin');
        expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      }
      // A worker runs under the policy its script comes with; an SVG may be opened as a page.
      const worker = await fetch(`${srv.base}/assets/worker.0123abcd.js`, {
        headers: { 'Sec-Fetch-Dest': 'worker' },
      });
      const svg = await fetch(`${srv.base}/assets/picture.svg`);
      const page = await fetch(`${srv.base}/quiz/abc`);
      for (const res of [worker, svg, page]) {
        for (const name of documentOnly) expect(res.headers.get(name)).not.toBeNull();
        expect(parseCsp(res.headers.get('content-security-policy'))['script-src']).toEqual(["'self'"]);
      }
    } finally {
      await srv.close();
    }
  });

  it('lets remote files be loaded cross-origin and keeps API replies out of caches', async () => {
    const srv = await start(devConfig);
    try {
      const remote = await fetch(`${srv.base}/remotes/mfe-quiz/remoteEntry.js`);
      expect(remote.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      const page = await fetch(`${srv.base}/admin`);
      expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(page.headers.get('cache-control')).toBeNull();
      const api = await fetch(`${srv.base}/api/x`);
      expect(api.headers.get('cache-control')).toBe('no-store');
    } finally {
      await srv.close();
    }
  });

  it('adds the origin of a remote the manifest moves elsewhere, and drops it when it moves back', async () => {
    const file = path.join(dir, 'remotes.json');
    fs.writeFileSync(
      file,
      JSON.stringify({ mfe_demo: 'https://cdn.example:8443/demo/1.2.0/mf-manifest.json' }),
    );
    process.env.REMOTES_MANIFEST = file;
    const srv = await start(devConfig);
    try {
      let csp = parseCsp((await fetch(`${srv.base}/`)).headers.get('content-security-policy'));
      for (const d of ['script-src', 'style-src', 'connect-src', 'img-src', 'font-src']) {
        expect(csp[d]).toContain('https://cdn.example:8443');
      }
      expect(csp['form-action']).not.toContain('https://cdn.example:8443');
      expect(csp['object-src']).toEqual(["'none'"]);

      fs.writeFileSync(file, JSON.stringify({ mfe_demo: '1.2.0' })); // a version served here again
      csp = parseCsp((await fetch(`${srv.base}/`)).headers.get('content-security-policy'));
      expect(csp['script-src']).toEqual(["'self'"]);
    } finally {
      await srv.close();
    }
  });

  it("lets a remote's dev server (npm run dev) open its live-reload socket in development only", async () => {
    // CSP 3: an http: source does not match ws:, so the dev loop's ws://<host>:<port>/ws needs its own entry.
    process.env.REMOTES_MANIFEST = JSON.stringify({ mfe_quiz: 'http://localhost:3101/mf-manifest.json' });
    for (const isProduction of [false, true]) {
      const srv = await start({ ...devConfig, isProduction });
      try {
        const csp = parseCsp((await fetch(`${srv.base}/`)).headers.get('content-security-policy'));
        expect(csp['connect-src']).toContain('http://localhost:3101');
        if (isProduction) expect(csp['connect-src']).not.toContain('ws://localhost:3101');
        else expect(csp['connect-src']).toContain('ws://localhost:3101');
        expect(csp['script-src']).not.toContain('ws://localhost:3101');
      } finally {
        await srv.close();
      }
    }
  });

  it('sends HSTS and upgrades insecure requests only in production', async () => {
    const srv = await start({ ...devConfig, isProduction: true });
    try {
      const res = await fetch(`${srv.base}/`);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(parseCsp(res.headers.get('content-security-policy'))['upgrade-insecure-requests']).toEqual([]);
    } finally {
      await srv.close();
    }
  });
});
