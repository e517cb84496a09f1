// Result webhooks and the company's webhook settings, with a real HTTP receiver on
// loopback: the settings API (scoped, validated, CSRF, 409 on a stale version, a signed test event,
// the attempts list); a finished quiz POSTs one signed quiz.finished event, retried through a
// timeout and a 500 until it is delivered, while the candidate never waits for it; abandoned and
// expired quizzes (the expiry sweep, run from the dashboard's retry) send theirs; in production
// (no private addresses) a loopback URL is refused with a 400 and never called.
import { MongoClient, ObjectId, type Db } from 'mongodb';
import { verifySignature } from '../src/hiring/webhooks/signature';
import { Browser, jsonCall, signIn, startAdminStack, type AdminStack } from './helpers/admin-session';
import { createInvitationInServices, startReceiver, until, type TestReceiver } from './helpers/jobs';

jest.setTimeout(180_000);

const ENV = {
  DEMO_MODE_ALLOWED: 'true',
  JOBS_PROCESS_EVERY_MS: '200',
  JOBS_RETRY_FIRST_SECONDS: '0.3',
  WEBHOOK_TIMEOUT_MS: '1000',
};

let admin: AdminStack;
let browser: Browser;
let receiver: TestReceiver;
let client: MongoClient;
let db: Db;
let company: { companyId: string; tokens: string[]; invitationId: string };

const base = () => admin.stack.baseUrl;
const settingsUrl = (path = '', companyId = company.companyId) =>
  `${base()}/api/hiring/settings${path}?company=${companyId}`;
const call = async (method: string, url: string, body?: unknown, csrf = true) => {
  const res = await browser.fetch(url, jsonCall(browser, base(), method, body, csrf));
  return { status: res.status, body: (await res.json()) as any };
};

beforeAll(async () => {
  admin = await startAdminStack(ENV);
  browser = new Browser();
  await signIn(browser, base(), admin.provider.admin);
  receiver = await startReceiver();
  client = await MongoClient.connect(admin.stack.mongoUri);
  db = client.db();
  company = await createInvitationInServices(admin.stack.mongoUri, {
    company: 'Acme Hooks',
    atoms: ['javascript'],
    name: 'Linus Candidate',
    email: 'linus@example.com',
    demo: true, // pass_243 finishes its quiz in one call (demo invitations only)
  });
});
afterAll(async () => {
  await client?.close();
  await receiver?.stop();
  await admin?.stop();
});
beforeEach(() => {
  receiver.reply = () => ({ status: 200 });
});

describe('settings API', () => {
  it('is for signed-in users of the company only, and validates what it is given', async () => {
    expect((await fetch(settingsUrl())).status).toBe(401);
    const unknown = await call('GET', settingsUrl('', new ObjectId().toHexString()));
    expect(unknown.status).toBe(404);

    const empty = await call('GET', settingsUrl());
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      company: { id: company.companyId, name: 'Acme Hooks' },
      webhook: { url: null, secret: null, version: 0 },
      signature: { header: 'X-SkillQuiz-Signature' },
      email: { enabled: false, via: 'off' },
    });

    for (const url of ['not a url', 'ftp://ats.example.com/x', 'https://user:pw@ats.example.com/x']) {
      const bad = await call('PUT', settingsUrl('/webhook'), { url });
      expect([url, bad.status]).toEqual([url, 400]);
      expect(bad.body).toMatchObject({ success: false });
    }
    expect((await call('PUT', settingsUrl('/webhook'), { url: receiver.url, extra: 1 })).status).toBe(400);
    // Without the session's CSRF token nothing is written.
    expect((await call('PUT', settingsUrl('/webhook'), { url: receiver.url }, false)).status).toBe(403);
    expect((await call('GET', settingsUrl())).body.webhook.version).toBe(0);

    const saved = await call('PUT', settingsUrl('/webhook'), { url: receiver.url, version: 0 });
    expect(saved.status).toBe(200);
    expect(saved.body.webhook).toMatchObject({ url: receiver.url, version: 1 });
    expect(saved.body.webhook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // A form opened before that save is refused, and changes nothing.
    const stale = await call('PUT', settingsUrl('/webhook'), { url: null, version: 0 });
    expect(stale.status).toBe(409);
    expect((await call('GET', settingsUrl())).body.webhook.url).toBe(receiver.url);
  });

  it('sends a signed test event and lists the attempt', async () => {
    const { body: settings } = await call('GET', settingsUrl());
    const before = receiver.requests.length;
    const test = await call('POST', settingsUrl('/webhook/test'));
    expect(test.status).toBe(200);
    expect(test.body.attempt).toMatchObject({
      ok: true,
      status: 200,
      test: true,
      event_type: 'webhook.test',
    });
    const req = receiver.requests[before];
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/json');
    expect(
      verifySignature(req.headers['x-skillquiz-signature'] as string, req.body, settings.webhook.secret),
    ).toBe(true);
    expect(
      verifySignature(
        req.headers['x-skillquiz-signature'] as string,
        req.body + ' ',
        settings.webhook.secret,
      ),
    ).toBe(false);
    expect(JSON.parse(req.body)).toMatchObject({
      type: 'webhook.test',
      test: true,
      id: req.headers['x-skillquiz-event-id'],
    });

    const list = await call('GET', settingsUrl('/webhook/attempts'));
    expect(list.body).toMatchObject({ total: 1, page: 1, page_size: 50 });
    expect(list.body.items[0]).toMatchObject({ id: test.body.attempt.id, ok: true });
    expect((await call('GET', settingsUrl('/webhook/attempts') + '&page=0')).status).toBe(400);
  });
});

