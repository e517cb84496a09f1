// `npm start` (scripts/start.js) keeps the product up when one of its children crashes: kill -9 of
// the services or of the embedded engine is logged with its reason, the child is started again on
// the same port (the engine recovers its data from the journal), and the product serves again.
// Meanwhile the services answer 503 with Retry-After for the database outage. A product of its own.
import { startProduct, type RunningProduct } from '../support/product';
import { expect, test } from '../support/test';
import { answerThroughApi, quizResult, tokenOf } from './quiz-helpers';

let product: RunningProduct;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  product = await startProduct();
});
test.afterAll(async () => {
  await product?.stop();
});

/** The pid start.js last reported for a child ("[start] <name> running (pid N)"). */
function pidOf(name: string): number {
  const all = [...product.output().matchAll(new RegExp(`\\[start\\] ${name} running \\(pid (\\d+)\\)`, 'g'))];
  if (!all.length) throw new Error(`start.js reported no pid for ${name}:\n${product.output()}`);
  return Number(all[all.length - 1][1]);
}

const logLines = (pattern: RegExp) =>
  product
    .output()
    .split('\n')
    .filter((l) => pattern.test(l));

test('a killed services process is restarted and serves again on the same address', async ({ request }) => {
  test.setTimeout(90_000);
  const token = tokenOf(product.demoLink!);
  const before = pidOf('services');
  process.kill(before, 'SIGKILL');

  await expect
    .poll(() => logLines(/services stopped unexpectedly \(SIGKILL.*restarting it in 1s/).length, {
      timeout: 10_000,
    })
    .toBe(1);
  await expect.poll(() => logLines(/services is back/).length, { timeout: 60_000 }).toBe(1);
  expect(pidOf('services')).not.toBe(before);
  const result = await quizResult(request, product.baseURL, token);
  expect(result.quiz.atoms.length).toBeGreaterThan(0);
});

test('a killed engine is restarted from its journal; meanwhile the API says 503 with Retry-After', async ({
  request,
}) => {
  test.setTimeout(90_000);
  const token = tokenOf(product.demoLink!);
  await answerThroughApi(request, product.baseURL, token, 1);
  const before = pidOf('db');
  process.kill(before, 'SIGKILL');

  // The outage as candidates' browsers see it: a call every 100 ms, none waiting for another. One
  // already on its way when the engine died waits for it (the driver buffers); those arriving while
  // the services know it is down get 503 + Retry-After at once (never 500); then 200 again.
  const seen: number[] = [];
  let retryAfter: string | undefined;
  const calls: Promise<void>[] = [];
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !(seen.includes(503) && seen.at(-1) === 200)) {
    calls.push(
      request.get(`${product.baseURL}/api/quiz/${token}/`, { timeout: 30_000 }).then((res) => {
        seen.push(res.status());
        if (res.status() === 503) retryAfter = res.headers()['retry-after'];
      }),
    );
    await new Promise((r) => setTimeout(r, 100));
  }
  await Promise.all(calls);
  expect(seen).toContain(503);
  expect(seen.at(-1)).toBe(200);
  // Any other status is a bug: the services logged why, so the failure says it.
  expect(
    seen.filter((s) => s !== 503 && s !== 200),
    product
      .output()
      .split('\n')
      .filter((l) => /failed|Error/.test(l))
      .join('\n'),
  ).toEqual([]);
  expect(retryAfter).toMatch(/^\d+$/);
  expect(logLines(/db stopped unexpectedly \(SIGKILL/).length).toBe(1);
  expect(logLines(/db is back/).length).toBe(1);
  expect(pidOf('db')).not.toBe(before);

  // The acknowledged answer survived the crash (the engine replayed its journal).
  const result = await quizResult(request, product.baseURL, token);
  expect(result.past_questions.map((p: { number: number }) => p.number)).toContain(1);
});
