// The hiring side of jobs, mail and webhooks over HTTP, with real sign-ins through the dev sign-on (recruiters of
// two companies, an admin, a user with no role) and a real SMTP server and webhook receiver on
// loopback: a recruiter's invitation reply says what happens to the candidate's email (queued, then
// delivered with the candidate's link; in production without SMTP_URL "not_configured" and nothing
// queued, and the settings say email is off); the webhook settings follow the hiring API's tenancy
// (a recruiter reads and writes their own company's only; another company's settings, save, test
// event and attempts are 404 and change nothing; an admin must choose a company; no role: 403).
import { MongoClient, type Db } from 'mongodb';
import { Browser, jsonCall, signIn, startAdminStack, type AdminStack } from './helpers/admin-session';
import { startReceiver, startSmtp, until, type TestReceiver, type TestSmtp } from './helpers/jobs';

jest.setTimeout(180_000);

let env: AdminStack;
let smtp: TestSmtp;
let receiver: TestReceiver;
let client: MongoClient;
let db: Db;
const acme = new Browser(); // recruiter of Acme Robotics (the demo company)
const initech = new Browser(); // recruiter of Initech
const admin = new Browser();
const viewer = new Browser(); // signed in, no role
let acmeId: string;

const url = (p: string) => `${env.baseUrl}${p}`;

async function call(b: Browser, method: string, path: string, body?: unknown) {
  const res = await b.fetch(url(path), jsonCall(b, env.baseUrl, method, body, true));
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any };
}

const invite = (b: Browser, email: string) =>
  call(b, 'POST', '/api/hiring/invitations', {
    candidate_name: 'Grace Candidate',
    candidate_email: email,
    required_atoms: ['javascript'],
  });

/** What a refused call must leave alone: the companies (webhook settings) and the attempts. */
async function snapshot(): Promise<string> {
  const companies = await db.collection('companies').find().sort({ _id: 1 }).toArray();
  const attempts = await db.collection('webhook_attempts').find().sort({ _id: 1 }).toArray();
  return JSON.stringify({ companies, attempts });
}

beforeAll(async () => {
  smtp = await startSmtp();
  receiver = await startReceiver();
  env = await startAdminStack({ SMTP_URL: smtp.url, JOBS_PROCESS_EVERY_MS: '200' });
  client = await MongoClient.connect(env.stack.mongoUri);
  db = client.db();
  await signIn(acme, env.baseUrl, env.provider.recruiter);
  await signIn(initech, env.baseUrl, env.provider.secondRecruiter);
  await signIn(admin, env.baseUrl, env.provider.admin);
  await signIn(viewer, env.baseUrl, env.provider.user);
  acmeId = String((await db.collection('companies').findOne({ slug: 'acme-robotics' }))!._id);
});
afterAll(async () => {
  await client?.close();
  await env?.stop();
  await receiver?.stop();
  await smtp?.stop();
});

it("a recruiter's invitation reply says the email is queued, and the email arrives with the candidate's link", async () => {
  const created = await invite(acme, 'grace@example.com');
  expect(created.status).toBe(201);
  expect(created.body.email).toEqual({
    status: 'queued',
    message: 'The invitation email to grace@example.com is on its way.',
  });
  const mail = await until(
    () => smtp.accepted.find((m) => m.to.includes('grace@example.com')),
    'the invitation email',
  );
  expect(mail.subject).toBe('Acme Robotics invites you to a skills assessment');
  expect(mail.text).toContain(`Start here: ${created.body.link}`);
  // The settings page can say how candidates get their invitations.
  expect((await call(acme, 'GET', '/api/hiring/settings')).body.email).toMatchObject({
    enabled: true,
    via: 'smtp',
  });
});

it("webhook settings: a recruiter has their own company's; another company's are 404 and nothing changes", async () => {
  const own = await call(acme, 'GET', '/api/hiring/settings');
  expect(own.status).toBe(200);
  expect(own.body.company).toEqual({ id: acmeId, name: 'Acme Robotics' });
  const saved = await call(acme, 'PUT', '/api/hiring/settings/webhook', {
    url: receiver.url,
    version: own.body.webhook.version,
  });
  expect(saved.status).toBe(200);
  const test = await call(acme, 'POST', '/api/hiring/settings/webhook/test');
  expect(test.body.attempt).toMatchObject({ ok: true, status: 200, test: true });

  // Initech's recruiter sees Initech's settings, none of Acme's.
  const theirs = await call(initech, 'GET', '/api/hiring/settings');
  expect(theirs.body.company.name).toBe('Initech');
  expect(theirs.body.webhook).toEqual({ url: null, secret: null, version: 0 });
  expect((await call(initech, 'GET', '/api/hiring/settings/webhook/attempts')).body.total).toBe(0);
  // Naming Acme is 404 on every call, and nothing is written or sent.
  const before = await snapshot();
  const sent = receiver.requests.length;
  const q = `?company=${acmeId}`;
  for (const [method, path, body] of [
    ['GET', `/api/hiring/settings${q}`],
    ['PUT', `/api/hiring/settings/webhook${q}`, { url: 'https://evil.example/hook' }],
    ['PUT', `/api/hiring/settings/webhook${q}`, { url: receiver.url, rotate_secret: true }],
    ['POST', `/api/hiring/settings/webhook/test${q}`],
    ['GET', `/api/hiring/settings/webhook/attempts${q}`],
  ] as const) {
    const res = await call(initech, method, path, body);
    expect([method, path, res.status]).toEqual([method, path, 404]);
  }
  expect(await snapshot()).toBe(before);
  expect(receiver.requests.length).toBe(sent);

  // An admin chooses the company; without one the call says so. No role: 403. Signed out: 401.
  const unchosen = await call(admin, 'GET', '/api/hiring/settings');
  expect(unchosen.status).toBe(400);
  expect(unchosen.body.message).toMatch(/choose a company/i);
  const chosen = await call(admin, 'GET', `/api/hiring/settings${q}`);
  expect(chosen.body.webhook).toEqual(saved.body.webhook);
  expect((await call(admin, 'GET', `/api/hiring/settings/webhook/attempts${q}`)).body.total).toBe(1);
  expect((await call(viewer, 'GET', '/api/hiring/settings')).status).toBe(403);
  expect((await fetch(url('/api/hiring/settings'))).status).toBe(401);
});

it('in production without SMTP_URL, an invitation is created without email and the reply says so', async () => {
  const { SMTP_URL: _unset, ...rest } = env.stack.env;
  await env.stack.restartServices({ ...rest, NODE_ENV: 'production' });
  const created = await invite(acme, 'lin@example.com');
  expect(created.status).toBe(201);
  expect(created.body.email).toEqual({
    status: 'not_configured',
    message: 'Email is not set up on this server (SMTP_URL): send the candidate the link yourself.',
  });
  // Nothing is queued for it: no job would ever send it.
  const jobs = await db
    .collection('jobs')
    .countDocuments({ 'data.invitation_id': created.body.invitation.id });
  expect(jobs).toBe(0);
  const settings = await call(acme, 'GET', '/api/hiring/settings');
  expect(settings.body.email).toMatchObject({ enabled: false, via: 'off' });
  expect(settings.body.email.message).toMatch(/invitations are created without email/);
});
