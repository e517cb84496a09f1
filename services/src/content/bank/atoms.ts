// Atom rules of the admin content API. Routes call these; each returns the contracts' shapes.
//
// Deleting an atom (decided here, SPEC leaves it open):
// - refused (409) while an invitation still lists it, so no candidate's link loses an atom;
// - otherwise the atom is removed and its slug is taken off every question that listed it. The
//   questions stay in the bank (they may belong to other atoms); past quiz results keep their own
//   snapshot of what they served, so nothing recorded changes.
import {
  type Atom as AtomView,
  type AtomCreate,
  type AtomUpdate,
  type AtomWithQuestionsResponse,
  atomIdMatchesPath,
  CONSTANTS,
} from '@skillquiz/contracts';
import { auditDeleted, badRequest, conflict, notFound, type HttpError } from '../../platform';
import { recordAtomVersion } from './history-record';
import { checkBetaOrdering } from './beta';
import mongoose from 'mongoose';
import { Atom, type AtomDoc } from '../models/atom';
import { Question } from '../models/question';
import { toAtom, toQuestion } from '../models/views';

/**
 * Bank size per atom slug: how many questions list it. One grouped count, which the index on `atoms` answers
 * (one count per indexed slug, no question read; MongoDB reads the slugs alone).
 */
async function bankCounts(): Promise<Map<string, number>> {
  const rows = await Question.aggregate<{ _id: string; n: number }>([
    { $unwind: '$atoms' },
    { $group: { _id: '$atoms', n: { $sum: 1 } } },
  ]).exec();
  return new Map(rows.map((r) => [r._id, r.n]));
}

/** One atom's bank size, counted from the index on `atoms`. */
function bankCount(slug: string): Promise<number> {
  return Question.countDocuments({ atoms: slug }).exec();
}

/** Atoms by slug; beta atoms only when asked for (the admin list asks; other lists do not). */
export async function listAtoms(includeBeta: boolean): Promise<AtomView[]> {
  const docs = await Atom.find(includeBeta ? {} : { beta: false })
    .sort({ _id: 1 })
    .lean<AtomDoc[]>()
    .exec();
  const counts = await bankCounts();
  return docs.map((d) => toAtom(d, counts.get(d._id) ?? 0));
}

async function findAtom(id: string): Promise<AtomDoc> {
  const doc = await Atom.findById(id).lean<AtomDoc>().exec();
  if (!doc) throw notFound(`No atom with id '${id}'`);
  return doc;
}

/**
 * The atom and one page of the questions that list it, lowest id first, with their count: an index
 * range (atoms, _id), so a bank of thousands costs one page's worth, never the whole list.
 */
export async function getAtomWithQuestions(id: string, page = 1): Promise<AtomWithQuestionsResponse> {
  const atom = await findAtom(id);
  const size = CONSTANTS.ATOM_QUESTIONS_PAGE_SIZE;
  const [questions, total] = await Promise.all([
    Question.find({ atoms: id })
      .select({ search_words: 0 })
      .sort({ _id: 1 })
      .skip((page - 1) * size)
      .limit(size)
      .lean()
      .exec(),
    Question.countDocuments({ atoms: id }).exec(),
  ]);
  return {
    atom: toAtom(atom, total),
    questions: questions.map(toQuestion),
    questions_total: total,
    questions_page: page,
    questions_page_size: size,
  };
}

/** The stored fields of an atom, as the audit log records them. */
function auditFields(doc: AtomDoc): Record<string, unknown> {
  const { created_at: _c, updated_at: _u, bank_version: _b, ...fields } = doc;
  return fields;
}

export async function createAtom(input: AtomCreate, actor: string): Promise<AtomView> {
  const { id, num_bank_questions: _ignored, ...fields } = input;
  if (await Atom.exists({ _id: id }).exec()) throw conflict(`An atom with the slug '${id}' already exists`);
  await checkBetaOrdering(fields.beta_question_ordering, id);
  const created = (await Atom.create({ _id: id, ...fields })).toObject<AtomDoc>();
  await recordAtomVersion(actor, null, created, 'edit');
  return toAtom(created, await bankCount(id));
}

function staleAtom(id: string): HttpError {
  return conflict(
    `The atom '${id}' was changed by someone else since you opened it. Your changes were not saved: ` +
      'copy them, reload the atom, and apply them again.',
  );
}

/**
 * Changes only the fields sent. The slug is the atom's identity and never changes.
 *
 * Optimistic concurrency: a `version` in the input must be the stored one, else 409 and nothing
 * changes; the write itself is conditional on the version read, so two saves racing from the same
 * version cannot both win. Input without a version (SPEC §7's payload has none) is applied as
 * before. Every change bumps the version; a save that changes nothing writes nothing.
 */
export async function updateAtom(id: string, input: AtomUpdate, actor: string): Promise<AtomView> {
  if (!atomIdMatchesPath(input, id))
    throw badRequest(`id: the slug of an atom cannot change (it is '${id}')`);
  const { id: _id, num_bank_questions: _ignored, version: expected, ...patch } = input;
  const doc = await Atom.findById(id).exec();
  if (!doc) throw notFound(`No atom with id '${id}'`);
  const current = doc.version ?? 1;
  if (expected !== undefined && expected !== current) throw staleAtom(id);
  await checkBetaOrdering(patch.beta_question_ordering, id);
  const before = doc.toObject<AtomDoc>();
  doc.set(patch);
  if (!doc.isModified()) return toAtom(doc.toObject<AtomDoc>(), await bankCount(id));
  doc.version = current + 1;
  // Only if nobody saved since we read it (atoms from before versioning have no stored version).
  doc.$where = current === 1 ? { version: { $in: [1, null] } } : { version: current };
  try {
    await doc.save();
  } catch (err) {
    if (err instanceof mongoose.Error.DocumentNotFoundError) throw staleAtom(id);
    throw err;
  }
  const after = doc.toObject<AtomDoc>();
  await recordAtomVersion(actor, before, after, 'edit');
  return toAtom(after, await bankCount(id));
}

export async function deleteAtom(
  id: string,
  actor: string,
  invitationsListing: (atomId: string) => Promise<number>,
): Promise<void> {
  const atom = await findAtom(id);
  const invitations = await invitationsListing(id);
  if (invitations > 0) {
    throw conflict(`The atom '${id}' cannot be deleted: ${invitations} invitation(s) still list it`);
  }
  const listed = await Question.find({ atoms: id }, { _id: 1 }).lean().exec();
  await Question.updateMany({ atoms: id }, { $pull: { atoms: id } }).exec();
  await Atom.deleteOne({ _id: id }).exec();
  await auditDeleted(actor, 'atom', id, {
    ...auditFields(atom),
    removed_from_questions: listed.map((q) => q._id),
  });
}
