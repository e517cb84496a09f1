// What the product promises its users, over HTTP with real sign-ins: the candidate's survey answer
// never reaches a company's user on any route (list, report, CSV, bulk, settings, webhook payload),
// only an aggregate per atom and month once enough answered; demo invitations and simulated
// candidates are labelled, hidden from the list by default and kept out of the percentile; beta
// entries must be questions of their atom (400 naming the id; planning skips one stored around the
// check); only atoms a quiz can be served from are offered and invitable, and a quiz whose atom was
// emptied since says so to the candidate; the level sort agrees with the levels shown.
import { MongoClient, ObjectId, type Db } from 'mongodb';
import { parse } from 'csv-parse/sync';
import {
  InvitationListResponseSchema,
  InvitationReportSchema,
  SURVEY_MIN_ANSWERS,
  SurveyResponseSchema,
  type InvitationResponse,
} from '@skillquiz/contracts';
import { levelScore } from '../src/hiring/invitations/summary';
import { Browser, callJson, signIn, startAdminStack, type AdminStack } from './helpers/admin-session';
import { takeQuiz } from './helpers/take-quiz';
import { startReceiver, until, type TestReceiver } from './helpers/jobs';

jest.setTimeout(240_000);

let env: AdminStack;
let client: MongoClient;
let db: Db;
let receiver: TestReceiver;
const acme = new Browser();
const admin = new Browser();
let acmeId: string;

const url = (p: string) => `${env.baseUrl}${p}`;

const call = <T = any>(b: Browser, method: string, path: string, body?: unknown) =>
  callJson<T>(b, env.baseUrl, method, path, body);

async function invite(body: Record<string, unknown> = {}): Promise<InvitationResponse> {
  const r = await call(acme, 'POST', '/api/hiring/invitations', {
    candidate_name: 'Grace Hopper',
    candidate_email: `grace${Math.random().toString(36).slice(2, 8)}@example.com`,
    required_atoms: ['javascript'],
    ...body,
  });
  if (r.status !== 201) throw new Error(`invite: ${r.status} ${r.text}`);
  return r.body;
}

const tokenOf = (link: string) => link.split('/quiz/')[1];

const quiz = (token: string, path: string, method = 'GET', body?: unknown) =>
  fetch(url(`/api/quiz/${token}${path}`), {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });

/** Any key or text that would carry one candidate's survey answer. */
function assertNoRating(what: string, text: string) {
  expect([what, /survey_rating|content_relevant_rating|candidate answered/i.test(text)]).toEqual([
    what,
    false,
  ]);
}

let finished: InvitationResponse; // a real candidate who answered the survey
let demoInvitationId: string;

beforeAll(async () => {
  receiver = await startReceiver();
  env = await startAdminStack({
    DEMO_MODE_ALLOWED: 'true',
    JOBS_PROCESS_EVERY_MS: '200',
    JOBS_RETRY_FIRST_SECONDS: '0.3',
    WEBHOOK_TIMEOUT_MS: '2000',
  });
  client = await MongoClient.connect(env.stack.mongoUri);
  db = client.db();
  await signIn(acme, env.baseUrl, env.provider.recruiter);
  await signIn(admin, env.baseUrl, env.provider.admin);
  acmeId = String((await db.collection('companies').findOne({ slug: 'acme-robotics' }))!._id);
  const hook = await call(acme, 'PUT', '/api/hiring/settings/webhook', { url: receiver.url, version: 0 });
  expect(hook.status).toBe(200);
  finished = await invite({ candidate_name: 'Survey Taker' });
  await takeQuiz(env.baseUrl, db, tokenOf(finished.link), { right: (n) => n % 2 === 0, survey: 1 });
  const demo = await db.collection('invitations').findOne({ demo: true, company: new ObjectId(acmeId) });
  demoInvitationId = String(demo!._id);
});
afterAll(async () => {
  await client?.close();
  await env?.stop();
  await receiver?.stop();
});

