// The reconciliation pass: what a process that died mid-way left undone is found and done, from the
// source of truth (the quiz results and the intents written with them):
//   1. events still pending a few seconds after their write (the process died before dispatching,
//      or a subscriber failed): dispatched (src/platform/events);
//   2. invitation summaries that disagree with their quizzes: recomputed (summary.ts);
//   3. complete quizzes missing from the percentile norms: counted; atoms whose histogram disagrees
//      with its entries: rebuilt (norms.ts).
//   4. stored integrity counts computed at an older time model than today's (it recalibrated as
//      quizzes were written): computed again (hiring/integrity/at-quiz-end.ts), so the list's count
//      agrees with the report, which only reads.
// The services run it at start (over everything) and every minute (over what changed since the
// previous pass); `npm run repair` runs it once over everything and prints what it fixed.
import { isDeepStrictEqual } from 'node:util';
import { paced, type DispatchReport, type Events, type PaceOptions } from '../../platform';
import { Invitation, type InvitationDoc } from '../models/invitation';
import { QuizResult } from '../../quiz';
import { timeModelCache, type TimeModelCache } from '../../content';
import { refreshStaleIntegrityFlags, type IntegrityWatch } from '../integrity/at-quiz-end';
import { NORM_QUIZ_FIELDS, countsInNorms, rebuildNorms, recordNorms } from './norms';
import {
  effectiveStatus,
  quizzesOfInvitations,
  refreshInvitationSummary,
  summarizeInvitation,
  thresholdsOf,
  type InvitationSummary,
  type SummaryClock,
} from './summary';

/** An intent younger than this is left to the request that wrote it (it dispatches right after). */
export const PENDING_GRACE_MS = 5000;

export interface RepairReport {
  events: DispatchReport;
  /** Invitations whose stored summary disagreed with their quizzes (now recomputed). */
  summaries: string[];
  /** Complete quizzes that were missing from the norms (now counted). */
  normQuizzes: string[];
  /** Atoms whose norm histogram disagreed with its entries (now rebuilt). */
  normAtoms: string[];
  /** Invitations whose integrity count was computed at an older time model (now recomputed). */
  integrityCounts: string[];
}

export interface ReconcileOptions {
  events: Events;
  clock: () => SummaryClock;
  /**
   * Only what changed in [since, until) (the minutely pass; `until` a few seconds ago, so writes still
   * being followed up by their request are left to it); since null: everything (start, `npm run repair`).
   */
  since: Date | null;
  until?: Date;
  /** Pending events at least this old are dispatched (default PENDING_GRACE_MS). */
  graceMs?: number;
  /** The time models the integrity counts are computed with (default: a cache of this pass's own). */
  timeModels?: TimeModelCache;
  /** Which atoms' integrity counts to look at, kept from pass to pass (default: every atom's). */
  integrityWatch?: IntegrityWatch;
}

type StoredSummary = Pick<InvitationDoc, keyof InvitationSummary>;

/** What the hiring pages show of a summary, as it reads at `now` (lapsed deadlines applied). */
function shown(s: StoredSummary, now: Date) {
  const t = (d: Date | null | undefined) => (d ? new Date(d).getTime() : null);
  return {
    status: effectiveStatus(s, now),
    started_at: t(s.started_at),
    finished_at: t(s.finished_at),
    progress: (s.progress ?? []).map((p) => ({
      atom: p.atom_id,
      state: effectiveStatus(p, now),
      finished_at: t(p.finished_at),
      level: p.level ?? null,
    })),
  };
}

/** Invitations checked per step of the pass: one read of their quizzes, one of their atoms. */
export const REPAIR_BATCH = 200;

/**
 * The pass's share of the engine: a quarter of its time. At start it reads every invitation, which
 * at 100,000 sent back to back held the engine for minutes and the candidates' requests with it
 * (answered 503); paced, it takes longer in the background and they go in between.
 */
export const REPAIR_PACE: PaceOptions = { duty: 0.25, maxRestMs: 500 };

/** Of these invitations, those whose stored summary disagrees with their quizzes, recomputed. */
async function repairSummaries(invitations: InvitationDoc[], clock: SummaryClock): Promise<string[]> {
  const atoms = new Set(
    invitations.flatMap((inv) => [...(inv.required_atoms ?? []), ...(inv.optional_atoms ?? [])]),
  );
  const [quizzes, thresholds] = await Promise.all([
    quizzesOfInvitations(invitations.map((inv) => inv._id)),
    thresholdsOf([...atoms]),
  ]);
  const repaired: string[] = [];
  for (const inv of invitations) {
    const expected = summarizeInvitation(inv, quizzes.get(String(inv._id)) ?? [], thresholds, clock);
    if (isDeepStrictEqual(shown(inv, clock.now), shown(expected, clock.now))) continue;
    await refreshInvitationSummary(inv._id, clock);
    repaired.push(String(inv._id));
  }
  return repaired;
}

