// Expired sessions and rate-limit counters are deleted by MongoDB's TTL monitor; the embedded
// engine has none, so the `expiry-sweep` job (src/ops/jobs/expiry-sweep.ts, every minute in one
// process) also deletes them (on MongoDB this only repeats the TTL monitor's work; reads never rely
// on either, they check the deadline themselves). The same sweep writes down invitations whose
// deadline passed (readers apply it themselves).
import { settleLapsedInvitations } from '../../hiring/invitations/summary';
import { RateLimitCounter } from '../models/rate-limit';
import { Session } from '../models/session';

export async function sweepExpired(now = new Date()): Promise<void> {
  await Promise.all([
    Session.deleteMany({ expires_at: { $lte: now } }).exec(),
    RateLimitCounter.deleteMany({ expires_at: { $lte: now } }).exec(),
    settleLapsedInvitations(now),
  ]);
}
