// Hostile imports over real HTTP, signed in as an admin: each file is built here byte by byte (a zip
// bomb, entries that lie about their sizes, one blob listed many times, 100,000-deep nesting, a
// 200,000-line CSV, too many items or entries, a body past the upload limit). Each is refused with
// a 413 or 400 and a message, and nothing is stored (questions, atoms, staged previews). A candidate's
// quiz request made while a hostile or a large honest import is being checked answers promptly
// (the check runs in a worker thread; `npm run bench:import` has the precise figures).
import diagnostics_channel from 'node:diagnostics_channel';
import fs from 'node:fs';
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { crc32, deflateRawSync } from 'node:zlib';
import mongoose from 'mongoose';
import { IMPORT_LIMITS } from '../src/content/io/limits';
import { Browser, jsonCall, signIn, startAdminStack, type AdminStack } from './helpers/admin-session';
import { connect, issueQuiz, seedFixture, type Fixture } from './quiz-fixtures';

jest.setTimeout(240_000);

let env: AdminStack;
let admin: Browser;
let fx: Fixture;
let token: string;

beforeAll(async () => {
  env = await startAdminStack({ REVIEW_REQUIRED: 'false' });
  admin = new Browser();
  await signIn(admin, env.baseUrl, env.provider.admin);
  await connect(env.stack.mongoUri);
  fx = await seedFixture('lim');
  token = await issueQuiz(fx);
});
afterAll(async () => {
  await mongoose.disconnect();
  await env?.stop();
});

async function upload(bytes: Uint8Array | string, query = '') {
  const init = jsonCall(admin, env.baseUrl, 'POST');
  (init.headers as Record<string, string>)['content-type'] = 'application/octet-stream';
  init.body = typeof bytes === 'string' ? bytes : Buffer.from(bytes);
  const res = await admin.fetch(`${env.baseUrl}/api/questions/import/preview${query}`, init);
  return { status: res.status, body: (await res.json()) as any };
}

/** Everything an import could have written. */
async function stored() {
  const db = mongoose.connection.db!;
  return {
    questions: await db.collection('questions').countDocuments(),
    atoms: await db.collection('atoms').countDocuments(),
    previews: await db.collection('content_imports').countDocuments(),
  };
}

// ---------------------------------------------------------------------------------------------
// A zip written by hand, so that each header says what the test wants it to say.

interface Entry {
  name: string;
  /** The bytes stored (deflated unless `stored`). */
  data: Buffer;
  stored?: boolean;
  /** What the headers declare as the inflated size (default: the truth). */
  declaredSize?: number;
  crc?: number;
  /** The inflated size, for the default declaration. */
  size: number;
  /** Sizes and CRC in a data descriptor after the data, zero in the local header (flag bit 3). */
  descriptor?: boolean;
}

/**
 * Local headers and data for `entries`, then a central directory listing each `listed[i]` (an index
 * into entries, so one entry can be listed many times) under its own name.
 */
function zip(entries: Entry[], listed?: { entry: number; name: string }[]): Buffer {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let at = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(e.descriptor ? 8 : 0, 6);
    h.writeUInt16LE(e.stored ? 0 : 8, 8);
    if (!e.descriptor) {
      h.writeUInt32LE(e.crc ?? 0, 14);
      h.writeUInt32LE(e.data.length, 18);
      h.writeUInt32LE(e.declaredSize ?? e.size, 22);
    }
    h.writeUInt16LE(name.length, 26);
    offsets.push(at);
    parts.push(h, name, e.data);
    at += h.length + name.length + e.data.length;
    if (e.descriptor) {
      const d = Buffer.alloc(16);
      d.writeUInt32LE(0x08074b50, 0);
      d.writeUInt32LE(e.crc ?? 0, 4);
      d.writeUInt32LE(e.data.length, 8);
      d.writeUInt32LE(e.size % 2 ** 32, 12);
      parts.push(d);
      at += d.length;
    }
  }
  const cdStart = at;
  const list = listed ?? entries.map((e, i) => ({ entry: i, name: e.name }));
  for (const l of list) {
    const e = entries[l.entry];
    const name = Buffer.from(l.name);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(e.stored ? 0 : 8, 10);
    c.writeUInt32LE(e.crc ?? 0, 16);
    c.writeUInt32LE(e.data.length, 20);
    c.writeUInt32LE((e.declaredSize ?? e.size) % 2 ** 32, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offsets[l.entry], 42);
    parts.push(c, name);
    at += c.length + name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(list.length, 8);
  end.writeUInt16LE(list.length, 10);
  end.writeUInt32LE(at - cdStart, 12);
  end.writeUInt32LE(cdStart, 16);
  parts.push(end);
  return Buffer.concat(parts);
}

