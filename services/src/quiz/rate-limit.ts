// The candidate API's limits, on the shared fixed-window limiter (platform/http/rate-limit.ts).
import { FixedWindowLimiter } from '../platform';
import { EVENT_WRITES_PER_MINUTE, EVENT_WRITE_WINDOW_MS } from './event-limits';

/** Unknown-token lookups allowed per client IP in one window. */
export const UNKNOWN_TOKEN_LIMIT = 20;
/** Window length. A client over the limit gets 429 on every unknown token until its window ends. */
export const UNKNOWN_TOKEN_WINDOW_MS = 60_000;

/**
 * Per client address: lookups of tokens that match no quiz, so assessment tokens (>= 128 random
 * bits) cannot be guessed by brute force; probing stays noisy and slow.
 */
export const unknownTokenLimiter = () =>
  new FixedWindowLimiter('unknown-token', UNKNOWN_TOKEN_LIMIT, UNKNOWN_TOKEN_WINDOW_MS);

/** Per quiz token: event writes (/log and /tracking together). */
export const eventWriteLimiter = () =>
  new FixedWindowLimiter('quiz-events', EVENT_WRITES_PER_MINUTE, EVENT_WRITE_WINDOW_MS);
