// Server-side sessions and session-bound CSRF tokens, over real HTTP: the services and the dev
// sign-on as child processes, a cookie-keeping client, and the database read through the driver.
import { MongoClient } from 'mongodb';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Browser, jsonCall, signIn, startAdminStack, type AdminStack } from './helpers/admin-session';
import { startServices } from './helpers/stack';

jest.setTimeout(120_000);

/** Short enough to wait out in a test; long enough for a sign-in on a loaded machine. */
const IDLE_SECONDS = 6;

let env: AdminStack;
let client: MongoClient;
beforeAll(async () => {
  env = await startAdminStack({ SESSION_IDLE_MINUTES: String(IDLE_SECONDS / 60) });
  client = await MongoClient.connect(env.stack.mongoUri);
});
afterAll(async () => {
  await client?.close();
  await env?.stop();
});

const url = (p: string) => `${env.baseUrl}${p}`;
const SESSION = 'skillquiz.sess';

/** The Cookie header a browser would send now: what an attacker who copied it can replay. */
function savedCookies(browser: Browser): string {
  return [SESSION, `${SESSION}.sig`, 'CSRF-TOKEN', 'CSRF-TOKEN.sig']
    .map((name) => [name, browser.cookie(env.baseUrl, name)])
    .filter(([, v]) => v)
    .map(([name, v]) => `${name}=${v}`)
    .join('; ');
}

describe('logout ends the session on the server', () => {
  it('a cookie saved before /logout no longer reads /me nor writes atoms', async () => {
    const browser = new Browser();
    await signIn(browser, env.baseUrl, env.provider.admin);
    const cookie = savedCookies(browser);
    const csrf = browser.cookie(env.baseUrl, 'CSRF-TOKEN')!;
    expect((await fetch(url('/me'), { headers: { cookie } })).status).toBe(200);

    const out = await browser.fetch(url('/logout'));
    expect(out.status).toBe(302);

    const me = await fetch(url('/me'), { headers: { cookie } });
    expect(me.status).toBe(401);
    const write = await fetch(url('/api/atoms'), {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify({ id: 'after-logout', name: 'Written after logout' }),
    });
    expect(write.status).toBe(401);
    expect(
      await client
        .db()
        .collection('atoms')
        .findOne({ _id: 'after-logout' as never }),
    ).toBeNull();
  });
});

describe('the session cookie', () => {
  it('holds only an opaque id; the database keeps the data under a hash of it, with a TTL index', async () => {
    const browser = new Browser();
    await signIn(browser, env.baseUrl, env.provider.admin);
    const id = browser.cookie(env.baseUrl, SESSION)!;
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // 32 random bytes: neither the cookie nor what it decodes to carries who signed in (any single
    // byte, such as '@', turns up in random bytes one time in eight, so look for the email itself).
    const { email } = env.provider.admin;
    expect(id).not.toContain(email.split('@')[0]);
    expect(Buffer.from(id, 'base64url').toString('latin1')).not.toContain(email);

    const sessions = client.db().collection('sessions');
    expect(await sessions.findOne({ _id: id as never })).toBeNull();
    const stored = await sessions.find({ 'data.user.email': env.provider.admin.email }).toArray();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((s) => s.expires_at instanceof Date)).toBe(true);
    const indexes = await sessions.listIndexes().toArray();
    expect(indexes).toContainEqual(
      expect.objectContaining({ key: { expires_at: 1 }, expireAfterSeconds: 0 }),
    );
  });

  it('gets a new id at sign-in: the id from before the sign-in is gone', async () => {
    const browser = new Browser();
    await (await browser.fetch(url('/admin'))).arrayBuffer();
    // Starting a sign-in creates a session (it holds the pending login); keep its id.
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
    const before = browser.cookie(env.baseUrl, SESSION);
    expect(before).toBeDefined();
    const beforeSig = browser.cookie(env.baseUrl, `${SESSION}.sig`);

    await signIn(browser, env.baseUrl, env.provider.admin);
    const after = browser.cookie(env.baseUrl, SESSION);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect((await browser.fetch(url('/me'))).status).toBe(200);
    const old = await fetch(url('/me'), {
      headers: { cookie: `${SESSION}=${before}; ${SESSION}.sig=${beforeSig}` },
    });
    expect(old.status).toBe(401);
  });

  it(`ends after ${IDLE_SECONDS} s without a request (SESSION_IDLE_MINUTES), and activity keeps it alive`, async () => {
    const browser = new Browser();
    await signIn(browser, env.baseUrl, env.provider.admin);
    // Active: a request every IDLE/3 s for longer than the idle timeout.
    const activeUntil = Date.now() + IDLE_SECONDS * 1500;
    while (Date.now() < activeUntil) {
      expect((await browser.fetch(url('/me'))).status).toBe(200);
      await new Promise((r) => setTimeout(r, (IDLE_SECONDS * 1000) / 3));
    }
    // Idle: past the timeout the session is gone.
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000 + 1500));
    expect((await browser.fetch(url('/me'))).status).toBe(401);
  });
});