describe('the survey is private', () => {
  it('no route, export or webhook a recruiter receives carries the candidate’s rating', async () => {
    const stored = await db.collection('quiz_results').findOne({ token: tokenOf(finished.link) });
    expect(stored!.content_relevant_rating).toBe(1); // it was answered, and is kept for the aggregate
    const id = finished.invitation.id;
    const other = await invite({ candidate_name: 'To Revoke' });
    const reads = [
      '/api/hiring/me',
      '/api/hiring/atoms',
      '/api/hiring/invitations',
      '/api/hiring/invitations?include_demo=true',
      '/api/hiring/invitations?sort=level_desc',
      '/api/hiring/invitations.csv?include_demo=true',
      `/api/hiring/invitations/${id}`,
      '/api/hiring/settings',
      '/api/hiring/settings/webhook/attempts',
      '/api/hiring/survey',
    ];
    for (const path of reads) {
      const r = await call(acme, 'GET', path);
      expect([path, r.status]).toEqual([path, 200]);
      assertNoRating(path, r.text);
    }
    const report = InvitationReportSchema.parse(
      (await call(acme, 'GET', `/api/hiring/invitations/${id}`)).body,
    );
    expect(report.atoms[0]).not.toHaveProperty('survey_rating');
    expect(report.atoms[0].status).toBe('finished');
    const writes: [string, unknown][] = [
      [
        `/api/hiring/invitations/${other.invitation.id}/extend`,
        { expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString() },
      ],
      [`/api/hiring/invitations/${other.invitation.id}/revoke`, undefined],
      ['/api/hiring/invitations/bulk', { csv: 'Ann,ann@example.com,javascript', dry_run: true }],
      ['/api/hiring/settings/webhook/test', undefined],
    ];
    const created = await call(acme, 'POST', '/api/hiring/invitations', {
      candidate_name: 'Another One',
      candidate_email: 'another@example.com',
      required_atoms: ['javascript'],
    });
    expect(created.status).toBe(201);
    assertNoRating('POST /api/hiring/invitations', created.text);
    const settings = await call(acme, 'GET', '/api/hiring/settings');
    const saved = await call(acme, 'PUT', '/api/hiring/settings/webhook', {
      url: receiver.url,
      version: settings.body.webhook.version,
    });
    expect(saved.status).toBe(200);
    assertNoRating('PUT /api/hiring/settings/webhook', saved.text);
    for (const [path, body] of writes) {
      const r = await call(acme, 'POST', path, body);
      expect([path, r.status < 300]).toEqual([path, true]);
      assertNoRating(path, r.text);
    }
    // The webhook of the finished quiz: delivered, and without the rating.
    await until(
      () => receiver.requests.some((r) => r.body.includes(id) && r.body.includes('quiz.finished')),
      'the quiz.finished webhook',
    );
    for (const r of receiver.requests) assertNoRating('webhook payload', r.body);
  });

  it('companies and admins see it per atom and month, only once enough candidates answered', async () => {
    const first = SurveyResponseSchema.parse((await call(acme, 'GET', '/api/hiring/survey')).body);
    expect(first.min_answers).toBe(SURVEY_MIN_ANSWERS);
    const js = first.periods.find((p) => p.atom_id === 'javascript')!;
    expect(js).toMatchObject({
      atom_name: 'JavaScript',
      enough: false,
      distribution: null,
      message: 'not enough answers yet',
    });
    expect(JSON.stringify(first)).not.toMatch(/"(answers|count|n)":/); // not even how many

    // Nine more finished, rated quizzes of Acme's (copies of the real one, as many candidates would
    // leave), and a demo one and a simulated one that must not count.
    const real = (await db.collection('quiz_results').findOne({ token: tokenOf(finished.link) }))!;
    const copies = [0, 2, 2, 2, 1, 2, 0, 2, 2].map((rating, i) => ({
      ...real,
      _id: new ObjectId(),
      token: `survey-copy-${i}-${Math.random().toString(36).slice(2)}`,
      content_relevant_rating: rating,
    }));
    const fakes = [
      {
        ...real,
        _id: new ObjectId(),
        token: `survey-demo-${Date.now()}`,
        demo: true,
        content_relevant_rating: 0,
      },
      {
        ...real,
        _id: new ObjectId(),
        token: `survey-sim-${Date.now()}`,
        simulated: true,
        content_relevant_rating: 0,
      },
    ];
    await db.collection('quiz_results').insertMany([...copies, ...fakes]);
    const enough = SurveyResponseSchema.parse((await call(acme, 'GET', '/api/hiring/survey')).body);
    const period = enough.periods.find((p) => p.atom_id === 'javascript')!;
    expect(period.period).toBe((real.finished_at as Date).toISOString().slice(0, 7));
    expect(period).toMatchObject({
      enough: true,
      message: null,
      distribution: { sad: 2, neutral: 2, happy: 6 },
    });
    // Another company sees nothing of Acme's; an admin sees Acme's when choosing it.
    const initech = new Browser();
    await signIn(initech, env.baseUrl, env.provider.secondRecruiter);
    const theirs = SurveyResponseSchema.parse((await call(initech, 'GET', '/api/hiring/survey')).body);
    expect(theirs.periods.find((p) => p.atom_id === 'javascript')).toBeUndefined();
    const adminView = await call(admin, 'GET', '/api/hiring/survey?company=acme-robotics');
    expect(adminView.status).toBe(200);
    expect(adminView.body.periods.find((p: any) => p.atom_id === 'javascript').distribution).toEqual({
      sad: 2,
      neutral: 2,
      happy: 6,
    });
    await db.collection('quiz_results').deleteMany({ _id: { $in: [...copies, ...fakes].map((c) => c._id) } });
  });
});

