// Every CSV the product writes, over HTTP with real sign-ins, holds no cell a spreadsheet would run:
// the candidates export (GET /api/hiring/invitations.csv, as a recruiter) and the question bank
// export (GET /api/questions/export?format=csv, as an admin), each given names, question texts,
// code and answers that are formulas. And the question bank's CSV still imports as it was exported:
// the import reads the texts back without the escaping apostrophe.
import { parse } from 'csv-parse/sync';
import { encodeBase64Utf8 } from '@skillquiz/contracts';
import { MongoClient, type Db } from 'mongodb';
import { Browser, jsonCall, signIn, startAdminStack, type AdminStack } from './helpers/admin-session';

jest.setTimeout(180_000);

/** What a spreadsheet would run: OWASP's CSV injection examples. */
const FORMULAS = ['=HYPERLINK("http://evil.example","Click me")', '=1+1', '+cmd|x', '@SUM(1)', '-2+3'];
const ATOM = 'csv-safety';

let env: AdminStack;
let client: MongoClient;
let db: Db;
const admin = new Browser();
const recruiter = new Browser();

async function call(b: Browser, method: string, path: string, body?: unknown, contentType?: string) {
  const init = jsonCall(b, env.baseUrl, method, body);
  if (contentType) {
    (init.headers as Record<string, string>)['content-type'] = contentType;
    init.body = body as string;
  }
  const res = await b.fetch(`${env.baseUrl}${path}`, init);
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, body: json, headers: res.headers };
}

beforeAll(async () => {
  env = await startAdminStack({ REVIEW_REQUIRED: 'false' });
  client = await MongoClient.connect(env.stack.mongoUri);
  db = client.db();
  await signIn(admin, env.baseUrl, env.provider.admin);
  await signIn(recruiter, env.baseUrl, env.provider.recruiter);
});
afterAll(async () => {
  await client?.close();
  await env?.stop();
});

it('the candidates export escapes every formula a candidate name can carry', async () => {
  for (const [i, name] of FORMULAS.entries()) {
    const res = await call(recruiter, 'POST', '/api/hiring/invitations', {
      candidate_name: name,
      candidate_email: `formula-${i}@csv-safety.example`,
      required_atoms: ['javascript'],
    });
    expect([name, res.status]).toEqual([name, 201]);
  }
  const res = await call(recruiter, 'GET', '/api/hiring/invitations.csv');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const rows = (parse(res.text, { bom: true, columns: true }) as Record<string, string>[]).filter((r) =>
    r.candidate_email.endsWith('@csv-safety.example'),
  );
  expect(rows.map((r) => r.candidate_name).sort()).toEqual(FORMULAS.map((f) => `'${f}`).sort());
  // No cell of the whole file starts a formula.
  for (const row of parse(res.text, { bom: true }) as string[][])
    for (const cell of row) expect([cell, /^[=+\-@\t\r]/.test(cell)]).toEqual([cell, false]);
});

it('the question bank export escapes formulas in every text cell, and imports back as it was', async () => {
  const b64 = encodeBase64Utf8;
  expect((await call(admin, 'POST', '/api/atoms', { id: ATOM, name: 'CSV safety' })).status).toBe(201);
  const texts = [...FORMULAS, "'=already quoted"];
  for (const text of texts) {
    const res = await call(admin, 'POST', '/api/question/', {
      question_text: b64(text),
      code_block: b64('=SUM(A1:A9)'),
      answers: [
        { text: b64(`-2+3 (${text})`), c: true },
        { text: b64('@SUM(1)'), c: false },
        { text: b64('plain'), c: false },
      ],
      all_atoms: [ATOM],
    });
    expect([text, res.status]).toEqual([text, 201]);
  }
  const stored = async () =>
    (await db.collection('questions').find({ atoms: ATOM }).sort({ _id: 1 }).toArray()).map((q) => ({
      uid: q.uid,
      question_text: q.question_text,
      code_block: q.code_block,
      answers: q.answers.map((a: { text: string; c: boolean }) => [a.text, a.c]),
    }));

  const exported = await call(admin, 'GET', `/api/questions/export?format=csv&atom=${ATOM}`);
  expect(exported.status).toBe(200);
  expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const rows = parse(exported.text, { columns: true }) as Record<string, string>[];
  expect(rows.map((r) => r.question_text)).toEqual([...FORMULAS.map((f) => `'${f}`), "''=already quoted"]);
  expect(rows.map((r) => r.code_block)).toEqual(texts.map(() => "'=SUM(A1:A9)"));
  expect(rows.map((r) => r.answer_1)).toEqual(texts.map((t) => `'-2+3 (${t})`));
  expect(rows.map((r) => r.answer_2)).toEqual(texts.map(() => "'@SUM(1)"));
  for (const row of parse(exported.text) as string[][])
    for (const cell of row) expect([cell, /^[=+\-@\t\r]/.test(cell)]).toEqual([cell, false]);

  // Round trip: with the questions gone, the exported file imports them back, texts as they were.
  const before = await stored();
  expect(before.map((q) => q.question_text)).toEqual(texts);
  await db.collection('questions').deleteMany({ atoms: ATOM });
  const preview = await call(
    admin,
    'POST',
    '/api/questions/import/preview?format=csv',
    exported.text,
    'application/octet-stream',
  );
  expect(preview.status).toBe(200);
  expect(preview.body.file_errors).toEqual([]);
  expect(preview.body.summary).toMatchObject({ items: texts.length, create: texts.length, invalid: 0 });
  const commit = await call(admin, 'POST', `/api/questions/import/${preview.body.import_id}/commit`, {});
  expect(commit.status).toBe(200);
  expect(await stored()).toEqual(before);
  // And exported again: the same file.
  expect((await call(admin, 'GET', `/api/questions/export?format=csv&atom=${ATOM}`)).text).toBe(
    exported.text,
  );
});
