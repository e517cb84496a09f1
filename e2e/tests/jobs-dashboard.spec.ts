// The background-jobs dashboard at /sidekiq in Chromium: signed out it leads to the
// login page, a signed-in non-admin gets a 404, an admin reaches it from the admin bar and sees the
// queue by state in the product's bar; pausing and resuming from the page work (its POST carries the CSRF token
// our script adds). In development the admin bar links the dev outbox, which shows the emails sent.
// And the whole delivery path as `npm start` runs it: a recruiter invites a candidate with an email
// address, the mail is in the dev outbox with the candidate's link, the candidate finishes, and a
// webhook receiver on loopback gets one POST signed with the company's secret.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { axeFor, expectAccessible } from '../support/axe';
import { signatureVerifies, startWebhookReceiver } from '../support/webhook-receiver';
import { screenshot } from '../support/artifacts';
import { expect, sharedProduct, test } from '../support/test';
import { signInThroughForm } from '../support/admin-session';
import { answerThroughApi, questionTotal, tokenOf } from './quiz-helpers';

const signIn = (page: Page, email: string, password: string) => signInThroughForm(page, { email, password });

/** Serious or critical axe findings inside `selector` (our parts of agendash's page). */
async function violationsIn(page: Page, selector: string): Promise<string[]> {
  const { violations } = await axeFor(page, { violationsOnly: true }).include(selector).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('signed out, /sidekiq leads to the login page; its API answers 401', async ({ page, request }) => {
  await page.goto('/sidekiq');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('button', { name: 'Login with SkillQuiz SSO' })).toBeVisible();
  expect((await request.get('/sidekiq/api')).status()).toBe(401);
  expect(
    (await request.post('/sidekiq/api/jobs/delete', { data: { jobIds: ['0'.repeat(24)] } })).status(),
  ).toBe(401);
});

test('a signed-in non-admin gets a 404', async ({ page }) => {
  const { user } = JSON.parse(fs.readFileSync(path.join(sharedProduct().dataDir, 'dev-signon.json'), 'utf8'));
  test.skip(!user, 'no dev sign-on passwords in the data directory');
  await signIn(page, 'viewer@skillquiz.local', user);
  // The admin area sends a non-admin back to the login page.
  await expect(page.getByRole('button', { name: 'Login with SkillQuiz SSO' })).toBeVisible();
  const res = await page.goto('/sidekiq/');
  expect(res?.status()).toBe(404);
  expect((await page.request.get('/sidekiq/api')).status()).toBe(404);
});

