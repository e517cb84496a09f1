// Graceful shutdown of the real process (node services/dist/main.js): on SIGTERM /readyz turns 503
// while requests are still served (the drain delay), then new connections are refused, a request
// in flight completes and is stored, and the process exits 0.
import http from 'node:http';
import mongoose from 'mongoose';
import { startStack, type Stack } from './helpers/stack';
import { call, connect, issueQuiz, quizDoc, seedFixture, type Fixture } from './quiz-fixtures';

jest.setTimeout(120_000);

const DRAIN_MS = 1500;
let stack: Stack;
let fx: Fixture;

beforeAll(async () => {
  stack = await startStack(
    {
      QUESTION_TIME_LIMIT_SECONDS: '600',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      SHUTDOWN_TIMEOUT_MS: '15000',
    },
    { mode: 'process' },
  );
  await connect(stack.mongoUri);
  fx = await seedFixture('sd');
});
afterAll(async () => {
  await mongoose.disconnect();
  await stack?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A POST whose body is sent in two halves: in flight until `finish()` sends the rest. */
function slowPost(baseUrl: string, path: string, body: unknown) {
  const raw = Buffer.from(JSON.stringify(body));
  const half = Math.floor(raw.length / 2);
  const url = new URL(path, baseUrl);
  let resolveReply!: (r: { status: number; text: string }) => void;
  let rejectReply!: (err: Error) => void;
  const reply = new Promise<{ status: number; text: string }>((resolve, reject) => {
    resolveReply = resolve;
    rejectReply = reject;
  });
  const req = http.request(
    url,
    { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': raw.length } },
    (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolveReply({ status: res.statusCode ?? 0, text }));
    },
  );
  req.on('error', rejectReply);
  req.write(raw.subarray(0, half));
  return { reply, finish: () => req.end(raw.subarray(half)) };
}

it('SIGTERM: readiness 503 first, new connections refused, the in-flight answer completes, exit 0', async () => {
  const token = await issueQuiz(fx);
  const base = stack.baseUrl;
  expect((await call(base, 'GET', `/api/quiz/${token}/question/1/`)).status).toBe(200);
  const doc = await quizDoc(token);
  const idx = doc!.served[0].snapshot.answers.findIndex((a) => a.c);
  const answer = { answer: doc!.served[0].snapshot.answers[idx].hash_id, answer_position: idx };
  expect((await call(base, 'GET', '/readyz')).status).toBe(200);

  const inFlight = slowPost(base, `/api/quiz/${token}/question/1/`, answer);
  await sleep(200);
  const signalledAt = Date.now();
  stack.services.signal!('SIGTERM');
  await sleep(300);

  // Draining: not ready, but still alive and serving.
  const ready = await call(base, 'GET', '/readyz');
  expect([ready.status, ready.body]).toEqual([503, { status: 'unavailable', failing: ['shutting_down'] }]);
  expect((await call(base, 'GET', '/healthz')).status).toBe(200);

  // After the drain delay the listener is closed: a new connection is refused.
  await sleep(DRAIN_MS + 500 - (Date.now() - signalledAt));
  const refused = await fetch(base + '/healthz').then(
    (r) => `answered ${r.status}`,
    (err: unknown) => String((err as { cause?: { code?: string } }).cause?.code),
  );
  expect(refused).toBe('ECONNREFUSED');
  // Still running: the request in flight holds the shutdown.
  expect(await Promise.race([stack.services.exited, sleep(200).then(() => 'running')])).toBe('running');

  inFlight.finish();
  const reply = await inFlight.reply;
  expect(reply.status).toBe(200);
  expect(await stack.services.exited).toBe(0);
  const stored = await quizDoc(token);
  expect(stored!.served[0].answer).toBe(answer.answer);
  expect(stored!.served[0].answered_at).toBeInstanceOf(Date);
});
