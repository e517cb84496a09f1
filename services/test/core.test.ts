// The services core over real HTTP against the real process and the embedded engine:
// JSON errors for bad bodies and unknown routes, security headers, and idempotent seeding.
import net from 'node:net';
import { MongoClient } from 'mongodb';
import { startStack, type Stack } from './helpers/stack';

jest.setTimeout(60_000);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function call(method: string, path: string, body?: string, contentType = 'application/json') {
  const res = await fetch(stack.baseUrl + path, {
    method,
    body,
    headers: body !== undefined ? { 'content-type': contentType } : {},
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Document count per collection of the services' database. */
async function collectionCounts(uri: string): Promise<Record<string, number>> {
  const client = await MongoClient.connect(uri);
  try {
    const db = client.db();
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
    const counts: Record<string, number> = {};
    for (const name of names) counts[name] = await db.collection(name).countDocuments();
    return counts;
  } finally {
    await client.close();
  }
}

describe('error replies', () => {
  it.each([
    ['truncated object', '{"answer": '],
    ['not JSON at all', 'hello'],
    ['a bare string (only objects and arrays are bodies)', '"text"'],
  ])('malformed JSON (%s) → 400 JSON error', async (_label, body) => {
    const r = await call('POST', '/api/quiz/some-token/survey', body);
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    expect(r.json).toEqual({ success: false, message: 'Malformed JSON body' });
  });

  it('a body over the size limit → 413 JSON error', async () => {
    const r = await call(
      'POST',
      '/api/quiz/some-token/survey',
      JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }),
    );
    expect(r.status).toBe(413);
    expect(r.json).toEqual({ success: false, message: expect.stringMatching(/too large/i) });
  });

  it.each([
    ['GET', '/api/no-such-thing'],
    ['GET', '/api'],
    ['DELETE', '/api/atoms/anything/else/here'],
    ['POST', '/api/nothing/here'],
  ])('unknown API route %s %s → 404 { success:false, message }', async (method, path) => {
    const r = await call(method, path, method === 'POST' ? '{}' : undefined);
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ success: false, message: expect.stringContaining(path) });
  });

  it('sets security headers on every response', async () => {
    for (const path of ['/api/no-such-thing', '/']) {
      const r = await call('GET', path);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('referrer-policy')).toBe('same-origin');
    }
  });

  it('never leaks a stack trace', async () => {
    const r = await call('POST', '/api/x', '{"a":');
    expect(r.text).not.toMatch(/\bat .*\.(js|ts):\d+/);
  });
});

