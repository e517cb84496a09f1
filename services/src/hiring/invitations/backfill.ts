// Data stored before the hiring workspace, brought up to date once per database: invitations get their summary
// (the hiring list reads only it) and complete quizzes their place in the percentile norms. A
// marker (`seed_state`, _id 'hiring-backfill') records that it ran, so later starts cost one read.
import mongoose from 'mongoose';
import type { Logger } from '../../platform';
import { Invitation } from '../models/invitation';
import { QuizResult } from '../../quiz';
import { recordNorms } from './norms';
import { refreshInvitationSummary, type SummaryClock } from './summary';

const MARKER = { collection: 'seed_state', id: 'hiring-backfill' } as const;

/**
 * Summaries written before the level sort's key became "shown level first" and before the
 * `simulated` label existed: summarised again once (they lack `simulated`).
 */
async function resummarize(clock: SummaryClock, logger: Logger): Promise<void> {
  let n = 0;
  for await (const inv of Invitation.find({ simulated: { $exists: false } })
    .select({ _id: 1 })
    .lean()
    .cursor()) {
    await refreshInvitationSummary(inv._id, clock);
    n++;
  }
  if (n) logger.info(`hiring data: summarised ${n} invitations again (level order, simulated label)`);
}

export async function backfillHiringData(clock: SummaryClock, logger: Logger): Promise<void> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('backfillHiringData needs a connected mongoose');
  const markers = db.collection<{ _id: string; done_at: Date }>(MARKER.collection);
  if (await markers.findOne({ _id: MARKER.id })) {
    await resummarize(clock, logger);
    return;
  }
  let invitations = 0;
  for await (const inv of Invitation.find({ summary_rev: { $exists: false } })
    .select({ _id: 1 })
    .lean()
    .cursor()) {
    await refreshInvitationSummary(inv._id, clock);
    invitations++;
  }
  let quizzes = 0;
  for await (const q of QuizResult.find({
    norm_recorded: { $ne: true },
    finished_at: { $ne: null },
    simulated: { $ne: true },
    demo_data: { $ne: true },
    demo: { $ne: true },
  })
    .select({ _id: 1 })
    .lean()
    .cursor()) {
    await recordNorms(q._id);
    quizzes++;
  }
  await markers.updateOne({ _id: MARKER.id }, { $set: { done_at: new Date() } }, { upsert: true });
  if (invitations || quizzes)
    logger.info(
      `hiring data: summarised ${invitations} older invitations, ${quizzes} finished quizzes in the norms`,
    );
}
