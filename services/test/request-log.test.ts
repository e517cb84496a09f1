// The request log (pino, one JSON line per request on stdout): method, route pattern, status and
// duration; never a quiz token (a credential in the URL), a query string or a session cookie; its
// level follows LOG_LEVEL.
import mongoose from 'mongoose';
import { startStack, type Stack } from './helpers/stack';
import { call, connect, issueQuiz, seedFixture, type Fixture } from './quiz-fixtures';

jest.setTimeout(60_000);

let stack: Stack;
let fx: Fixture;

beforeAll(async () => {
  stack = await startStack({ LOG_LEVEL: 'info' });
  await connect(stack.mongoUri);
  fx = await seedFixture('log');
});
afterAll(async () => {
  await mongoose.disconnect();
  await stack?.stop();
});

interface RequestLine {
  msg: string;
  level: number;
  method: string;
  route: string;
  status: number;
  duration_ms: number;
}

function requestLines(output: string[]): RequestLine[] {
  return output
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as RequestLine)
    .filter((l) => l.msg === 'request');
}

/** The request lines appear once the services flush them: wait for `count` of them. */
async function waitForLines(count: number): Promise<RequestLine[]> {
  for (let i = 0; i < 100; i++) {
    const lines = requestLines(stack.services.output);
    if (lines.length >= count) return lines;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`expected ${count} request lines:\n${stack.services.output.join('\n')}`);
}

it('logs one line per request with the route pattern, status and duration, never the token', async () => {
  const token = await issueQuiz(fx);
  const before = requestLines(stack.services.output).length;
  const q = await call(stack.baseUrl, 'GET', `/api/quiz/${token}/question/1/`);
  expect(q.status).toBe(200);
  await call(stack.baseUrl, 'POST', `/api/quiz/${token}/question/1/`, { answer: 'nope', answer_position: 0 });
  // Paths no router knows still carry the token: the shell's quiz page and a query string.
  await fetch(`${stack.baseUrl}/quiz/${token}/question/1?from_resume=true&secret=${token}`);
  await fetch(`${stack.baseUrl}/api/quiz/${token}/nothing-here?x=${token}`, {
    headers: { cookie: `koa.sess=${token}` },
  });

  const lines = (await waitForLines(before + 4)).slice(before);
  expect(lines).toHaveLength(4);
  expect(lines[0]).toMatchObject({ method: 'GET', route: '/api/quiz/:token/question/:number', status: 200 });
  expect(lines[1]).toMatchObject({ method: 'POST', route: '/api/quiz/:token/question/:number', status: 400 });
  expect(lines[2]).toMatchObject({ method: 'GET', route: '/quiz/[redacted]/question/1' });
  expect(lines[3]).toMatchObject({ method: 'GET', route: '/api/quiz/[redacted]/nothing-here', status: 404 });
  for (const line of lines) {
    expect(line.level).toBe(30); // info
    expect(typeof line.duration_ms).toBe('number');
    expect(line.duration_ms).toBeGreaterThanOrEqual(0);
  }
  const everything = stack.services.output.join('\n');
  expect(everything).not.toContain(token);
  expect(everything).not.toContain('koa.sess');
});

it('logs a request that claims to be quiet at info all the same unless it knows the process key', async () => {
  const token = await issueQuiz(fx);
  const before = requestLines(stack.services.output).length;
  const res = await fetch(`${stack.baseUrl}/api/quiz/${token}/`, {
    headers: { 'x-skillquiz-quiet': 'guess' },
  });
  expect(res.status).toBe(200);
  const [line] = (await waitForLines(before + 1)).slice(before);
  expect(line).toMatchObject({ level: 30, method: 'GET', route: '/api/quiz/:token' });
});

it('LOG_LEVEL above info turns the request lines off', async () => {
  await stack.restartServices({ LOG_LEVEL: 'warn' });
  const token = await issueQuiz(fx);
  expect((await call(stack.baseUrl, 'GET', `/api/quiz/${token}/`)).status).toBe(200);
  await new Promise((r) => setTimeout(r, 300));
  expect(requestLines(stack.services.output)).toEqual([]);
});
