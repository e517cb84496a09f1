// A database outage under the candidate API: while the engine is down every call gets 503 with
// Retry-After (never 500) and changes nothing; once it is back the same answer, sent again, lands,
// and the question's clock did not count the outage.
import mongoose from 'mongoose';
import { startStack, type Stack } from './helpers/stack';
import { connect, issueQuiz, quizDoc, seedFixture, type Fixture } from './quiz-fixtures';

jest.setTimeout(120_000);

/** The time limit: far shorter than the outage, so only the extension can save the answer. */
const LIMIT_SECONDS = 1;
const OUTAGE_MS = 8_000;

let stack: Stack;
let fx: Fixture;

beforeAll(async () => {
  stack = await startStack({ QUESTION_TIME_LIMIT_SECONDS: String(LIMIT_SECONDS) });
  await connect(stack.mongoUri);
  fx = await seedFixture('outage');
});
afterAll(async () => {
  await mongoose.disconnect();
  await stack?.stop();
});

/** What these calls answer: a question, an answer response or an error. */
interface Reply {
  success?: boolean;
  message?: string;
  correct?: boolean;
  answers?: { hash_id: string }[];
}

async function send(method: string, path: string, body?: unknown) {
  const res = await fetch(stack.baseUrl + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await res.json()) as Reply;
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: reply };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('answers 503 with Retry-After while the database is down, then takes the retried answer in time', async () => {
  const token = await issueQuiz(fx);
  const first = await send('GET', `/api/quiz/${token}/question/1/`);
  expect(first.status).toBe(200);
  const servedAt = Date.now();
  const served = (await quizDoc(token))!.served[0];
  const right = served.snapshot.answers.find((a) => a.c)!;
  const answer = {
    answer: right.hash_id,
    answer_position: first.body.answers!.findIndex((a) => a.hash_id === right.hash_id),
  };

  await stack.stopDatabase();
  // The first call may wait for the driver to give up; from then on the refusal is immediate.
  const down = await send('POST', `/api/quiz/${token}/question/1/`, answer);
  expect(down.status).toBe(503);
  expect(down.retryAfter).toMatch(/^[1-9]\d*$/);
  expect(down.body).toEqual({ success: false, message: expect.stringMatching(/unavailable/) });
  for (const path of [`/api/quiz/${token}/`, `/api/quiz/${token}/question/1/`]) {
    const r = await send('GET', path);
    expect([r.status, r.retryAfter]).toEqual([503, down.retryAfter]);
  }
  const again = await send('POST', `/api/quiz/${token}/question/1/`, answer);
  expect([again.status, again.retryAfter]).toEqual([503, down.retryAfter]);
  // Long past the question's deadline and its grace before the database comes back.
  await sleep(Math.max(0, servedAt + OUTAGE_MS - Date.now()));
  await stack.startDatabase();

  // The client's retry: the same request until it is taken.
  let landed = await send('POST', `/api/quiz/${token}/question/1/`, answer);
  for (let i = 0; landed.status === 503 && i < 60; i++) {
    expect(landed.retryAfter).not.toBeNull();
    await sleep(500);
    landed = await send('POST', `/api/quiz/${token}/question/1/`, answer);
  }
  expect(landed.status).toBe(200);
  expect(Date.now() - servedAt).toBeGreaterThan(OUTAGE_MS);

  const doc = (await quizDoc(token))!;
  expect(doc.served[0]).toMatchObject({ answer: right.hash_id, correct: true, timed_out: false });
  // The outage was written down for every services process: it covers the time the engine was off.
  const outages = await mongoose.connection.db!.collection('database_outages').find().toArray();
  expect(outages.length).toBeGreaterThanOrEqual(1);
  const longest = Math.max(...outages.map((o) => o.ended_at.getTime() - o.started_at.getTime()));
  expect(longest).toBeGreaterThan(OUTAGE_MS - 3_000);

  // Sending it once more changes nothing (idempotent): the stored result comes back.
  const repeat = await send('POST', `/api/quiz/${token}/question/1/`, answer);
  expect(repeat.status).toBe(200);
  expect(repeat.body).toEqual(landed.body);
});

it('an answer that was simply late is still late: only the outage is forgiven', async () => {
  const token = await issueQuiz(fx);
  const first = await send('GET', `/api/quiz/${token}/question/1/`);
  expect(first.status).toBe(200);
  const right = (await quizDoc(token))!.served[0].snapshot.answers.find((a) => a.c)!;
  await sleep(LIMIT_SECONDS * 1000 + 5_000 + 1_000); // the limit plus the 5 s grace, and then some
  const late = await send('POST', `/api/quiz/${token}/question/1/`, {
    answer: right.hash_id,
    answer_position: first.body.answers!.findIndex((a) => a.hash_id === right.hash_id),
  });
  expect(late.status).toBe(200);
  expect((await quizDoc(token))!.served[0]).toMatchObject({ timed_out: true, correct: false });
});