describe('result-webhook', () => {
  it('POSTs one signed quiz.finished event, retried through a timeout and a 500, and never holds up the candidate', async () => {
    const { body: settings } = await call('GET', settingsUrl());
    // First attempt: no answer at all (times out after 1 s); second: 500; third: 200.
    const replies = ['hang', { status: 500 }, { status: 200 }] as const;
    let n = 0;
    receiver.reply = (r) =>
      JSON.parse(r.body).type === 'quiz.finished' ? replies[Math.min(n++, 2)] : { status: 200 };
    const token = company.tokens[0];
    const quizId = String((await db.collection('quiz_results').findOne({ token }))!._id);
    const eventId = `evt_${quizId}_finished`;

    const finish = await fetch(`${base()}/api/quiz/${token}/pass_243`, { method: 'POST' });
    expect(finish.status).toBe(200);
    // The candidate's call returned before any delivery attempt could end (the first takes 1 s).
    expect(await db.collection('webhook_attempts').countDocuments({ event_id: eventId })).toBe(0);

    const attempts = await until(async () => {
      const list = await db
        .collection('webhook_attempts')
        .find({ event_id: eventId })
        .sort({ attempt: 1 })
        .toArray();
      return list.some((a) => a.ok) ? list : null;
    }, 'a delivered attempt');
    expect(attempts.map((a) => [a.attempt, a.status, a.ok])).toEqual([
      [1, null, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    expect(attempts[0].error).toMatch(/no answer within 1000 ms/);
    expect(attempts[1].error).toBe('answered 500');

    const delivered = receiver.requests.filter((r) => r.headers['x-skillquiz-event-id'] === eventId);
    expect(delivered).toHaveLength(3);
    const body = JSON.parse(delivered[2].body);
    for (const r of delivered)
      expect(
        verifySignature(r.headers['x-skillquiz-signature'] as string, r.body, settings.webhook.secret),
      ).toBe(true);
    expect(body).toMatchObject({
      id: eventId,
      type: 'quiz.finished',
      data: {
        invitation_id: company.invitationId,
        quiz_id: quizId,
        company: { id: company.companyId, name: 'Acme Hooks' },
        candidate: { name: 'Linus Candidate', email: 'linus@example.com' },
        status: 'finished',
        report_url: `${base()}/hiring/invitations/${company.invitationId}`,
      },
    });
    const [atom] = body.data.atoms;
    expect(atom).toMatchObject({ id: 'javascript', name: 'JavaScript' });
    expect(atom.level).toBeGreaterThanOrEqual(1);
    expect(atom.level).toBeLessThanOrEqual(5);
    expect(typeof atom.estimate).toBe('number');
    expect(atom.error).toBeGreaterThan(0);
    expect(atom.answered).toBeGreaterThan(0);
    expect(body.data.finished_at).toEqual(expect.any(String));

    // Finishing again changes nothing and sends nothing more.
    expect((await fetch(`${base()}/api/quiz/${token}/pass_243`, { method: 'POST' })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 800));
    expect(receiver.requests.filter((r) => r.headers['x-skillquiz-event-id'] === eventId)).toHaveLength(3);
    const job = await db.collection('jobs').findOne({ name: 'result-webhook', 'data.event_id': eventId });
    expect(job).toMatchObject({ failCount: 0 });
  });

  it('a delivered event whose job runs again (its end never recorded) is not sent twice', async () => {
    const token = company.tokens[0];
    const quizId = String((await db.collection('quiz_results').findOne({ token }))!._id);
    const eventId = `evt_${quizId}_finished`;
    const sent = () => receiver.requests.filter((r) => r.headers['x-skillquiz-event-id'] === eventId).length;
    const before = sent();
    expect(before).toBeGreaterThan(0);
    const jobs = db.collection('jobs');
    const job = await jobs.findOne({ name: 'result-webhook', 'data.event_id': eventId });
    // As after a process stopped between the receiver's 2xx and the job's completion: due again.
    await jobs.updateOne({ _id: job!._id }, { $set: { nextRunAt: new Date() }, $unset: { lockedAt: true } });
    await until(async () => {
      const j = await jobs.findOne({ _id: job!._id });
      return j?.lastFinishedAt && j.lastFinishedAt > (job!.lastFinishedAt as Date) ? j : null;
    }, 'the job to run again');
    expect(sent()).toBe(before);
    expect(await db.collection('webhook_attempts').countDocuments({ event_id: eventId, ok: true })).toBe(1);
  });

  it('sends quiz.abandoned and quiz.expired, the expiry sweep marking them on time', async () => {
    const more = await createInvitationInServices(admin.stack.mongoUri, {
      company: 'Acme Hooks',
      atoms: ['javascript', 'python', 'sql'],
    });
    const [abandonNow, leftPage, expires] = more.tokens;
    const quizId = async (token: string) =>
      String((await db.collection('quiz_results').findOne({ token }))!._id);
    const eventsOf = (type: string) =>
      receiver.requests.filter((r) => JSON.parse(r.body).type === type).map((r) => JSON.parse(r.body));

    // 1. A plain abandon call.
    await fetch(`${base()}/api/quiz/${abandonNow}/question/1/`);
    await fetch(`${base()}/api/quiz/${abandonNow}/abandon`, { method: 'POST' });
    const abandoned = await until(() => eventsOf('quiz.abandoned')[0], 'quiz.abandoned');
    expect(abandoned.data).toMatchObject({ quiz_id: await quizId(abandonNow), status: 'abandoned' });

    // 2. A page closed three hours ago (grace: 120 min), and 3. a quiz past its expiry: nobody calls.
    for (const t of [leftPage, expires]) await fetch(`${base()}/api/quiz/${t}/question/1/`);
    await fetch(`${base()}/api/quiz/${leftPage}/abandon`, {
      method: 'POST',
      body: JSON.stringify({ on: 'unload' }),
      headers: { 'content-type': 'application/json' },
    });
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
    await db.collection('quiz_results').updateOne({ token: leftPage }, { $set: { left_at: hoursAgo(3) } });
    await db.collection('quiz_results').updateOne({ token: expires }, { $set: { expires_at: hoursAgo(1) } });

    // The sweep runs every minute; the dashboard's Retry runs it now (as an admin would).
    const sweep = await db.collection('jobs').findOne({ name: 'expiry-sweep' });
    expect(sweep).toMatchObject({ type: 'single', repeatInterval: '1 minute' });
    const retry = await call('POST', `${base()}/sidekiq/api/jobs/retry`, { jobIds: [String(sweep!._id)] });
    expect(retry).toMatchObject({ status: 200, body: { retriedCount: 1 } });

    const left = await until(
      async () =>
        await db.collection('quiz_results').findOne({ token: leftPage, abandoned_at: { $ne: null } }),
      'the lapsed page-close to be written down',
    );
    // Abandoned when the grace ran out (left_at + 120 min), not when the sweep noticed.
    expect(Math.abs(left.abandoned_at.getTime() - (Date.now() - 3600_000))).toBeLessThan(60_000);
    expect(left.left_at).toBeNull();
    const expired = await until(
      async () => db.collection('quiz_results').findOne({ token: expires, expired_at: { $ne: null } }),
      'the expired quiz to be marked',
    );
    expect(expired.abandoned_at).toBeNull();
    await until(() => eventsOf('quiz.expired')[0], 'quiz.expired');
    expect(eventsOf('quiz.expired').map((e) => e.data.quiz_id)).toEqual([await quizId(expires)]);
    await until(() => eventsOf('quiz.abandoned').length === 2, 'the second quiz.abandoned');
    expect(eventsOf('quiz.abandoned').map((e) => e.data.quiz_id)).toEqual([
      await quizId(abandonNow),
      await quizId(leftPage),
    ]);
    // The quiz API agrees: both are over for the candidate.
    for (const t of [leftPage, expires])
      expect((await fetch(`${base()}/api/quiz/${t}/question/1/`)).status).toBe(410);
  });
});

describe('the /sidekiq dashboard', () => {
  it("serves agendash's page with our script to admins, and guards its API", async () => {
    const anon = await fetch(`${base()}/sidekiq/`, { redirect: 'manual' });
    expect([anon.status, anon.headers.get('location')]).toEqual([302, '/admin']);
    const page = await browser.fetch(`${base()}/sidekiq`);
    expect([page.status, page.headers.get('location')]).toEqual([302, '/sidekiq/']);
    const html = await browser.fetch(`${base()}/sidekiq/`);
    expect(html.status).toBe(200);
    const text = await html.text();
    expect(text).toContain('<script src="./skillquiz.js"></script>');
    expect(text).not.toMatch(/<script>(?!<)/); // no inline script: the services' CSP applies unchanged
    expect(html.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const asset = /src="\.\/(assets\/[^"]+\.js)"/.exec(text)![1];
    expect((await browser.fetch(`${base()}/sidekiq/${asset}`)).status).toBe(200);
    expect((await browser.fetch(`${base()}/sidekiq/skillquiz.js`)).status).toBe(200);

    const list = await call('GET', `${base()}/sidekiq/api?state=repeating`);
    expect(list.status).toBe(200);
    expect(list.body.jobs.map((j: { job: { name: string } }) => j.job.name)).toContain('expiry-sweep');
    expect((await call('GET', `${base()}/sidekiq/api?state=nonsense`)).status).toBe(400);
    const id = list.body.jobs.find((j: { job: { name: string } }) => j.job.name === 'expiry-sweep').job._id;
    expect((await call('POST', `${base()}/sidekiq/api/jobs/pause`, { jobIds: [id] }, false)).status).toBe(
      403,
    );
    expect((await call('POST', `${base()}/sidekiq/api/jobs/pause`, { jobIds: ['../x'] })).status).toBe(400);
    expect(
      (await call('POST', `${base()}/sidekiq/api/jobs/create`, { jobName: 'result-webhook' })).status,
    ).toBe(403);
    // No dev outbox without DEV_OUTBOX_DIR (the stack sets none; production refuses one).
    expect((await call('GET', `${base()}/api/dev/outbox`)).status).toBe(404);
  });
});

describe('in production (no private addresses)', () => {
  beforeAll(async () => {
    await admin.stack.restartServices({ ...admin.stack.env, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' });
  });

  it('refuses loopback and private URLs with a clear 400, and never calls one saved earlier', async () => {
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://localhost/x',
      'http://[::1]/x',
      'http://169.254.169.254/latest/meta-data',
      'http://10.1.2.3/',
      'http://[::ffff:192.168.0.1]/',
    ]) {
      const res = await call('PUT', settingsUrl('/webhook'), { url });
      expect([url, res.status]).toEqual([url, 400]);
      expect(res.body.message).toMatch(/loopback or private address/);
    }
    expect((await call('GET', settingsUrl())).body.webhook.url).toBe(receiver.url); // unchanged
    // The loopback receiver saved while it was allowed: refused at delivery, nothing sent.
    const before = receiver.requests.length;
    const test = await call('POST', settingsUrl('/webhook/test'));
    expect(test.body.attempt).toMatchObject({ ok: false, status: null });
    expect(test.body.attempt.error).toMatch(/^refused: .*loopback or private address/);
    expect(receiver.requests.length).toBe(before);
  });
});
