// `NODE_ENV=production npm start` (scripts/start.js): demo mode stays off unless DEMO_MODE_ALLOWED is
// set, so no candidate question carries the correct flag and pass_243 is refused; set explicitly, it
// is on and the start says so loudly. Products of their own (production, no dev sign-on).
import { randomBytes } from 'node:crypto';
import { CandidateQuestionSchema } from '@skillquiz/contracts';
import { startProduct, type RunningProduct } from '../support/product';
import { expect, test } from '../support/test';
import { quizResult, tokenOf } from './quiz-helpers';

const production = () => ({ NODE_ENV: 'production', SESSION_SECRET: randomBytes(32).toString('base64url') });

test.describe.configure({ mode: 'serial' });

test.describe('production start without DEMO_MODE_ALLOWED', () => {
  let product: RunningProduct;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Empty means unset to start.js, whatever the shell running the tests carries.
    product = await startProduct({ ...production(), DEMO_MODE_ALLOWED: '' });
  });
  test.afterAll(async () => {
    await product?.stop();
  });

  test('serves candidate questions without the correct flag and refuses pass_243', async ({ request }) => {
    if (!product.demoLink) throw new Error(`No demo link was printed:\n${product.output()}`);
    const token = tokenOf(product.demoLink);
    const res = await request.get(`${product.baseURL}/api/quiz/${token}/question/1/`);
    expect(res.status()).toBe(200);
    const body = await res.json();
    const question = CandidateQuestionSchema.parse(body);
    expect(question.answers.length).toBeGreaterThan(1);
    // Not false, not null: the key is absent, so nothing in the page can tell the answers apart.
    for (const answer of body.answers) expect(Object.keys(answer)).not.toContain('correct');
    expect(JSON.stringify(body)).not.toMatch(/"correct"/);

    const pass = await request.post(`${product.baseURL}/api/quiz/${token}/pass_243`);
    expect(pass.status()).toBe(403);
    const after = await quizResult(request, product.baseURL, token);
    expect(after.finished_at ?? null).toBeNull();
    expect(after.past_questions).toHaveLength(0); // the refused skip answered nothing

    const env = await request.get(`${product.baseURL}/api/env-vars`);
    expect(await env.json()).toEqual({ demoModeAllowed: false });
    expect(product.output()).toMatch(/Demo mode:\s+off/);
    expect(product.output()).not.toMatch(/DEMO MODE IS ON IN PRODUCTION/);

    // No dev mail catcher and no dev outbox in production: without SMTP_URL, no email.
    expect(product.output()).toMatch(/Email:\s+off: invitations are created without email/);
    expect(product.output()).not.toMatch(/dev mail catcher|Dev outbox:/);
    expect((await request.get(`${product.baseURL}/api/dev/outbox`)).status()).toBe(404);
    expect((await request.get(`${product.baseURL}/dev/outbox`)).status()).toBe(404);
  });
});

test.describe('production start with DEMO_MODE_ALLOWED=true', () => {
  let product: RunningProduct;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    product = await startProduct({ ...production(), DEMO_MODE_ALLOWED: 'true' });
  });
  test.afterAll(async () => {
    await product?.stop();
  });

  test('is on, as asked, and the start warns loudly', async ({ request }) => {
    expect(product.output()).toMatch(/DEMO MODE IS ON IN PRODUCTION/);
    expect(product.output()).toMatch(/Demo mode:\s+on .*IN PRODUCTION/);
    const env = await request.get(`${product.baseURL}/api/env-vars`);
    expect(await env.json()).toEqual({ demoModeAllowed: true });
  });
});
