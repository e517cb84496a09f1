// History and revert. The history of a question or an atom is its audit entries, newest
// first, each with who, when, what made it and the per-field changes; entries written since versioning also
// carry the version they produced and a snapshot, which a revert restores as a new version (nothing
// is lost: the reverted-from version stays in the history). Quiz results keep their own snapshot
// (with the version served), so a revert never changes a recorded result.
import {
  type FieldChange,
  type HistoryEntry,
  type HistoryResponse,
  type Question as QuestionView,
  type RevertNotes,
  type VersionResponse,
  type Atom as AtomView,
  ATOM_SETTING_FIELDS,
  questionRuleProblems,
} from '@skillquiz/contracts';
import mongoose from 'mongoose';
import { patchQuestion, loadQuestion } from '../bank/question-patch';
import { badRequest, conflict, notFound, AuditLog, type AuditLogDoc } from '../../platform';
import { Atom, type AtomDoc } from '../models/atom';
import { Question, type AnswerDoc, type QuestionDoc } from '../models/question';
import { toAtom } from '../models/views';
import { recordAtomVersion } from '../bank/history-record';

type Entity = 'question' | 'atom';

function fieldChanges(e: Pick<AuditLogDoc, 'action' | 'changes'>): FieldChange[] {
  const changes = (e.changes ?? {}) as Record<string, unknown>;
  if (e.action === 'update')
    return Object.entries(changes as Record<string, { from: unknown; to: unknown }>).map(([field, c]) => ({
      field,
      from: c?.from ?? null,
      to: c?.to ?? null,
    }));
  if (e.action === 'create')
    return Object.entries(changes)
      .filter(
        ([field]) => !['_id', 'created_at', 'updated_at', 'version', 'exposure_count', 'uid'].includes(field),
      )
      .map(([field, to]) => ({ field, from: null, to }));
  return [];
}

function toEntry(e: AuditLogDoc): HistoryEntry {
  return {
    version: e.version ?? null,
    at: new Date(e.at).toISOString(),
    actor: e.actor,
    // Atoms and questions are only created, updated or deleted (ship/rollback are a remote's).
    action: e.action as HistoryEntry['action'],
    via: e.via ?? (e.action === 'update' ? 'edit' : e.action),
    detail: e.detail ?? null,
    changes: fieldChanges(e),
    restorable: e.version !== undefined && e.snapshot !== undefined && e.action !== 'delete',
  };
}

async function entries(entity: Entity, id: string): Promise<AuditLogDoc[]> {
  return AuditLog.find({ entity, entity_id: id }).sort({ at: -1, _id: -1 }).lean<AuditLogDoc[]>().exec();
}

export async function questionHistory(id: number): Promise<HistoryResponse> {
  const q = await loadQuestion(id);
  return {
    entity: 'question',
    id: String(id),
    current_version: q.version,
    entries: (await entries('question', String(id))).map(toEntry),
  };
}

export async function atomHistory(id: string): Promise<HistoryResponse> {
  const atom = await Atom.findById(id, { version: 1 }).lean<Pick<AtomDoc, 'version'>>().exec();
  if (!atom) throw notFound(`No atom with id '${id}'`);
  return {
    entity: 'atom',
    id,
    current_version: atom.version ?? 1,
    entries: (await entries('atom', id)).map(toEntry),
  };
}

async function recorded(entity: Entity, id: string, version: number): Promise<AuditLogDoc> {
  const e = await AuditLog.findOne({ entity, entity_id: id, version, snapshot: { $exists: true } })
    .sort({ at: -1 })
    .lean<AuditLogDoc>()
    .exec();
  if (!e?.snapshot)
    throw notFound(
      `Version ${version} of ${entity} ${id} is not recorded, so it cannot be shown or restored`,
    );
  return e;
}

/** One recorded version's snapshot (what a result that served that version saw, for questions). */
export async function versionOf(entity: Entity, id: string, version: number): Promise<VersionResponse> {
  if (entity === 'question') await loadQuestion(Number(id));
  else if (!(await Atom.exists({ _id: id }).exec())) throw notFound(`No atom with id '${id}'`);
  const e = await recorded(entity, id, version);
  return { entity, id, version, at: new Date(e.at).toISOString(), actor: e.actor, snapshot: e.snapshot! };
}

/**
 * Restores question `id`'s content as it was at `toVersion`, as a new version. Restored: text, code,
 * languages, answers (with their ids), claim, difficulty, variation link and atoms. Not restored:
 * review status and administered (workflow state, not content). Atoms and an original that no
 * longer exist are left out and named. An administered question must still be servable afterwards.
 */