test('an admin opens Background jobs from the admin bar, sees the queue by state and pauses and resumes a job', async ({
  page,
}, testInfo) => {
  const email = process.env.SQ_ADMIN_EMAIL;
  const password = process.env.SQ_ADMIN_PASSWORD;
  test.skip(!email || !password, 'the product printed no dev sign-on login');
  await signIn(page, email!, password!);
  await expect(page).toHaveURL(/\/admin\/atoms$/);

  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Background jobs' })
    .click();
  await expect(page).toHaveURL(/\/sidekiq\/$/);
  await expect(page).toHaveTitle('Background jobs · SkillQuiz');
  const bar = page.getByRole('navigation', { name: 'Admin' });
  await expect(bar.getByRole('link', { name: 'Background jobs' })).toHaveAttribute('aria-current', 'page');
  await expect(bar.getByRole('link', { name: 'Atoms' })).toHaveAttribute('href', '/admin/atoms');
  // The same links as the shell's admin bar, so an admin can go back to the hiring pages from here.
  await expect(bar.getByRole('link', { name: 'Candidates' })).toHaveAttribute('href', '/hiring');
  await expect(bar.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/hiring/settings');
  // The queue by state: the expiry sweep repeats every minute.
  const row = page.getByRole('row').filter({ hasText: 'expiry-sweep' });
  await expect(row).toBeVisible();
  await expect(page.getByRole('complementary').getByText('Repeating', { exact: true })).toBeVisible();
  // Filtered by state: none failed, the sweep among the repeating ones.
  await page.locator('#selectStateInput').selectOption('failed');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(row).toHaveCount(0);
  // agenda gives a job one state, and the sweep is 'running' (locked) for a few seconds each minute
  // (locked up to one poll before it is due, then while it runs): asked at that moment, 'repeating'
  // rightly lists it not, so ask again until it is between runs.
  await expect(async () => {
    await page.locator('#selectStateInput').selectOption('repeating');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // Back to every state, so the page's own refresh cannot drop the row while the sweep runs.
  await page.locator('#selectStateInput').selectOption('');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(row).toBeVisible();
  await expect(page.getByRole('button', { name: '+ New Job' })).toBeHidden();
  await screenshot(page, testInfo, 'sidekiq-dashboard');
  // Ours (the bar and the page heading) is clean; agendash's own page is its maintainers'.
  expect(await violationsIn(page, '.sq-admin-bar')).toEqual([]);
  await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeAttached();

  // Its row actions are buttons (our script), keyboard included: pause the sweep with Enter, and
  // the page's POST carries the CSRF token (without it the server answers 403).
  const pause = row.getByRole('button', { name: 'Pause job' });
  // Drawn as our icon, not agendash's emoji glyph (an empty box without an emoji font).
  await expect(pause).toHaveCSS('background-image', /^url\("data:image\/svg\+xml/);
  await pause.focus();
  const paused = page.waitForResponse((r) => r.url().endsWith('/sidekiq/api/jobs/pause'));
  await page.keyboard.press('Enter');
  // agendash asks first ("Pause job 'expiry-sweep'?").
  await expect(page.getByText("Pause job 'expiry-sweep'?")).toBeVisible();
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  const res = await paused;
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ pausedCount: 1 });
  expect(res.request().headers()['x-csrf-token']).toBeTruthy();
  const resumed = page.waitForResponse((r) => r.url().endsWith('/sidekiq/api/jobs/resume'));
  await row.getByRole('button', { name: /Resume/ }).click();
  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  expect((await resumed).status()).toBe(200);
});

test('in development the admin bar links the dev outbox, which lists the emails sent', async ({
  page,
}, testInfo) => {
  const email = process.env.SQ_ADMIN_EMAIL;
  const password = process.env.SQ_ADMIN_PASSWORD;
  test.skip(!email || !password, 'the product printed no dev sign-on login');
  await signIn(page, email!, password!);
  const link = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dev outbox' });
  await expect(link).toHaveAttribute('href', '/dev/outbox');
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dev outbox' })).toBeVisible();
  await screenshot(page, testInfo, 'dev-outbox');
  await expectAccessible(page);
});

test('a recruiter invites a candidate: the email is in the dev outbox with the link; the finished quiz reaches the webhook, signed', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const { recruiter } = JSON.parse(
    fs.readFileSync(path.join(sharedProduct().dataDir, 'dev-signon.json'), 'utf8'),
  );
  test.skip(!recruiter, 'no dev sign-on passwords in the data directory');
  const receiver = await startWebhookReceiver('/hooks/skillquiz');
  // The demo company's recruiter (Acme Robotics), signed in as a person would.
  await signIn(page, 'recruiter@skillquiz.local', recruiter);
  await expect.poll(async () => (await page.request.get('/me')).status()).toBe(200);
  await page.goto('/admin'); // a page load hands the session's CSRF token to the page (its cookie)
  const csrf = (await page.context().cookies()).find((c) => c.name === 'CSRF-TOKEN')?.value ?? '';
  const headers = { 'x-csrf-token': csrf };
  const settings = await page.request.put('/api/hiring/settings/webhook', {
    data: { url: receiver.url },
    headers,
  });
  try {
    expect(settings.status()).toBe(200);
    const { webhook } = await settings.json();

    const email = `e2e-${Date.now()}@candidates.example`;
    const created = await page.request.post('/api/hiring/invitations', {
      data: { candidate_name: 'Edsger Candidate', candidate_email: email, required_atoms: ['javascript'] },
      headers,
    });
    expect(created.status()).toBe(201);
    const invitation = await created.json();
    expect(invitation.email.status).toBe('queued');

    // The dev outbox shows the invitation email, with the candidate's link.
    await expect(async () => {
      await page.goto('/dev/outbox');
      await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await page
      .getByRole('row')
      .filter({ hasText: email })
      .getByRole('link', { name: 'Acme Robotics invites you to a skills assessment' })
      .click();
    await expect(page.getByText(`Start here: ${invitation.link}`)).toBeVisible();
    await screenshot(page, testInfo, 'dev-outbox-invitation');
    await expectAccessible(page);

    // The candidate takes the whole quiz (as their browser would); its end is one signed POST.
    const token = tokenOf(invitation.link);
    await answerThroughApi(request, baseURL!, token, await questionTotal(request, baseURL!, token));
    const ours = () =>
      receiver.posts.filter((p) => JSON.parse(p.body).data?.invitation_id === invitation.invitation.id);
    await expect.poll(() => ours().length, { timeout: 30_000 }).toBe(1);
    const [post] = ours();
    expect(signatureVerifies(post.signature, post.body, webhook.secret)).toBe(true);
    expect(signatureVerifies(post.signature, post.body, 'whsec_not-the-secret')).toBe(false);
    const quizId: string = JSON.parse(post.body).data.quiz_id;
    expect(JSON.parse(post.body)).toMatchObject({
      type: 'quiz.finished',
      data: { candidate: { email }, status: 'finished', company: { name: 'Acme Robotics' } },
    });
    // Delivered once: the attempt is recorded as delivered, and no second POST follows.
    await expect
      .poll(async () => {
        const attempts = await (await page.request.get('/api/hiring/settings/webhook/attempts')).json();
        return attempts.items.filter((a: { quiz_id: string; ok: boolean }) => a.ok && a.quiz_id === quizId)
          .length;
      })
      .toBe(1);
    expect(ours()).toHaveLength(1);
  } finally {
    // The shared product's other tests finish Acme quizzes too: leave no webhook behind.
    await page.request.put('/api/hiring/settings/webhook', { data: { url: null }, headers });
    await receiver.stop();
  }
});
