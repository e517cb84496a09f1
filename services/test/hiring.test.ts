// The hiring API over HTTP with real sign-ins through the dev sign-on: recruiters of two
// companies and an admin. Tenancy (another company's invitation is 404 by id and never a row in a
// list or the CSV), every call with bad input (4xx, nothing changed), a whole candidate journey
// (invite with +50% time, take the quiz through the quiz API, the list and the report), revoke and
// extend as the candidate's quiz sees them, search, filters, sorts and the export.
import { until } from './helpers/jobs';
import { MongoClient, ObjectId, type Db } from 'mongodb';
import { parse } from 'csv-parse/sync';
import {
  BulkErrorResponseSchema,
  BulkPreviewResponseSchema,
  HiringMeResponseSchema,
  INVITATION_CSV_COLUMNS,
  InvitationListResponseSchema,
  InvitationReportSchema,
  InvitationResponseSchema,
  type InvitationReport,
  type InvitationResponse,
} from '@skillquiz/contracts';
import { Browser, jsonCall, signIn, startAdminStack, type AdminStack } from './helpers/admin-session';
import { takeQuiz } from './helpers/take-quiz';

jest.setTimeout(180_000);

/** Every question's limit in this stack (QUESTION_TIME_LIMIT_SECONDS): extra time multiplies it. */
const LIMIT_SECONDS = 20;

let env: AdminStack;
let client: MongoClient;
let db: Db;
const acme = new Browser(); // recruiter of Acme Robotics (the demo company), by group claim
const initech = new Browser(); // recruiter of Initech, by email domain
const admin = new Browser();
const viewer = new Browser(); // signed in, no role
const anonymous = new Browser();
let acmeId: string;
let initechId: string;
/** Where each recruiter's sign-in landed. */
const landed: Record<string, string> = {};

const url = (p: string) => `${env.baseUrl}${p}`;

async function call<T = any>(b: Browser, method: string, path: string, body?: unknown, csrf = true) {
  const res = await b.fetch(url(path), jsonCall(b, env.baseUrl, method, body, csrf));
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, body: json as T, text, headers: res.headers };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function invite(b: Browser, body: Record<string, unknown>, query = ''): Promise<InvitationResponse> {
  const r = await call(b, 'POST', `/api/hiring/invitations${query}`, {
    candidate_name: 'Ada Lovelace',
    candidate_email: 'ada@example.com',
    required_atoms: ['javascript'],
    ...body,
  });
  if (r.status !== 201) throw new Error(`invite: ${r.status} ${r.text}`);
  return InvitationResponseSchema.parse(r.body);
}

const tokenOf = (link: string) => link.split('/quiz/')[1];

/** Every collection a hiring call may write, to prove a refused call changed nothing. */
/**
 * The collections as stored, once what earlier requests left to follow has run: a bulk invite answers
 * before its email intents are dispatched (in the background), and that dispatch must not be taken for
 * a change the request under test made.
 */
async function snapshot(): Promise<string> {
  await until(
    async () =>
      (await db.collection('invitations').countDocuments({ 'pending_events.0': { $exists: true } })) === 0,
    "the earlier invitations' intents to be dispatched",
  );
  const dump: Record<string, unknown> = {};
  for (const c of ['invitations', 'quiz_results', 'companies'])
    dump[c] = await db.collection(c).find().sort({ _id: 1 }).toArray();
  return JSON.stringify(dump);
}

beforeAll(async () => {
  env = await startAdminStack({ QUESTION_TIME_LIMIT_SECONDS: String(LIMIT_SECONDS) });
  client = await MongoClient.connect(env.stack.mongoUri);
  db = client.db();
  landed.acme = (await signIn(acme, env.baseUrl, env.provider.recruiter)).finalUrl;
  landed.initech = (await signIn(initech, env.baseUrl, env.provider.secondRecruiter)).finalUrl;
  await signIn(admin, env.baseUrl, env.provider.admin);
  await signIn(viewer, env.baseUrl, env.provider.user);
  await anonymous.fetch(url('/admin'));
  acmeId = String((await db.collection('companies').findOne({ slug: 'acme-robotics' }))!._id);
  initechId = String((await db.collection('companies').findOne({ slug: 'initech' }))!._id);
});
afterAll(async () => {
  await client?.close();
  await env?.stop();
});

