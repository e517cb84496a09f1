// Expired sessions and rate-limit counters are deleted by MongoDB's TTL monitor; the embedded
// engine has none, so the expiry sweep job also calls this (on MongoDB it only repeats the TTL
// monitor's work; reads never rely on either, they check the deadline themselves).
import { RateLimitCounter } from '../models/rate-limit';
import { Session } from '../models/session';

export async function deleteExpiredSessionsAndCounters(now: Date): Promise<void> {
  await Promise.all([
    Session.deleteMany({ expires_at: { $lte: now } }).exec(),
    RateLimitCounter.deleteMany({ expires_at: { $lte: now } }).exec(),
  ]);
}
