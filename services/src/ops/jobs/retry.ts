// The retry rule of jobs that deliver something outside (email, webhooks): exponential backoff from
// JOBS_RETRY_FIRST_SECONDS (30 s: 30 s, 1 min, 2 min, ... capped at an hour between attempts), for
// JOBS_RETRY_HOURS (24 h) after the job was first enqueued; then the job stays failed (visible, and
// retryable by hand, in /sidekiq).
import type { BackoffStrategy } from 'agenda';
import type { Config } from '../../platform';
import type { EnqueuedAt } from './names';

export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

export type RetryConfig = Pick<Config, 'jobsRetryFirstSeconds' | 'jobsRetryHours'>;

/** Delay before retry `attempt` (1 = the first retry), or null when the retry window is over. */
export function retryDelay(
  config: RetryConfig,
  attempt: number,
  enqueuedAt: string | undefined,
  now = Date.now(),
): number | null {
  const delay = Math.min(
    config.jobsRetryFirstSeconds * 1000 * 2 ** Math.max(0, attempt - 1),
    MAX_RETRY_DELAY_MS,
  );
  const start = enqueuedAt ? Date.parse(enqueuedAt) : NaN;
  // A job without a readable start (enqueued by hand in the dashboard) gets the window from now.
  const windowEnd = (Number.isFinite(start) ? start : now) + config.jobsRetryHours * 3600_000;
  if (now >= windowEnd) return null;
  return Math.min(delay, windowEnd - now);
}

export function deliveryBackoff(config: RetryConfig): BackoffStrategy {
  return (ctx) =>
    retryDelay(config, ctx.attempt, (ctx.jobData as Partial<EnqueuedAt> | undefined)?.enqueued_at);
}
