// Applying a calibration and graduating a beta question. Both are audited content edits
// (who, when, old and new parameters) that bump the question's version; quiz results keep the
// snapshot they served, so neither changes a quiz already taken. Both are conditional on the version
// the admin saw, so two reviewers never silently overwrite each other.
import type { CalibrationActionResponse } from '@skillquiz/contracts';
import { GRADUATION_MAX_SE, readyToGraduate, type CalibrationResult } from '@skillquiz/item-analysis';
import { recordAtomVersion, recordQuestionVersion } from '../bank/history-record';
import { conflict } from '../../platform';
import { Atom, touchAtomBanks, type AtomDoc } from '../models/atom';
import { Question, statusOf, type QuestionDoc } from '../models/question';
import { currentCalibration, findQuestionForAnalytics } from './statistics';

const round = (x: number) => Math.round(x * 1e4) / 1e4;

async function calibrationFor(id: number, version: number, demoDataAllowed: boolean) {
  const q = await findQuestionForAnalytics(id);
  if (q.version !== version) {
    throw conflict(
      `Question ${id} changed since you loaded it (it is at version ${q.version}, you had ${version}): reload it.`,
    );
  }
  const trusted = await currentCalibration(q, demoDataAllowed);
  const calibration = trusted.calibration;
  if (!calibration || !calibration.converged) {
    throw conflict(
      `Question ${id} has no usable calibration yet (${calibration?.n ?? 0} answers): its parameters are not pinned down` +
        (trusted.apply.reasons.length ? ` (${trusted.apply.reasons.join('; ')}).` : '.'),
    );
  }
  // Enough trusted answers and a narrow interval (APPLY_RULES), else 409 saying why.
  if (!trusted.apply.allowed) {
    throw conflict(
      `Question ${id}'s calibration cannot be applied yet: ${trusted.apply.reasons.join('; ')}.`,
    );
  }
  return { q, calibration };
}

/** Writes the calibrated (a, d) as the question's parameters. */
export async function applyCalibration(
  id: number,
  version: number,
  actor: string,
  demoDataAllowed = false,
): Promise<CalibrationActionResponse> {
  const { q, calibration } = await calibrationFor(id, version, demoDataAllowed);
  return writeParameters(q, calibration, actor, { administered: q.administered });
}

/** Makes a beta question operational: calibrated parameters, administered, out of every beta ordering. */
export async function graduateQuestion(
  id: number,
  version: number,
  actor: string,
  demoDataAllowed = false,
): Promise<CalibrationActionResponse> {
  const { q, calibration } = await calibrationFor(id, version, demoDataAllowed);
  // Graduation administers the question, and only ready questions can be administered.
  if (statusOf(q) !== 'ready') {
    throw conflict(
      `Question ${id} is ${statusOf(q).replace('_', ' ')}: only a ready question can graduate (be administered).`,
    );
  }
  if (!readyToGraduate(calibration)) {
    throw conflict(
      `Question ${id} is not ready to graduate: its standard errors (a ${calibration.seA?.toFixed(2)}, ` +
        `d ${calibration.seD?.toFixed(2)}) must both be at most ${GRADUATION_MAX_SE}.`,
    );
  }
  const result = await writeParameters(q, calibration, actor, { administered: true });
  const atoms = await Atom.find({ beta_question_ordering: id })
    .select({ beta_question_ordering: 1, version: 1 })
    .lean()
    .exec();
  for (const atom of atoms) {
    const before = atom.beta_question_ordering;
    // A new atom version, so an atom form opened before this cannot save the old ordering back
    // (its stale version gets 409). Atoms from before versioning read as version 1.
    const bump = atom.version === undefined ? { $set: { version: 2 } } : { $inc: { version: 1 } };
    const beforeDoc = await Atom.findById(atom._id).lean<AtomDoc>().exec();
    const afterDoc = await Atom.findOneAndUpdate(
      { _id: atom._id },
      { $pull: { beta_question_ordering: id }, ...bump },
      { returnDocument: 'after' },
    )
      .lean<AtomDoc>()
      .exec();
    if (beforeDoc && afterDoc)
      await recordAtomVersion(
        actor,
        { ...beforeDoc, beta_question_ordering: before },
        afterDoc,
        'graduation',
      );
  }
  return result;
}

async function writeParameters(
  q: Awaited<ReturnType<typeof findQuestionForAnalytics>>,
  calibration: CalibrationResult,
  actor: string,
  set: { administered: boolean },
): Promise<CalibrationActionResponse> {
  const old = { a: q.difficulty_params.a, d: q.difficulty_params.d };
  const next = { a: round(calibration.a), d: round(calibration.d) };
  const beforeDoc = await Question.findById(q._id).lean<QuestionDoc>().exec();
  const updated = await Question.findOneAndUpdate(
    { _id: q._id, version: q.version },
    { $set: { difficulty_params: next, administered: set.administered }, $inc: { version: 1 } },
    { returnDocument: 'after' },
  )
    .lean<QuestionDoc>()
    .exec();
  if (!updated || !beforeDoc)
    throw conflict(`Question ${q._id} changed while the calibration was applied: reload it.`);
  // its atoms' banks changed: services processes prepare them again (quiz/bank-cache.ts)
  await touchAtomBanks(updated.atoms ?? []);
  await recordQuestionVersion(
    actor,
    beforeDoc,
    updated,
    set.administered && !q.administered ? 'graduation' : 'calibration',
  );
  return {
    question_id: q._id,
    old,
    new: next,
    version: updated.version,
    administered: updated.administered,
  };
}
