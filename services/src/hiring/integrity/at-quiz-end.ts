// What the integrity signals write when a quiz ends (the `quiz.ended` subscriber, src/composition.ts),
// so that readers never compute them per row:
// - on the quiz, once: which of its atoms score effort-aware (their option is on now) and the answers
//   that scoring sets aside (the very quick ones at today's time model). Decided once and kept: a
//   level a recruiter may already have acted on does not move when the time model recalibrates later.
// - on the invitation: how many signals are raised over its quizzes and whether any is (the candidates
//   list's count column and its "needs a look" filter, an indexed query), with the version of each
//   atom's time model it was computed at. The report computes the signals at today's time model and
//   writes nothing; once a model has recalibrated, the reconciliation pass recomputes the counts
//   computed at an older version (refreshStaleIntegrityFlags), so the list agrees with the report
//   within a pass.
// Both are idempotent (an event may be delivered twice): the quiz's part is written only once, the
// invitation's is a recomputation.
import mongoose from 'mongoose';
import { Atom, timeModelVersion, type TimeModelCache } from '../../content';
import { Invitation } from '../models/invitation';
import { QuizResult, recordEffortDecision, type QuizResultDoc } from '../../quiz';
import { INTEGRITY_QUIZ_FIELDS, atomIntegrity, integrityOf } from './candidate';

/** Decides the quiz's effort-aware scoring once (a later delivery of the same event changes nothing). */
export async function recordSetAside(quizId: string, timeModels: TimeModelCache): Promise<void> {
  const quiz = await QuizResult.findById(quizId).select(INTEGRITY_QUIZ_FIELDS).lean<QuizResultDoc>().exec();
  if (!quiz || quiz.effort_aware_atoms !== undefined) return;
  const atoms = await Atom.find({ _id: { $in: quiz.atom_ids ?? [] }, effort_aware_scoring: true })
    .select({ _id: 1 })
    .lean<Array<{ _id: string }>>()
    .exec();
  const effortAware = atoms.map((a) => a._id);
  const setAside: number[] = [];
  for (const atom of effortAware)
    setAside.push(...(await atomIntegrity(quiz, atom, atom, timeModels)).rapid_answers);
  await recordEffortDecision(quiz._id, effortAware, setAside);
}

/** The atoms whose time models an invitation's signals are computed from. */
const atomsOf = (inv: { required_atoms?: string[]; optional_atoms?: string[] }) => [
  ...new Set([...(inv.required_atoms ?? []), ...(inv.optional_atoms ?? [])]),
];

/**
 * Recomputes and stores the invitation's count of raised signals, with the time-model versions it
 * is computed at (read first: a model that recalibrates meanwhile leaves an older version, which the
 * next pass counts again).
 */
export async function recordIntegrityFlags(invitationId: string, timeModels: TimeModelCache): Promise<void> {
  const inv = await Invitation.findById(invitationId)
    .select({ required_atoms: 1, optional_atoms: 1 })
    .lean()
    .exec();
  if (!inv) return;
  const atoms = atomsOf(inv);
  const versions = await Promise.all(atoms.map((atom) => timeModelVersion(atom)));
  const result = await integrityOf(inv, timeModels);
  await Invitation.updateOne(
    { _id: inv._id },
    {
      $set: {
        integrity_flags: result.flags,
        needs_a_look: result.flags > 0,
        integrity_models: Object.fromEntries(atoms.map((atom, i) => [atom, versions[i]])),
      },
    },
    { timestamps: false },
  ).exec();
}

/**
 * Which atoms the minutely pass looks at: those whose time-model version moved since the pass before,
 * or in that pass (a count being computed at the old version while that pass read the new one is
 * stored after it, and found by the next), and every atom at the first two passes. Held by the services'
 * reconciler from pass to pass. Without it each pass read every counted invitation of every atom
 * for its stored version (two collection scans and a read of each), to find nothing in most passes.
 */
