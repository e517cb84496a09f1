// The central sign-on over real HTTP: the services and the local dev OpenID provider as child
// processes, a cookie-keeping client that fills in the provider's login form like a person.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Browser, jsonCall, signIn, startAdminStack, type AdminStack } from './helpers/admin-session';
import { startStack } from './helpers/stack';

jest.setTimeout(90_000);

let env: AdminStack;
beforeAll(async () => {
  env = await startAdminStack();
});
afterAll(async () => {
  await env?.stop();
});

const url = (p: string) => `${env.baseUrl}${p}`;

describe('sign-in round trip', () => {
  it('signs the dev admin in through the login form and lands on /admin/atoms with a session', async () => {
    const browser = new Browser();
    const result = await signIn(browser, env.baseUrl, env.provider.admin);

    // The browser went to the provider (authorization request with PKCE S256, state and nonce),
    // saw its login form, and came back through the callback to /admin/atoms.
    const authRequest = new URL(result.visited.find((u) => u.startsWith(`${env.provider.issuer}/auth?`))!);
    expect(authRequest.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authRequest.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authRequest.searchParams.get('state')).toBeTruthy();
    expect(authRequest.searchParams.get('nonce')).toBeTruthy();
    expect(authRequest.searchParams.get('redirect_uri')).toBe(url('/auth/central/callback'));
    expect(result.loginPage).toMatch(/<label for="email">Email<\/label>/);
    expect(result.loginPage).toMatch(/<label for="password">Password<\/label>/);
    expect(result.visited.some((u) => u.startsWith(url('/auth/central/callback?')))).toBe(true);
    expect(result.finalUrl).toBe(url('/admin/atoms'));

    const me = await browser.fetch(url('/me'));
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      email: env.provider.admin.email,
      name: 'Dev Admin',
      isAdmin: true,
      role: 'admin',
      company: null,
    });
  });

  it('issues an httpOnly, sameSite=lax, signed session cookie', async () => {
    const browser = new Browser();
    await (await browser.fetch(url('/admin'))).arrayBuffer();
    const token = browser.cookie(env.baseUrl, 'CSRF-TOKEN')!;
    const start = await browser.follow(
      url('/auth/central'),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ authenticity_token: token }).toString(),
      },
      (u) => u.origin !== new URL(env.baseUrl).origin,
    );
    expect(start.res.status).toBe(303);
    const setCookies = start.res.headers.getSetCookie();
    const session = setCookies.find((c) => c.startsWith('skillquiz.sess='));
    expect(session).toMatch(/httponly/i);
    expect(session).toMatch(/samesite=lax/i);
    expect(setCookies.some((c) => c.startsWith('skillquiz.sess.sig='))).toBe(true);
  });

  it('rejects a wrong password at the provider and stays on its login form', async () => {
    const browser = new Browser();
    const result = await signIn(browser, env.baseUrl, {
      email: env.provider.admin.email,
      password: 'wrong-password',
    });
    expect(result.finalStatus).toBe(401);
    expect(result.finalBody).toMatch(/role="alert">Wrong email or password/);
    expect(new URL(result.finalUrl).origin).toBe(env.provider.issuer);
    const again = await browser.fetch(result.finalUrl.replace(/\/login$/, ''));
    expect(await again.text()).toMatch(/<form method="post"/);
    expect((await browser.fetch(url('/me'))).status).toBe(401);
  });

  it('gives a signed-in non-admin 403 on /me', async () => {
    const browser = new Browser();
    const result = await signIn(browser, env.baseUrl, env.provider.user);
    expect(result.finalUrl).toBe(url('/admin/atoms'));
    const me = await browser.fetch(url('/me'));
    expect(me.status).toBe(403);
    expect(await me.json()).toEqual({
      success: false,
      message: `Signed in as ${env.provider.user.email}: neither an admin nor a recruiter of a company`,
    });
  });

  it('logout ends the session and redirects to /admin', async () => {
    const browser = new Browser();
    await signIn(browser, env.baseUrl, env.provider.admin);
    expect((await browser.fetch(url('/me'))).status).toBe(200);
    const out = await browser.fetch(url('/logout'));
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/admin');
    const me = await browser.fetch(url('/me'));
    expect(me.status).toBe(401);
    expect(await me.json()).toEqual({ success: false, message: expect.stringMatching(/^Not signed in/) });
  });
});

describe('logout refuses cross-site requests', () => {
  // One sign-in for the whole case: sign-in attempts are rate limited per client address.
  it('403 JSON when the headers prove another site sent it (the session stays); our own page logs out', async () => {
    const browser = new Browser();
    await signIn(browser, env.baseUrl, env.provider.admin);
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' }, // an <img src="/logout"> on another site
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
    ];
    for (const headers of crossSite) {
      const out = await browser.fetch(url('/logout'), { headers });
      expect([headers, out.status]).toEqual([headers, 403]);
      expect(await out.json()).toEqual({ success: false, message: expect.stringMatching(/another site/) });
      expect((await browser.fetch(url('/me'))).status).toBe(200);
    }
    const out = await browser.fetch(url('/logout'), {
      headers: { 'sec-fetch-site': 'same-origin', referer: url('/admin/atoms') },
    });
    expect(out.status).toBe(302);
    expect((await browser.fetch(url('/me'))).status).toBe(401);
  });
});