describe('roles', () => {
  it.each([
    ['acme', 'recruiter', 'group claim company:acme-robotics', 'Acme Robotics', 'acme-robotics'],
    ['initech', 'secondRecruiter', 'email domain initech.example', 'Initech', 'initech'],
  ] as const)(
    'the %s recruiter (%s, %s) signs in through the sign-on: /me is 200 with the role and company',
    async (key, who, _how, name, slug) => {
      const b = key === 'acme' ? acme : initech;
      // Recruiters land on their candidates (the hiring pages), not on content pages they cannot use.
      expect(landed[key]).toBe(url('/hiring'));
      const me = await call(b, 'GET', '/me');
      expect(me.status).toBe(200);
      expect(me.body).toEqual({
        email: env.provider[who].email,
        name: expect.any(String),
        isAdmin: false,
        role: 'recruiter',
        company: { id: key === 'acme' ? acmeId : initechId, name, slug },
      });
    },
  );

  it('GET /api/hiring/me: a recruiter has their company; an admin has every company for the switcher', async () => {
    const r = HiringMeResponseSchema.parse((await call(acme, 'GET', '/api/hiring/me')).body);
    expect(r).toMatchObject({
      role: 'recruiter',
      company: { id: acmeId, name: 'Acme Robotics', slug: 'acme-robotics' },
    });
    expect(r.companies).toEqual([r.company]);
    const i = HiringMeResponseSchema.parse((await call(initech, 'GET', '/api/hiring/me')).body);
    expect(i.company).toEqual({ id: initechId, name: 'Initech', slug: 'initech' });
    const a = HiringMeResponseSchema.parse((await call(admin, 'GET', '/api/hiring/me')).body);
    expect(a.role).toBe('admin');
    expect(a.company).toBeNull();
    expect(a.companies.map((c) => c.slug)).toEqual(expect.arrayContaining(['acme-robotics', 'initech']));
  });

  it('signed out → 401 and no role → 403 on every hiring route, and nothing changes', async () => {
    const before = await snapshot();
    for (const [b, status] of [
      [anonymous, 401],
      [viewer, 403],
    ] as const) {
      for (const [method, path, body] of [
        ['GET', '/api/hiring/me'],
        ['GET', '/api/hiring/atoms'],
        ['GET', '/api/hiring/invitations'],
        ['GET', '/api/hiring/invitations.csv'],
        [
          'POST',
          '/api/hiring/invitations',
          { candidate_name: 'X', candidate_email: 'x@y.example', required_atoms: ['sql'] },
        ],
        ['POST', '/api/hiring/invitations/bulk', { csv: 'X,x@y.example,sql' }],
        ['GET', `/api/hiring/invitations/${new ObjectId()}`],
        ['POST', `/api/hiring/invitations/${new ObjectId()}/revoke`],
        ['POST', `/api/hiring/invitations/${new ObjectId()}/extend`, { expires_at: inDays(30) }],
      ] as [string, string, unknown?][]) {
        const r = await call(b, method, path, body);
        expect([method, path, r.status, r.body?.success]).toEqual([method, path, status, false]);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('GET /api/hiring/atoms lists the atoms a recruiter may invite to (the content API is closed to them)', async () => {
    const r = await call(acme, 'GET', '/api/hiring/atoms');
    expect(r.status).toBe(200);
    expect(r.body.atoms.map((a: { id: string }) => a.id)).toEqual(
      expect.arrayContaining(['javascript', 'python', 'sql']),
    );
    expect((await call(acme, 'GET', '/api/atoms')).status).toBe(403);
  });

  it('writes need the session CSRF token (403 without), and change nothing', async () => {
    const before = await snapshot();
    const body = { candidate_name: 'X', candidate_email: 'x@y.example', required_atoms: ['sql'] };
    const r = await call(acme, 'POST', '/api/hiring/invitations', body, false);
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/CSRF token/);
    expect(await snapshot()).toBe(before);
  });
});

describe('tenancy', () => {
  let acmeInv: InvitationResponse;
  let initechInv: InvitationResponse;
  beforeAll(async () => {
    acmeInv = await invite(acme, {
      candidate_name: 'Tenant Acme',
      candidate_email: 'tenant@acme-cand.example',
    });
    initechInv = await invite(initech, {
      candidate_name: 'Tenant Initech',
      candidate_email: 'tenant@initech-cand.example',
    });
  });

  it("another company's invitation is 404 by id, for the report, revoke and extend, and nothing changes", async () => {
    const before = await snapshot();
    const id = acmeInv.invitation.id;
    for (const [method, path, body] of [
      ['GET', `/api/hiring/invitations/${id}`],
      ['POST', `/api/hiring/invitations/${id}/revoke`],
      ['POST', `/api/hiring/invitations/${id}/extend`, { expires_at: inDays(30) }],
    ] as [string, string, unknown?][]) {
      const r = await call(initech, method, path, body);
      expect([path, r.status, r.body]).toEqual([
        path,
        404,
        { success: false, message: 'Invitation not found' },
      ]);
    }
    // The same 404 as an id that exists nowhere.
    const nowhere = await call(initech, 'GET', `/api/hiring/invitations/${new ObjectId()}`);
    expect(nowhere.body).toEqual({ success: false, message: 'Invitation not found' });
    expect(await snapshot()).toBe(before);
    // Its own company sees it.
    expect((await call(acme, 'GET', `/api/hiring/invitations/${id}`)).status).toBe(200);
  });

  it("another company's invitations are never a row in the list, a search, a filter or the CSV", async () => {
    const list = InvitationListResponseSchema.parse(
      (await call(initech, 'GET', '/api/hiring/invitations')).body,
    );
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((i) => i.company.slug === 'initech')).toBe(true);
    expect(list.items.map((i) => i.id)).not.toContain(acmeInv.invitation.id);
    const search = await call(initech, 'GET', '/api/hiring/invitations?q=tenant');
    expect(search.body.items.map((i: { id: string }) => i.id)).toEqual([initechInv.invitation.id]);
    expect(search.body.total).toBe(1);
    const csv = await call(initech, 'GET', '/api/hiring/invitations.csv');
    expect(csv.text).toContain(initechInv.invitation.id);
    expect(csv.text).not.toContain(acmeInv.invitation.id);
    expect(csv.text).not.toContain('Acme');
  });

  it('a recruiter cannot switch to another company: ?company= naming it is 404 (id or slug)', async () => {
    for (const q of [acmeId, 'acme-robotics', 'no-such-company']) {
      const r = await call(initech, 'GET', `/api/hiring/invitations?company=${q}`);
      expect([q, r.status, r.body]).toEqual([q, 404, { success: false, message: 'Company not found' }]);
      expect((await call(initech, 'GET', `/api/hiring/invitations.csv?company=${q}`)).status).toBe(404);
    }
    const before = await snapshot();
    const r = await call(initech, 'POST', `/api/hiring/invitations?company=${acmeId}`, {
      candidate_name: 'X',
      candidate_email: 'x@y.example',
      required_atoms: ['sql'],
    });
    expect(r.status).toBe(404);
    expect(await snapshot()).toBe(before);
    // Its own company, by id or slug, is fine.
    expect((await call(initech, 'GET', `/api/hiring/invitations?company=${initechId}`)).status).toBe(200);
    expect((await call(initech, 'GET', '/api/hiring/invitations?company=initech')).status).toBe(200);
  });

  it('an admin sees every company, or one through ?company=, and must choose one to invite', async () => {
    const all = await call(admin, 'GET', '/api/hiring/invitations?q=tenant');
    expect(all.body.items.map((i: { id: string }) => i.id).sort()).toEqual(
      [acmeInv.invitation.id, initechInv.invitation.id].sort(),
    );
    const one = await call(admin, 'GET', `/api/hiring/invitations?q=tenant&company=${acmeId}`);
    expect(one.body.items.map((i: { id: string }) => i.id)).toEqual([acmeInv.invitation.id]);
    expect((await call(admin, 'GET', `/api/hiring/invitations/${initechInv.invitation.id}`)).status).toBe(
      200,
    );
    // Scoped to Acme, Initech's invitation is not there either.
    expect(
      (await call(admin, 'GET', `/api/hiring/invitations/${initechInv.invitation.id}?company=acme-robotics`))
        .status,
    ).toBe(404);
    expect((await call(admin, 'GET', '/api/hiring/invitations?company=nope')).status).toBe(404);
    const before = await snapshot();
    const refused = await call(admin, 'POST', '/api/hiring/invitations', {
      candidate_name: 'X',
      candidate_email: 'x@y.example',
      required_atoms: ['sql'],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/Choose a company first/);
    expect(await snapshot()).toBe(before);
    const created = await invite(admin, { candidate_name: 'By Admin' }, '?company=initech');
    expect(created.invitation.company.slug).toBe('initech');
  });
});

describe('bad input: 4xx, nothing changes', () => {
  it.each([
    ['no name', { candidate_name: '' }, /candidate_name: name is required/],
    [
      'a bad email',
      { candidate_email: 'not-an-email' },
      /candidate_email: email is not a valid email address/,
    ],
    ['no required atom', { required_atoms: [] }, /required_atoms needs at least one atom/],
    [
      'an unknown atom',
      { required_atoms: ['javascript', 'cobol'] },
      /Unknown atom: cobol \(known atoms: .*javascript/,
    ],
    ['a malformed atom', { required_atoms: ['Not A Slug'] }, /required_atoms/],
    ['extra time 30%', { extra_time_percent: 30 }, /extra_time_percent must be one of 0, 25, 50, 100/],
    ['an expiry in the past', { expires_at: '2020-01-01' }, /expires_at must be in the future/],
    ['an expiry in two years', { expires_at: inDays(800) }, /at most 365 days/],
    ['an expiry that is no date', { expires_at: 'soon' }, /expires_at: must be an ISO date/],
    ['an unknown field', { salary: 1 }, /Unrecognized key/],
  ])('POST /api/hiring/invitations with %s → 400', async (_what, patch, message) => {
    const before = await snapshot();
    const r = await call(acme, 'POST', '/api/hiring/invitations', {
      candidate_name: 'Bad Input',
      candidate_email: 'bad@example.com',
      required_atoms: ['javascript'],
      ...patch,
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, message: expect.stringMatching(message) });
    expect(await snapshot()).toBe(before);
  });

  it('a malformed JSON body → 400', async () => {
    const res = await acme.fetch(url('/api/hiring/invitations'), {
      ...jsonCall(acme, env.baseUrl, 'POST', {}),
      body: '{"candidate_name": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message: 'Malformed JSON body' });
  });

  it.each([
    ['page=0', /page must be a positive integer/],
    ['page=abc', /page must be a positive integer/],
    ['status=done', /status/],
    ['sort=name', /sort/],
    ['atom=Not%20A%20Slug', /atom/],
    [`q=${'x'.repeat(101)}`, /q is too long/],
  ])('GET /api/hiring/invitations?%s → 400 (the CSV too)', async (query, message) => {
    const r = await call(acme, 'GET', `/api/hiring/invitations?${query}`);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(message);
    expect((await call(acme, 'GET', `/api/hiring/invitations.csv?${query}`)).status).toBe(400);
  });

  it('a malformed or unknown invitation id → 404 on every id route', async () => {
    for (const id of ['123', 'zzzzzzzzzzzzzzzzzzzzzzzz', String(new ObjectId())]) {
      expect((await call(acme, 'GET', `/api/hiring/invitations/${id}`)).status).toBe(404);
      expect((await call(acme, 'POST', `/api/hiring/invitations/${id}/revoke`)).status).toBe(404);
      expect(
        (await call(acme, 'POST', `/api/hiring/invitations/${id}/extend`, { expires_at: inDays(9) })).status,
      ).toBe(404);
    }
  });

  it('extend needs a later, valid date', async () => {
    const inv = await invite(acme, { candidate_name: 'Extend Checks', expires_at: inDays(10) });
    const path = `/api/hiring/invitations/${inv.invitation.id}/extend`;
    const before = await snapshot();
    for (const [body, message] of [
      [{}, /expires_at/],
      [{ expires_at: 'later' }, /must be an ISO date/],
      [{ expires_at: inDays(5) }, /later than the current expiry/],
      [{ expires_at: '2020-01-01' }, /must be in the future/],
      [{ expires_at: inDays(10), extra: 1 }, /Unrecognized key/],
    ] as const) {
      const r = await call(acme, 'POST', path, body);
      expect([JSON.stringify(body), r.status]).toEqual([JSON.stringify(body), 400]);
      expect(r.body.message).toMatch(message);
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('bulk invite', () => {
  const bulk = (body: unknown, b = acme) => call(b, 'POST', '/api/hiring/invitations/bulk', body);

  it('previews every row with its problems (dry_run) and creates nothing', async () => {
    const before = await snapshot();
    const csv = [
      'name,email,atoms,optional_atoms',
      'Grace Hopper,grace@example.com,"javascript,python",sql',
      ',nobody@example.com,javascript',
      'Bad Mail,not-an-email,javascript',
      'No Atoms,noatoms@example.com,',
      'Cobol Fan,cobol@example.com,cobol;javascript',
      'Grace Again,GRACE@example.com,sql',
      'Too Wide,wide@example.com,javascript,python,sql,extra',
    ].join('\n');
    const r = await bulk({ csv, dry_run: true });
    expect(r.status).toBe(200);
    const preview = BulkPreviewResponseSchema.parse(r.body);
    expect(preview.valid).toBe(false);
    expect(preview.rows.map((row) => [row.row, row.errors])).toEqual([
      [2, []],
      [3, ['name is missing']],
      [4, ["'not-an-email' is not a valid email address"]],
      [5, ['no atom: name at least one required atom']],
      [6, ['unknown atom: cobol']],
      [7, ['the same email as row 2']],
      [8, [expect.stringMatching(/more than the 4 expected/)]],
    ]);
    expect(preview.rows[0]).toMatchObject({
      candidate_name: 'Grace Hopper',
      candidate_email: 'grace@example.com',
      required_atoms: ['javascript', 'python'],
      optional_atoms: ['sql'],
    });
    expect(await snapshot()).toBe(before);
  });

  it('refuses the whole file (400 with every row) while any row is invalid: nothing is created', async () => {
    const before = await snapshot();
    const r = await bulk({ csv: 'Good One,good1@example.com,javascript\nBad,bad,javascript' });
    expect(r.status).toBe(400);
    const body = BulkErrorResponseSchema.parse(r.body);
    expect(body.message).toBe('1 of 2 rows has a problem (row 2); nothing was created');
    expect(body.rows.map((row) => row.errors.length)).toEqual([0, 1]);
    expect(await snapshot()).toBe(before);
  });

  it('creates every row when all are valid (CSV without a header, or JSON rows), with shared expiry and extra time', async () => {
    const expires = inDays(14);
    const r = await bulk({
      csv: 'Bulk One,bulk1@example.com,javascript\nBulk Two,bulk2@example.com,python|sql\n\nBulk Three,bulk3@example.com,sql',
      expires_at: expires,
      extra_time_percent: 25,
    });
    expect(r.status).toBe(201);
    expect(r.body.created).toHaveLength(3);
    const created = r.body.created as InvitationResponse[];
    expect(created.map((c) => c.invitation.candidate_email)).toEqual([
      'bulk1@example.com',
      'bulk2@example.com',
      'bulk3@example.com',
    ]);
    expect(created[1].links.map((l) => l.atom_id)).toEqual(['python', 'sql']);
    for (const c of created) {
      expect(c.invitation).toMatchObject({ extra_time_percent: 25, expires_at: expires, status: 'invited' });
      expect(c.link).toMatch(new RegExp(`^${env.baseUrl}/quiz/`));
    }
    const rows = await bulk({
      rows: [{ candidate_name: 'Json Row', candidate_email: 'json@example.com', required_atoms: ['sql'] }],
    });
    expect(rows.status).toBe(201);
  });

  it.each([
    ['both csv and rows', { csv: 'a,b@c.de,sql', rows: [] }, /either csv \(text\) or rows/],
    ['neither', {}, /either csv \(text\) or rows/],
    ['an unreadable CSV', { csv: 'A,"a@b.cd,sql' }, /The CSV could not be read: Quote Not Closed/],
    ['an empty CSV', { csv: '\n\n' }, /There are no rows to invite/],
    ['a header without an email column', { csv: 'name,atoms\nA,sql' }, /header has no email column/],
    [
      'a bad extra time',
      { csv: 'A,a@b.cd,sql', extra_time_percent: 10 },
      /extra_time_percent must be one of/,
    ],
    ['a past expiry', { csv: 'A,a@b.cd,sql', expires_at: '2020-01-01' }, /must be in the future/],
    [
      'too many rows',
      {
        rows: Array.from({ length: 501 }, () => ({
          candidate_name: 'a',
          candidate_email: 'a@b.cd',
          required_atoms: 'sql',
        })),
      },
      /rows/,
    ],
  ])('%s → 400, nothing created', async (_what, body, message) => {
    const before = await snapshot();
    const r = await bulk(body);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(message);
    expect(await snapshot()).toBe(before);
  });

  it('an admin must choose the company', async () => {
    const r = await bulk({ csv: 'A,a@b.cd,sql' }, admin);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/Choose a company first/);
  });
});

describe('a candidate from invitation to report', () => {
  let inv: InvitationResponse;
  let report: InvitationReport;

  it('invites with +50% time: 201 with the invitation and one link per atom', async () => {
    inv = await invite(acme, {
      candidate_name: 'Katherine Johnson',
      candidate_email: 'katherine@nasa.example',
      required_atoms: ['javascript'],
      optional_atoms: ['sql'],
      extra_time_percent: 50,
    });
    expect(inv.invitation).toMatchObject({
      candidate_name: 'Katherine Johnson',
      candidate_email: 'katherine@nasa.example',
      company: { slug: 'acme-robotics' },
      status: 'invited',
      extra_time_percent: 50,
      demo: false,
      started_at: null,
      finished_at: null,
    });
    expect(inv.invitation.atoms.map((a) => [a.id, a.required, a.level])).toEqual([
      ['javascript', true, null],
      ['sql', false, null],
    ]);
    // Default expiry: 7 days.
    const days = (Date.parse(inv.invitation.expires_at!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(inv.links.map((l) => l.atom_id)).toEqual(['javascript', 'sql']);
    expect(inv.link).toBe(inv.links[0].url);
  });

  it('the quiz gives every question 1.5 times the limit, and its briefing says so', async () => {
    const token = tokenOf(inv.link);
    const view = (await (await fetch(url(`/api/quiz/${token}/`))).json()) as any;
    expect(view.quiz.atoms[0].seconds_per_question).toBe(LIMIT_SECONDS * 1.5);
    expect(view.demo_mode_allowed).toBe(false);
    const q = (await (await fetch(url(`/api/quiz/${token}/question/1/`))).json()) as any;
    const served = (await db.collection('quiz_results').findOne({ token }))!.served[0];
    expect(Date.parse(q.expires_at) - served.served_at.getTime()).toBe(LIMIT_SECONDS * 1500);
    // The list says the candidate started.
    const row = (await call(acme, 'GET', '/api/hiring/invitations?q=katherine')).body.items[0];
    expect(row.status).toBe('in_progress');
    expect(row.started_at).not.toBeNull();
  });

  it('after the candidate finishes, the list shows the level and the report has everything', async () => {
    const token = tokenOf(inv.link);
    // Integrity signals while taking it: a tab switch of 4 s, an offline period of 2 s, clipboard.
    const track = (event: number, eventDetails?: object) =>
      fetch(url(`/api/quiz/${token}/tracking`), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, questionId: 1, event, ...(eventDetails ? { eventDetails } : {}) }),
      });
    const l = Date.now() - 10_000;
    expect((await track(0, { l, r: l + 4000, t: 4000 })).status).toBe(201);
    expect((await track(1, { l: l + 5000, r: l + 7000, t: 2000 })).status).toBe(201);
    expect((await track(4)).status).toBe(201);
    expect((await track(2)).status).toBe(201);
    expect((await track(3)).status).toBe(201);
    await takeQuiz(env.baseUrl, db, token, { right: (n) => n % 3 !== 0, survey: 1 });

    const list = await call(acme, 'GET', '/api/hiring/invitations?q=katherine');
    const row = list.body.items[0];
    expect(row.status).toBe('finished');
    expect(row.finished_at).not.toBeNull();
    expect(row.atoms[0].level).toBeGreaterThanOrEqual(1);
    expect(row.atoms[1].level).toBeNull(); // the optional atom was not taken

    const r = await call(acme, 'GET', `/api/hiring/invitations/${inv.invitation.id}`);
    expect(r.status).toBe(200);
    report = InvitationReportSchema.parse(r.body);
    const js = report.atoms[0];
    const atom = (await db.collection('atoms').findOne({ _id: 'javascript' as never }))!;
    expect(js).toMatchObject({ atom_id: 'javascript', required: true, status: 'finished', skipped: false });
    // The candidate answered the survey, and was told it is not shared individually: it is not here.
    expect(js).not.toHaveProperty('survey_rating');
    expect(js.level).toBe(row.atoms[0].level);
    // The level is the most likely one of the posterior; its description is the atom's.
    const probs = js.level_probabilities!;
    expect(probs.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 9);
    expect(probs.indexOf(Math.max(...probs)) + 1).toBe(js.level);
    expect(js.level_description).toBe(atom[`level_${js.level}_description`]);
    expect(js.client_description).toBe(atom.client_description);
    expect(js.error).toBeGreaterThan(0);
    expect(js.band!.low).toBeCloseTo(js.estimate! - js.error!, 9);
    expect(js.band!.low_level).toBeLessThanOrEqual(js.level!);
    expect(js.band!.high_level).toBeGreaterThanOrEqual(js.level!);
    // Every question as served, with its outcome and its time against the 1.5x limit.
    const doc = (await db.collection('quiz_results').findOne({ token }))!;
    expect(js.questions.map((q) => q.number)).toEqual(doc.served.map((s: { number: number }) => s.number));
    for (const [i, q] of js.questions.entries()) {
      expect(q.outcome).toBe(doc.served[i].correct ? 'correct' : 'incorrect');
      expect(q.time_allowed_seconds).toBe(LIMIT_SECONDS * 1.5);
      expect(q.time_taken_seconds).toBeGreaterThanOrEqual(0);
      expect(q.time_taken_seconds).toBeLessThanOrEqual(LIMIT_SECONDS * 1.5);
      expect(q.claim).toBe(doc.served[i].snapshot.claim);
    }
    expect(js.questions.filter((q) => !q.scored)).toHaveLength(
      doc.served.filter((s: { scored: boolean }) => !s.scored).length,
    );
    // Alone in the norm group so far: counted, but no percentile from one candidate.
    expect(js.percentile).toEqual({ value: null, among: 1 });
    expect(report.atoms[1]).toMatchObject({
      atom_id: 'sql',
      required: false,
      status: 'invited',
      level: null,
      questions: [],
    });
    // Integrity: counts, time away and offline, the developer tools from open to close.
    expect(report.integrity.counts).toEqual({
      tab_switches: 1,
      offline_periods: 1,
      devtools_opened: 1,
      clipboard_uses: 1,
    });
    expect(report.integrity.time_away_seconds).toBe(4);
    expect(report.integrity.time_offline_seconds).toBe(2);
    expect(report.integrity.events[0]).toEqual({
      kind: 'tab_switch',
      atom_id: 'javascript',
      question_number: 1,
      at: new Date(l).toISOString(),
      duration_seconds: 4,
    });
    expect(
      report.integrity.events.find((e) => e.kind === 'devtools')!.duration_seconds,
    ).toBeGreaterThanOrEqual(0);
    expect(report.extra_time_percent).toBe(50);
    expect(report.invitation.links.map((x) => x.url)).toEqual(inv.links.map((x) => x.url));
    expect(report.invitation.created_by).toBe(env.provider.recruiter.email);
  });

  it('the percentile counts the finished candidates of the atom (not simulated ones)', async () => {
    const strong = await invite(acme, {
      candidate_name: 'Strong Second',
      candidate_email: 'strong@example.com',
    });
    await takeQuiz(env.baseUrl, db, tokenOf(strong.link), { right: () => true, survey: 2 });
    const weak = await invite(initech, { candidate_name: 'Weak Third', candidate_email: 'weak@example.com' });
    await takeQuiz(env.baseUrl, db, tokenOf(weak.link), { right: () => false, survey: 2 });
    const again = InvitationReportSchema.parse(
      (await call(acme, 'GET', `/api/hiring/invitations/${inv.invitation.id}`)).body,
    );
    // Between a candidate who got everything right and one who got everything wrong: the middle.
    expect(again.atoms[0].percentile).toEqual({ value: 50, among: 3 });
    const top = InvitationReportSchema.parse(
      (await call(acme, 'GET', `/api/hiring/invitations/${strong.invitation.id}`)).body,
    );
    expect(top.atoms[0].percentile).toEqual({ value: expect.closeTo(83.3, 1), among: 3 });
  });

  it('a finished invitation cannot be revoked or extended (409), and nothing changes', async () => {
    const before = await snapshot();
    const revoke = await call(acme, 'POST', `/api/hiring/invitations/${inv.invitation.id}/revoke`);
    expect(revoke.status).toBe(409);
    expect(revoke.body.message).toMatch(/finished/);
    const extend = await call(acme, 'POST', `/api/hiring/invitations/${inv.invitation.id}/extend`, {
      expires_at: inDays(20),
    });
    expect(extend.status).toBe(409);
    expect(await snapshot()).toBe(before);
  });
});

describe('revoke and extend, as the candidate sees them', () => {
  it('revoke: the candidate link answers as an expired quiz (410 on questions); the list says revoked', async () => {
    const inv = await invite(acme, {
      candidate_name: 'Revoked Person',
      candidate_email: 'revoked@example.com',
    });
    const token = tokenOf(inv.link);
    expect((await fetch(url(`/api/quiz/${token}/question/1/`))).status).toBe(200);
    const r = await call(acme, 'POST', `/api/hiring/invitations/${inv.invitation.id}/revoke`);
    expect(r.status).toBe(200);
    const report = InvitationReportSchema.parse(r.body);
    expect(report.invitation.status).toBe('revoked');
    expect(report.invitation.revoked_at).not.toBeNull();
    expect(report.atoms[0].status).toBe('revoked');
    // The quiz result is 200 with its expiry passed (the expired screen); questions are 410.
    const view = (await (await fetch(url(`/api/quiz/${token}/`))).json()) as any;
    expect(Date.parse(view.expires_at)).toBeLessThanOrEqual(Date.now());
    expect(view.finished_at).toBeNull();
    expect((await fetch(url(`/api/quiz/${token}/question/1/`))).status).toBe(410);
    expect((await fetch(url(`/api/quiz/${token}/finish`), { method: 'POST' })).status).toBe(410);
    // Revoking again changes nothing; extending a revoked invitation is refused.
    expect((await call(acme, 'POST', `/api/hiring/invitations/${inv.invitation.id}/revoke`)).status).toBe(
      200,
    );
    const ext = await call(acme, 'POST', `/api/hiring/invitations/${inv.invitation.id}/extend`, {
      expires_at: inDays(30),
    });
    expect(ext.status).toBe(409);
    const row = (await call(acme, 'GET', '/api/hiring/invitations?status=revoked&q=revoked')).body.items;
    expect(row.map((x: { id: string }) => x.id)).toEqual([inv.invitation.id]);
  });

  it('an invitation expires at its date (410, status expired); extend makes the link work again', async () => {
    const inv = await invite(acme, {
      candidate_name: 'Late Larry',
      candidate_email: 'larry@example.com',
      expires_at: new Date(Date.now() + 1500).toISOString(),
    });
    const token = tokenOf(inv.link);
    await new Promise((r) => setTimeout(r, 2000));
    expect((await fetch(url(`/api/quiz/${token}/question/1/`))).status).toBe(410);
    // Nothing wrote the new status: the list applies the deadline itself, in rows and filters.
    const expired = await call(acme, 'GET', '/api/hiring/invitations?status=expired&q=larry');
    expect(expired.body.items.map((x: { id: string; status: string }) => [x.id, x.status])).toEqual([
      [inv.invitation.id, 'expired'],
    ]);
    expect((await call(acme, 'GET', '/api/hiring/invitations?status=invited&q=larry')).body.total).toBe(0);

    const until = inDays(3);
    const r = await call(acme, 'POST', `/api/hiring/invitations/${inv.invitation.id}/extend`, {
      expires_at: until,
    });
    expect(r.status).toBe(200);
    expect(InvitationReportSchema.parse(r.body).invitation).toMatchObject({
      status: 'invited',
      expires_at: until,
    });
    expect((await fetch(url(`/api/quiz/${token}/question/1/`))).status).toBe(200);
    const quiz = (await db.collection('quiz_results').findOne({ token }))!;
    // Started now: the whole-quiz clock is QUIZ_EXPIRY_HOURS (72) from the start, within the 3 days.
    expect(quiz.expires_at.getTime()).toBeLessThanOrEqual(Date.parse(until));
    expect((await call(acme, 'GET', '/api/hiring/invitations?status=in_progress&q=larry')).body.total).toBe(
      1,
    );
  });
});

describe('list: search, filters, sorts, paging', () => {
  beforeAll(async () => {
    await invite(initech, {
      candidate_name: "Mary-Jane O'Neil",
      candidate_email: 'mj@oneil.example',
      required_atoms: ['python'],
    });
    await invite(initech, {
      candidate_name: 'Mary Smith',
      candidate_email: 'ms@smith.example',
      required_atoms: ['sql'],
    });
  });

  it('search: every word starts a word of the name or email; @domain finds the domain', async () => {
    const ids = async (q: string) =>
      (await call(initech, 'GET', `/api/hiring/invitations?q=${encodeURIComponent(q)}`)).body.items.map(
        (i: { candidate_name: string }) => i.candidate_name,
      );
    expect((await ids('mary')).sort()).toEqual(['Mary Smith', "Mary-Jane O'Neil"]);
    expect(await ids('MARY jane')).toEqual(["Mary-Jane O'Neil"]);
    expect(await ids('neil')).toEqual(["Mary-Jane O'Neil"]);
    expect(await ids('@smith')).toEqual(['Mary Smith']);
    expect(await ids('ms@smith.example')).toEqual(['Mary Smith']);
    expect(await ids('ary')).toEqual([]); // prefixes only
    expect(await ids('.*')).toEqual([]); // literal, not a pattern
  });

  it('atom and status filters, and the level sort puts candidates without a level last', async () => {
    const py = await call(initech, 'GET', '/api/hiring/invitations?atom=python');
    expect(
      py.body.items.every((i: { atoms: { id: string }[] }) => i.atoms.some((a) => a.id === 'python')),
    ).toBe(true);
    const finished = await call(acme, 'GET', '/api/hiring/invitations?status=finished');
    expect(finished.body.total).toBe(2);
    for (const sort of ['level_desc', 'level_asc']) {
      const items = (await call(acme, 'GET', `/api/hiring/invitations?sort=${sort}`)).body.items as {
        status: string;
        atoms: { level: number | null }[];
      }[];
      const firstWithout = items.findIndex((i) => i.atoms.every((a) => a.level === null));
      expect(items.slice(0, firstWithout).every((i) => i.status === 'finished')).toBe(true);
      expect(items.slice(firstWithout).every((i) => i.atoms.every((a) => a.level === null))).toBe(true);
      const levels = items.slice(0, firstWithout).map((i) => i.atoms[0].level!);
      expect(levels).toEqual([...levels].sort((a, b) => (sort === 'level_desc' ? b - a : a - b)));
    }
    const asc = (await call(acme, 'GET', '/api/hiring/invitations?sort=date_asc')).body.items.map(
      (i: any) => i.invited_at,
    );
    expect(asc).toEqual([...asc].sort());
  });

  it('pages of 20 with the total', async () => {
    const p1 = InvitationListResponseSchema.parse((await call(acme, 'GET', '/api/hiring/invitations')).body);
    expect(p1.page_size).toBe(20);
    expect(p1.page).toBe(1);
    const p2 = InvitationListResponseSchema.parse(
      (await call(acme, 'GET', '/api/hiring/invitations?page=2')).body,
    );
    expect(p2.total).toBe(p1.total);
    expect(p1.items.length + p2.items.length).toBe(Math.min(p1.total, 40));
    const dates = [...p1.items, ...p2.items].map((i) => i.invited_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe('CSV export', () => {
  it('one row per invitation and atom, the same filters, formulas escaped', async () => {
    await invite(acme, {
      candidate_name: '=HYPERLINK("http://evil.example")',
      candidate_email: 'formula@example.com',
      required_atoms: ['javascript', 'python'],
    });
    const r = await call(acme, 'GET', '/api/hiring/invitations.csv?q=formula');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(
      /attachment; filename="candidates-acme-robotics-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = parse(r.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual([...INVITATION_CSV_COLUMNS]);
    expect(rows.map((x) => [x.atom, x.atom_required, x.status])).toEqual([
      ['JavaScript', 'yes', 'invited'],
      ['Python', 'yes', 'invited'],
    ]);
    expect(rows[0].candidate_name).toBe(`'=HYPERLINK("http://evil.example")`);
    // A finished candidate: the level and estimate per atom.
    const done = parse((await call(acme, 'GET', '/api/hiring/invitations.csv?status=finished')).text, {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    const js = done.filter((x) => x.atom === 'JavaScript');
    expect(js.length).toBe(2);
    for (const x of js) {
      expect(x.level).toMatch(/^L[1-5]$/);
      expect(Number(x.estimate)).not.toBeNaN();
      expect(x.atom_finished_at).not.toBe('');
    }
  });
});
