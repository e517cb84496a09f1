// The admin content API over real HTTP, signed in as the dev admin through the dev sign-on:
// atoms and questions CRUD, list filters and paging, base64 decoding, claim normalisation,
// versioning, the audit log, and bad payloads (400 naming the field, nothing changed).
import {
  CODE_BLOCK_OPTIONS,
  CONSTANTS,
  DEFAULT_LEVELS_THRESHOLDS,
  encodeBase64Utf8,
} from '@skillquiz/contracts';
import { MongoClient, ObjectId, type Db } from 'mongodb';
import { Browser, jsonCall, signIn, startAdminStack, type AdminStack } from './helpers/admin-session';

jest.setTimeout(120_000);

let env: AdminStack;
let client: MongoClient;
let db: Db;
const admin = new Browser();
const b64 = encodeBase64Utf8;

beforeAll(async () => {
  // Review off (as `npm start`): these tests administer questions in one save (the review rule is tested in content-review.test.ts).
  env = await startAdminStack({ REVIEW_REQUIRED: 'false' });
  await signIn(admin, env.baseUrl, env.provider.admin);
  client = await MongoClient.connect(env.stack.mongoUri);
  db = client.db();
});
afterAll(async () => {
  await client?.close();
  await env?.stop();
});

interface Reply<T = any> {
  status: number;
  body: T;
}
async function call<T = any>(method: string, path: string, body?: unknown): Promise<Reply<T>> {
  const init = jsonCall(admin, env.baseUrl, method, body);
  if (typeof body === 'string') init.body = body; // raw (malformed) bodies
  const res = await admin.fetch(`${env.baseUrl}${path}`, init);
  return { status: res.status, body: (await res.json()) as T };
}
const get = <T = any>(path: string) => call<T>('GET', path);
const post = <T = any>(path: string, body?: unknown) => call<T>('POST', path, body);
const put = <T = any>(path: string, body?: unknown) => call<T>('PUT', path, body);

async function auditOf(entity: string, id: string | number) {
  return db
    .collection('audit_logs')
    .find({ entity, entity_id: String(id) })
    .sort({ at: 1, _id: 1 })
    .toArray();
}

/** A question write payload as the admin form sends it: free text base64-encoded. */
function questionPayload(
  over: Record<string, unknown> = {},
  texts: { q?: string; code?: string; answers?: string[] } = {},
) {
  const answers = (texts.answers ?? ['right', 'wrong']).map((t, i) => ({ text: b64(t), c: i === 0 }));
  return {
    question_text: b64(texts.q ?? 'What is it?'),
    code_block: b64(texts.code ?? ''),
    answers,
    ...over,
  };
}

