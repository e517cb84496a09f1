// Applying a calibration and graduating a beta question (issue 14). Both are audited content edits
// (who, when, old and new parameters) that bump the question's version; quiz results keep the
// snapshot they served, so neither changes a quiz already taken. Both are conditional on the version
// the admin saw, so two reviewers never silently overwrite each other.
import type { CalibrationActionResponse } from '@skillquiz/contracts';
import { GRADUATION_MAX_SE, readyToGraduate, type CalibrationResult } from '@skillquiz/item-analysis';
import { auditUpdated } from '../audit';
import { conflict } from '../http/errors';
import { Atom, Question, touchAtomBanks } from '../models';
import { currentCalibration, findQuestionForAnalytics } from './statistics';

const round = (x: number) => Math.round(x * 1e4) / 1e4;

async function calibrationFor(id: number, version: number) {
  const q = await findQuestionForAnalytics(id);
  if (q.version !== version) {
    throw conflict(
      `Question ${id} changed since you loaded it (it is at version ${q.version}, you had ${version}): reload it.`,
    );
  }
  const calibration = await currentCalibration(q);
  if (!calibration || !calibration.converged) {
    throw conflict(
      `Question ${id} has no usable calibration yet (${calibration?.n ?? 0} answers): its parameters are not pinned down.`,
    );
  }
  return { q, calibration };
}

/** Writes the calibrated (a, d) as the question's parameters. */
export async function applyCalibration(
  id: number,
  version: number,
  actor: string,
): Promise<CalibrationActionResponse> {
  const { q, calibration } = await calibrationFor(id, version);
  return writeParameters(q, calibration, actor, { administered: q.administered });
}

/** Makes a beta question operational: calibrated parameters, administered, out of every beta ordering. */
export async function graduateQuestion(
  id: number,
  version: number,
  actor: string,
): Promise<CalibrationActionResponse> {
  const { q, calibration } = await calibrationFor(id, version);
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
    await Atom.updateOne({ _id: atom._id }, { $pull: { beta_question_ordering: id }, ...bump }).exec();
    await auditUpdated(
      actor,
      'atom',
      atom._id,
      { beta_question_ordering: before },
      { beta_question_ordering: before.filter((x) => x !== id) },
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
  const updated = await Question.findOneAndUpdate(
    { _id: q._id, version: q.version },
    { $set: { difficulty_params: next, administered: set.administered }, $inc: { version: 1 } },
    { returnDocument: 'after' },
  )
    .lean()
    .exec();
  if (!updated) throw conflict(`Question ${q._id} changed while the calibration was applied: reload it.`);
  await touchAtomBanks(updated.atoms ?? []);
  await auditUpdated(
    actor,
    'question',
    q._id,
    { difficulty_params: old, administered: q.administered },
    { difficulty_params: next, administered: set.administered },
  );
  return {
    question_id: q._id,
    old,
    new: next,
    version: updated.version,
    administered: updated.administered,
  };
}
