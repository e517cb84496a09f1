// The page-close abandon call (`POST /api/quiz/{token}/abandon` with `{ on: 'unload' }`, as
// navigator.sendBeacon sends it) against the plain abandon call: a candidate who closes the tab and
// comes back within ABANDON_GRACE_MINUTES resumes; one who does not is abandoned at left_at + grace.
import mongoose from 'mongoose';
import { QuizResultSchema, type QuizResult } from '@skillquiz/contracts';
import { startStack, type Stack } from './helpers/stack';
import { call, connect, issueQuiz, quizDoc, seedFixture, type Fixture } from './quiz-fixtures';

jest.setTimeout(60_000);

/** 0.05 minutes = 3 s: long enough to come back in on a loaded machine, short enough to wait out. */
const GRACE_MINUTES = 0.05;
const GRACE_MS = GRACE_MINUTES * 60_000;
let stack: Stack;
let fx: Fixture;

beforeAll(async () => {
  stack = await startStack({ ABANDON_GRACE_MINUTES: String(GRACE_MINUTES) });
  await connect(stack.mongoUri);
  fx = await seedFixture('leave');
});
afterAll(async () => {
  await mongoose.disconnect();
  await stack?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What sendBeacon sends: a JSON Blob, or a string (text/plain). */
async function beacon(token: string, contentType: 'application/json' | 'text/plain;charset=UTF-8') {
  const res = await fetch(`${stack.baseUrl}/api/quiz/${token}/abandon`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: JSON.stringify({ on: 'unload' }),
  });
  // A 200 answers with the quiz result (callers check the status first).
  return { status: res.status, body: (await res.json()) as QuizResult };
}

async function startedQuiz(): Promise<string> {
  const token = await issueQuiz(fx);
  expect((await call(stack.baseUrl, 'GET', `/api/quiz/${token}/question/1/`)).status).toBe(200);
  return token;
}

it('unload then coming back within the grace period resumes the quiz (JSON and text/plain beacons)', async () => {
  for (const type of ['application/json', 'text/plain;charset=UTF-8'] as const) {
    const token = await startedQuiz();
    const left = await beacon(token, type);
    expect(left.status).toBe(200);
    expect(left.body.abandoned_at).toBeNull();
    expect((await quizDoc(token))!.left_at).not.toBeNull();

    const back = await call(stack.baseUrl, 'GET', `/api/quiz/${token}/`);
    expect(QuizResultSchema.parse(back.body).abandoned_at).toBeNull();
    expect((await quizDoc(token))!.left_at).toBeNull();
    // Coming back cleared the clock: waiting past the grace now changes nothing.
    await sleep(GRACE_MS + 300);
    expect((await call(stack.baseUrl, 'GET', `/api/quiz/${token}/`)).body.abandoned_at).toBeNull();
    expect((await call(stack.baseUrl, 'GET', `/api/quiz/${token}/question/1/`)).status).toBe(200);
  }
});

it('unload then the grace period passing: expired exactly like an abandoned quiz (abandoned_at = left_at + grace, 410)', async () => {
  const token = await startedQuiz();
  expect((await beacon(token, 'application/json')).status).toBe(200);
  const leftAt = (await quizDoc(token))!.left_at!;
  await sleep(GRACE_MS + 300);
  const q = await call(stack.baseUrl, 'GET', `/api/quiz/${token}/question/1/`);
  expect(q.status).toBe(410);
  const view = QuizResultSchema.parse((await call(stack.baseUrl, 'GET', `/api/quiz/${token}/`)).body);
  expect(Date.parse(view.abandoned_at!)).toBe(leftAt.getTime() + GRACE_MS);
  const snap = (await quizDoc(token))!.served[0].snapshot;
  const answer = await call(stack.baseUrl, 'POST', `/api/quiz/${token}/question/1/`, {
    answer: snap.answers[0].hash_id,
    answer_position: 0,
  });
  expect(answer.status).toBe(410);
  // Written down: the stored quiz says abandoned too.
  const doc = (await quizDoc(token))!;
  expect(doc.abandoned_at!.getTime()).toBe(leftAt.getTime() + GRACE_MS);
  expect(doc.left_at).toBeNull();
});

it('closing the page before the quiz started is ignored: the candidate can come back after the grace period', async () => {
  const token = await issueQuiz(fx);
  // The candidate opens the invitation (the quiz result) and closes the tab without starting.
  expect((await call(stack.baseUrl, 'GET', `/api/quiz/${token}/`)).status).toBe(200);
  const left = await beacon(token, 'application/json');
  expect(left.status).toBe(200);
  expect(left.body.abandoned_at).toBeNull();
  expect((await quizDoc(token))!.left_at).toBeNull();
  await sleep(GRACE_MS + 300);
  const view = QuizResultSchema.parse((await call(stack.baseUrl, 'GET', `/api/quiz/${token}/`)).body);
  expect(view.abandoned_at).toBeNull();
  expect((await call(stack.baseUrl, 'GET', `/api/quiz/${token}/question/1/`)).status).toBe(200);
});

it('any candidate call after a page close proves the candidate is back (left_at cleared), not only GET /api/quiz/:token', async () => {
  const calls: [string, (token: string) => Promise<number>][] = [
    [
      'fetching the current question',
      async (t) => (await call(stack.baseUrl, 'GET', `/api/quiz/${t}/question/1/`)).status,
    ],
    [
      'answering',
      async (t) => {
        const snap = (await quizDoc(t))!.served[0].snapshot;
        return (
          await call(stack.baseUrl, 'POST', `/api/quiz/${t}/question/1/`, {
            answer: snap.answers[0].hash_id,
            answer_position: 0,
          })
        ).status;
      },
    ],
    [
      'a question log event',
      async (t) =>
        (await call(stack.baseUrl, 'POST', `/api/quiz/${t}/question/1/log/`, { eventName: 'focus' })).status,
    ],
    [
      'a tracking event',
      async (t) =>
        (await call(stack.baseUrl, 'POST', `/api/quiz/${t}/tracking`, { token: t, questionId: 1, event: 0 }))
          .status,
    ],
  ];
  for (const [name, act] of calls) {
    const token = await startedQuiz();
    expect((await beacon(token, 'application/json')).status).toBe(200);
    expect((await quizDoc(token))!.left_at).not.toBeNull();
    const status = await act(token);
    expect([name, status < 300]).toEqual([name, true]);
    expect([name, (await quizDoc(token))!.left_at]).toEqual([name, null]);
  }
});

it('a plain abandon (no body, or no `on`) expires the quiz at once', async () => {
  for (const body of [undefined, {}]) {
    const token = await startedQuiz();
    const r = await call(stack.baseUrl, 'POST', `/api/quiz/${token}/abandon`, body);
    expect(r.status).toBe(200);
    expect(r.body.abandoned_at).not.toBeNull();
    expect((await call(stack.baseUrl, 'GET', `/api/quiz/${token}/question/1/`)).status).toBe(410);
  }
});

it('a bad abandon body is 400 and changes nothing', async () => {
  const token = await startedQuiz();
  const before = await quizDoc(token);
  for (const [body, raw] of [
    [{ on: 'close' }, undefined],
    [{ on: 'unload', x: 1 }, undefined],
    [undefined, '{"on":'],
  ] as const) {
    const r = await call(stack.baseUrl, 'POST', `/api/quiz/${token}/abandon`, body, raw);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, message: expect.any(String) });
  }
  const bad = await fetch(`${stack.baseUrl}/api/quiz/${token}/abandon`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: 'nope',
  });
  expect(bad.status).toBe(400);
  expect(await quizDoc(token)).toEqual(before);
});