export class IntegrityWatch {
  private seen = new Map<string, string>();
  private movedLastPass = new Set<string>();

  /**
   * The atoms due for a look, given every atom's version now; remembers them for the next pass. An
   * atom not seen before counts as moved, so the first two passes look at every atom.
   */
  due(current: ReadonlyMap<string, string>): string[] {
    const moved = new Set([...current].filter(([atom, v]) => this.seen.get(atom) !== v).map(([a]) => a));
    const due = [...current.keys()].filter((atom) => moved.has(atom) || this.movedLastPass.has(atom));
    this.seen = new Map(current);
    this.movedLastPass = moved;
    return due;
  }

  /** A pass that failed over these atoms: they are due again at the next one. */
  retry(atoms: readonly string[]): void {
    for (const atom of atoms) this.seen.delete(atom);
  }
}

// atom ids are slugs: a safe path in a query
const safeAtom = (atom: string) => /^[\w-]+$/.test(atom);

/**
 * The reconciliation pass's part: every stored count (a quiz of the invitation has ended) computed at
 * an older version of one of its atoms' time models than today's is computed again. With a `watch`
 * (the minutely pass), only the atoms it says are due; without (`npm run repair`), every atom of a
 * counted invitation. One version read per atom; only the invitations behind are read. Returns their
 * ids.
 */
export async function refreshStaleIntegrityFlags(
  timeModels: TimeModelCache,
  watch?: IntegrityWatch,
): Promise<string[]> {
  const counted = { integrity_flags: { $ne: null } };
  const versions = new Map<string, string>();
  let atoms: string[];
  if (watch) {
    const all = (await Atom.find({}).select({ _id: 1 }).lean<Array<{ _id: string }>>().exec())
      .map((a) => a._id)
      .filter(safeAtom);
    for (const atom of all) versions.set(atom, await timeModelVersion(atom));
    atoms = watch.due(versions);
  } else {
    atoms = [
      ...new Set<string>([
        ...((await Invitation.distinct('required_atoms', counted).exec()) as string[]),
        ...((await Invitation.distinct('optional_atoms', counted).exec()) as string[]),
      ]),
    ].filter(safeAtom);
  }
  const refreshed = new Set<string>();
  try {
    for (const atom of atoms) {
      const version = versions.get(atom) ?? (await timeModelVersion(atom));
      for await (const inv of Invitation.find({
        ...counted,
        $or: [{ required_atoms: atom }, { optional_atoms: atom }],
        [`integrity_models.${atom}`]: { $ne: version },
      })
        .select({ _id: 1 })
        .lean()
        .cursor()) {
        const id = String(inv._id);
        if (refreshed.has(id)) continue;
        await recordIntegrityFlags(id, timeModels);
        refreshed.add(id);
      }
    }
  } catch (err) {
    watch?.retry(atoms);
    throw err;
  }
  return [...refreshed];
}

const BACKFILL_MARKER = 'integrity-flags-backfill';

/**
 * Invitations whose quizzes ended before the count was stored (they have no `integrity_flags` field at
 * all; newer ones hold null until a quiz ends) get it, once per database (a marker in `seed_state`),
 * in the background after the start. Returns how many were counted.
 */
export async function backfillIntegrityFlags(timeModels: TimeModelCache): Promise<number> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('backfillIntegrityFlags needs a connected mongoose');
  const markers = db.collection<{ _id: string; done_at: Date }>('seed_state');
  if (await markers.findOne({ _id: BACKFILL_MARKER })) return 0;
  let n = 0;
  for await (const inv of Invitation.find({
    integrity_flags: { $exists: false },
    status: { $in: ['finished', 'abandoned', 'expired'] },
  })
    .select({ _id: 1 })
    .lean()
    .cursor()) {
    await recordIntegrityFlags(String(inv._id), timeModels);
    n++;
  }
  await markers.updateOne({ _id: BACKFILL_MARKER }, { $set: { done_at: new Date() } }, { upsert: true });
  return n;
}
