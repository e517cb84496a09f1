// Signing in as the dev sign-on's content admin through its real form, and the page's own API calls
// (writes carry the CSRF header the shell's cookie gives): for specs that set up data over HTTP.
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, sharedProduct, test } from './test';

export async function signInAsAdmin(page: Page): Promise<void> {
  const email = process.env.SQ_ADMIN_EMAIL;
  const password = process.env.SQ_ADMIN_PASSWORD;
  test.skip(!email || !password, 'the product printed no dev sign-on login');
  await signInAs(page, email!, password!);
}

/** Signs in through the dev sign-on's form as any admin (e.g. the second admin of a product of one's own). */
export async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Login with SkillQuiz SSO' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await adminShown(page);
}

/** A dev sign-on login the product printed (SQ_<PREFIX>_EMAIL / _PASSWORD), or null. */
export function devLogin(prefix: string): { email: string; password: string } | null {
  const email = process.env[`SQ_${prefix}_EMAIL`];
  const password = process.env[`SQ_${prefix}_PASSWORD`];
  return email && password ? { email, password } : null;
}

/** Signs in through the shell's login form and the dev sign-on's own form, in a context of its own. */
export async function signInNewContext(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL: sharedProduct().baseURL });
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Login with SkillQuiz SSO' }).click();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
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
