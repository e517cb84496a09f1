// A database that stalls instead of dying: the engine (the stack runs it as a process of
// its own) is frozen with SIGSTOP under running quizzes for longer than the time left on their questions (and the
// grace), as a MongoDB primary election or a long disk stall looks to the services: connected, but
// nothing answers. Candidate calls get 503 with Retry-After within the stall threshold instead of
// hanging; an answer sent before the deadline is scored on its arrival time once the database
// goes on (SIGCONT); a question nobody could answer meanwhile gets the stall back on its clock, and
// every read of the quiz reports that same credited deadline.
import mongoose from 'mongoose';
import { STALL_THRESHOLD_MS } from '../src/platform/db/outages';
import { ANSWER_GRACE_MS } from '../src/quiz/timing';
import { startStack, type Stack } from './helpers/stack';
import { call, connect, issueQuiz, quizDoc, seedFixture, type Fixture, type Reply } from './quiz-fixtures';

jest.setTimeout(120_000);

/** Short, so the stall outlasts the time left on a question plus its grace by far. */
const LIMIT_SECONDS = 4;
const FREEZE_MS = 12_000;

let stack: Stack;
let fx: Fixture;

beforeAll(async () => {
  stack = await startStack({ QUESTION_TIME_LIMIT_SECONDS: String(LIMIT_SECONDS) });
  await connect(stack.mongoUri);
  fx = await seedFixture('stall');
});
afterAll(async () => {
  await mongoose.disconnect();
  await stack?.stop();
});

const send = (method: string, p: string, body?: unknown) => call(stack.baseUrl, method, p, body);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The request again after each Retry-After, as the quiz page does, until it is not a 503. */
async function retried(method: string, p: string, body?: unknown): Promise<Reply> {
  let r = await send(method, p, body);
  for (let i = 0; r.status === 503 && i < 20; i++) {
    expect(r.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    await sleep(Number(r.headers.get('retry-after')) * 1000);
    r = await send(method, p, body);
  }
  return r;
}

/** The right answer of question 1, as the candidate would pick it from the question shown. */
async function rightAnswer(token: string, shown: { answers: { hash_id: string }[] }) {
  const right = (await quizDoc(token))!.served[0].snapshot.answers.find((a) => a.c)!;
  return {
    answer: right.hash_id,
    answer_position: shown.answers.findIndex((a) => a.hash_id === right.hash_id),
  };
}

it('an answer sent before the deadline is scored on arrival, and a stall is credited to every read of the clock', async () => {
  // Quiz A answers during the stall; quiz B cannot (the services refuse while it lasts).
  const [a, b] = await Promise.all([issueQuiz(fx), issueQuiz(fx)]);
  const shownA = await send('GET', `/api/quiz/${a}/question/1/`);
  const shownB = await send('GET', `/api/quiz/${b}/question/1/`);
  expect([shownA.status, shownB.status]).toEqual([200, 200]);
  const answerA = await rightAnswer(a, shownA.body);
  const answerB = await rightAnswer(b, shownB.body);
  const deadlineA = Date.parse(shownA.body.expires_at);
  const deadlineB = Date.parse(shownB.body.expires_at);

  stack.freezeDatabase();
  const frozenAt = Date.now();
  try {
    // A's answer, before its deadline: it waits on the frozen database only until the stall is
    // noticed, then gets a 503 to retry, long before the database is back.
    const sentA = Date.now();
    expect(sentA).toBeLessThan(deadlineA);
    const waited = await send('POST', `/api/quiz/${a}/question/1/`, answerA);
    expect(waited.status).toBe(503);
    expect(waited.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(Date.now() - sentA).toBeLessThan(STALL_THRESHOLD_MS + 3_000);

    // While the stall lasts every candidate call is refused at once, without touching the database.
    for (const [method, p, body] of [
      ['GET', `/api/quiz/${b}/`],
      ['GET', `/api/quiz/${b}/question/1/`],
      ['POST', `/api/quiz/${b}/question/1/`, answerB],
    ] as const) {
      const t = Date.now();
      const r = await send(method, p, body);
      expect([p, r.status, r.headers.get('retry-after')]).toEqual([
        p,
        503,
        waited.headers.get('retry-after'),
      ]);
      expect(Date.now() - t).toBeLessThan(STALL_THRESHOLD_MS);
    }
    await sleep(frozenAt + FREEZE_MS - Date.now());
  } finally {
    stack.thawDatabase();
  }
  const frozenFor = Date.now() - frozenAt;

  // A: the request that waited goes on once the database answers, and is judged by when it arrived
  // (before the deadline), not by when the database got to it, long past the deadline and its grace.
  let doc = await quizDoc(a);
  for (let i = 0; !doc!.served[0].answered_at && i < 100; i++) {
    await sleep(100);
    doc = await quizDoc(a);
  }
  expect(doc!.served[0]).toMatchObject({ answer: answerA.answer, correct: true, timed_out: false });
  expect(doc!.served[0].answered_at!.getTime()).toBeLessThan(deadlineA);
  // The page's retry of the same answer gets the stored result, and changes nothing.
  const retryA = await retried('POST', `/api/quiz/${a}/question/1/`, answerA);
  expect(retryA.status).toBe(200);
  expect((await quizDoc(a))!.served[0]).toEqual(doc!.served[0]);

  // B: the stall is back on its clock, and the quiz and its question say the same deadline.
  const quizB = await retried('GET', `/api/quiz/${b}/`);
  const questionB = await send('GET', `/api/quiz/${b}/question/1/`);
  const readAt = Date.now();
  expect([quizB.status, questionB.status]).toEqual([200, 200]);
  expect(quizB.body.next_question).toEqual({ number: 1, expires_at: questionB.body.expires_at });
  const credit = Date.parse(questionB.body.expires_at) - deadlineB;
  // The outage opens when the ping it was noticed by was sent (at most a heartbeat, 0.5 s, after
  // the freeze) and closes when the database answers again.
  expect(credit).toBeGreaterThan(frozenFor - 1_000);
  expect(credit).toBeLessThan(readAt - frozenAt + 1_000);
  // Far past B's own deadline and grace: only the credit lets the answer count.
  expect(Date.now()).toBeGreaterThan(deadlineB + ANSWER_GRACE_MS);
  const answeredB = await send('POST', `/api/quiz/${b}/question/1/`, answerB);
  expect(answeredB.status).toBe(200);
  expect((await quizDoc(b))!.served[0]).toMatchObject({
    answer: answerB.answer,
    correct: true,
    timed_out: false,
  });

  // The stall is recorded for every services process on the database.
  const outages = await mongoose.connection.db!.collection('database_outages').find().toArray();
  const longest = Math.max(...outages.map((o) => o.ended_at.getTime() - o.started_at.getTime()));
  expect(longest).toBeGreaterThan(frozenFor - 1_000);
});
