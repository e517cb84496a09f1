// The dev outbox (/dev/outbox and /api/dev/outbox) is scoped like the hiring API, over HTTP with
// real sign-ins through the dev sign-on and the real dev mail catcher (an SMTP server on loopback)
// as `npm start` runs them: recruiters of two companies each invite a candidate with an email; an
// admin sees both emails (and one sent for no company), each recruiter only their own company's
// (the other's is 404 on every path, list and page alike), and a signed-in user with no role or a
// signed-out visitor gets 404 everywhere.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { startDevMailCatcher, type DevMailCatcher } from '../src/hiring/mail/dev-mail-catcher';
import { Browser, jsonCall, signIn, startAdminStack, type AdminStack } from './helpers/admin-session';
import { until } from './helpers/jobs';

jest.setTimeout(180_000);

let env: AdminStack;
let catcher: DevMailCatcher;
let outboxDir: string;
const acme = new Browser(); // recruiter of Acme Robotics
const initech = new Browser(); // recruiter of Initech
const admin = new Browser();
const viewer = new Browser(); // signed in, no role
const anonymous = new Browser();

const ids: Record<'acme' | 'initech' | 'none', string> = { acme: '', initech: '', none: '' };

async function get(b: Browser, p: string) {
  const res = await b.fetch(`${env.baseUrl}${p}`, {
    headers: { accept: p.startsWith('/api/') ? 'application/json' : 'text/html' },
  });
  return { status: res.status, text: await res.text() };
}

/** Every path that shows one message or the list. */
const pathsOf = (id: string) => [`/api/dev/outbox/${id}`, `/dev/outbox/${id}`, `/dev/outbox/${id}/html`];

beforeAll(async () => {
  outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-outbox-'));
  catcher = await startDevMailCatcher({ outboxDir });
  env = await startAdminStack({
    SMTP_URL: catcher.url,
    DEV_OUTBOX_DIR: outboxDir,
    JOBS_PROCESS_EVERY_MS: '200',
  });
  await signIn(acme, env.baseUrl, env.provider.recruiter);
  await signIn(initech, env.baseUrl, env.provider.secondRecruiter);
  await signIn(admin, env.baseUrl, env.provider.admin);
  await signIn(viewer, env.baseUrl, env.provider.user);

  for (const [b, who] of [
    [acme, 'acme'],
    [initech, 'initech'],
  ] as const) {
    const res = await b.fetch(
      `${env.baseUrl}/api/hiring/invitations`,
      jsonCall(b, env.baseUrl, 'POST', {
        candidate_name: `Candidate of ${who}`,
        candidate_email: `candidate@${who}-outbox.example`,
        required_atoms: ['javascript'],
      }),
    );
    expect(res.status).toBe(201);
  }
  // A message sent for no company (another tool on the same catcher): admins only.
  await nodemailer.createTransport({ url: catcher.url }).sendMail({
    from: 'tool@example.com',
    to: 'someone@none-outbox.example',
    subject: 'No company',
    text: 'hello',
    html: '<p>hello</p>',
  });
  for (const who of ['acme', 'initech', 'none'] as const)
    ids[who] = (
      await until(
        () => catcher.received.find((m) => m.to.some((t) => t.endsWith(`@${who}-outbox.example`))),
        `the email of ${who}`,
      )
    ).id;
});
afterAll(async () => {
  await env?.stop();
  await catcher?.stop();
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

it('the catcher keeps the company each email was sent for', () => {
  const byId = new Map(catcher.received.map((m) => [m.id, m]));
  expect(byId.get(ids.acme)!.company_id).toMatch(/^[0-9a-f]{24}$/);
  expect(byId.get(ids.initech)!.company_id).toMatch(/^[0-9a-f]{24}$/);
  expect(byId.get(ids.acme)!.company_id).not.toBe(byId.get(ids.initech)!.company_id);
  expect(byId.get(ids.none)!.company_id).toBeNull();
});

it('an admin sees every message', async () => {
  const list = await get(admin, '/api/dev/outbox');
  expect(list.status).toBe(200);
  const listed = JSON.parse(list.text).messages.map((m: { id: string }) => m.id);
  expect(listed).toEqual(expect.arrayContaining([ids.acme, ids.initech, ids.none]));
  for (const id of Object.values(ids))
    for (const p of pathsOf(id)) expect([p, (await get(admin, p)).status]).toEqual([p, 200]);
  const page = await get(admin, '/dev/outbox');
  for (const id of Object.values(ids)) expect(page.text).toContain(`/dev/outbox/${id}`);
});

it("a recruiter sees only their own company's messages; another company's are 404 on every path", async () => {
  for (const [b, own, others] of [
    [acme, ids.acme, [ids.initech, ids.none]],
    [initech, ids.initech, [ids.acme, ids.none]],
  ] as const) {
    const list = await get(b, '/api/dev/outbox');
    expect(list.status).toBe(200);
    expect(JSON.parse(list.text).messages.map((m: { id: string }) => m.id)).toEqual([own]);
    const page = await get(b, '/dev/outbox');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`/dev/outbox/${own}`);
    for (const id of others) expect(page.text).not.toContain(id);
    for (const p of pathsOf(own)) expect([p, (await get(b, p)).status]).toEqual([p, 200]);
    for (const id of others)
      for (const p of pathsOf(id)) expect([p, (await get(b, p)).status]).toEqual([p, 404]);
  }
  // The candidate's link is in the recruiter's own message.
  expect((await get(acme, `/dev/outbox/${ids.acme}`)).text).toMatch(/Start here: http[^<\s]+\/quiz\//);
});

it('a signed-in user with no role and a signed-out visitor get 404 everywhere', async () => {
  for (const [who, b] of [
    ['no role', viewer],
    ['signed out', anonymous],
  ] as const) {
    for (const p of ['/api/dev/outbox', '/dev/outbox', ...Object.values(ids).flatMap(pathsOf)]) {
      const res = await get(b, p);
      expect([who, p, res.status]).toEqual([who, p, 404]);
      expect(res.text).not.toMatch(/outbox\.example|Start here/);
    }
  }
});
