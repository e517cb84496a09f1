// What the integrity signals write when a quiz ends (the `quiz.ended` subscriber, src/composition.ts),
// so that readers never compute them per row:
// - on the quiz, once: which of its atoms score effort-aware (their option is on now) and the answers
//   that scoring sets aside (the very quick ones at today's time model). Decided once and kept: a
//   level a recruiter may already have acted on does not move when the time model recalibrates later.
// - on the invitation: how many signals are raised over its quizzes and whether any is (the candidates
//   list's count column and its "needs a look" filter, an indexed query). Written again whenever the
//   report computes the signals (refreshStoredFlags), so the list agrees with the report last read.
// Both are idempotent (an event may be delivered twice): the quiz's part is written only once, the
// invitation's is a recomputation.
import type { InvitationIntegrityResponse } from '@skillquiz/contracts';
import mongoose, { Types } from 'mongoose';
import { Atom, type TimeModelCache } from '../../content';
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

/** Recomputes and stores the invitation's count of raised signals. */
export async function recordIntegrityFlags(invitationId: string, timeModels: TimeModelCache): Promise<void> {
  const inv = await Invitation.findById(invitationId)
    .select({ required_atoms: 1, optional_atoms: 1 })
    .lean()
    .exec();
  if (!inv) return;
  const result = await integrityOf(inv, timeModels);
  await Invitation.updateOne(
    { _id: inv._id },
    { $set: { integrity_flags: result.flags, needs_a_look: result.flags > 0 } },
    { timestamps: false },
  ).exec();
}

/**
 * After the report computed the signals: the stored count follows them when it differs (the time
 * model has recalibrated since). Only once a quiz has ended (a stored count exists): a quiz in
 * progress is not listed as needing a look.
 */
export async function refreshStoredFlags(result: InvitationIntegrityResponse): Promise<void> {
  if (!Types.ObjectId.isValid(result.invitation_id)) return;
  await Invitation.updateOne(
    {
      _id: new Types.ObjectId(result.invitation_id),
      $and: [{ integrity_flags: { $ne: null } }, { integrity_flags: { $ne: result.flags } }],
    },
    { $set: { integrity_flags: result.flags, needs_a_look: result.flags > 0 } },
    { timestamps: false },
  ).exec();
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
