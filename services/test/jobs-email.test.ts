// The invitation-email and invitation-reminder jobs against a real SMTP server on
// loopback: the candidate's invitation arrives once with the company, its logo, the atoms, the expiry
// and the right link; a mail server that is down leaves the job retrying and the invitation usable,
// and the mail goes out once it is back; one reminder 24 h before expiry, only to a candidate who
// has not started.
import { MongoClient, ObjectId, type Db } from 'mongodb';
import { freePort } from './helpers/admin-session';
import { createInvitationInServices, startSmtp, until, type TestSmtp } from './helpers/jobs';
import { startStack, type Stack } from './helpers/stack';

jest.setTimeout(120_000);

const FAST = { JOBS_PROCESS_EVERY_MS: '200', JOBS_RETRY_FIRST_SECONDS: '0.5' };

// One stack for the file (its start seeds the demo content, which takes a while); each test
// restarts the services with the mail settings it needs, and names its own company and addresses.
let stack: Stack;
let smtp: TestSmtp | undefined;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  stack = await startStack(FAST);
  client = await MongoClient.connect(stack.mongoUri);
  db = client.db();
});
afterAll(async () => {
  await client?.close();
  await stack?.stop();
});
afterEach(async () => {
  await smtp?.stop();
  smtp = undefined;
});

async function open(env: Record<string, string>): Promise<Db> {
  await stack.restartServices({ ...FAST, ...env });
  return db;
}

/** The jobs of one kind, of these invitations (or all of that kind). */
const jobsOf = (d: Db, name: string, invitationIds?: string[]) =>
  d
    .collection('jobs')
    .find({ name, ...(invitationIds ? { 'data.invitation_id': { $in: invitationIds } } : {}) })
    .toArray();