describe('atoms', () => {
  it('creates an atom with the SPEC defaults and audits it', async () => {
    const res = await post('/api/atoms', { id: 'rust-basics', name: 'Rust basics', category: 'Languages' });
    expect(res.status).toBe(201);
    expect(res.body.atom).toEqual({
      id: 'rust-basics',
      name: 'Rust basics',
      description: '',
      description_html: '',
      client_description: '',
      level_1_description: '',
      level_2_description: '',
      level_3_description: '',
      level_4_description: '',
      level_5_description: '',
      category: 'Languages',
      eta_minutes: 0,
      num_questions: 10,
      num_bank_questions: 0,
      format: 'Multiple Choice',
      beta: false,
      supported_programming_languages: [],
      beta_question_ordering: [],
      levels_thresholds: DEFAULT_LEVELS_THRESHOLDS,
      effort_aware_scoring: false,
      version: 1,
    });
    const audit = await auditOf('atom', 'rust-basics');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: env.provider.admin.email,
      action: 'create',
      entity_id: 'rust-basics',
      version: 1,
      changes: { name: 'Rust basics' },
    });
    expect(audit[0].at).toBeInstanceOf(Date);
  });

  it('refuses a slug that is taken (409) and one that is not URL-safe (400)', async () => {
    expect(await post('/api/atoms', { id: 'rust-basics', name: 'Again' })).toEqual({
      status: 409,
      body: { success: false, message: "An atom with the slug 'rust-basics' already exists" },
    });
    const bad = await post('/api/atoms', { id: 'Rust Basics!', name: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Invalid request: id: slug may hold only/);
    expect(await db.collection('atoms').countDocuments({ name: { $in: ['Again', 'x'] } })).toBe(0);
  });

  it('lists beta atoms only with include_beta=true, each with its bank size', async () => {
    expect(
      (await post('/api/atoms', { id: 'rust-beta', name: 'Rust beta', beta: true, format: 'Coding' })).status,
    ).toBe(201);
    expect(
      (await post('/api/question/', questionPayload({ all_atoms: ['rust-basics', 'rust-beta'] }))).status,
    ).toBe(201);
    expect((await post('/api/question/', questionPayload({ all_atoms: ['rust-basics'] }))).status).toBe(201);

    const plain = await get('/api/atoms');
    const withBeta = await get('/api/atoms?include_beta=true');
    expect(plain.body.atoms.map((a: any) => a.id)).toContain('rust-basics');
    expect(plain.body.atoms.map((a: any) => a.id)).not.toContain('rust-beta');
    expect(plain.body.atoms.every((a: any) => a.beta === false)).toBe(true);
    const byId = Object.fromEntries(withBeta.body.atoms.map((a: any) => [a.id, a]));
    expect(byId['rust-beta']).toMatchObject({ beta: true, format: 'Coding', num_bank_questions: 1 });
    expect(byId['rust-basics'].num_bank_questions).toBe(2);
  });

  it('gets an atom with its questions, 404 for an unknown one', async () => {
    const res = await get('/api/atoms/rust-basics');
    expect(res.status).toBe(200);
    expect(res.body.atom.id).toBe('rust-basics');
    expect(res.body.questions).toHaveLength(2);
    expect(res.body.questions.every((q: any) => q.all_atoms.includes('rust-basics'))).toBe(true);
    expect(await get('/api/atoms/no-such-atom')).toEqual({
      status: 404,
      body: { success: false, message: "No atom with id 'no-such-atom'" },
    });
  });

  it('sends the questions a page at a time with their count, lowest id first; a bad page is a 400', async () => {
    expect((await post('/api/atoms', { id: 'paged-bank', name: 'Paged bank' })).status).toBe(201);
    const size = CONSTANTS.ATOM_QUESTIONS_PAGE_SIZE;
    const made = size * 2 + 7;
    const ids: number[] = [];
    for (let i = 0; i < made; i++) {
      const res = await post(
        '/api/question/',
        questionPayload({ all_atoms: ['paged-bank'] }, { q: `Paged ${i}` }),
      );
      expect(res.status).toBe(201);
      ids.push(res.body.question.id);
    }
    ids.sort((a, b) => a - b);
    const pageOf = async (query: string) => (await get(`/api/atoms/paged-bank${query}`)).body;
    const first = await pageOf('');
    expect(first).toMatchObject({ questions_total: made, questions_page: 1, questions_page_size: size });
    expect(first.atom.num_bank_questions).toBe(made);
    expect(first.questions.map((q: any) => q.id)).toEqual(ids.slice(0, size));
    expect((await pageOf('?questions_page=2')).questions.map((q: any) => q.id)).toEqual(
      ids.slice(size, 2 * size),
    );
    const last = await pageOf('?questions_page=3');
    expect(last.questions.map((q: any) => q.id)).toEqual(ids.slice(2 * size));
    expect(last.questions_page).toBe(3);
    expect((await pageOf('?questions_page=4')).questions).toEqual([]);
    for (const bad of ['0', '-1', '1.5', 'two', '100001']) {
      const res = await get(`/api/atoms/paged-bank?questions_page=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: expect.stringMatching(/questions_page/) });
    }
  });

  it('updates only the fields sent, keeps the slug, and audits the before/after of changed fields', async () => {
    const question = (await get('/api/atoms/rust-basics')).body.questions[0];
    const res = await put('/api/atoms/rust-basics/', {
      id: 'rust-basics',
      name: 'Rust fundamentals',
      eta_minutes: 25,
      beta_question_ordering: [question.id],
      levels_thresholds: ['-inf', -1.5, 0, 0.75, 1.5],
      num_bank_questions: 999, // echoed back by the form; ignored
    });
    expect(res.status).toBe(200);
    expect(res.body.atom).toMatchObject({
      id: 'rust-basics',
      name: 'Rust fundamentals',
      category: 'Languages',
      eta_minutes: 25,
      beta_question_ordering: [question.id],
      levels_thresholds: ['-inf', -1.5, 0, 0.75, 1.5],
      num_bank_questions: 2,
    });
    const audit = await auditOf('atom', 'rust-basics');
    expect(audit.at(-1)).toMatchObject({
      action: 'update',
      actor: env.provider.admin.email,
      changes: {
        name: { from: 'Rust basics', to: 'Rust fundamentals' },
        eta_minutes: { from: 0, to: 25 },
        beta_question_ordering: { from: [], to: [question.id] },
      },
    });
    expect(Object.keys(audit.at(-1)!.changes)).not.toContain('category');
  });

  it('refuses to change the slug (400) and answers 404 for an unknown atom', async () => {
    const res = await put('/api/atoms/rust-basics', { id: 'rust-renamed', name: 'x' });
    expect(res).toEqual({
      status: 400,
      body: { success: false, message: "id: the slug of an atom cannot change (it is 'rust-basics')" },
    });
    expect(await db.collection('atoms').findOne({ _id: 'rust-renamed' as any })).toBeNull();
    expect((await db.collection('atoms').findOne({ _id: 'rust-basics' as any }))!.name).toBe(
      'Rust fundamentals',
    );
    expect((await put('/api/atoms/nope', { name: 'x' })).status).toBe(404);
  });

  it('deletes an atom: the questions stay and no longer list it; audited; 404 when missing', async () => {
    expect((await post('/api/atoms', { id: 'doomed', name: 'Doomed' })).status).toBe(201);
    const created = await post('/api/question/', questionPayload({ all_atoms: ['doomed', 'rust-basics'] }));
    const qid = created.body.question.id;

    expect(await post('/api/atoms/delete/doomed')).toEqual({ status: 200, body: { success: true } });
    expect(await db.collection('atoms').findOne({ _id: 'doomed' as any })).toBeNull();
    expect((await get(`/api/questions/${qid}`)).body.question.all_atoms).toEqual(['rust-basics']);
    expect((await auditOf('atom', 'doomed')).at(-1)).toMatchObject({
      action: 'delete',
      changes: { _id: 'doomed', name: 'Doomed', removed_from_questions: [qid] },
    });
    expect(await post('/api/atoms/delete/doomed')).toEqual({
      status: 404,
      body: { success: false, message: "No atom with id 'doomed'" },
    });
  });

  describe('two editors on one atom (optimistic concurrency)', () => {
    it('bumps the version on each change; a save from a stale version gets 409 and changes nothing', async () => {
      expect((await post('/api/atoms', { id: 'shared', name: 'Shared' })).body.atom.version).toBe(1);
      // Both editors open version 1. The first saves.
      const first = await put('/api/atoms/shared/', { name: 'Shared (first)', version: 1 });
      expect(first.status).toBe(200);
      expect(first.body.atom).toMatchObject({ name: 'Shared (first)', version: 2 });
      // The second still holds version 1: refused, with a message saying what happened.
      const second = await put('/api/atoms/shared/', { name: 'Shared (second)', category: 'X', version: 1 });
      expect(second).toEqual({
        status: 409,
        body: {
          success: false,
          message:
            "The atom 'shared' was changed by someone else since you opened it. Your changes were not saved: " +
            'copy them, reload the atom, and apply them again.',
        },
      });
      const stored = (await get('/api/atoms/shared')).body.atom;
      expect(stored).toMatchObject({ name: 'Shared (first)', category: '', version: 2 });
      // With the current version the second editor's save goes through.
      expect(
        (await put('/api/atoms/shared/', { name: 'Shared (second)', version: 2 })).body.atom,
      ).toMatchObject({
        name: 'Shared (second)',
        version: 3,
      });
    });

    it('accepts a write without a version as before (SPEC §7 payload), and a no-op save keeps the version', async () => {
      const res = await put('/api/atoms/shared/', { category: 'Unversioned' });
      expect(res.status).toBe(200);
      expect(res.body.atom).toMatchObject({ category: 'Unversioned', version: 4 });
      const same = await put('/api/atoms/shared/', { category: 'Unversioned', version: 4 });
      expect(same.body.atom.version).toBe(4);
    });

    it('lets only one of two simultaneous saves from the same version win', async () => {
      const replies = await Promise.all([
        put('/api/atoms/shared/', { name: 'Racer A', version: 4 }),
        put('/api/atoms/shared/', { name: 'Racer B', version: 4 }),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = replies.find((r) => r.status === 200)!.body.atom;
      expect((await get('/api/atoms/shared')).body.atom).toMatchObject({ name: winner.name, version: 5 });
    });

    it('treats an atom stored before versioning as version 1', async () => {
      const { version: _v, ...fields } = (await db.collection('atoms').findOne({ _id: 'shared' as any }))!;
      await db.collection('atoms').insertOne({ ...fields, _id: 'legacy' as any, name: 'Legacy' });
      expect((await get('/api/atoms/legacy')).body.atom.version).toBe(1);
      expect((await put('/api/atoms/legacy/', { name: 'Legacy 2', version: 2 })).status).toBe(409);
      const ok = await put('/api/atoms/legacy/', { name: 'Legacy 2', version: 1 });
      expect(ok.body.atom).toMatchObject({ name: 'Legacy 2', version: 2 });
    });
  });

  it('refuses to delete an atom an invitation still lists (409), changing nothing', async () => {
    expect((await post('/api/atoms', { id: 'invited', name: 'Invited' })).status).toBe(201);
    await db
      .collection('invitations')
      .insertOne({ company: new ObjectId(), required_atoms: ['invited'], optional_atoms: [] });
    const res = await post('/api/atoms/delete/invited');
    expect(res).toEqual({
      status: 409,
      body: {
        success: false,
        message: "The atom 'invited' cannot be deleted: 1 invitation(s) still list it",
      },
    });
    expect(await db.collection('atoms').findOne({ _id: 'invited' as any })).not.toBeNull();
  });
});

describe('questions', () => {
  const unicode = 'Qué imprime `print("héllo")`? 🚀 <script>alert(1)</script>';
  const code = 'def f(x):\n    return x * 2  # ü\n';

  it('creates a question: base64 fields decoded, hash_ids generated, claim normalised, ids from the counter', async () => {
    const first = await post(
      '/api/question/',
      questionPayload(
        {
          all_atoms: ['rust-basics'],
          claim: '  Big O   Notation ',
          code_language: 'python',
          language: 'es',
          administered: true,
        },
        { q: unicode, code, answers: ['Ça marche', 'ロ', 'nope'] },
      ),
    );
    expect(first.status).toBe(201);
    const q = first.body.question;
    expect(q).toMatchObject({
      question_text: unicode,
      code_block: code,
      code_language: 'python',
      language: 'es',
      administered: true,
      all_atoms: ['rust-basics'],
      claim: 'big_o_notation',
      original_question_id: null,
      number: 0,
      expires_at: null,
      version: 1,
    });
    expect(q.answers.map((a: any) => a.text)).toEqual(['Ça marche', 'ロ', 'nope']);
    expect(q.answers.map((a: any) => a.c)).toEqual([true, false, false]);
    const hashIds = q.answers.map((a: any) => a.hash_id);
    expect(new Set(hashIds).size).toBe(3);
    hashIds.forEach((h: string) => expect(h).toMatch(/^[A-Za-z0-9_-]{8,}$/));

    // Stored decoded, with the model's field names, under the next integer id.
    const stored = await db.collection('questions').findOne({ _id: q.id });
    expect(stored).toMatchObject({
      question_text: unicode,
      code_block: code,
      atoms: ['rust-basics'],
      claim: 'big_o_notation',
    });
    const second = await post(
      '/api/question/',
      questionPayload({ original_question_id: String(q.id), language: 'de' }),
    );
    expect(second.body.question.id).toBe(q.id + 1);
    expect(second.body.question.original_question_id).toBe(q.id);
    expect(Number.isInteger(second.body.question.original_question_id)).toBe(true);

    expect((await get(`/api/questions/${q.id}`)).body.question).toEqual(q);
    expect((await auditOf('question', q.id))[0]).toMatchObject({
      action: 'create',
      changes: { question_text: unicode, claim: 'big_o_notation' },
    });
  });

  it('updates: keeps sent hash_ids, gives new answers one, bumps version on every effective edit, audits changes', async () => {
    const created = (
      await post(
        '/api/question/',
        questionPayload({ all_atoms: ['rust-basics'], claim: 'ownership' }, { q: 'Old text' }),
      )
    ).body.question;
    const [keep] = created.answers;
    const res = await post(`/api/question/${created.id}`, {
      ...created, // the form round-trips what it fetched (id, number, version... are ignored)
      question_text: b64('New text'),
      code_block: b64(''),
      answers: [
        { text: b64(keep.text), hash_id: keep.hash_id, c: true },
        { text: b64('a brand new answer'), c: false, position: 1 },
      ],
    });
    expect(res.status).toBe(200);
    const updated = res.body.question;
    expect(updated.question_text).toBe('New text');
    expect(updated.version).toBe(2);
    expect(updated.answers[0].hash_id).toBe(keep.hash_id);
    expect(updated.answers[1]).toMatchObject({ text: 'a brand new answer', position: 1 });
    expect(updated.answers[1].hash_id).not.toBe(created.answers[1].hash_id);

    // Resending the same question changes nothing: same version, no audit entry.
    const same = {
      question_text: b64('New text'),
      answers: updated.answers.map((a: any) => ({ ...a, text: b64(a.text) })),
      all_atoms: ['rust-basics'],
      claim: 'ownership',
    };
    expect((await post(`/api/question/${created.id}`, same)).body.question.version).toBe(2);
    // administered alone is not content, but it is an edit another editor must not undo unseen:
    // the version (the concurrency token) goes up.
    const again = await post(`/api/question/${created.id}`, { ...same, administered: true });
    expect(again.status).toBe(200);
    expect(again.body.question).toMatchObject({ administered: true, version: 3 });

    const audit = await auditOf('question', created.id);
    expect(audit.map((e) => e.action)).toEqual(['create', 'update', 'update']);
    expect(audit[1].changes.question_text).toEqual({ from: 'Old text', to: 'New text' });
    expect(audit.map((e) => e.version)).toEqual([1, 2, 3]);
    // Administering with review off (REVIEW_REQUIRED=false) also makes the question ready.
    expect(Object.keys(audit[2].changes).sort()).toEqual(['administered', 'status']);
  });

  it('a save based on an old version → 409 with a clear message, nothing changed; no version → accepted', async () => {
    const created = (await post('/api/question/', questionPayload({}, { q: 'Shared text' }))).body.question;
    const asLoaded = (q: any) => ({
      ...q,
      question_text: b64(q.question_text),
      code_block: b64(q.code_block),
      answers: q.answers.map((a: any) => ({ ...a, text: b64(a.text) })),
    });
    // Two editors open version 1; the first saves.
    const first = await post(`/api/question/${created.id}`, {
      ...asLoaded(created),
      question_text: b64('First editor'),
    });
    expect(first.status).toBe(200);
    expect(first.body.question.version).toBe(2);
    const auditBefore = (await auditOf('question', created.id)).length;

    // The second, still on version 1, toggles only administered: refused, not a silent undo.
    const second = await post(`/api/question/${created.id}`, { ...asLoaded(created), administered: true });
    expect(second).toEqual({
      status: 409,
      body: {
        success: false,
        message: expect.stringMatching(
          new RegExp(
            `^Question ${created.id} was changed by someone else since you opened it \\(you edited version 1, it is now version 2\\)\\. Your changes were not saved`,
          ),
        ),
      },
    });
    const stored = (await get(`/api/questions/${created.id}`)).body.question;
    expect(stored).toMatchObject({ question_text: 'First editor', administered: false, version: 2 });
    expect(await auditOf('question', created.id)).toHaveLength(auditBefore);

    // Based on the current version it goes through; without a version it is accepted as before.
    const third = await post(`/api/question/${created.id}`, { ...asLoaded(stored), administered: true });
    expect(third.body.question).toMatchObject({ administered: true, version: 3 });
    const { version: _v, ...noVersion } = asLoaded(third.body.question);
    const fourth = await post(`/api/question/${created.id}`, {
      ...noVersion,
      question_text: b64('No version'),
    });
    expect(fourth.status).toBe(200);
    expect(fourth.body.question).toMatchObject({ question_text: 'No version', version: 4 });
  });

  it('two saves of the same version racing: one wins, the other gets 409 (never both)', async () => {
    const created = (await post('/api/question/', questionPayload())).body.question;
    const write = (text: string) =>
      post(`/api/question/${created.id}`, {
        ...questionPayload({ version: 1 }, { q: text }),
        answers: created.answers.map((a: any) => ({ ...a, text: b64(a.text) })),
      });
    const replies = await Promise.all([write('Racer A'), write('Racer B'), write('Racer C')]);
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const winner = replies.find((r) => r.status === 200)!.body.question;
    expect((await get(`/api/questions/${created.id}`)).body.question).toMatchObject({
      question_text: winner.question_text,
      version: 2,
    });
  });

  it("the server's validation message reaches the client as the reply's message", async () => {
    const res = await post(
      '/api/question/',
      questionPayload({ administered: true }, { q: 'Only one answer', answers: ['lonely'] }),
    );
    expect(res).toEqual({
      status: 400,
      body: {
        success: false,
        message:
          'Invalid request: answers: an administered question needs at least two answers and exactly one correct',
      },
    });
  });

  it('404 for an unknown or non-numeric question id', async () => {
    expect(await get('/api/questions/999999')).toEqual({
      status: 404,
      body: { success: false, message: 'No question with id 999999' },
    });
    expect((await get('/api/questions/abc')).status).toBe(404);
    expect((await post('/api/question/999999', questionPayload())).status).toBe(404);
  });

  it('lists claims in use (distinct, sorted), the 26 code block languages and the natural languages', async () => {
    const claims = (await get('/api/questions/claim-options')).body.claim_options;
    const values = claims.map((c: any) => c.value);
    expect(values).toEqual(expect.arrayContaining(['big_o_notation', 'ownership']));
    expect(new Set(values).size).toBe(values.length);
    expect([...values].sort()).toEqual(values);
    expect(claims.find((c: any) => c.value === 'ownership')).toEqual({
      value: 'ownership',
      label: 'ownership',
    });

    const code = (await get('/api/questions/code-block-options')).body.code_block_options;
    expect(code).toHaveLength(26);
    expect(code).toEqual(CODE_BLOCK_OPTIONS.map((o) => ({ ...o })));

    const languages = (await get('/api/questions/language-options')).body.language_options.map(
      (o: any) => o.value,
    );
    expect(languages).toEqual(expect.arrayContaining(['en', 'es', 'de', 'fr', 'pt']));
  });
});

describe('the questions list', () => {
  const ids: number[] = [];
  beforeAll(async () => {
    expect((await post('/api/atoms', { id: 'paging', name: 'Paging' })).status).toBe(201);
    for (let i = 1; i <= 25; i++) {
      const res = await post(
        '/api/question/',
        questionPayload(
          { all_atoms: ['paging'], administered: i % 5 === 0 },
          {
            q: i === 7 ? 'Find the NeedleWord here' : `Paging question ${i}`,
            code: i === 11 ? 'let needleword = 1; // a.b' : '',
          },
        ),
      );
      expect(res.status).toBe(201);
      ids.push(res.body.question.id);
    }
  });

  it('pages by 20, newest first, with the total', async () => {
    const page1 = (await get('/api/questions/?atom=paging')).body;
    expect(page1).toMatchObject({ page: 1, total: 25, page_size: 20 });
    expect(page1.questions.map((q: any) => q.id)).toEqual([...ids].reverse().slice(0, 20));
    const page2 = (await get('/api/questions/?atom=paging&page=2')).body;
    expect(page2).toMatchObject({ page: 2, total: 25 });
    expect(page2.questions.map((q: any) => q.id)).toEqual([...ids].reverse().slice(20));
    expect((await get('/api/questions/?atom=paging&page=3')).body).toMatchObject({
      questions: [],
      total: 25,
    });
  });

  it("atom 'all' or absent means any atom", async () => {
    const all = (await get('/api/questions/?atom=all')).body;
    const absent = (await get('/api/questions/')).body;
    const total = await db.collection('questions').countDocuments();
    expect(all.total).toBe(total);
    expect(absent.total).toBe(total);
    expect(total).toBeGreaterThan(25);
  });

  it('search matches question text and code, case-insensitively, with regex characters taken literally', async () => {
    const found = (await get('/api/questions/?search=needleWORD')).body;
    expect(found.questions.map((q: any) => q.id).sort()).toEqual([ids[6], ids[10]].sort());
    expect(found.total).toBe(2);
    expect((await get(`/api/questions/?search=${encodeURIComponent('a.b')}&atom=paging`)).body.total).toBe(1);
    expect((await get(`/api/questions/?search=${encodeURIComponent('a.c')}&atom=paging`)).body.total).toBe(0);
    expect((await get(`/api/questions/?search=${encodeURIComponent('(.*')}`)).status).toBe(200);
  });

  it('only_administered keeps administered questions', async () => {
    const res = (await get('/api/questions/?atom=paging&only_administered=true')).body;
    expect(res.total).toBe(5);
    expect(res.questions.every((q: any) => q.administered)).toBe(true);
    expect((await get('/api/questions/?atom=paging&only_administered=false')).body.total).toBe(25);
  });

  it.each([
    ['page=0', /page/],
    ['page=abc', /page/],
    ['atom=Not%20A%20Slug', /atom/],
    ['only_administered=maybe', /only_administered/],
  ])('a bad filter (%s) → 400 naming it', async (qs, field) => {
    const res = await get(`/api/questions/?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(field);
  });
});

describe('bad payloads → 400 naming the field, and nothing changes', () => {
  async function snapshot(): Promise<string> {
    const dump: Record<string, unknown> = {};
    for (const c of ['atoms', 'questions', 'audit_logs', 'counters'])
      dump[c] = await db.collection(c).find().sort({ _id: 1 }).toArray();
    return JSON.stringify(dump);
  }
  let existingQuestion: number;
  beforeAll(async () => {
    existingQuestion = (await post('/api/question/', questionPayload({ all_atoms: ['rust-basics'] }))).body
      .question.id;
  });

  const cases: Array<[string, string, string | (() => string), unknown, RegExp]> = [
    ['atom without an id', 'POST', '/api/atoms', { name: 'x' }, /id/],
    ['atom with an empty name', 'POST', '/api/atoms', { id: 'fine-slug', name: '' }, /name/],
    ['atom with the reserved slug new', 'POST', '/api/atoms', { id: 'new', name: 'x' }, /reserved/],
    [
      'atom with an unknown format',
      'POST',
      '/api/atoms',
      { id: 'fine-slug', name: 'x', format: 'Essay' },
      /format/,
    ],
    [
      'atom with an unknown field',
      'POST',
      '/api/atoms',
      { id: 'fine-slug', name: 'x', colour: 'red' },
      /colour/,
    ],
    [
      'atom with negative eta_minutes',
      'POST',
      '/api/atoms',
      { id: 'fine-slug', name: 'x', eta_minutes: -1 },
      /eta_minutes/,
    ],
    [
      'atom with decreasing thresholds',
      'POST',
      '/api/atoms',
      { id: 'fine-slug', name: 'x', levels_thresholds: ['-inf', 1, 0, 2, 3] },
      /levels_thresholds/,
    ],
    [
      'atom whose beta ordering names no question',
      'POST',
      '/api/atoms',
      { id: 'fine-slug', name: 'x', beta_question_ordering: [987654] },
      /beta_question_ordering.*987654/,
    ],
    [
      'atom with a non-integer beta question id',
      'PUT',
      '/api/atoms/rust-basics',
      { beta_question_ordering: [1.5] },
      /beta_question_ordering/,
    ],
    ['atom update with a number for a name', 'PUT', '/api/atoms/rust-basics', { name: 5 }, /name/],
    ['atom body that is not JSON', 'POST', '/api/atoms', '{"id": ', /Malformed JSON/],
    [
      'question text that is not base64',
      'POST',
      '/api/question/',
      { ...questionPayload(), question_text: 'plain text!' },
      /question_text/,
    ],
    [
      'answer text that is not base64',
      'POST',
      '/api/question/',
      { ...questionPayload(), answers: [{ text: '***', c: true }] },
      /answer text/,
    ],
    [
      'question text that is not UTF-8',
      'POST',
      '/api/question/',
      { ...questionPayload(), question_text: Buffer.from([0xff, 0xfe, 0xfd]).toString('base64') },
      /UTF-8/,
    ],
    [
      'two correct answers',
      'POST',
      '/api/question/',
      {
        ...questionPayload(),
        answers: [
          { text: b64('a'), c: true },
          { text: b64('b'), c: true },
        ],
      },
      /only one answer can be correct/,
    ],
    [
      'an unknown code language',
      'POST',
      '/api/question/',
      { ...questionPayload(), code_language: 'cobol' },
      /code_language/,
    ],
    [
      'an unknown natural language',
      'POST',
      '/api/question/',
      { ...questionPayload(), language: 'xx' },
      /language/,
    ],
    [
      'an unknown atom',
      'POST',
      '/api/question/',
      { ...questionPayload(), all_atoms: ['no-such-atom'] },
      /all_atoms.*no-such-atom/,
    ],
    [
      'a non-integer original_question_id',
      'POST',
      '/api/question/',
      { ...questionPayload(), original_question_id: '1.5' },
      /original_question_id/,
    ],
    [
      'an original question that does not exist',
      'POST',
      '/api/question/',
      { ...questionPayload(), original_question_id: 987654 },
      /original_question_id.*987654/,
    ],
    [
      'two answers locked to one position',
      'POST',
      '/api/question/',
      {
        ...questionPayload(),
        answers: [
          { text: b64('a'), c: true, position: 0 },
          { text: b64('b'), position: 0 },
        ],
      },
      /same position/,
    ],
    [
      'an administered question without answers',
      'POST',
      '/api/question/',
      { ...questionPayload(), answers: [], administered: true },
      /answers/,
    ],
    ['a question without question_text', 'POST', '/api/question/', { answers: [] }, /question_text/],
    [
      'a question that is its own original',
      'POST',
      () => `/api/question/${existingQuestion}`,
      () => ({ ...questionPayload(), original_question_id: existingQuestion }),
      /variation of itself/,
    ],
    [
      'a question update with a bad hash_id',
      'POST',
      () => `/api/question/${existingQuestion}`,
      { ...questionPayload(), answers: [{ text: b64('a'), hash_id: 'has spaces', c: true }] },
      /hash_id/,
    ],
  ];

  it.each(cases)('%s', async (_name, method, path, body, message) => {
    const before = await snapshot();
    const resolvedPath = typeof path === 'function' ? path() : path;
    const payload = typeof body === 'function' ? (body as () => unknown)() : body;
    const res = await call(method, resolvedPath, payload);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(message);
    expect(await snapshot()).toBe(before);
  });
});