describe('honest labels', () => {
  it('a demo quiz finished through the skip: labelled, hidden by default, not in the percentile', async () => {
    const demoQuiz = await db
      .collection('quiz_results')
      .findOne({ invitation: new ObjectId(demoInvitationId) });
    const before = InvitationReportSchema.parse(
      (await call(acme, 'GET', `/api/hiring/invitations/${finished.invitation.id}`)).body,
    ).atoms[0].percentile!.among;
    const skip = await quiz(demoQuiz!.token, '/pass_243', 'POST');
    expect(skip.status).toBe(200);
    expect((await db.collection('quiz_results').findOne({ _id: demoQuiz!._id }))!.simulated).toBe(true);

    await until(async () => {
      const inv = await db.collection('invitations').findOne({ _id: new ObjectId(demoInvitationId) });
      return inv?.simulated === true && inv.status === 'finished';
    }, 'the demo invitation summarised as finished and simulated');

    const plain = InvitationListResponseSchema.parse(
      (await call(acme, 'GET', '/api/hiring/invitations')).body,
    );
    expect(plain.items.map((r) => r.id)).not.toContain(demoInvitationId);
    expect(plain.items.every((r) => !r.demo && !r.simulated)).toBe(true);
    const all = InvitationListResponseSchema.parse(
      (await call(acme, 'GET', '/api/hiring/invitations?include_demo=true')).body,
    );
    expect(all.total).toBe(plain.total + 1);
    expect(all.items.find((r) => r.id === demoInvitationId)).toMatchObject({ demo: true, simulated: true });
    expect((await call(acme, 'GET', '/api/hiring/invitations?include_demo=maybe')).status).toBe(400);

    const report = InvitationReportSchema.parse(
      (await call(acme, 'GET', `/api/hiring/invitations/${demoInvitationId}`)).body,
    );
    expect(report.invitation).toMatchObject({ demo: true, simulated: true });
    expect(report.atoms[0].skipped).toBe(true);
    const real = InvitationReportSchema.parse(
      (await call(acme, 'GET', `/api/hiring/invitations/${finished.invitation.id}`)).body,
    );
    expect(real.atoms[0].skipped).toBe(false);
    expect(real.atoms[0].percentile!.among).toBe(before); // the demo result did not join the norm group

    const csv = (await call(acme, 'GET', '/api/hiring/invitations.csv?include_demo=true')).text;
    const rows = parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows.find((r) => r.invitation_id === demoInvitationId)!.label).toBe('Demo, Simulated');
    expect(rows.find((r) => r.invitation_id === finished.invitation.id)!.label).toBe('');
    const plainCsv = (await call(acme, 'GET', '/api/hiring/invitations.csv')).text;
    expect(plainCsv).not.toContain(demoInvitationId);
  });

  it('the content statistics do not count a demo invitation’s answers (staff trying the product)', async () => {
    const inv = await invite({ candidate_name: 'Staff Trying' });
    const token = tokenOf(inv.link);
    // Made a demo invitation (as `npm run invite -- --demo` would) before it is taken.
    await db
      .collection('invitations')
      .updateOne({ _id: new ObjectId(inv.invitation.id) }, { $set: { demo: true } });
    await db.collection('quiz_results').updateOne({ token }, { $set: { demo: true } });
    expect((await quiz(token, '/question/1/')).status).toBe(200);
    const served = (await db.collection('quiz_results').findOne({ token }))!.served[0];
    const stats = async () =>
      (await call(admin, 'GET', `/api/questions/${served.question_id}/statistics`)).body.answers
        .real as number;
    const before = await stats();
    const answers = served.snapshot.answers as { hash_id: string; c: boolean }[];
    const answered = await quiz(token, '/question/1/', 'POST', {
      answer: answers[0].hash_id,
      answer_position: 0,
    });
    expect(answered.status).toBe(200);
    expect(await stats()).toBe(before);
    // The same answer from a real candidate counts (the statistic is live, not cached).
    const other = tokenOf((await invite({ candidate_name: 'Real One' })).link);
    expect((await quiz(other, '/question/1/')).status).toBe(200);
    const theirs = (await db.collection('quiz_results').findOne({ token: other }))!.served[0];
    if (theirs.question_id === served.question_id) {
      const a = theirs.snapshot.answers as { hash_id: string }[];
      expect(
        (await quiz(other, '/question/1/', 'POST', { answer: a[0].hash_id, answer_position: 0 })).status,
      ).toBe(200);
      expect(await stats()).toBe(before + 1);
    }
  });
});