export async function revertQuestion(
  id: number,
  toVersion: number,
  version: number,
  actor: string,
): Promise<{ question: QuestionView } & RevertNotes> {
  const e = await recorded('question', String(id), toVersion);
  const snap = e.snapshot as Record<string, unknown>;
  const leftOut: string[] = [];
  const atoms = (snap.atoms as string[]) ?? [];
  const existing = new Set(
    (
      await Atom.find({ _id: { $in: atoms } }, { _id: 1 })
        .lean()
        .exec()
    ).map((a) => a._id as string),
  );
  for (const a of atoms) if (!existing.has(a)) leftOut.push(`atom '${a}' (deleted since)`);
  let original = (snap.original_question_id as number | null) ?? null;
  if (original !== null && (original === id || !(await Question.exists({ _id: original }).exec()))) {
    leftOut.push(`variation link to question ${original} (no longer exists)`);
    original = null;
  }
  const answers = (snap.answers as AnswerDoc[]).map((a) => ({ ...a }));
  const question = await patchQuestion(id, version, actor, (before) => {
    const problems = questionRuleProblems({
      question_text: snap.question_text as string,
      administered: before.administered,
      answers,
    });
    if (problems.length)
      throw badRequest(
        `Version ${toVersion} cannot be restored while question ${id} is administered: ${problems.map((p) => p.message).join('; ')}`,
      );
    const patch: Partial<QuestionDoc> = {
      question_text: snap.question_text as string,
      code_block: snap.code_block as string,
      code_language: (snap.code_language as string | null) ?? null,
      language: (snap.language as string | null) ?? null,
      answers,
      claim: (snap.claim as string | null) ?? null,
      original_question_id: original,
      difficulty_params: snap.difficulty_params as QuestionDoc['difficulty_params'],
      atoms: atoms.filter((a) => existing.has(a)),
    };
    return { patch, via: 'revert', detail: { reverted_to: toVersion } };
  });
  return { question, left_out: leftOut };
}

/** Restores atom `id`'s settings as they were at `toVersion`, as a new version; beta questions that no longer qualify are left out. */
export async function revertAtom(
  id: string,
  toVersion: number,
  version: number,
  actor: string,
): Promise<{ atom: AtomView } & RevertNotes> {
  const doc = await Atom.findById(id).exec();
  if (!doc) throw notFound(`No atom with id '${id}'`);
  const current = doc.version ?? 1;
  if (current !== version)
    throw conflict(
      `The atom '${id}' was changed by someone else since you opened it (you had version ${version}, it is now version ${current}): reload it.`,
    );
  const e = await recorded('atom', id, toVersion);
  const snap = e.snapshot as Record<string, unknown>;
  const before = doc.toObject<AtomDoc>();
  const leftOut: string[] = [];
  const beta = (snap.beta_question_ordering as number[]) ?? [];
  // A beta question must still exist, not be administered and be a question of this atom.
  const found = new Map(
    (
      await Question.find({ _id: { $in: beta } }, { administered: 1, atoms: 1 })
        .lean<Pick<QuestionDoc, '_id' | 'administered' | 'atoms'>[]>()
        .exec()
    ).map((q) => [q._id, q]),
  );
  const why = (q: number): string | null => {
    const doc = found.get(q);
    if (!doc) return 'no longer exists';
    if (doc.administered) return 'administered now';
    if (!(doc.atoms ?? []).includes(id)) return 'not a question of this atom now';
    return null;
  };
  const usable = new Map(beta.map((q) => [q, why(q) === null]));
  for (const q of beta) {
    const reason = why(q);
    if (reason) leftOut.push(`beta question ${q} (${reason})`);
  }
  const patch: Record<string, unknown> = {};
  for (const f of ATOM_SETTING_FIELDS) if (f in snap) patch[f] = snap[f];
  patch.beta_question_ordering = beta.filter((q) => usable.get(q));
  doc.set(patch);
  if (!doc.isModified())
    return { atom: toAtom(before, await Question.countDocuments({ atoms: id }).exec()), left_out: leftOut };
  doc.version = current + 1;
  doc.$where = current === 1 ? { version: { $in: [1, null] } } : { version: current };
  try {
    await doc.save();
  } catch (err) {
    if (err instanceof mongoose.Error.DocumentNotFoundError)
      throw conflict(`The atom '${id}' was changed by someone else while it was reverted: reload it.`);
    throw err;
  }
  const after = doc.toObject<AtomDoc>();
  await recordAtomVersion(actor, before, after, 'revert', { reverted_to: toVersion });
  return { atom: toAtom(after, await Question.countDocuments({ atoms: id }).exec()), left_out: leftOut };
}