function deflated(name: string, content: Buffer, declaredSize?: number): Entry {
  return { name, data: deflateRawSync(content), size: content.length, crc: crc32(content), declaredSize };
}

const MiB = 1024 * 1024;
const item = (id: string) =>
  `<?xml version="1.0"?><assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p2" identifier="${id}"><responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier"><correctResponse><value>A</value></correctResponse></responseDeclaration><itemBody><choiceInteraction responseIdentifier="RESPONSE" maxChoices="1"><prompt>Q ${id}</prompt><simpleChoice identifier="A">a</simpleChoice><simpleChoice identifier="B">b</simpleChoice></choiceInteraction></itemBody></assessmentItem>`;

/** 256 MiB of one byte inside an XML comment: about 256 KiB deflated. */
const blob = () => {
  const content = Buffer.alloc(256 * MiB, 0x20);
  content.write('<!--', 0);
  content.write('-->', content.length - 3);
  return content;
};

async function expectRefused(
  bytes: Uint8Array | string,
  status: 400 | 413,
  message: RegExp,
  query = '',
): Promise<void> {
  const before = await stored();
  const res = await upload(bytes, query);
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: { success: false, message: expect.stringMatching(message) },
  });
  expect(await stored()).toEqual(before);
}

describe('hostile zips', () => {
  it('a zip bomb that declares its size is refused at its header', async () => {
    await expectRefused(
      zip([deflated('items/bomb.xml', blob())]),
      413,
      /items\/bomb\.xml inflates to more than 16 MiB/,
    );
  });

  it('a zip bomb that declares 1 KiB is refused while inflating, past what it declares', async () => {
    await expectRefused(
      zip([deflated('items/bomb.xml', blob(), 1024)]),
      413,
      /items\/bomb\.xml inflates to more than the 1,024 bytes it declares/,
    );
  });

  it('a zip bomb that declares no size (a data descriptor) is refused while inflating, at the entry limit', async () => {
    await expectRefused(
      zip([{ ...deflated('items/bomb.xml', blob()), descriptor: true }]),
      413,
      /items\/bomb\.xml inflates to more than 16 MiB/,
    );
  });

  it('100 entries declaring 4 GiB each are refused, whatever their bytes', async () => {
    const entries = Array.from({ length: 100 }, (_, i) =>
      deflated(`items/i${i}.xml`, Buffer.from(item(`i${i}`)), 0xfffffff0),
    );
    const file = zip(entries);
    expect(file.length).toBeLessThan(64 * 1024);
    await expectRefused(file, 413, /inflates to more than 16 MiB/);
  });

  it('one blob listed four times (overlapping entries) is read once and refused while inflating', async () => {
    const one = deflated('items/a.xml', blob(), 2048);
    const file = zip(
      [one],
      ['items/a.xml', 'items/b.xml', 'items/c.xml', 'imsmanifest.xml'].map((name) => ({ entry: 0, name })),
    );
    expect(file.length).toBeLessThan(512 * 1024);
    await expectRefused(file, 413, /items\/a\.xml inflates to more than the 2,048 bytes it declares/);
  });

  it('entries that together inflate past the total are refused while inflating', async () => {
    const big = Buffer.alloc(15 * MiB, 0x20);
    big.write('<!--', 0);
    big.write('-->', big.length - 3);
    const entries = Array.from({ length: 8 }, (_, i) => deflated(`items/part${i}.xml`, big));
    await expectRefused(zip(entries), 413, /inflate to more than 64 MiB together/);
  });

  it(`more than ${IMPORT_LIMITS.ZIP_ENTRIES} entries are refused`, async () => {
    const empty = Buffer.alloc(0);
    const entries = Array.from({ length: IMPORT_LIMITS.ZIP_ENTRIES + 1 }, (_, i) => ({
      name: `m/${i}.png`,
      data: empty,
      size: 0,
      stored: true,
    }));
    await expectRefused(zip(entries), 413, /more than 25,000 entries/);
  });
});