export async function reconcile(options: ReconcileOptions): Promise<RepairReport> {
  const { since } = options;
  const events = await options.events.dispatchStale(options.graceMs ?? PENDING_GRACE_MS);

  // Summaries: of every invitation, or of those whose quizzes (or themselves) changed since, a batch
  // at a time, paced. The changed ones are found as two lists of ids, each from an index, not as one
  // `$or` of an id list and a date range: that cannot be answered from indexes, so the engine tested
  // every invitation against the whole id list (minutes of its time once 100,000 had changed).
  const summaries: string[] = [];
  const window = { $gte: since, ...(options.until ? { $lt: options.until } : {}) };
  const changedQuizzes = since ? { updated_at: window } : {};
  const repairBatch = async (invitations: InvitationDoc[]) => {
    if (invitations.length)
      summaries.push(...(await paced(() => repairSummaries(invitations, options.clock()), REPAIR_PACE)));
  };
  if (since) {
    const [viaQuizzes, touched] = await Promise.all([
      QuizResult.distinct('invitation', { ...changedQuizzes, invitation: { $ne: null } }).exec(),
      Invitation.distinct('_id', { updated_at: window }).exec(),
    ]);
    const ids = [...new Map([...viaQuizzes, ...touched].map((id) => [String(id), id])).values()];
    for (let i = 0; i < ids.length; i += REPAIR_BATCH) {
      const chunk = ids.slice(i, i + REPAIR_BATCH);
      await repairBatch(
        await Invitation.find({ _id: { $in: chunk } })
          .lean<InvitationDoc[]>()
          .exec(),
      );
    }
  } else {
    let batch: InvitationDoc[] = [];
    for await (const inv of Invitation.find({}).lean<InvitationDoc>().cursor()) {
      batch.push(inv);
      if (batch.length < REPAIR_BATCH) continue;
      await repairBatch(batch);
      batch = [];
    }
    await repairBatch(batch);
  }

  // Norms: complete quizzes not counted yet (their quiz.ended may still be pending: recordNorms is
  // idempotent), then every atom's histogram against its entries.
  const normQuizzes: string[] = [];
  for await (const q of QuizResult.find({
    ...changedQuizzes,
    norm_recorded: { $ne: true },
    simulated: { $ne: true },
    demo_data: { $ne: true },
    demo: { $ne: true },
    started_at: { $ne: null },
  })
    .select({ ...NORM_QUIZ_FIELDS, pending_events: 1 })
    .lean()
    .cursor()) {
    if (q.pending_events?.length) continue; // its quiz.ended counts it (dispatched above or soon)
    if (!countsInNorms({ ...q, served: q.served ?? [], plan: q.plan ?? null })) continue;
    await recordNorms(q._id);
    normQuizzes.push(String(q._id));
  }
  const normAtoms = await rebuildNorms();

  // Integrity counts: over every counted invitation of the atoms whose time model moved, whatever
  // the window (a recalibration moves counts whose own quizzes did not change); the stored versions
  // say which are behind.
  const integrityCounts = await refreshStaleIntegrityFlags(
    options.timeModels ?? timeModelCache(),
    options.integrityWatch,
  );
  return { events, summaries, normQuizzes, normAtoms, integrityCounts };
}

/** The report as lines for a person (`npm run repair`, the services' log). */
export function describeRepair(r: RepairReport): string[] {
  const lines: string[] = [];
  if (r.events.dispatched) lines.push(`dispatched ${r.events.dispatched} pending events`);
  if (r.events.failed) lines.push(`${r.events.failed} pending events failed again (they stay pending)`);
  if (r.summaries.length)
    lines.push(`recomputed ${r.summaries.length} invitation summaries: ${r.summaries.join(', ')}`);
  if (r.normQuizzes.length)
    lines.push(`counted ${r.normQuizzes.length} finished quizzes in the norms: ${r.normQuizzes.join(', ')}`);
  if (r.normAtoms.length) lines.push(`rebuilt the norms of ${r.normAtoms.join(', ')} from their entries`);
  if (r.integrityCounts.length)
    lines.push(
      `recomputed ${r.integrityCounts.length} integrity counts after a recalibration: ${r.integrityCounts.join(', ')}`,
    );
  return lines;
}