describe('keep-alive', () => {
  /** Sends a GET on `socket` and resolves with the status line of the reply (rejects if the socket ends). */
  function get(socket: net.Socket, path: string): Promise<string> {
    return new Promise((resolve, reject) => {
      let data = '';
      const onData = (chunk: Buffer) => {
        data += chunk.toString('latin1');
        const end = data.indexOf('\r\n\r\n');
        const length = /content-length: (\d+)/i.exec(data);
        if (end >= 0 && length && data.length >= end + 4 + Number(length[1])) {
          cleanup();
          resolve(data.slice(0, data.indexOf('\r\n')));
        }
      };
      const onClose = () => {
        cleanup();
        reject(new Error(`the services closed the connection (${data.length} bytes read)`));
      };
      const cleanup = () => {
        socket.off('data', onData);
        socket.off('close', onClose);
      };
      socket.on('data', onData);
      socket.on('close', onClose);
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
    });
  }

  // A client's agent closes its idle connections after a few seconds (Node's: 5 s), a load balancer after
  // 60 s; if the services closed theirs first, a request sent at that moment would meet a reset.
  it('keeps an idle connection open longer than a client would', async () => {
    const { hostname, port } = new URL(stack.baseUrl);
    const socket = net.connect(Number(port), hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    try {
      expect(await get(socket, '/remotes.json')).toBe('HTTP/1.1 200 OK');
      await new Promise((r) => setTimeout(r, 6000));
      expect(socket.destroyed).toBe(false);
      expect(await get(socket, '/remotes.json')).toBe('HTTP/1.1 200 OK');
    } finally {
      socket.destroy();
    }
  });
});

describe('seeding', () => {
  it('seeds the demo bank on first start and never again', async () => {
    const first = await collectionCounts(stack.mongoUri);
    expect(first.atoms).toBeGreaterThanOrEqual(1);
    expect(first.questions).toBeGreaterThanOrEqual(40);
    expect(first.companies).toBeGreaterThanOrEqual(1);
    expect(first.invitations).toBeGreaterThanOrEqual(1);

    const demoLink = (out: string[]) =>
      out.map((l) => /Demo candidate link: (\S+)/.exec(l)?.[1]).find(Boolean);
    const firstLink = demoLink(stack.services.output);
    expect(firstLink).toMatch(/\/quiz\/[A-Za-z0-9_-]{32}$/);

    await stack.restartServices();
    const second = await collectionCounts(stack.mongoUri);
    expect(second).toEqual(first);
    // Same demo invitation, so the printed link is the same token (the port may differ).
    expect(demoLink(stack.services.output)?.replace(/^.*\/quiz\//, '')).toBe(
      firstLink?.replace(/^.*\/quiz\//, ''),
    );

    // The restarted services answer as before.
    const r = await call('GET', '/api/no-such-thing');
    expect(r.status).toBe(404);
  });

  it('finishes a seed a start left half-way, creating no question twice', async () => {
    interface Q {
      _id: number;
      uid: string;
      atoms: string[];
      original_question_id: number | null;
    }
    const client = await MongoClient.connect(stack.mongoUri);
    try {
      const db = client.db();
      const questions = db.collection<Q>('questions');
      const marker = db.collection<{ _id: string; done: boolean; questions: Record<string, number> }>(
        'seed_state',
      );
      const before = await questions.find().sort({ _id: 1 }).toArray();
      const { questions: keys } = (await marker.findOne({ _id: 'demo' }))!;
      const idsOf = (atom: string) => new Set(before.filter((q) => q.atoms.includes(atom)).map((q) => q._id));
      const keysOf = (atom: string) => Object.keys(keys).filter((k) => idsOf(atom).has(keys[k]));
      const unset = (atom: string) =>
        Object.fromEntries(keysOf(atom).map((k) => [`questions.${k}`, '' as const]));
      // The start died after inserting python's questions, before the marker said so; sql's were
      // never inserted.
      expect(keysOf('python').length).toBeGreaterThan(0);
      expect(keysOf('sql').length).toBeGreaterThan(0);
      await questions.deleteMany({ atoms: 'sql' });
      await marker.updateOne(
        { _id: 'demo' },
        { $set: { done: false }, $unset: { ...unset('python'), ...unset('sql') } },
      );

      await stack.restartServices();
      expect(stack.services.output.join('\n')).toContain('resuming an unfinished seed');
      const after = await questions.find().sort({ _id: 1 }).toArray();
      // Every question once: python's kept their ids, sql's are back under new ones.
      expect(after).toHaveLength(before.length);
      expect(new Set(after.map((q) => q.uid)).size).toBe(after.length);
      expect(after.filter((q) => q.atoms.includes('python')).map((q) => q._id)).toEqual([...idsOf('python')]);
      const sql = after.filter((q) => q.atoms.includes('sql'));
      expect(sql.map((q) => q.uid).sort()).toEqual(
        before
          .filter((q) => q.atoms.includes('sql'))
          .map((q) => q.uid)
          .sort(),
      );
      expect(Math.min(...sql.map((q) => q._id))).toBeGreaterThan(Math.max(...before.map((q) => q._id)));
      // The marker maps every seed question to the question stored under it, and is done.
      const done = (await marker.findOne({ _id: 'demo' }))!;
      expect(done.done).toBe(true);
      const byId = new Map(after.map((q) => [q._id, q]));
      expect(Object.keys(done.questions).sort()).toEqual(Object.keys(keys).sort());
      for (const id of Object.values(done.questions)) expect(byId.has(id)).toBe(true);
      // sql's variations and beta ordering point at the new ids.
      for (const v of sql.filter((q) => q.original_question_id !== null))
        expect(byId.get(v.original_question_id!)?.atoms).toContain('sql');
      const atom = await db
        .collection<{ _id: string; beta_question_ordering: number[] }>('atoms')
        .findOne({ _id: 'sql' });
      for (const id of atom!.beta_question_ordering) expect(byId.get(id)?.atoms).toContain('sql');
    } finally {
      await client.close();
    }
  });
});

describe('seeded content', () => {
  it('links beta questions, variations, the counter and the demo invitation', async () => {
    const client = await MongoClient.connect(stack.mongoUri);
    try {
      const db = client.db();
      const atoms = await db
        .collection<{ _id: string; beta_question_ordering: number[] }>('atoms')
        .find()
        .toArray();
      const questions = await db
        .collection<{
          _id: number;
          atoms: string[];
          original_question_id: number | null;
          answers: { c: boolean; hash_id: string }[];
        }>('questions')
        .find()
        .toArray();
      const byId = new Map(questions.map((q) => [q._id, q]));
      expect(atoms.map((a) => a._id).sort()).toEqual(['javascript', 'python', 'sql']);
      for (const atom of atoms) {
        expect(atom.beta_question_ordering.length).toBeGreaterThan(0);
        for (const id of atom.beta_question_ordering) expect(byId.get(id)?.atoms).toContain(atom._id);
        expect(questions.filter((q) => q.atoms.includes(atom._id)).length).toBeGreaterThanOrEqual(40);
      }
      const variations = questions.filter((q) => q.original_question_id != null);
      expect(variations.length).toBeGreaterThan(0);
      for (const v of variations) expect(byId.has(v.original_question_id!)).toBe(true);
      for (const q of questions) {
        expect(Number.isInteger(q._id)).toBe(true);
        expect(q.answers.filter((a) => a.c)).toHaveLength(1);
      }
      const counter = await db
        .collection<{ _id: string; seq: number }>('counters')
        .findOne({ _id: 'questions' });
      expect(counter!.seq).toBeGreaterThanOrEqual(Math.max(...questions.map((q) => q._id)));

      const invitation = (await db.collection('invitations').find().toArray())[0];
      const quizzes = await db.collection('quiz_results').find({ invitation: invitation._id }).toArray();
      expect(quizzes.map((q) => q.atom_ids).sort()).toEqual(
        [...invitation.required_atoms, ...invitation.optional_atoms].map((a: string) => [a]).sort(),
      );
      for (const q of quizzes) expect(q.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    } finally {
      await client.close();
    }
  });
});

// Last: it issues extra quizzes of the demo invitation, which the seeded-content check above counts.
describe('the demo link', () => {
  it('a used-up demo quiz (finished, abandoned or expired) is replaced by a fresh one on start; a fresh one is reused', async () => {
    const tokenOf = (out: string[]) =>
      out.map((l) => /Demo candidate link: \S+\/quiz\/([A-Za-z0-9_-]+)$/.exec(l)?.[1]).find(Boolean)!;
    const client = await MongoClient.connect(stack.mongoUri);
    try {
      const quizzes = client.db().collection('quiz_results');
      const used: Record<string, Record<string, unknown>> = {
        finished: { finished_at: new Date() },
        abandoned: { abandoned_at: new Date() },
        expired: { started_at: new Date(Date.now() - 3 * 3600_000), expires_at: new Date(Date.now() - 1000) },
        'left long ago': { left_at: new Date(Date.now() - 121 * 60_000) },
      };
      let token = tokenOf(stack.services.output);
      for (const [how, fields] of Object.entries(used)) {
        const old = await quizzes.findOne({ token });
        await quizzes.updateOne({ token }, { $set: fields });
        await stack.restartServices();
        const next = tokenOf(stack.services.output);
        expect({ how, changed: next !== token }).toEqual({ how, changed: true });
        // A new quiz of the same demo invitation and atoms, with a >= 128-bit token, not yet started.
        expect(next).toMatch(/^[A-Za-z0-9_-]{22,}$/);
        const fresh = await quizzes.findOne({ token: next });
        expect(fresh).toMatchObject({
          invitation: old!.invitation,
          atom_ids: old!.atom_ids,
          started_at: null,
          finished_at: null,
        });
        expect((await call('GET', `/api/quiz/${next}/`)).status).toBe(200);
        token = next;
      }
      // A fresh, unused demo quiz is reused: same link, no new quiz.
      const count = await quizzes.countDocuments();
      await stack.restartServices();
      expect(tokenOf(stack.services.output)).toBe(token);
      expect(await quizzes.countDocuments()).toBe(count);
    } finally {
      await client.close();
    }
  });
});