describe('only tests that can be taken', () => {
  let tinyQuestions: { id: number; version: number }[];

  beforeAll(async () => {
    const created = await call(admin, 'POST', '/api/atoms', { id: 'tiny', name: 'Tiny', num_questions: 2 });
    expect(created.status).toBe(201);
    const js = await call(admin, 'GET', '/api/atoms/javascript');
    tinyQuestions = js.body.questions
      .filter((q: any) => q.administered)
      .slice(0, 2)
      .map((q: any) => ({ id: q.id, version: q.version }));
  });

  it('an atom without enough ready questions is not offered, and inviting to it is a 400 naming it', async () => {
    const atoms = await call(acme, 'GET', '/api/hiring/atoms');
    expect(atoms.body.atoms.map((a: any) => a.id)).toEqual(expect.arrayContaining(['javascript']));
    expect(atoms.body.atoms.map((a: any) => a.id)).not.toContain('tiny');
    const count = await db.collection('invitations').countDocuments();
    const refused = await call(acme, 'POST', '/api/hiring/invitations', {
      candidate_name: 'Nobody',
      candidate_email: 'nobody@example.com',
      required_atoms: ['javascript'],
      optional_atoms: ['tiny'],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/atom tiny \(Tiny\) cannot be taken yet: 0 of the 2 questions/);
    const bulk = await call(acme, 'POST', '/api/hiring/invitations/bulk', {
      csv: 'Ann,ann@example.com,tiny',
      dry_run: true,
    });
    expect(bulk.body.valid).toBe(false);
    expect(bulk.body.rows[0].errors.join(' ')).toMatch(/atom tiny \(Tiny\) cannot be taken yet/);
    expect(await db.collection('invitations').countDocuments()).toBe(count);
  });

  it('once it has enough it is offered; emptied again, its candidate is told it is not available yet', async () => {
    for (const q of tinyQuestions) {
      const r = await call(admin, 'POST', '/api/atoms/tiny/questions/attach', {
        question_id: q.id,
        version: q.version,
      });
      expect(r.status).toBe(200);
      q.version = r.body.question.version;
    }
    expect((await call(acme, 'GET', '/api/hiring/atoms')).body.atoms.map((a: any) => a.id)).toContain('tiny');
    const inv = await invite({ required_atoms: ['tiny'] });
    const token = tokenOf(inv.link);
    const open = (await (await quiz(token, '/')).json()) as any;
    expect(open.unavailable).toBeUndefined();
    expect(open.quiz.atoms[0].num_questions).toBeGreaterThan(0);

    for (const q of tinyQuestions) {
      const r = await call(admin, 'POST', '/api/atoms/tiny/questions/detach', {
        question_id: q.id,
        version: q.version,
      });
      expect(r.status).toBe(200);
    }
    const res = await quiz(token, '/');
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body).toMatchObject({
      unavailable: true,
      started_at: null,
      quiz: { company_name: 'Acme Robotics' },
    });
    expect(body.quiz.atoms[0].num_questions).toBe(0);
  });
});

