// The Content-Security-Policy in Chromium: every page works under it with no violation (candidate
// pages with the demo sidebar, the admin login and sign-in, the landing and 404 pages), and a
// script injected into a page is refused. Violations are counted from the page's own
// securitypolicyviolation events, recorded from before any of the page's scripts run.
import type { Page } from '@playwright/test';
import { invite } from '../support/product';
import { screenshot } from '../support/artifacts';
import { expect, sharedProduct, test } from '../support/test';
import { acceptDialogs, answerWithMouse, leftQuestion, tokenOf } from './quiz-helpers';

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  /** Where the refused code was: file:line:column (to find the culprit when this fails). */
  source: string;
}

declare global {
  interface Window {
    __cspViolations?: Violation[];
    __injected?: string[];
  }
}

/** Records every CSP violation of every document the page loads, and CSP errors in the console. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push({
        page: location.pathname,
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      });
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) consoleErrors.push(m.text());
  });
  const base = new URL(sharedProduct().baseURL).origin;
  return {
    /** Violations so far on this document (only the product's pages: the dev sign-on is not ours). */
    async onPage(): Promise<Violation[]> {
      if (new URL(page.url()).origin !== base) return [];
      return page.evaluate(() => window.__cspViolations ?? []);
    },
    consoleErrors,
  };
}

test('every page works under the policy with no violation', async ({ page }, testInfo) => {
  test.setTimeout(180_000); // a walk through every kind of page, on a busy two-core machine
  const csp = await watchViolations(page);
  const noViolations = async () => expect(await csp.onPage()).toEqual([]);

  const landing = await page.goto('/');
  expect(landing!.headers()['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
  await expect(page.getByRole('heading', { name: 'SkillQuiz' })).toBeVisible();
  await noViolations();

  await page.goto('/404');
  await expect(page.getByRole('heading', { name: 'Woah! How did you get here?' })).toBeVisible();
  await noViolations();

  // The candidate pages and the demo sidebar, on a (demo) quiz of its own.
  const [link] = await invite(sharedProduct(), { demo: true });
  acceptDialogs(page);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Your exercise has finished loading!' })).toBeVisible();
  await noViolations();
  await page.getByRole('link', { name: 'Begin Quiz' }).click();
  await expect(page).toHaveURL(/\/question\/1$/);
  await page.getByRole('button', { name: 'Demo Mode' }).click();
  await expect(page.getByRole('complementary', { name: 'Adaptability Data' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Correct$/ })).toHaveCount(1);
  await screenshot(page, testInfo, 'csp-question-demo-sidebar');
  await noViolations();
  const n = await answerWithMouse(page);
  await leftQuestion(page, n);
  await expect(page.getByRole('heading', { name: /^Question 2 \/ \d+$/ })).toBeVisible();
  await noViolations();
  // Straight to the done page (the demo skip), then its page.
  await page.goto(`/quiz/${tokenOf(link)}/pass_243`);
  await expect(page).toHaveURL(/\/done$/, { timeout: 30_000 });
  await expect(page.getByText(/We've shared your results with/)).toBeVisible();
  await noViolations();

  // The admin login, and signing in: the form posts here and is redirected to the sign-on.
  await page.goto('/admin');
  const login = page.getByRole('button', { name: 'Login with SkillQuiz SSO' });
  await expect(login).toBeVisible();
  await noViolations();
  const email = process.env.SQ_ADMIN_EMAIL;
  const password = process.env.SQ_ADMIN_PASSWORD;
  if (email && password) {
    await login.click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin\/atoms$/);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav).toBeVisible();
    // The admin remotes load after the frame: count once everything they fetch has arrived.
    await page.waitForLoadState('networkidle');
    await noViolations();
    await nav.getByRole('link', { name: 'Questions' }).click();
    await expect(page).toHaveURL(/\/admin\/questions$/);
    await expect(nav).toBeVisible();
    await page.waitForLoadState('networkidle');
    await noViolations();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await noViolations();
  }

  expect(csp.consoleErrors).toEqual([]);
});

test('a script injected into a page is refused', async ({ page }) => {
  const csp = await watchViolations(page);
  await page.goto('/admin');
  await expect(page.getByRole('button', { name: 'Login with SkillQuiz SSO' })).toBeVisible();
  expect(await csp.onPage()).toEqual([]);

  // What an HTML injection would try: an inline <script>, an inline event handler, a script from
  // another origin, and code from a string (eval's kin; page.evaluate itself is exempt from CSP).
  await page.evaluate(() => {
    window.__injected = [];
    const inline = document.createElement('script');
    inline.textContent = "window.__injected.push('inline script')";
    document.body.appendChild(inline);
    const img = document.createElement('img');
    img.setAttribute('onerror', "window.__injected.push('event handler')");
    img.src = '/no-such-image.png';
    document.body.appendChild(img);
    const external = document.createElement('script');
    external.src = 'https://attacker.example/x.js';
    document.body.appendChild(external);
    // A string handler is compiled like eval: the policy must refuse it.
    setTimeout("window.__injected.push('string timer')", 0);
  });

  await expect
    .poll(async () => (await csp.onPage()).map((v) => v.directive).sort())
    .toEqual(['script-src', 'script-src-attr', 'script-src-elem', 'script-src-elem']);
  expect(await page.evaluate(() => window.__injected)).toEqual([]);
  const blocked = (await csp.onPage()).map((v) => v.blocked);
  expect(blocked).toContain('inline');
  expect(blocked).toContain('eval');
  expect(blocked).toContain('https://attacker.example/x.js');
  // The page itself carries on.
  await expect(page.getByRole('button', { name: 'Login with SkillQuiz SSO' })).toBeVisible();
});
