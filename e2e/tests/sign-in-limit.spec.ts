// The sign-on's rate limit as a person meets it, on a product of its own (the shared product's budget
// is every other file's): once a client address has used its sign-in requests for the minute, the
// login button's post is refused with 429, Retry-After and a message that says to wait; after the
// wait the same form signs in. signInThroughForm, which every spec signs in with, waits such a
// refusal out: this is the test that it does, and that the limit holds.
import { signInThroughForm } from '../support/admin-session';
import { startProduct, type RunningProduct } from '../support/product';
import { expect, test } from '../support/test';

let product: RunningProduct;
let admin: { email: string; password: string };

test.beforeAll(async () => {
  test.setTimeout(150_000);
  product = await startProduct();
  const m = /dev sign-on admin login: (\S+) \/ (\S+)/.exec(product.output());
  if (!m) throw new Error(`no admin login printed:\n${product.output()}`);
  admin = { email: m[1], password: m[2] };
});

test.afterAll(async () => {
  await product?.stop();
});

test('a refused sign-in says to wait, and the form signs in after the minute', async ({ page, request }) => {
  test.setTimeout(150_000);
  // Spend the minute's budget of the sign-on's callback (each request counts, answered or not).
  let first429: { retryAfter: number; message: string } | null = null;
  for (let i = 0; i < 40 && !first429; i++) {
    const res = await request.get(`${product.baseURL}/auth/central/callback`, { maxRedirects: 0 });
    if (res.status() === 429)
      first429 = { retryAfter: Number(res.headers()['retry-after']), message: await res.text() };
  }
  expect(first429, 'the sign-on never refused a request').not.toBeNull();
  expect(first429!.retryAfter).toBeGreaterThan(0);
  expect(first429!.retryAfter).toBeLessThanOrEqual(60);
  expect(first429!.message).toMatch(/Too many sign-in attempts from this client; try again in a minute/);

  // A person pressing the login button now is refused too.
  await page.goto(`${product.baseURL}/admin`);
  const refused = page.waitForResponse((res) => new URL(res.url()).pathname === '/auth/central');
  await page.getByRole('button', { name: 'Login with SkillQuiz SSO' }).click();
  expect((await refused).status()).toBe(429);
  await expect(page.getByText(/Too many sign-in attempts/)).toBeVisible();

  // Waited out, the same steps sign in.
  const started = Date.now();
  await signInThroughForm(page, admin, product.baseURL);
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  expect(Date.now() - started).toBeGreaterThan(1000);
});
