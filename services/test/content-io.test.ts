// Import and export over real HTTP, signed in as an admin: a QTI 2.2 package written by
// hand from the standard's examples (test/fixtures/qti22), a bad file with per-item errors (nothing
// written), update confirmation (nothing overwritten without it), and the round trip: export,
// import into an empty product, export again gives the same bytes, variation links included.
import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { MongoClient, type Db } from 'mongodb';
import { IMPORT_WRITE_BATCH } from '../src/content/io/commit';
import { AuditLog, Question } from '../src/models';
import { Browser, jsonCall, signIn, startAdminStack, type AdminStack } from './helpers/admin-session';

jest.setTimeout(180_000);

const FIXTURES = path.join(__dirname, 'fixtures', 'qti22', 'package');

interface Product {
  env: AdminStack;
  admin: Browser;
  client: MongoClient;
  db: Db;
}
let a: Product;
let b: Product;

async function product(): Promise<Product> {
  const env = await startAdminStack({ REVIEW_REQUIRED: 'false' });
  const admin = new Browser();
  await signIn(admin, env.baseUrl, env.provider.admin);
  const client = await MongoClient.connect(env.stack.mongoUri);
  return { env, admin, client, db: client.db() };
}

beforeAll(async () => {
  a = await product();
  b = await product();
});
afterAll(async () => {
  for (const p of [a, b]) {
    await p?.client.close();
    await p?.env.stop();
  }
});

