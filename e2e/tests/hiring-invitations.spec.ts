// The hiring workspace after "create", in Chromium against a product of its own whose mail goes to
// a real SMTP server this file starts on loopback (so it can refuse a message): the dev recruiter
// signs in through the sign-on's form; the invite page's test catalogue describes each test (the
// client description, questions, the time it can take, the five level descriptions); a candidate
// invited through the form whose email the mail server refused sees "Email failed" with the
// server's reason on the report, then "Email sent" once the retry goes through; Resend sends it
// again; the name and email are corrected before the candidate starts (the new address gets the
// email); the list shows each row's email status; the company's contact is set on the settings
// page; and once the invitation is revoked, its candidate is told that the company withdrew it,
// with that contact, not that the quiz timed out. axe on every page and state; screenshots in
// e2e/artifacts/hiring-invitations-*.png.
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { startProduct, type RunningProduct } from '../support/product';
import { screenshot } from '../support/artifacts';
import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/test';

interface Mail {
  to: string;
  raw: string;
}

/** A real SMTP server on loopback; messages to an address in `refusing` are answered 451. */
async function startSmtp() {
  const accepted: Mail[] = [];
  const refusing = new Set<string>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo[0]?.address ?? '';
        if (refusing.has(to))
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        accepted.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    refusing,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let product: RunningProduct;
let login: { email: string; password: string };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  smtp = await startSmtp();
  // A refused email is retried after 4 s (long enough to see it failed on the page).
  product = await startProduct({
    SMTP_URL: smtp.url,
    JOBS_RETRY_FIRST_SECONDS: '4',
    JOBS_PROCESS_EVERY_MS: '500',
  });
  const m = /dev sign-on recruiter login: (\S+) \/ (\S+)/.exec(product.output());
  if (!m) throw new Error(`no recruiter login printed:\n${product.output()}`);
  login = { email: m[1], password: m[2] };
});

test.afterAll(async () => {
  await product?.stop();
  await smtp?.stop();
});