describe('beta questions belong to their atom', () => {
  it('a foreign question id is a 400 naming it; planning skips one stored around the check', async () => {
    // A question that is not administered, of the SQL atom only.
    const sql = await call(admin, 'GET', '/api/atoms/sql');
    const version = sql.body.atom.version;
    const foreign = await db.collection('questions').findOne({ atoms: ['sql'], administered: false });
    const foreignId =
      foreign?._id ??
      (await db
        .collection('questions')
        .findOneAndUpdate(
          { atoms: ['sql'], administered: true },
          { $set: { administered: false } },
          { returnDocument: 'after' },
        ))!._id;
    const before = await db.collection('atoms').findOne({ _id: 'javascript' as any });
    const refused = await call(admin, 'PUT', '/api/atoms/javascript/', {
      beta_question_ordering: [...(before!.beta_question_ordering ?? []), foreignId],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(`question ${foreignId} is not a question of the atom javascript`);
    expect(
      (await db.collection('atoms').findOne({ _id: 'javascript' as any }))!.beta_question_ordering,
    ).toEqual(before!.beta_question_ordering);
    expect(version).toBeGreaterThan(0);

    // Stored around the check (straight into the database): a quiz never serves it for javascript.
    await db
      .collection('atoms')
      .updateOne(
        { _id: 'javascript' as any },
        { $set: { beta_question_ordering: [foreignId] }, $inc: { version: 1 } },
      );
    const inv = await invite({ candidate_name: 'Beta Planner' });
    const token = tokenOf(inv.link);
    expect((await quiz(token, '/question/1/')).status).toBe(200);
    const doc = await db.collection('quiz_results').findOne({ token });
    expect(doc!.plan[0].beta_question_id).toBeNull();
    await db
      .collection('atoms')
      .updateOne(
        { _id: 'javascript' as any },
        { $set: { beta_question_ordering: before!.beta_question_ordering } },
      );
  });
});

describe('beta questions on revert', () => {
  it('restoring a version leaves out a beta question that is no longer the atom’s, and says so', async () => {
    const b64 = (t: string) => Buffer.from(t, 'utf8').toString('base64');
    const created = await call(admin, 'POST', '/api/question/', {
      question_text: b64('A beta question of javascript?'),
      administered: false,
      answers: [
        { text: b64('Yes'), c: true },
        { text: b64('No'), c: false },
      ],
      all_atoms: ['javascript'],
    });
    expect(created.status).toBe(201);
    const q = created.body.question;
    const atom = (await call(admin, 'GET', '/api/atoms/javascript')).body.atom;
    const withIt = await call(admin, 'PUT', '/api/atoms/javascript/', {
      beta_question_ordering: [...atom.beta_question_ordering, q.id],
      version: atom.version,
    });
    expect(withIt.status).toBe(200);
    const without = await call(admin, 'PUT', '/api/atoms/javascript/', {
      beta_question_ordering: atom.beta_question_ordering,
      version: withIt.body.atom.version,
    });
    expect(without.status).toBe(200);
    const detached = await call(admin, 'POST', '/api/atoms/javascript/questions/detach', {
      question_id: q.id,
      version: q.version,
    });
    expect(detached.status).toBe(200);
    const reverted = await call(admin, 'POST', '/api/atoms/javascript/revert', {
      to_version: withIt.body.atom.version,
      version: without.body.atom.version,
    });
    expect(reverted.status).toBe(200);
    expect(reverted.body.left_out).toEqual([`beta question ${q.id} (not a question of this atom now)`]);
    expect(reverted.body.atom.beta_question_ordering).not.toContain(q.id);
  });
});

describe('one order for levels', () => {
  it('highest level first follows the levels shown, the estimate only between equal levels', async () => {
    // A list built to tempt it: an L2 whose estimate is below an L1's (a wide posterior can do that),
    // an L3, and two L2s that differ by estimate. Stored as the summary stores them.
    const company = new ObjectId();
    await db.collection('companies').insertOne({ _id: company, name: 'Tempting Ltd', slug: 'tempting' });
    const people = [
      { name: 'L1 high estimate', level: 1, estimate: 0.4 },
      { name: 'L2 low estimate', level: 2, estimate: -0.9 },
      { name: 'L2 mid estimate', level: 2, estimate: -0.2 },
      { name: 'L3', level: 3, estimate: 0.3 },
      { name: 'No level', level: null, estimate: null },
    ];
    const now = new Date();
    await db.collection('invitations').insertMany(
      people.map((p, i) => {
        const progress = [
          {
            atom_id: 'javascript',
            required: true,
            state: p.level ? 'finished' : 'invited',
            lapses_at: null,
            lapses_to: null,
            started_at: null,
            finished_at: p.level ? now : null,
            level: p.level,
            estimate: p.estimate,
            error: p.level ? 0.5 : null,
          },
        ];
        return {
          company,
          candidate_name: p.name,
          candidate_email: `p${i}@tempting.example`,
          required_atoms: ['javascript'],
          optional_atoms: [],
          atoms: ['javascript'],
          status: p.level ? 'finished' : 'invited',
          progress,
          has_level: p.level != null,
          level_score: levelScore(progress),
          simulated: false,
          demo: false,
          search_terms: [],
          summary_rev: 1,
          created_at: new Date(now.getTime() - i * 1000),
          updated_at: now,
        };
      }),
    );
    const names = async (sort: string) =>
      InvitationListResponseSchema.parse(
        (await call(admin, 'GET', `/api/hiring/invitations?company=tempting&sort=${sort}`)).body,
      ).items.map((r) => `${r.candidate_name}:${r.atoms[0].level ?? '-'}`);
    expect(await names('level_desc')).toEqual([
      'L3:3',
      'L2 mid estimate:2',
      'L2 low estimate:2',
      'L1 high estimate:1',
      'No level:-',
    ]);
    expect(await names('level_asc')).toEqual([
      'L1 high estimate:1',
      'L2 low estimate:2',
      'L2 mid estimate:2',
      'L3:3',
      'No level:-',
    ]);
  });
});