describe('hostile XML, JSON and CSV', () => {
  const deep = (n: number) => `${'<div>'.repeat(n)}x${'</div>'.repeat(n)}`;

  it('an item nested 100,000 deep is a 400, not a stack overflow', async () => {
    const xml = `<assessmentItem identifier="d"><itemBody>${deep(100_000)}</itemBody></assessmentItem>`;
    await expectRefused(xml, 400, /nests elements more than 100 deep/, '?format=qti');
  });

  it('the same item inside a package is a 400 too', async () => {
    const xml = `<assessmentItem identifier="d"><itemBody>${deep(100_000)}</itemBody></assessmentItem>`;
    await expectRefused(zip([deflated('items/deep.xml', Buffer.from(xml))]), 400, /items\/deep\.xml nests/);
  });

  it('an item with more elements than a document may hold is a 400', async () => {
    const xml = `<assessmentItem identifier="w"><itemBody>${'<br/>'.repeat(IMPORT_LIMITS.XML_ELEMENTS + 1)}</itemBody></assessmentItem>`;
    await expectRefused(xml, 400, /has more than 250,000 elements/, '?format=qti');
  });

  it('JSON nested 100,000 deep is a 400', async () => {
    const json = `{"questions":[{"question_text":"x","code_block":${'['.repeat(100_000)}${']'.repeat(100_000)}}]}`;
    await expectRefused(json, 400, /nests arrays and objects more than 64 deep/);
  });

  it('a CSV of 200,000 lines is a 413', async () => {
    const csv = `question_text\n${'q,\n'.repeat(200_000)}`;
    await expectRefused(csv, 413, /more than 20,001 rows/, '?format=csv');
  });

  it('a CSV row with too many columns is a 400', async () => {
    const csv = `question_text,${Array.from({ length: 5000 }, (_, i) => `answer_${i + 1}`).join(',')}\nq\n`;
    await expectRefused(csv, 400, /more than 1,000 columns/, '?format=csv');
  });

  it(`more than ${IMPORT_LIMITS.ITEMS} questions in one file are a 413`, async () => {
    const questions = Array.from({ length: IMPORT_LIMITS.ITEMS + 1 }, (_, i) => ({ question_text: `q${i}` }));
    await expectRefused(JSON.stringify({ questions }), 413, /more than 20,000 questions/);
  });

  it('a body past the upload limit is a 413', async () => {
    await expectRefused(Buffer.alloc(IMPORT_LIMITS.UPLOAD_BYTES + 1, 0x20), 413, /larger than 50 MiB/);
  });
});

