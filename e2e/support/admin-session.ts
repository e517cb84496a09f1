// Signing in as the dev sign-on's content admin through its real form, and the page's own API calls
// (writes carry the CSRF header the shell's cookie gives): for specs that set up data over HTTP.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page, Response } from '@playwright/test';
import { expect, sharedProduct, test } from './test';

export async function signInAsAdmin(page: Page): Promise<void> {
  const email = process.env.SQ_ADMIN_EMAIL;
  const password = process.env.SQ_ADMIN_PASSWORD;
  test.skip(!email || !password, 'the product printed no dev sign-on login');
  await signInAs(page, email!, password!);
}

/** Signs in through the dev sign-on's form as any admin (e.g. the second admin of a product of one's own). */
export async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await signInThroughForm(page, { email, password });
  await adminShown(page);
}

export interface Login {
  email: string;
  password: string;
}

/** The sign-on's two rate-limited steps (POST /auth/central and its callback). */
const SIGN_IN_STEP = /\/auth\/central(\/callback)?$/;

/**
 * Signs in as a person does: the shell's login button, then the dev sign-on's own form. The sign-on
 * allows SIGN_IN_LIMIT's 20 requests (10 sign-ins) a minute per client address, and every browser
 * test comes from the same address. A step refused with 429 is waited out as its message asks a person
 * to ("try again in a minute", Retry-After seconds), the test's time limit grown by the wait, and the
 * sign-in starts again. Any other failure fails the test as before. `origin`: a product of the
 * spec's own (its page's baseURL is the shared product's).
 */
export async function signInThroughForm(page: Page, who: Login, origin = ''): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    let refusedFor: number | null = null;
    let onRefusal: () => void = () => {};
    const refused = new Promise<'refused'>((resolve) => (onRefusal = () => resolve('refused')));
    const watch = (res: Response) => {
      if (res.status() !== 429 || !SIGN_IN_STEP.test(new URL(res.url()).pathname)) return;
      refusedFor = Number(res.headers()['retry-after'] ?? 60) || 60;
      onRefusal();
    };
    page.on('response', watch);
    try {
      await page.goto(`${origin}/admin`);
      await page.getByRole('button', { name: 'Login with SkillQuiz SSO' }).click();
      const form = page.getByLabel('Email');
      const shown = await Promise.race([
        form.waitFor().then(
          () => 'form' as const,
          () => 'gone' as const, // the page moved on (refused) or closed
        ),
        refused,
      ]);
      if (shown === 'form') {
        await form.fill(who.email);
        await page.getByLabel('Password').fill(who.password);
        const callback = page.waitForResponse((res) =>
          new URL(res.url()).pathname.endsWith('/auth/central/callback'),
        );
        await page.getByRole('button', { name: 'Sign in' }).click();
        await callback;
      }
    } finally {
      page.off('response', watch);
    }
    if (refusedFor === null) return;
    if (attempt === 3) throw new Error(`the sign-on refused ${who.email}'s sign-in three times (429)`);
    const waitMs = (refusedFor + 1) * 1000;
    test.info().setTimeout(test.info().timeout + waitMs + 30_000);
    await page.waitForTimeout(waitMs);
  }
}

/** A dev sign-on login the product printed (SQ_<PREFIX>_EMAIL / _PASSWORD), or null. */
export function devLogin(prefix: string): { email: string; password: string } | null {
  const email = process.env[`SQ_${prefix}_EMAIL`];
  const password = process.env[`SQ_${prefix}_PASSWORD`];
  return email && password ? { email, password } : null;
}

/**
 * A context of its own signed in as `who`, on the page the sign-in lands on (recruiters their
 * candidates, admins the atoms). The first call for a login signs in through the real form
 * (signInThroughForm) and keeps the session's cookies in a file; later calls, from any file of the
 * run, start from that file while the session still answers /api/me, so a run signs each login in
 * about once and stays inside the sign-on's rate limit. Specs about signing in itself use
 * signInThroughForm.
 */
export async function signInNewContext(browser: Browser, who: Login) {
  const { baseURL } = sharedProduct();
  const file = adminSessionFile(`login-${new URL(baseURL).port}-${who.email.replace(/[^\w.-]/g, '_')}`);
  if (fs.existsSync(file)) {
    const context = await browser.newContext({ baseURL, storageState: file });
    const me = await context.request.get('/api/me');
    if (me.ok()) {
      const page = await context.newPage();
      const { role } = (await me.json()) as { role?: string };
      await page.goto(role === 'recruiter' ? '/hiring' : '/admin/atoms');
      return { context, page };
    }
    await context.close();
  }
  const context = await browser.newContext({ baseURL, storageState: undefined });
  const page = await context.newPage();
  await signInThroughForm(page, who);
  // Landed (so the session's cookies are the browser's) before they are kept.
  await expect(page).toHaveURL(/\/(hiring|admin\/atoms)$/);
  await context.storageState({ path: file });
  return { context, page };
}

/**
 * Where a file keeps its admin session: `test.use({ storageState: adminSessionFile('x') })` at its
 * top and `await saveAdminSession(browser, file)` in its beforeAll sign in once for the whole file,
 * and each test's page starts signed in. The sign-on allows 10 sign-ins a minute from one address
 * (SIGN_IN_LIMIT), and files run side by side: a sign-in per test would run into it.
 */
export function adminSessionFile(name: string): string {
  return path.join(process.env.SQ_E2E_OUTPUT_DIR ?? os.tmpdir(), `${name}-admin-session.json`);
}

/** Opens the admin's first page on a session from adminSessionFile (pageApi needs the product's page). */
export async function openAdmin(page: Page): Promise<void> {
  await page.goto('/admin/atoms');
  await adminShown(page);
}

/** The admin's pages are showing (signed in): their navigation is there. */
const adminShown = (page: Page) => expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();

/** Signs in through the real form once and keeps the session's cookies in `file`. */
export async function saveAdminSession(browser: Browser, file: string): Promise<void> {
  // Not from the file itself: it does not exist yet.
  const context = await browser.newContext({ storageState: undefined });
  const page = await context.newPage();
  await signInAsAdmin(page);
  await context.storageState({ path: file });
  await context.close();
}

export async function pageApi<T = any>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = decodeURIComponent(/(?:^|;\s*)CSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body },
  );
}

export const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
