import { MAX_RETRY_DELAY_MS, retryDelay } from './retry';

const config = { jobsRetryFirstSeconds: 30, jobsRetryHours: 24 };

it('doubles from 30 s, at most an hour apart, and stops 24 hours after the job was enqueued', () => {
  const start = Date.parse('2026-01-01T00:00:00Z');
  const at = (ms: number) => start + ms;
  const enqueued = new Date(start).toISOString();
  expect([1, 2, 3, 4].map((n) => retryDelay(config, n, enqueued, at(0)))).toEqual([
    30_000, 60_000, 120_000, 240_000,
  ]);
  expect(retryDelay(config, 12, enqueued, at(0))).toBe(MAX_RETRY_DELAY_MS);
  // The last retry lands on the end of the window, not after it; past the window there is none.
  expect(retryDelay(config, 20, enqueued, at(24 * 3600_000 - 60_000))).toBe(60_000);
  expect(retryDelay(config, 21, enqueued, at(24 * 3600_000))).toBeNull();
  // A job enqueued by hand (no enqueued_at) gets its window from now.
  expect(retryDelay(config, 1, undefined, at(0))).toBe(30_000);
});