describe('the login form post needs the CSRF token', () => {
  it('sets a script-readable CSRF-TOKEN cookie on page loads and /me', async () => {
    const browser = new Browser();
    const page = await browser.fetch(url('/admin'));
    const cookie = page.headers.getSetCookie().find((c) => c.startsWith('CSRF-TOKEN='));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    const other = new Browser();
    await other.fetch(url('/me'));
    expect(other.cookie(env.baseUrl, 'CSRF-TOKEN')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    ['no token', undefined],
    ['a wrong token', 'x'.repeat(43)],
  ])('POST /auth/central with %s → 403 and no redirect to the provider', async (_name, token) => {
    const browser = new Browser();
    await browser.fetch(url('/admin'));
    const res = await browser.fetch(url('/auth/central'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: token === undefined ? '' : new URLSearchParams({ authenticity_token: token }).toString(),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.json()).toEqual({
      success: false,
      message: expect.stringMatching(/authenticity_token/),
    });
  });

  it('refuses a token copied into a browser that lacks the signed cookie', async () => {
    const victim = new Browser();
    await victim.fetch(url('/admin'));
    const attacker = new Browser();
    const res = await attacker.fetch(url('/auth/central'), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `CSRF-TOKEN=${victim.cookie(env.baseUrl, 'CSRF-TOKEN')}`,
      },
      body: new URLSearchParams({ authenticity_token: victim.cookie(env.baseUrl, 'CSRF-TOKEN')! }).toString(),
    });
    expect(res.status).toBe(403);
  });
});

describe('the callback', () => {
  it('refuses a callback that this browser did not start (400, no session)', async () => {
    const browser = new Browser();
    const res = await browser.fetch(url('/auth/central/callback?code=abc&state=def'));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message: expect.stringMatching(/^Sign-in failed/) });
    expect((await browser.fetch(url('/me'))).status).toBe(401);
  });

  it('refuses a callback whose state does not match (400, no session)', async () => {
    const browser = new Browser();
    await browser.fetch(url('/admin'));
    await browser.follow(
      url('/auth/central'),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          authenticity_token: browser.cookie(env.baseUrl, 'CSRF-TOKEN')!,
        }).toString(),
      },
      (u) => u.origin !== new URL(env.baseUrl).origin,
    );
    const res = await browser.fetch(url('/auth/central/callback?code=forged&state=forged'));
    expect(res.status).toBe(400);
    expect((await browser.fetch(url('/me'))).status).toBe(401);
  });
});

describe('without the dev sign-on', () => {
  it('the dev provider refuses to start with NODE_ENV=production', () => {
    const run = spawnSync(
      process.execPath,
      [path.resolve(__dirname, '..', 'dist', 'platform', 'auth', 'dev-provider.js')],
      {
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          PUBLIC_URL: 'http://127.0.0.1:1',
          DEV_SIGNON_PORT: '0',
        },
        encoding: 'utf8',
        timeout: 20_000,
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/refuses to run with NODE_ENV=production/);
    expect(run.stdout).not.toMatch(/listening on/);
  });

  it('POST /auth/central answers 503 naming the settings when no sign-on is configured', async () => {
    const plain = await startStack();
    try {
      const browser = new Browser();
      await browser.fetch(`${plain.baseUrl}/admin`);
      const res = await browser.fetch(`${plain.baseUrl}/auth/central`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          authenticity_token: browser.cookie(plain.baseUrl, 'CSRF-TOKEN')!,
        }).toString(),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ success: false, message: expect.stringMatching(/OIDC_ISSUER/) });
    } finally {
      await plain.stop();
    }
  });
});

describe('rate limits', () => {
  it('admin calls carry rate-limit headers that count down', async () => {
    const browser = new Browser();
    await signIn(browser, env.baseUrl, env.provider.admin);
    const a = await browser.fetch(url('/api/atoms'), jsonCall(browser, env.baseUrl, 'GET'));
    const b = await browser.fetch(url('/api/atoms'), jsonCall(browser, env.baseUrl, 'GET'));
    expect(a.status).toBe(200);
    expect(Number(b.headers.get('x-ratelimit-remaining'))).toBe(
      Number(a.headers.get('x-ratelimit-remaining')) - 1,
    );
  });

  // Last: it spends this client's sign-in budget.
  it('sign-in attempts beyond the limit get 429', async () => {
    const browser = new Browser();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await browser.fetch(url('/auth/central'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
    expect(statuses.slice(-1)[0]).toBe(429);
    const last = await browser.fetch(url('/auth/central'), { method: 'POST', body: '' });
    expect(await last.json()).toEqual({
      success: false,
      message: expect.stringMatching(/Too many sign-in attempts/),
    });
  });
});