async function signIn(page: Page): Promise<void> {
  await page.goto(`${product.baseURL}/admin`);
  await page.getByRole('button', { name: 'Login with SkillQuiz SSO' }).click();
  await page.getByLabel('Email').fill(login.email);
  await page.getByLabel('Password').fill(login.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Candidates' })).toBeVisible();
}

const stamp = Date.now().toString(36);
const FIRST = { name: 'Grce Hopper', email: `grace.${stamp}@exmaple.com` };
const FIXED = { name: 'Grace Hopper', email: `grace.${stamp}@example.com` };

test('the catalogue, a refused email then sent, resend, an edit before the start, the list, and the withdrawn page', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  await signIn(page);

  // The test catalogue on the invite page: what the API describes, as the page shows it.
  await page.goto(`${product.baseURL}/hiring/invite`);
  const catalogue = page.getByRole('region', { name: 'Test catalogue' });
  await expect(catalogue).toBeVisible();
  const described = (await (await page.request.get(`${product.baseURL}/api/hiring/catalogue`)).json()) as {
    atoms: {
      name: string;
      client_description: string;
      num_questions: number;
      estimated_minutes: number;
      level_descriptions: string[];
    }[];
  };
  const js = described.atoms.find((a) => a.name === 'JavaScript')!;
  expect(js.level_descriptions.every((d) => d.length > 0)).toBe(true);
  const entry = catalogue.getByRole('article', { name: /^JavaScript/ });
  await expect(entry).toContainText(js.client_description);
  await expect(entry).toContainText(`${js.num_questions} questions · up to ${js.estimated_minutes} minutes`);
  await entry.getByText('What each level means').click();
  for (const [i, d] of js.level_descriptions.entries()) {
    await expect(entry.getByRole('definition').nth(i)).toHaveText(d);
    await expect(entry.getByRole('term').nth(i)).toHaveText(`Level ${i + 1}`);
  }
  await expectAccessible(page);
  await screenshot(page, testInfo, 'hiring-invitations-catalogue');

  // Invite through the form, to an address the mail server refuses for now.
  smtp.refusing.add(FIRST.email);
  await page.getByLabel('Candidate name').fill(FIRST.name);
  await page.getByLabel('Candidate email').fill(FIRST.email);
  await page.getByLabel('Add a required atom').selectOption('javascript');
  await page.getByRole('button', { name: 'Add required atom' }).click();
  await page.getByRole('button', { name: 'Create invitation' }).click();
  await expect(page.getByRole('heading', { name: `Invitation created for ${FIRST.name}` })).toBeVisible();
  const link = await page.getByLabel('Candidate link').inputValue();
  await page.getByRole('link', { name: `View ${FIRST.name}’s report` }).click();
  await expect(page.getByRole('heading', { level: 1, name: FIRST.name })).toBeVisible();

  // Failed with the server's reason, then sent once the server takes it (the page keeps looking).
  const emailCard = page.getByRole('region', { name: 'Invitation email' });
  await expect(emailCard).toContainText('Email failed', { timeout: 30_000 });
  await expect(emailCard).toContainText('451 Mailbox busy, try again later');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'hiring-invitations-email-failed');
  smtp.refusing.delete(FIRST.email);
  await expect(emailCard).toContainText(`Email sent to ${FIRST.email}`, { timeout: 60_000 });
  expect(smtp.accepted.filter((m) => m.to === FIRST.email)).toHaveLength(1);

  // Resend: said in the live region, and a second message arrives.
  await emailCard.getByRole('button', { name: 'Resend invitation email' }).click();
  await expect(emailCard.getByRole('status')).toHaveText(
    `The invitation email to ${FIRST.email} is queued again.`,
  );
  await expect(emailCard.getByRole('status')).toBeFocused();
  await expect
    .poll(() => smtp.accepted.filter((m) => m.to === FIRST.email).length, { timeout: 30_000 })
    .toBe(2);
  await expect(emailCard).toContainText(`Email sent to ${FIRST.email}`, { timeout: 30_000 });
  await expectAccessible(page);

  // The edit before the start: the typo fixed; the new address gets the invitation.
  const details = page.getByRole('region', { name: 'Candidate details' });
  await details.getByRole('button', { name: 'Edit name and email' }).click();
  await expect(details.getByLabel('Candidate name')).toBeFocused();
  await expectAccessible(page);
  await details.getByLabel('Candidate name').fill(FIXED.name);
  await details.getByLabel('Candidate email').fill('not an address');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByRole('alert')).toHaveText('Enter a valid email address, e.g. ada@example.com.');
  await details.getByLabel('Candidate email').fill(FIXED.email);
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: FIXED.name })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toHaveText(
    `Saved. The invitation email goes to ${FIXED.email}.`,
  );
  await expect
    .poll(() => smtp.accepted.filter((m) => m.to === FIXED.email).length, { timeout: 30_000 })
    .toBe(1);
  expect(smtp.accepted.find((m) => m.to === FIXED.email)!.raw).toContain('Hello Grace Hopper,');
  await expect(emailCard).toContainText(`Email sent to ${FIXED.email}`, { timeout: 30_000 });
  await expectAccessible(page);
  await screenshot(page, testInfo, 'hiring-invitations-report');

  // The list: the row's email status.
  await page.goto(`${product.baseURL}/hiring?q=${encodeURIComponent(FIXED.email)}`);
  const row = page.getByRole('table', { name: 'Candidates' }).getByRole('row').nth(1);
  await expect(row).toContainText(FIXED.name);
  await expect(row).toContainText('Email sent');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'hiring-invitations-list');

  // The company's contact, on the settings page.
  await page.goto(`${product.baseURL}/hiring/settings`);
  const contactField = page.getByLabel('Contact email for candidates');
  await contactField.fill('talent@acme.example');
  await page.getByRole('button', { name: 'Save contact' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved. Withdrawn' })).toHaveText(
    'Saved. Withdrawn candidates are told to write to talent@acme.example.',
  );
  await expectAccessible(page);
  await screenshot(page, testInfo, 'hiring-invitations-settings');

  // Revoked: its candidate is told the company withdrew it, with the contact; not "timed out".
  await page.goto(`${product.baseURL}/hiring?q=${encodeURIComponent(FIXED.email)}`);
  await page.getByRole('link', { name: FIXED.name }).click();
  await page.getByRole('button', { name: 'Revoke invitation' }).click();
  await page.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(
    page.getByText('Invitation revoked. The candidate’s link now says you withdrew it.'),
  ).toBeVisible();
  const candidateContext = await browser.newContext();
  const candidate = await candidateContext.newPage();
  candidate.on('dialog', (d) => void d.accept());
  await candidate.goto(`${product.baseURL}${new URL(link).pathname}`);
  await expect(
    candidate.getByRole('heading', { level: 1, name: 'Acme Robotics withdrew this invitation.' }),
  ).toBeVisible();
  await expect(candidate.getByRole('link', { name: 'talent@acme.example' })).toHaveAttribute(
    'href',
    'mailto:talent@acme.example',
  );
  await expect(candidate.getByText('Your quiz has timed out.')).toHaveCount(0);
  await expect(candidate.getByText(/abandoned/)).toHaveCount(0);
  await expectAccessible(candidate);
  await screenshot(candidate, testInfo, 'hiring-invitations-withdrawn');
  await candidateContext.close();
});
