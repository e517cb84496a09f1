// The shared fixed-window limiter and the sign-in/admin limit middleware, on the embedded engine
// through mongoose: counters live in the database, so two limiters (two services processes)
// spend one budget. Set MONGODB_TEST_URI to run the same checks against a real MongoDB.
import type { Context } from 'koa';
import { useMongooseDatabase } from './helpers/mongoose-db';
import { rateLimit } from '../src/platform/auth/rate-limit';
import { HttpError } from '../src/platform/http/errors';
import { FixedWindowLimiter } from '../src/platform/http/rate-limit';
import { sweepExpired } from '../src/ops/jobs/sweep';
import { RateLimitCounter, Session } from '../src/models';

useMongooseDatabase('rate_limit', () => Promise.all([RateLimitCounter.init(), Session.init()]));

describe('FixedWindowLimiter', () => {
  it('allows `limit` requests per key and window, then refuses until the window ends', async () => {
    let t = 0;
    const l = new FixedWindowLimiter('t1', 3, 1000, () => t);
    const first = [];
    for (let i = 0; i < 3; i++) first.push((await l.take('a')).allowed);
    expect(first).toEqual([true, true, true]);
    expect(await l.take('a')).toEqual({ allowed: false, remaining: 0, resetSeconds: 1 });
    expect(await l.take('b')).toEqual({ allowed: true, remaining: 2, resetSeconds: 1 }); // its own budget
    t = 1000;
    expect((await l.take('a')).allowed).toBe(true);
  });

  it('never tells a request to wait longer than the window, though it was timed before the window began', async () => {
    let t = 10_000;
    const starter = new FixedWindowLimiter('t2', 1, 60_000, () => t);
    const late = new FixedWindowLimiter('t2', 1, 60_000, () => 9_500); // its clock read 0.5 s earlier
    await starter.take('a');
    expect(await late.take('a')).toEqual({ allowed: false, remaining: 0, resetSeconds: 60 });
    t = 30_000;
    expect((await starter.take('a')).resetSeconds).toBe(40);
  });

  it('two limiters of one name (two processes) share one budget, even under concurrent takes', async () => {
    const t = () => 5_000;
    const a = new FixedWindowLimiter('t3', 10, 60_000, t);
    const b = new FixedWindowLimiter('t3', 10, 60_000, t);
    const uses = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).take('client')));
    expect(uses.filter((u) => u.allowed)).toHaveLength(10);
    expect(uses.map((u) => u.remaining).sort((x, y) => x - y)).toEqual([
      ...Array(21).fill(0),
      ...Array.from({ length: 9 }, (_, i) => i + 1),
    ]);
    // Another limit name is another budget for the same key.
    expect((await new FixedWindowLimiter('t4', 10, 60_000, t).take('client')).allowed).toBe(true);
  });

  it('keeps a counter with the start and end of its window, for the TTL index', async () => {
    const l = new FixedWindowLimiter('t5', 5, 60_000, () => 130_000);
    await l.take('k');
    const doc = await RateLimitCounter.findById('t5|k').lean();
    expect(doc).toMatchObject({ count: 1, start: new Date(130_000), expires_at: new Date(190_000) });
    const indexes = await RateLimitCounter.collection.listIndexes().toArray();
    expect(indexes).toContainEqual(
      expect.objectContaining({ key: { expires_at: 1 }, expireAfterSeconds: 0 }),
    );
  });

  it('concurrent first requests of a new window start it once', async () => {
    let t = 1_000;
    const a = new FixedWindowLimiter('t6', 4, 1000, () => t);
    await a.take('k');
    t = 5_000; // the window ended; six requests race to start the next one
    const uses = await Promise.all(Array.from({ length: 6 }, () => a.take('k')));
    expect(uses.filter((u) => u.allowed)).toHaveLength(4);
    expect((await RateLimitCounter.findById('t6|k').lean())?.start).toEqual(new Date(5_000));
  });
});

function fakeCtx(ip: string) {
  const headers: Record<string, string> = {};
  return { ip, set: (k: string, v: string) => (headers[k] = v), headers } as unknown as Context & {
    headers: Record<string, string>;
  };
}

describe('rateLimit', () => {
  it('lets max requests through per key and window, then 429 until the window ends', async () => {
    let now = 1_000_000;
    const limit = rateLimit({ name: 'm1', max: 3, windowMs: 60_000, now: () => now });
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
    const limit = rateLimit({ name: 'm2', max: 1, windowMs: 30_000, now: () => 0, message: 'slow down' });
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
    // The error carries it; the error middleware sends it as the Retry-After header.
    expect((err as HttpError).retryAfterSeconds).toBe(30);
  });
});

describe('sweepExpired', () => {
  it('deletes expired sessions and counters (the TTL indexes do it on MongoDB, the embedded engine has none) and keeps live ones', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const past = new Date(now.getTime() - 1);
    const future = new Date(now.getTime() + 60_000);
    await Session.create([
      { _id: 'sweep-old', data: {}, expires_at: past },
      { _id: 'sweep-live', data: {}, expires_at: future },
    ]);
    await RateLimitCounter.create([
      { _id: 'sweep|old', start: past, count: 1, expires_at: past },
      { _id: 'sweep|live', start: now, count: 1, expires_at: future },
    ]);
    await sweepExpired(now);
    expect((await Session.find({ _id: /^sweep-/ }).lean()).map((d) => d._id)).toEqual(['sweep-live']);
    expect((await RateLimitCounter.find({ _id: /^sweep\|/ }).lean()).map((d) => d._id)).toEqual([
      'sweep|live',
    ]);
  });
});
