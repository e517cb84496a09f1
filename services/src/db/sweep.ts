// Expired sessions and rate-limit counters are deleted by MongoDB's TTL monitor; the embedded
// engine has none, so every process also deletes them now and then (on MongoDB this only repeats
// the TTL monitor's work; reads never rely on either, they check the deadline themselves).
// The same sweep writes down invitations whose deadline passed (readers apply it themselves).
import type { Logger } from '../http/logger';
import { settleLapsedInvitations } from '../invitations/summary';
import { RateLimitCounter } from '../models/rate-limit';
import { Session } from '../models/session';

export const SWEEP_EVERY_MS = 10 * 60 * 1000;

export async function sweepExpired(now = new Date()): Promise<void> {
  await Promise.all([
    Session.deleteMany({ expires_at: { $lte: now } }).exec(),
    RateLimitCounter.deleteMany({ expires_at: { $lte: now } }).exec(),
    settleLapsedInvitations(now),
  ]);
}

/** Sweeps every SWEEP_EVERY_MS without keeping the process alive; returns the stop function. */
export function startExpirySweep(logger: Logger): () => void {
  const timer = setInterval(() => {
    sweepExpired().catch((err) =>
      logger.warn({ err }, 'deleting expired sessions and rate-limit counters failed'),
    );
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