async function call<T = any>(p: Product, method: string, url: string, body?: unknown) {
  const res = await p.admin.fetch(`${p.env.baseUrl}${url}`, jsonCall(p.admin, p.env.baseUrl, method, body));
  if (res.status >= 500) console.log(p.env.stack.services.output.slice(-40).join('\n'));
  return { status: res.status, body: (await res.json()) as T };
}
async function upload<T = any>(p: Product, bytes: Uint8Array | string, query = '') {
  const init = jsonCall(p.admin, p.env.baseUrl, 'POST');
  (init.headers as Record<string, string>)['content-type'] = 'application/octet-stream';
  init.body = typeof bytes === 'string' ? bytes : Buffer.from(bytes);
  const res = await p.admin.fetch(`${p.env.baseUrl}/api/questions/import/preview${query}`, init);
  return { status: res.status, body: (await res.json()) as T };
}
async function exportFile(p: Product, format: string, atom = 'all'): Promise<Buffer> {
  const res = await p.admin.fetch(`${p.env.baseUrl}/api/questions/export?format=${format}&atom=${atom}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}
function fixturePackage(): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const walk = (dir: string, prefix: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name), `${prefix}${e.name}/`);
      else files[`${prefix}${e.name}`] = strToU8(fs.readFileSync(path.join(dir, e.name), 'utf8'));
    }
  };
  walk(FIXTURES, '');
  return zipSync(files);
}
/**
 * The commit writes lean (no mongoose document per question): what it stored must still be what the
 * schemas accept, every question and every audit entry of the import.
 */
async function expectSchemaValid(p: Product, importId: string) {
  const questions = await p.db.collection('questions').find({}).toArray();
  expect(questions.length).toBeGreaterThan(0);
  for (const doc of questions) expect(new Question(doc).validateSync()).toBeUndefined();
  const entries = await p.db.collection('audit_logs').find({ 'detail.import_id': importId }).toArray();
  expect(entries.length).toBeGreaterThan(0);
  for (const doc of entries) expect(new AuditLog(doc).validateSync()).toBeUndefined();
}

/** An empty product: what the first start seeded is removed (the seed marker stays, so no reseed). */
async function wipe(p: Product) {
  for (const c of [
    'questions',
    'atoms',
    'counters',
    'audit_logs',
    'invitations',
    'quiz_results',
    'content_imports',
  ])
    await p.db.collection(c).deleteMany({});
}

describe('QTI 2.2 package from the standard', () => {
  it('previews every item with its problems, then imports the multiple-choice items as drafts', async () => {
    await wipe(b);
    const preview = await upload(b, fixturePackage());
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ format: 'qti', can_commit: true, file_errors: [] });
    expect(preview.body.summary).toMatchObject({ items: 2, create: 2, invalid: 0 });
    const [luggage, fixed] = preview.body.items;
    expect(luggage).toMatchObject({ uid: 'choice', action: 'create', source: 'items/choice.xml' });
    expect(luggage.warnings[0].message).toMatch(/images are not imported/);
    expect(fixed).toMatchObject({ uid: 'choice_fixed', action: 'create', warnings: [] });
    expect(await b.db.collection('questions').countDocuments()).toBe(0);

    const commit = await call(b, 'POST', `/api/questions/import/${preview.body.import_id}/commit`, {});
    expect(commit.status).toBe(200);
    expect(commit.body.created.map((c: any) => c.uid)).toEqual(['choice', 'choice_fixed']);
    const q1 = (await call(b, 'GET', `/api/questions/${commit.body.created[0].id}`)).body.question;
    expect(q1).toMatchObject({
      question_text:
        'Look at the text in the picture.\n\n[image: NEVER LEAVE LUGGAGE UNATTENDED]\n\nWhat does it say?',
      code_block: '',
      status: 'draft',
      administered: false,
      uid: 'choice',
    });
    expect(q1.answers.map((x: any) => [x.text, x.c])).toEqual([
      ['You must stay with your luggage at all times.', true],
      ['Do not let someone else look after your luggage.', false],
      ['Remember your luggage when you leave.', false],
    ]);
    const q2 = (await call(b, 'GET', `/api/questions/${commit.body.created[1].id}`)).body.question;
    expect(q2).toMatchObject({
      question_text: 'What is `xs.length` after this code runs?',
      code_block: 'const xs = [1, 2, 3];\nxs.push(4);',
      code_language: 'javascript',
      language: 'en',
    });
    expect(q2.answers.find((x: any) => x.c).text).toBe('4');
    expect(q2.answers.find((x: any) => x.text === 'None of the above').position).toBe(3);
    // Audited: one entry for the import, one version per question.
    expect(await b.db.collection('audit_logs').countDocuments({ entity: 'import' })).toBe(1);
    expect(await b.db.collection('audit_logs').countDocuments({ entity: 'question', via: 'import' })).toBe(2);
    // Committing twice is refused.
    expect((await call(b, 'POST', `/api/questions/import/${preview.body.import_id}/commit`, {})).status).toBe(
      409,
    );
  });

  it("names a malformed item with its line and column, and reads the package's other items", async () => {
    const files = unzipSync(fixturePackage());
    files['items/choice_fixed.xml'] = strToU8(
      strFromU8(files['items/choice_fixed.xml']).replace('</prompt>', '</prompt></simpleChoice>'),
    );
    const preview = await upload(b, zipSync(files));
    expect(preview.body.can_commit).toBe(false);
    const [good, bad] = preview.body.items;
    // (Imported by the test before: unchanged.)
    expect(good).toMatchObject({ uid: 'choice', action: 'unchanged', errors: [] });
    expect(bad.action).toBe('invalid');
    expect(bad.errors[0]).toMatchObject({ path: 'xml' });
    expect(bad.errors[0].message).toMatch(/^not well-formed XML: \d+:\d+: /);
  });

  it('refuses a multiple-response item with a clear error and writes nothing', async () => {
    const before = await b.db.collection('questions').countDocuments();
    const xml = fs.readFileSync(path.join(FIXTURES, 'items', 'choice_multiple.xml'), 'utf8');
    const preview = await upload(b, xml, '?format=qti');
    expect(preview.body.can_commit).toBe(false);
    expect(preview.body.items[0].action).toBe('invalid');
    expect(preview.body.items[0].errors[0].message).toMatch(/multiple response .*only single-answer items/);
    const commit = await call(b, 'POST', `/api/questions/import/${preview.body.import_id}/commit`, {});
    expect(commit.status).toBe(400);
    expect(commit.body.message).toMatch(/Nothing was imported: 1 item\(s\) are invalid/);
    expect(await b.db.collection('questions').countDocuments()).toBe(before);
  });
});

describe('a bad file', () => {
  it('reports every problem per item and imports nothing', async () => {
    const before = await a.db.collection('questions').countDocuments();
    const file = {
      questions: [
        {
          question_text: 'Fine',
          answers: [{ text: 'a', correct: true }, { text: 'b' }],
          atoms: ['javascript'],
        },
        {
          question_text: 'Two keys',
          answers: [
            { text: 'a', correct: true },
            { text: 'b', correct: true },
          ],
        },
        { question_text: 'Unknown atom', atoms: ['no-such-atom'], code_language: 'cobol' },
        { answers: [] },
        { uid: 'dup', question_text: 'x' },
        { uid: 'dup', question_text: 'y' },
      ],
    };
    const preview = await upload(a, JSON.stringify(file));
    expect(preview.status).toBe(200);
    expect(preview.body.can_commit).toBe(false);
    const errs = preview.body.items.map((i: any) => i.errors.map((e: any) => `${e.path}: ${e.message}`));
    expect(errs[0]).toEqual([]);
    expect(errs[1]).toEqual(['answers: only one answer can be correct']);
    expect(errs[2]).toEqual(
      expect.arrayContaining([
        "code_language: unknown code language 'cobol'",
        "atoms: no atom 'no-such-atom' in this product, and the file does not define it",
      ]),
    );
    expect(errs[3].join()).toMatch(/question_text/);
    expect(errs[5]).toEqual(["uid: uid 'dup' is also item 5's"]);
    expect(preview.body.summary).toMatchObject({ items: 6, invalid: 4, create: 2 });
    expect((await call(a, 'POST', `/api/questions/import/${preview.body.import_id}/commit`, {})).status).toBe(
      400,
    );
    expect(await a.db.collection('questions').countDocuments()).toBe(before);
    // Not JSON at all: a file error.
    const broken = await upload(a, '{ "questions": [', '?format=json');
    expect(broken.body.file_errors[0].message).toMatch(/not valid JSON/);
  });

  it('needs the file as octet-stream and CSRF', async () => {
    const res = await a.admin.fetch(`${a.env.baseUrl}/api/questions/import/preview`, {
      ...jsonCall(a.admin, a.env.baseUrl, 'POST', { questions: [] }),
    });
    expect(res.status).toBe(415);
    const noCsrf = jsonCall(a.admin, a.env.baseUrl, 'POST', undefined, false);
    (noCsrf.headers as Record<string, string>)['content-type'] = 'application/octet-stream';
    noCsrf.body = '[]';
    expect((await a.admin.fetch(`${a.env.baseUrl}/api/questions/import/preview`, noCsrf)).status).toBe(403);
  });
});

describe("the editor's rules, per item", () => {
  it('names each problem and says whether the item is refused or created as a draft', async () => {
    await wipe(b);
    expect((await call(b, 'POST', '/api/atoms', { id: 'rules', name: 'Rules' })).status).toBe(201);
    const ok = [{ text: 'yes', correct: true }, { text: 'no' }];
    const file = {
      questions: [
        { uid: 'no-key', question_text: 'No correct answer', answers: [{ text: 'a' }, { text: 'b' }] },
        { uid: 'one', question_text: 'One answer', answers: [{ text: 'a', correct: true }] },
        {
          uid: 'two-keys',
          question_text: 'Two correct',
          answers: [
            { text: 'a', correct: true },
            { text: 'b', correct: true },
          ],
        },
        { uid: 'no-text', question_text: '  ', answers: ok },
        { uid: 'klingon', question_text: 'Unknown language', language: 'tlh', answers: ok },
        { uid: 'new-claim', question_text: 'A claim nobody uses yet', claim: 'Brand New', answers: ok },
        { uid: 'fine', question_text: 'Fine', answers: ok, atoms: ['rules'] },
      ],
    };
    const preview = await upload(b, JSON.stringify(file));
    expect(preview.status).toBe(200);
    const byUid = Object.fromEntries(preview.body.items.map((i: any) => [i.uid, i]));
    const codes = (ps: any[]) => ps.map((p) => p.code);

    // What the editor saves as a draft but never administers: created as a draft, the problem named.
    expect(byUid['no-key']).toMatchObject({ action: 'create', outcome: 'draft', errors: [] });
    expect(byUid['no-key'].not_ready).toEqual([
      {
        path: 'answers',
        code: 'no_correct_answer',
        message: 'no answer is marked correct: it cannot be administered until fixed',
      },
    ]);
    expect(byUid.one).toMatchObject({ outcome: 'draft', errors: [] });
    expect(codes(byUid.one.not_ready)).toEqual(['fewer_than_two_answers']);
    expect(byUid.one.not_ready[0].message).toMatch(/^fewer than two answers \(it has 1\)/);

    // What no question may be: refused, the problem named.
    expect(byUid['two-keys']).toMatchObject({ action: 'invalid', outcome: 'refused' });
    expect(byUid['two-keys'].errors).toEqual([
      { path: 'answers', code: 'two_correct', message: 'only one answer can be correct' },
    ]);
    expect(byUid['no-text']).toMatchObject({ action: 'invalid', outcome: 'refused' });
    expect(codes(byUid['no-text'].errors)).toEqual(['empty_text']);
    expect(byUid.klingon).toMatchObject({ action: 'invalid', outcome: 'refused' });
    expect(byUid.klingon.errors[0]).toMatchObject({ path: 'language', code: 'unknown_language' });
    expect(byUid.klingon.errors[0].message).toMatch(/^unknown language 'tlh'/);

    // A claim the product does not have yet: created (as the editor's '+ Create New Claim'), said so.
    expect(byUid['new-claim']).toMatchObject({ outcome: 'draft', errors: [], not_ready: [] });
    expect(byUid['new-claim'].warnings).toEqual([
      expect.objectContaining({
        path: 'claim',
        code: 'new_claim',
        message: expect.stringMatching(/'brand_new' is new/),
      }),
    ]);
    expect(byUid.fine).toMatchObject({ outcome: 'draft', errors: [], warnings: [], not_ready: [] });
    expect(preview.body.summary).toMatchObject({ items: 7, create: 4, invalid: 3, not_ready: 2 });
    expect(preview.body.can_commit).toBe(false);

    // Without the refused ones the file goes in: the incomplete items as drafts, not administered.
    const keep = new Set(['no-key', 'one', 'fine']);
    const good = await upload(
      b,
      JSON.stringify({ questions: file.questions.filter((q) => keep.has(q.uid)) }),
    );
    expect(good.body.can_commit).toBe(true);
    const commit = await call(b, 'POST', `/api/questions/import/${good.body.import_id}/commit`, {});
    expect(commit.status).toBe(200);
    const rows = await b.db
      .collection('questions')
      .find({ uid: { $in: [...keep] } })
      .toArray();
    expect(rows.map((r) => [r.uid, r.status, r.administered]).sort()).toEqual([
      ['fine', 'draft', false],
      ['no-key', 'draft', false],
      ['one', 'draft', false],
    ]);
    // ...and the editor refuses to administer the one with no correct answer, with its own words.
    const noKey = rows.find((r) => r.uid === 'no-key')!;
    const question = (await call(b, 'GET', `/api/questions/${noKey._id}`)).body.question;
    const b64 = (t: string) => Buffer.from(t, 'utf8').toString('base64');
    const save = await call(b, 'POST', `/api/question/${noKey._id}`, {
      ...question,
      question_text: b64(question.question_text),
      code_block: b64(question.code_block),
      administered: true,
      answers: question.answers.map((a: any) => ({ ...a, text: b64(a.text) })),
    });
    expect(save.status).toBe(400);
    expect(save.body.message).toMatch(
      /an administered question needs at least two answers and exactly one correct/,
    );
  });
});

describe('a good JSON file', () => {
  it('stores new questions as drafts with the ids the schema would give, audited one version each', async () => {
    await wipe(b);
    expect((await call(b, 'POST', '/api/atoms', { id: 'plain', name: 'Plain' })).status).toBe(201);
    const file = {
      questions: [
        {
          question_text: 'No uid, no answer ids',
          answers: [{ text: 'yes', correct: true }, { text: 'no' }, { text: 'maybe', position: 2 }],
          atoms: ['plain'],
        },
      ],
    };
    const preview = await upload(b, JSON.stringify(file));
    expect(preview.body.can_commit).toBe(true);
    const commit = await call(b, 'POST', `/api/questions/import/${preview.body.import_id}/commit`, {});
    expect(commit.status).toBe(200);
    const stored = await b.db.collection('questions').findOne({ _id: commit.body.created[0].id });
    expect(stored).toMatchObject({
      uid: preview.body.items[0].uid,
      status: 'draft',
      administered: false,
      version: 1,
      exposure_count: 0,
      atoms: ['plain'],
      difficulty_params: { a: 1, d: 0 },
      original_question_id: null,
    });
    expect(stored!.created_at).toBeInstanceOf(Date);
    const ids = stored!.answers.map((x: any) => x.hash_id);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(stored!.answers[2].position).toBe(2);
    // the lean insert keeps the search's words, so a search finds the imported question
    expect(stored!.search_words).toEqual(['No', 'uid', 'no', 'answer', 'ids']);
    const found = await call(b, 'GET', '/api/questions/?search=answer&atom=plain');
    expect(found.body.questions.map((q: any) => q.id)).toEqual([stored!._id]);
    await expectSchemaValid(b, preview.body.import_id);
    const history = await call(b, 'GET', `/api/questions/${stored!._id}/history`);
    expect(history.body.entries).toHaveLength(1);
    expect(history.body.entries[0]).toMatchObject({ via: 'import', version: 1, restorable: true });
  });

  it('writes a file of several insert batches whole: every question stored once, audited once, linked', async () => {
    await wipe(b);
    expect((await call(b, 'POST', '/api/atoms', { id: 'plain', name: 'Plain' })).status).toBe(201);
    // more than two of the commit's inserts, the last one short; each links to the first question,
    // which an earlier insert wrote
    const count = IMPORT_WRITE_BATCH * 2 + 7;
    const questions = Array.from({ length: count }, (_, i) => ({
      uid: `batch-${i}`,
      question_text: `Question ${i}`,
      answers: [{ text: 'yes', correct: true }, { text: 'no' }],
      atoms: ['plain'],
      ...(i ? { original_uid: 'batch-0' } : {}),
    }));
    const preview = await upload(b, JSON.stringify({ questions }));
    expect(preview.body.can_commit).toBe(true);
    const commit = await call(b, 'POST', `/api/questions/import/${preview.body.import_id}/commit`, {});
    expect(commit.status).toBe(200);
    expect(commit.body.created.map((c: any) => c.uid)).toEqual(questions.map((q) => q.uid));
    const ids = commit.body.created.map((c: any) => c.id);
    const stored = await b.db
      .collection('questions')
      .find({}, { projection: { uid: 1, original_question_id: 1 } })
      .sort({ _id: 1 })
      .toArray();
    expect(stored.map((q) => q._id)).toEqual(ids);
    expect(stored.map((q) => q.uid)).toEqual(questions.map((q) => q.uid));
    expect(stored.map((q) => q.original_question_id)).toEqual(
      ids.map((_: number, i: number) => (i ? ids[0] : null)),
    );
    const audited = await b.db
      .collection('audit_logs')
      .find({ entity: 'question', via: 'import', 'detail.import_id': preview.body.import_id })
      .toArray();
    expect(audited.map((e) => Number(e.entity_id)).sort((x, y) => x - y)).toEqual(ids);
  });
});

describe('updates need confirmation', () => {
  it('lists matched questions as updates, skips unconfirmed ones and writes confirmed ones', async () => {
    const file = JSON.parse((await exportFile(a, 'json', 'python')).toString('utf8'));
    const target = file.questions[0];
    const id = (await a.db.collection('questions').findOne({ uid: target.uid }))!._id;
    target.question_text = `${target.question_text} (edited)`;
    const preview = await upload(a, JSON.stringify(file));
    expect(preview.body.can_commit).toBe(true);
    const item = preview.body.items.find((i: any) => i.uid === target.uid);
    expect(item).toMatchObject({ action: 'update', question_id: id, changes: ['question_text'] });
    expect(preview.body.summary.update).toBe(1);
    expect(preview.body.summary.unchanged).toBe(file.questions.length - 1);

    const skipped = await call(a, 'POST', `/api/questions/import/${preview.body.import_id}/commit`, {
      confirm_updates: [],
    });
    expect(skipped.body).toMatchObject({ created: [], updated: [], skipped: [target.uid] });
    expect((await a.db.collection('questions').findOne({ _id: id }))!.question_text).not.toMatch(
      /\(edited\)$/,
    );

    const again = await upload(a, JSON.stringify(file));
    const bankVersion = async () =>
      ((await a.db.collection('atoms').findOne({ _id: target.atoms[0] })) as any)?.bank_version ?? 0;
    const bankBefore = await bankVersion();
    const done = await call(a, 'POST', `/api/questions/import/${again.body.import_id}/commit`, {
      confirm_updates: [target.uid],
    });
    expect(done.status).toBe(200);
    // the batched update keeps the search's words and marks the atom's prepared bank changed
    expect((await a.db.collection('questions').findOne({ _id: id }))!.search_words).toContain('edited');
    expect(await bankVersion()).toBeGreaterThan(bankBefore);
    expect(done.body.updated).toEqual([{ uid: target.uid, id, version: item.version + 1 }]);
    const history = await call(a, 'GET', `/api/questions/${id}/history`);
    expect(history.body.entries[0]).toMatchObject({ via: 'import', version: item.version + 1 });
    expect(history.body.entries[0].changes.map((c: any) => c.field)).toEqual(['question_text']);
  });

  it('refuses a commit when a matched question changed since the preview', async () => {
    const file = JSON.parse((await exportFile(a, 'json', 'sql')).toString('utf8'));
    file.questions[0].claim = 'changed_claim';
    const preview = await upload(a, JSON.stringify(file));
    const id = preview.body.items[0].question_id;
    await a.db.collection('questions').updateOne({ _id: id }, { $inc: { version: 1 } });
    const res = await call(a, 'POST', `/api/questions/import/${preview.body.import_id}/commit`, {
      confirm_updates: 'all',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(new RegExp(`${id} changed since the preview`));
  });
});

describe('export selection', () => {
  it("takes the questions list's filters: the same questions as every page of the list", async () => {
    const all = JSON.parse((await exportFile(a, 'json', 'python')).toString('utf8'));
    const word = (all.questions[0].question_text as string)
      .split(/[^A-Za-z]+/)
      .sort((x, y) => y.length - x.length)[0];
    const list = await call(a, 'GET', `/api/questions/?atom=python&search=${word}`);
    const res = await a.admin.fetch(
      `${a.env.baseUrl}/api/questions/export?format=json&atom=python&search=${word}&only_administered=false`,
    );
    expect(res.status).toBe(200);
    const selected = JSON.parse(Buffer.from(await res.arrayBuffer()).toString('utf8'));
    expect(selected.questions.length).toBe(list.body.total);
    expect(selected.questions.length).toBeLessThan(all.questions.length);
    for (const q of selected.questions)
      expect(`${q.question_text} ${q.code_block}`.toLowerCase()).toContain(word.toLowerCase());
    const bad = await a.admin.fetch(`${a.env.baseUrl}/api/questions/export?format=json&status=live`);
    expect(bad.status).toBe(400);
  });
});

describe('round trip', () => {
  it.each(['json', 'qti', 'csv'])(
    '%s: export, import into an empty product, export again: the same',
    async (format) => {
      const first = await exportFile(a, format, 'javascript');
      await wipe(b);
      if (format === 'csv') {
        // CSV names atoms by slug only: they must exist first.
        const atoms = JSON.parse((await exportFile(a, 'json', 'javascript')).toString('utf8')).atoms;
        for (const atom of atoms)
          expect((await call(b, 'POST', '/api/atoms', { id: atom.id, name: atom.name })).status).toBe(201);
      }
      const preview = await upload(b, first, `?format=${format}`);
      expect(preview.body.file_errors).toEqual([]);
      expect(preview.body.items.filter((i: any) => i.errors.length)).toEqual([]);
      const commit = await call(b, 'POST', `/api/questions/import/${preview.body.import_id}/commit`, {});
      expect(commit.status).toBe(200);
      await expectSchemaValid(b, preview.body.import_id);
      const second = await exportFile(b, format, 'javascript');
      if (format === 'qti') {
        // File by file first, so a difference names the file.
        const text = (zip: Buffer) =>
          Object.fromEntries(Object.entries(unzipSync(zip)).map(([name, bytes]) => [name, strFromU8(bytes)]));
        expect(text(second)).toEqual(text(first));
      }
      expect(second.equals(first)).toBe(true);
      // Variation links survive although the ids differ.
      const variations = await b.db
        .collection('questions')
        .find({ original_question_id: { $ne: null } })
        .toArray();
      expect(variations.length).toBeGreaterThan(0);
      for (const v of variations) {
        const original = await b.db.collection('questions').findOne({ _id: v.original_question_id });
        const inA = await a.db.collection('questions').findOne({ uid: v.uid });
        const originalInA = await a.db.collection('questions').findOne({ _id: inA!.original_question_id });
        expect(original!.uid).toBe(originalInA!.uid);
      }
    },
  );
});