describe('the CSRF token is bound to the session', () => {
  it('refuses, on an admin session, a CSRF pair handed to an anonymous visitor', async () => {
    const anonymous = new Browser();
    await (await anonymous.fetch(url('/admin'))).arrayBuffer();
    const anonToken = anonymous.cookie(env.baseUrl, 'CSRF-TOKEN')!;
    const anonSig = anonymous.cookie(env.baseUrl, 'CSRF-TOKEN.sig')!;
    expect(anonToken).toBeDefined();

    const admin = new Browser();
    await signIn(admin, env.baseUrl, env.provider.admin);
    const session = `${SESSION}=${admin.cookie(env.baseUrl, SESSION)}; ${SESSION}.sig=${admin.cookie(env.baseUrl, `${SESSION}.sig`)}`;
    const res = await fetch(url('/api/atoms'), {
      method: 'POST',
      headers: {
        cookie: `${session}; CSRF-TOKEN=${anonToken}; CSRF-TOKEN.sig=${anonSig}`,
        'content-type': 'application/json',
        'x-csrf-token': anonToken,
      },
      body: JSON.stringify({ id: 'planted-csrf', name: 'Planted' }),
    });
    expect(res.status).toBe(403);
    expect(
      await client
        .db()
        .collection('atoms')
        .findOne({ _id: 'planted-csrf' as never }),
    ).toBeNull();

    // The session's own token, as the admin front end sends it, is accepted.
    const own = await admin.fetch(
      url('/api/atoms'),
      jsonCall(admin, env.baseUrl, 'POST', { id: 'own-csrf', name: 'Own token' }),
    );
    expect(own.status).toBe(201);
  });

  it('a page load restores the session token in the CSRF cookie when the browser lost it', async () => {
    const admin = new Browser();
    await signIn(admin, env.baseUrl, env.provider.admin);
    const token = admin.cookie(env.baseUrl, 'CSRF-TOKEN');
    const page = await fetch(url('/admin/atoms'), {
      headers: {
        cookie: `${SESSION}=${admin.cookie(env.baseUrl, SESSION)}; ${SESSION}.sig=${admin.cookie(env.baseUrl, `${SESSION}.sig`)}`,
      },
    });
    const set = page.headers.getSetCookie().find((c) => c.startsWith('CSRF-TOKEN='));
    expect(set?.startsWith(`CSRF-TOKEN=${token};`)).toBe(true);
  });

  it("the shell's scripts and manifest set no cookie (a page does): shared caches keep them", async () => {
    const page = await fetch(url('/admin/atoms'));
    expect(page.headers.getSetCookie().some((c) => c.startsWith('CSRF-TOKEN='))).toBe(true);
    // What the shell's build names its files; answered with or without a build, never with a cookie.
    for (const file of ['/main.0123456789abcdef.js', '/540.0123456789abcdef.js', '/mf-manifest.json']) {
      const res = await fetch(url(file));
      await res.arrayBuffer();
      expect({ file, cookies: res.headers.getSetCookie() }).toEqual({ file, cookies: [] });
    }
  });
});

describe('a second services process on the same database', () => {
  it('reads the sessions the first one issued, and a logout on either ends them for both', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-second-'));
    const second = await startServices(env.stack.mongoUri, dir, {
      SESSION_SECRET: 'test-session-secret-0123456789-abcdefghij',
      ADMIN_EMAILS: env.provider.admin.email,
    });
    try {
      // Same host, another port: the browser sends the same cookies to both (cookies ignore ports).
      const other = (p: string) => `${second.baseUrl}${p}`;
      const browser = new Browser();
      await signIn(browser, env.baseUrl, env.provider.admin);
      expect((await browser.fetch(other('/me'))).status).toBe(200);
      const write = await browser.fetch(
        other('/api/atoms'),
        jsonCall(browser, second.baseUrl, 'POST', { id: 'second-process', name: 'Written via the second' }),
      );
      expect(write.status).toBe(201);
      const cookie = savedCookies(browser);
      expect((await browser.fetch(other('/logout'))).status).toBe(302);
      expect((await fetch(url('/me'), { headers: { cookie } })).status).toBe(401);
      expect((await fetch(other('/me'), { headers: { cookie } })).status).toBe(401);
    } finally {
      await second.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