describe("the check's worker", () => {
  it('runs with the configured heap limits, a file that would fill them is refused, and candidates are served right after', async () => {
    // every worker thread this process starts, with its limits as the thread was given them
    const started: { limits: Worker['resourceLimits']; exited: Promise<unknown> }[] = [];
    const onWorker = (message: unknown) => {
      const { worker } = message as { worker: Worker };
      started.push({
        limits: { ...worker.resourceLimits },
        exited: new Promise((resolve) => worker.once('exit', resolve)),
      });
    };
    diagnostics_channel.subscribe('worker_threads', onWorker);
    // 49 MiB of `{},`: 17 million objects once parsed, several times the worker's heap limit (a worker
    // past its limit can abort the whole process, so it must be refused before it is parsed)
    const n = Math.floor((49 * MiB) / 3);
    const json = `{"questions":[{"question_text":"x","answers":[${'{},'.repeat(n - 1)}{}]}]}`;
    try {
      const t0 = performance.now();
      await expectRefused(json, 413, /more than 2,000,000 values/);
      expect(performance.now() - t0).toBeLessThan(30_000);
    } finally {
      diagnostics_channel.unsubscribe('worker_threads', onWorker);
    }
    expect(started.map((w) => w.limits)).toEqual([
      expect.objectContaining({
        maxOldGenerationSizeMb: IMPORT_LIMITS.WORKER_HEAP_MB,
        maxYoungGenerationSizeMb: IMPORT_LIMITS.WORKER_YOUNG_MB,
      }),
    ]);
    // the worker is let go once its file is answered, and the services answer a candidate at once
    await started[0].exited;
    const t1 = performance.now();
    const res = await fetch(`${env.baseUrl}/api/quiz/${token}`);
    expect(res.status).toBe(200);
    expect(typeof (await res.json())).toBe('object');
    expect(performance.now() - t1).toBeLessThan(1000);
  });
});

describe('candidates during an import', () => {
  /** Times GET /api/quiz/{token} every 20 ms until `during` settles; returns the latencies. */
  async function quizLatencies<T>(during: Promise<T>): Promise<{ ms: number[]; result: T }> {
    let done = false;
    const finished = during.finally(() => {
      done = true;
    });
    const ms: number[] = [];
    while (!done) {
      const t0 = performance.now();
      const res = await fetch(`${env.baseUrl}/api/quiz/${token}`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      ms.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
    return { ms, result: await finished };
  }

  it('a quiz request made during a hostile import answers promptly', async () => {
    const big = Buffer.alloc(15 * MiB, 0x20);
    big.write('<!--', 0);
    big.write('-->', big.length - 3);
    const file = zip(Array.from({ length: 8 }, (_, i) => deflated(`items/part${i}.xml`, big)));
    const { ms, result } = await quizLatencies(upload(file));
    expect(result.status).toBe(413);
    expect(ms.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...ms)).toBeLessThan(1000);
  });

  /** The nice value of each of this process's threads (Linux: /proc/self/task/<tid>/stat, field 19). */
  function threadNices(): Map<number, number> {
    const nices = new Map<number, number>();
    for (const tid of fs.readdirSync('/proc/self/task')) {
      try {
        const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        nices.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
      } catch {
        // the thread ended between the listing and the read
      }
    }
    return nices;
  }

  (process.platform === 'linux' ? it : it.skip)(
    "the check's thread runs at the lowest CPU priority, the services' own thread at theirs",
    async () => {
      const own = threadNices().get(process.pid);
      const questions = Array.from({ length: 3_000 }, (_, i) => ({
        question_text: `Priority question ${i}: what does this print?`,
        answers: [{ text: String(i), correct: true }, { text: String(i + 1) }],
        atoms: [fx.atomA],
      }));
      const seen = new Set<number>();
      let uploading = true;
      const watching = (async () => {
        while (uploading) {
          for (const [tid, nice] of threadNices()) if (tid !== process.pid) seen.add(nice);
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      const result = await upload(JSON.stringify({ questions })).finally(() => {
        uploading = false;
      });
      await watching;
      expect(result.status).toBe(200);
      expect(seen).toContain(os.constants.priority.PRIORITY_LOW);
      expect(threadNices().get(process.pid)).toBe(own);
    },
  );

  it('a quiz request made during a large honest import answers promptly', async () => {
    const questions = Array.from({ length: 10_000 }, (_, i) => ({
      question_text: `Large import question ${i}: what does this print?`,
      code_block: `console.log(${i} * 2);`,
      code_language: 'javascript',
      answers: [{ text: String(i * 2), correct: true }, { text: String(i * 2 + 1) }, { text: 'nothing' }],
      atoms: [fx.atomA],
    }));
    const { ms, result } = await quizLatencies(upload(JSON.stringify({ questions })));
    expect(result.status).toBe(200);
    expect(result.body.summary).toMatchObject({ items: 10_000, create: 10_000 });
    expect(ms.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...ms)).toBeLessThan(1000);
  });
});
