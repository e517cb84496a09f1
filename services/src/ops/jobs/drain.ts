// Graceful shutdown's job part: let the jobs this process is running finish (within the bound), then
// give back the jobs it had locked but not started, so another instance runs them at once instead of
// after their lock lifetime. A job still running when the bound passes keeps its lock (agenda's
// stop() leaves running jobs locked): it runs again elsewhere once the lock lapses, never twice at once.
import type { Agenda } from 'agenda';
import mongoose from 'mongoose';
import { JOBS_COLLECTION, workerName } from './queue';
import type { Logger } from '../../platform';

export async function drainJobs(agenda: Agenda, timeoutMs: number, logger: Logger): Promise<void> {
  const result = await agenda.drain({ timeout: timeoutMs, closeConnection: false });
  if (result.timedOut) {
    logger.warn(
      `shutdown: ${result.running} running jobs did not finish within ${timeoutMs} ms; they keep their locks and run again elsewhere once the locks lapse`,
    );
    return;
  }
  // Nothing of ours runs now: whatever is still locked in our name was fetched but never started.
  const db = mongoose.connection.db;
  if (!db) return;
  const { modifiedCount } = await db
    .collection(JOBS_COLLECTION)
    .updateMany({ lockedAt: { $ne: null }, lastModifiedBy: workerName() }, { $unset: { lockedAt: true } });
  if (modifiedCount) logger.info(`shutdown: released ${modifiedCount} job locks not yet started`);
}
