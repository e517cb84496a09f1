// What the `expiry-sweep` job (expiry-sweep.ts, every minute in one process) clears besides the
// quizzes: expired sessions and rate-limit counters (platform/db/ttl.ts), and invitations whose
// deadline passed, written down (readers apply the deadline themselves).
import { settleLapsedInvitations } from '../../hiring';
import { deleteExpiredSessionsAndCounters } from '../../platform';

export async function sweepExpired(now = new Date()): Promise<void> {
  await Promise.all([deleteExpiredSessionsAndCounters(now), settleLapsedInvitations(now)]);
}
