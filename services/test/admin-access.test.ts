// Every admin route, four ways: anonymous → 401, a signed-in user with no role → 403, a recruiter
// → 403 on every content route, an admin write without the CSRF header → 403; and none
// of those changes anything. The admin, with the header,
// gets through on every route (so the table cannot pass by refusing everyone).
import { encodeBase64Utf8 } from '@skillquiz/contracts';
import { MongoClient } from 'mongodb';
import { Browser, jsonCall, signIn, startAdminStack, type AdminStack } from './helpers/admin-session';

jest.setTimeout(90_000);

let env: AdminStack;
const admin = new Browser();
const viewer = new Browser();
const recruiter = new Browser();
const anonymous = new Browser();
let questionId: number;

const url = (p: string) => `${env.baseUrl}${p}`;

const question = (text: string) => ({
  question_text: encodeBase64Utf8(text),
  answers: [
    { text: encodeBase64Utf8('yes'), c: true },
    { text: encodeBase64Utf8('no'), c: false },
  ],
  all_atoms: ['access-atom'],
});

interface RouteCase {
  method: string;
  path: () => string;
  body?: unknown;
  write: boolean;
  /** How the route reads in test names, when path() is not known before the fixtures exist. */
  label?: string;
  /** The admin's status with the CSRF header. */
  ok: number;
}

// In the order of SPEC §7's admin calls table (POST /auth/central is covered by auth-signon.test.ts).
const routes: RouteCase[] = [
  { method: 'GET', path: () => '/me', write: false, ok: 200 },
  { method: 'GET', path: () => '/api/atoms?include_beta=true', write: false, ok: 200 },
  { method: 'GET', path: () => '/api/atoms/access-atom', write: false, ok: 200 },
  { method: 'POST', path: () => '/api/atoms', body: { id: 'access-new', name: 'New' }, write: true, ok: 201 },
  { method: 'PUT', path: () => '/api/atoms/access-atom/', body: { name: 'Renamed' }, write: true, ok: 200 },
  { method: 'POST', path: () => '/api/atoms/delete/access-doomed', write: true, ok: 200 },
  { method: 'GET', path: () => '/api/questions/?page=1&atom=all', write: false, ok: 200 },
  {
    method: 'GET',
    path: () => `/api/questions/${questionId}`,
    label: '/api/questions/{id}',
    write: false,
    ok: 200,
  },
  {
    method: 'POST',
    path: () => '/api/question/',
    body: question('created by the table'),
    write: true,
    ok: 201,
  },
  {
    method: 'POST',
    path: () => `/api/question/${questionId}`,
    label: '/api/question/{id}',
    body: question('edited by the table'),
    write: true,
    ok: 200,
  },
  { method: 'GET', path: () => '/api/questions/code-block-options', write: false, ok: 200 },
  { method: 'GET', path: () => '/api/questions/claim-options', write: false, ok: 200 },
  { method: 'GET', path: () => '/api/questions/language-options', write: false, ok: 200 },
  // The live-versions page's data (which remote versions are live, ship/rollback history).
  { method: 'GET', path: () => '/api/admin/remotes', write: false, ok: 200 },
];
/** The route as SPEC §7 writes it ({id}: the question fixture's id, known only at run time). */
const name = (r: RouteCase) => `${r.method} ${r.label ?? r.path()}`;

async function snapshot(): Promise<string> {
  const client = await MongoClient.connect(env.stack.mongoUri);
  try {
    const db = client.db();
    const dump: Record<string, unknown> = {};
    for (const c of ['atoms', 'questions', 'audit_logs', 'counters'])
      dump[c] = await db.collection(c).find().sort({ _id: 1 }).toArray();
    return JSON.stringify(dump);
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  env = await startAdminStack();
  await signIn(admin, env.baseUrl, env.provider.admin);
  await signIn(viewer, env.baseUrl, env.provider.user);
  await signIn(recruiter, env.baseUrl, env.provider.recruiter);
  await anonymous.fetch(url('/admin')); // has a CSRF cookie, so only the session is missing
  for (const id of ['access-atom', 'access-doomed']) {
    const res = await admin.fetch(url('/api/atoms'), jsonCall(admin, env.baseUrl, 'POST', { id, name: id }));
    expect(res.status).toBe(201);
  }
  const res = await admin.fetch(
    url('/api/question/'),
    jsonCall(admin, env.baseUrl, 'POST', question('fixture')),
  );
  expect(res.status).toBe(201);
  questionId = ((await res.json()) as { question: { id: number } }).question.id;
});
afterAll(async () => {
  await env?.stop();
});

describe.each(routes.map((r) => [name(r), r] as const))('%s', (_name, route) => {
  it('anonymous → 401 { success: false, message }, nothing changes', async () => {
    const before = await snapshot();
    const res = await anonymous.fetch(
      url(route.path()),
      jsonCall(anonymous, env.baseUrl, route.method, route.body),
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, message: expect.stringMatching(/^Not signed in/) });
    expect(await snapshot()).toBe(before);
  });

  it('signed-in non-admin → 403, nothing changes', async () => {
    const before = await snapshot();
    const res = await viewer.fetch(
      url(route.path()),
      jsonCall(viewer, env.baseUrl, route.method, route.body),
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      success: false,
      message:
        route.path() === '/me'
          ? expect.stringMatching(/: neither an admin nor a recruiter of a company$/)
          : expect.stringMatching(/is not an admin$/),
    });
    expect(await snapshot()).toBe(before);
  });

  if (route.path() !== '/me')
    it('signed-in recruiter (with the CSRF header) → 403: the content API is for admins only', async () => {
      const before = await snapshot();
      const res = await recruiter.fetch(
        url(route.path()),
        jsonCall(recruiter, env.baseUrl, route.method, route.body),
      );
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        success: false,
        message: expect.stringMatching(/is not an admin$/),
      });
      expect(await snapshot()).toBe(before);
    });

  if (route.write) {
    it.each([
      ['without the X-CSRF-Token header', undefined],
      ['with a wrong X-CSRF-Token header', 'not-the-token'],
    ])('admin write %s → 403, nothing changes', async (_how, header) => {
      const before = await snapshot();
      const init = jsonCall(admin, env.baseUrl, route.method, route.body, false);
      if (header) (init.headers as Record<string, string>)['x-csrf-token'] = header;
      const res = await admin.fetch(url(route.path()), init);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ success: false, message: expect.stringMatching(/CSRF token/) });
      expect(await snapshot()).toBe(before);
    });
  }
});

// Last, since the writes change the fixtures.
describe('the admin with the CSRF header', () => {
  it.each(routes.map((r) => [name(r), r] as const))('%s succeeds', async (_name, route) => {
    const res = await admin.fetch(url(route.path()), jsonCall(admin, env.baseUrl, route.method, route.body));
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: route.ok,
      body: expect.anything(),
    });
  });
});
