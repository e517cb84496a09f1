import type { Context } from 'koa';
import { HttpError } from '../http/errors';
import { rateLimit } from './rate-limit';

function fakeCtx(ip: string) {
  const headers: Record<string, string> = {};
  return { ip, set: (k: string, v: string) => (headers[k] = v), headers } as unknown as Context & {
    headers: Record<string, string>;
  };
}

describe('rateLimit', () => {
  it('lets max requests through per key and window, then 429 until the window ends', async () => {
    let now = 1_000_000;
    const limit = rateLimit({ max: 3, windowMs: 60_000, now: () => now });
    const next = jest.fn(async () => {});
    for (let i = 0; i < 3; i++) await limit(fakeCtx('a'), next);
    await expect(limit(fakeCtx('a'), next)).rejects.toMatchObject({ status: 429 });
    await limit(fakeCtx('b'), next); // another client has its own budget
    expect(next).toHaveBeenCalledTimes(4);
    now += 60_000;
    await limit(fakeCtx('a'), next);
    expect(next).toHaveBeenCalledTimes(5);
  });

  it('reports the budget in headers and a Retry-After when refusing', async () => {
    const limit = rateLimit({ max: 1, windowMs: 30_000, now: () => 0, message: 'slow down' });
    const first = fakeCtx('c');
    await limit(first, async () => {});
    expect(first.headers).toMatchObject({
      'X-RateLimit-Limit': '1',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': '30',
    });
    const second = fakeCtx('c');
    const err = await limit(second, async () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).message).toBe('slow down');
    expect(second.headers['Retry-After']).toBe('30');
  });
});
