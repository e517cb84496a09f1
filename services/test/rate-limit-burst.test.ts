// Limits under bursts: 300 requests sent at once, to one services process or spread over
// two on one database, get exactly the budget and not one more; every 429 says when to come back
// (Retry-After: the seconds until the window ends). Each limit takes from its budget and decides
// from the count that take returned, in one atomic step on the shared counter.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { SIGN_IN_LIMIT } from '../src/platform/auth/rate-limit';
import { EVENT_WRITES_PER_MINUTE, EVENT_WRITE_WINDOW_MS } from '../src/quiz/event-limits';
import { UNKNOWN_TOKEN_LIMIT, UNKNOWN_TOKEN_WINDOW_MS } from '../src/quiz/rate-limit';
import { startServices, startStack, type Services, type Stack } from './helpers/stack';
import { connect, issueQuiz, seedFixture, type Fixture } from './quiz-fixtures';

jest.setTimeout(120_000);

const BURST = 300;
// One trusted proxy: each test's client address is the X-Forwarded-For it sends, so the tests do
// not share one budget (the window is a minute long).
const ENV = {
  TRUSTED_PROXY_COUNT: '1',
  SESSION_SECRET: 'rate-limit-burst-session-secret-0123456789',
};

let stack: Stack;
let second: Services;
let secondDir: string;
let fx: Fixture;

beforeAll(async () => {
  stack = await startStack(ENV);
  secondDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-burst-'));
  second = await startServices(stack.mongoUri, secondDir, ENV);
  await connect(stack.mongoUri);
  fx = await seedFixture('burst');
});
afterAll(async () => {
  await mongoose.disconnect();
  await second?.stop();
  await stack?.stop();
  if (secondDir) fs.rmSync(secondDir, { recursive: true, force: true });
});

interface Outcome {
  status: number;
  retryAfter: string | null;
}

/** BURST requests at once, the i-th to `servers[i % servers.length]`; their statuses and Retry-After. */
async function burst(
  servers: Services[],
  request: (i: number) => { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<Outcome[]> {
  return Promise.all(
    Array.from({ length: BURST }, async (_, i) => {
      const r = request(i);
      const res = await fetch(servers[i % servers.length].baseUrl + r.path, {
        method: r.method,
        headers: r.headers,
        body: r.body,
      });
      await res.arrayBuffer();
      return { status: res.status, retryAfter: res.headers.get('retry-after') };
    }),
  );
}

/** Exactly `budget` replies got through with `status`; every other one is a 429 with a Retry-After within the window. */
function expectExactly(outcomes: Outcome[], budget: number, status: number, windowMs: number) {
  // Every status that came back, so a failure shows what the rest were (a 503 under a stalled engine).
  const statuses: Record<number, number> = {};
  for (const o of outcomes) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
  expect(statuses).toEqual({ [status]: budget, 429: BURST - budget });
  for (const o of outcomes.filter((x) => x.status === 429)) {
    expect(o.retryAfter).toMatch(/^\d+$/);
    expect(Number(o.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(o.retryAfter)).toBeLessThanOrEqual(windowMs / 1000);
  }
}

const unknownLookup = (client: string) => () => ({
  method: 'GET',
  path: `/api/quiz/${randomBytes(16).toString('base64url')}/`,
  headers: { 'x-forwarded-for': client },
});

describe('unknown quiz tokens: 300 guesses at once from one address', () => {
  it('one process answers exactly the budget (404) and 429 to the rest', async () => {
    const outcomes = await burst([stack.services], unknownLookup('198.51.100.1'));
    expectExactly(outcomes, UNKNOWN_TOKEN_LIMIT, 404, UNKNOWN_TOKEN_WINDOW_MS);
  });

  it('two processes on one database together answer exactly the budget', async () => {
    const outcomes = await burst([stack.services, second], unknownLookup('198.51.100.2'));
    expectExactly(outcomes, UNKNOWN_TOKEN_LIMIT, 404, UNKNOWN_TOKEN_WINDOW_MS);
  });
});

it('sign-in attempts: exactly the budget over two processes, then 429', async () => {
  // No CSRF token: an attempt within the budget is refused (403) after it was counted.
  const outcomes = await burst([stack.services, second], () => ({
    method: 'POST',
    path: '/auth/central',
    headers: { 'x-forwarded-for': '198.51.100.3', 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  }));
  expectExactly(outcomes, SIGN_IN_LIMIT.max, 403, SIGN_IN_LIMIT.windowMs);
});

it("a quiz's event writes: exactly the budget over two processes, then 429", async () => {
  const token = await issueQuiz(fx);
  const served = await fetch(`${stack.baseUrl}/api/quiz/${token}/question/1/`);
  expect(served.status).toBe(200);
  const outcomes = await burst([stack.services, second], (i) => ({
    method: 'POST',
    path: `/api/quiz/${token}/question/1/log/`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ eventName: `burst-${i}` }),
  }));
  expectExactly(outcomes, EVENT_WRITES_PER_MINUTE, 201, EVENT_WRITE_WINDOW_MS);
});