it('sends the invitation once: company, logo, atoms, expiry and the candidate link', async () => {
  smtp = await startSmtp();
  const db = await open({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://skillquiz.test' });
  const expiresAt = new Date(Date.now() + 3 * 24 * 3600_000);
  const created = await createInvitationInServices(stack.mongoUri, {
    company: 'Acme Mail',
    logoUrl: '/assets/acme-logo.svg',
    atoms: ['javascript', 'sql'],
    email: 'Ada.Candidate@example.com',
    name: 'Ada Candidate',
    expiresAt,
  });
  expect(created.email.status).toBe('queued');
  const mail = await until(() => smtp!.accepted[0], 'the invitation email');
  expect(mail.to).toEqual(['ada.candidate@example.com']);
  expect(mail.subject).toBe('Acme Mail invites you to a skills assessment');
  expect(mail.text).toContain('Hello Ada Candidate,');
  expect(mail.text).toMatch(/JavaScript \(about \d+ minutes\)/);
  expect(mail.text).toMatch(/SQL .*optional/);
  expect(mail.text).toContain(`Start here: https://skillquiz.test/quiz/${created.tokens[0]}`);
  expect(mail.text).toMatch(/Please finish before \w+day, \d+ \w+ \d{4}, \d\d:\d\d UTC/);
  expect(mail.html).toContain('src="https://skillquiz.test/assets/acme-logo.svg"');
  expect(mail.html).toContain(`href="https://skillquiz.test/quiz/${created.tokens[0]}"`);
  expect(mail.messageId).toBe(`<invitation.${created.invitationId}@skillquiz>`);

  const delivery = await db
    .collection('email_deliveries')
    .findOne({ _id: `invitation:${created.invitationId}` as never });
  expect(delivery).toMatchObject({ kind: 'invitation', to: 'ada.candidate@example.com' });
  // Done once: the job completed, and enqueueing it again (a retried request) adds nothing.
  const [job] = await until(async () => {
    const jobs = await jobsOf(db, 'invitation-email', [created.invitationId]);
    return jobs.length === 1 && jobs[0].lastFinishedAt ? jobs : null;
  }, 'the job to complete');
  expect(job.failReason ?? null).toBeNull();
  await createInvitationInServices(stack.mongoUri, { company: 'Acme Mail', atoms: ['python'] });
  await new Promise((r) => setTimeout(r, 600));
  expect(smtp.accepted).toHaveLength(1); // the second invitation has no address: no email, no job
  expect(await jobsOf(db, 'invitation-email')).toHaveLength(1);
  await db.collection('jobs').deleteMany({}); // the next tests count their own
});

it('keeps retrying while the mail server is down; the invitation works meanwhile; sent once it is back', async () => {
  const port = await freePort(); // nothing listens there yet
  const db = await open({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  const created = await createInvitationInServices(stack.mongoUri, {
    company: 'Acme Down',
    atoms: ['python'],
    email: 'grace@example.com',
  });
  expect(created.email.status).toBe('queued');
  // Failed at least twice, and scheduled again (not given up).
  const job = await until(async () => {
    const [j] = await jobsOf(db, 'invitation-email', [created.invitationId]);
    return j && j.failCount >= 2 && j.nextRunAt ? j : null;
  }, 'two failed attempts');
  expect(job.failReason).toMatch(/ECONNREFUSED|connect/i);
  // The candidate's link works while the email waits.
  const quiz = await fetch(`${stack.baseUrl}/api/quiz/${created.tokens[0]}/`);
  expect(quiz.status).toBe(200);

  smtp = await startSmtp(port);
  const mail = await until(() => smtp!.accepted[0], 'the email once the server is back');
  expect(mail.to).toEqual(['grace@example.com']);
  await until(
    async () => (await jobsOf(db, 'invitation-email', [created.invitationId]))[0].failCount === 0,
    'the job to succeed',
  );
  await new Promise((r) => setTimeout(r, 1500));
  expect(smtp.accepted).toHaveLength(1);
});

it('reminds once, 24 hours before expiry, only a candidate who has not started', async () => {
  smtp = await startSmtp();
  const db = await open({ SMTP_URL: smtp.url });
  // Expiring in 24 h + 20 s: the reminder is due in about 20 s. Each invitation is created by a
  // process of its own (a few seconds on a busy machine), and the second candidate must start before
  // that candidate's reminder is due: 8 s was not enough with two suites at once on a loaded machine.
  const soon = () => new Date(Date.now() + 24 * 3600_000 + 20_000);
  const waiting = await createInvitationInServices(stack.mongoUri, {
    company: 'Acme Remind',
    atoms: ['javascript'],
    email: 'waiting@example.com',
    expiresAt: soon(),
  });
  const started = await createInvitationInServices(stack.mongoUri, {
    company: 'Acme Remind',
    atoms: ['javascript'],
    email: 'started@example.com',
    expiresAt: soon(),
  });
  // The second candidate starts the quiz (the first question fetch starts it).
  expect((await fetch(`${stack.baseUrl}/api/quiz/${started.tokens[0]}/question/1/`)).status).toBe(200);

  const ids = [waiting.invitationId, started.invitationId];
  const reminders = await jobsOf(db, 'invitation-reminder', ids);
  expect(reminders).toHaveLength(2);
  await until(
    async () => {
      const done = await jobsOf(db, 'invitation-reminder', ids);
      return done.every((j) => j.lastFinishedAt) ? done : null;
    },
    'both reminder jobs to run',
    60_000,
  );
  // Each ran at its time: 24 hours before its invitation's expiry, not earlier.
  for (const r of await jobsOf(db, 'invitation-reminder', ids))
    expect(r.lastRunAt.getTime()).toBeGreaterThanOrEqual(Date.parse(r.data.expires_at) - 24 * 3600_000 - 100);
  const toWaiting = smtp.accepted.filter((m) => m.to[0] === 'waiting@example.com');
  const toStarted = smtp.accepted.filter((m) => m.to[0] === 'started@example.com');
  expect(toWaiting.map((m) => m.subject)).toEqual([
    'Acme Remind invites you to a skills assessment',
    'Reminder: your Acme Remind skills assessment expires in 24 hours',
  ]);
  expect(toStarted.map((m) => m.subject)).toEqual(['Acme Remind invites you to a skills assessment']);
  expect(
    await db
      .collection('email_deliveries')
      .countDocuments({ invitation: new ObjectId(waiting.invitationId) }),
  ).toBe(2);
});
