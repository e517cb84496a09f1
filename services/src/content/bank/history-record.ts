// Recording versions: every saved change of a question or an atom appends an audit entry
// that carries the version it produced and a snapshot of the editable fields after it. The history
// API reads these entries; a revert restores a snapshot as a new version. Older entries (before
// this) have only their field diffs, and versions the entries skip (none should) cannot be restored.
import { type AtomDoc } from '../models/atom';
import { type QuestionDoc } from '../models/question';
import { recordAudit, recordAudits, diffFields, type AuditLogDoc } from '../../platform';

export type Snapshot = Record<string, unknown>;

/** A question's editable fields, as plain values (what a revert restores and the history diffs). */
export function questionSnapshot(doc: QuestionDoc): Snapshot {
  return {
    question_text: doc.question_text,
    code_block: doc.code_block,
    code_language: doc.code_language ?? null,
    language: doc.language ?? null,
    administered: doc.administered,
    status: doc.status ?? 'ready',
    answers: doc.answers.map((a) => ({
      hash_id: a.hash_id,
      text: a.text,
      c: a.c,
      ...(a.position == null ? {} : { position: a.position }),
    })),
    atoms: [...doc.atoms],
    claim: doc.claim ?? null,
    original_question_id: doc.original_question_id ?? null,
    difficulty_params: { a: doc.difficulty_params.a, d: doc.difficulty_params.d },
  };
}

/** An atom's editable fields. */
export function atomSnapshot(doc: AtomDoc): Snapshot {
  const {
    _id: _i,
    created_at: _c,
    updated_at: _u,
    version: _v,
    // bumped by every write to the atom's questions (the bank cache's stamp): not the atom's content
    bank_version: _b,
    ...fields
  } = doc as AtomDoc & { __v?: unknown };
  return JSON.parse(JSON.stringify(fields)) as Snapshot;
}

type Entry = Omit<AuditLogDoc, '_id' | 'at'>;

function entry(
  entity: 'question' | 'atom',
  id: string | number,
  actor: string,
  before: Snapshot | null,
  after: Snapshot,
  version: number,
  via: string,
  detail?: Record<string, unknown>,
): Entry | null {
  const changes = before ? diffFields(before, after) : after;
  if (before && Object.keys(changes).length === 0) return null;
  return {
    actor,
    action: before ? 'update' : 'create',
    entity,
    entity_id: String(id),
    changes,
    version,
    snapshot: after,
    via,
    ...(detail ? { detail } : {}),
  };
}

/** Records a question's new version (nothing when no editable field changed). */
export async function recordQuestionVersion(
  actor: string,
  before: QuestionDoc | null,
  after: QuestionDoc,
  via: string,
  detail?: Record<string, unknown>,
): Promise<void> {
  const e = questionEntry(actor, before, after, via, detail);
  if (e) await recordAudit(e);
}

export function questionEntry(
  actor: string,
  before: QuestionDoc | null,
  after: QuestionDoc,
  via: string,
  detail?: Record<string, unknown>,
): Entry | null {
  return entry(
    'question',
    after._id,
    actor,
    before ? questionSnapshot(before) : null,
    questionSnapshot(after),
    after.version,
    via,
    detail,
  );
}

/** Many question versions at once (an import). */
export async function recordQuestionVersions(entries: Array<Entry | null>): Promise<void> {
  await recordAudits(entries.filter((e): e is Entry => e !== null));
}

/** Records an atom's new version (nothing when no editable field changed). */
export async function recordAtomVersion(
  actor: string,
  before: AtomDoc | null,
  after: AtomDoc,
  via: string,
  detail?: Record<string, unknown>,
): Promise<void> {
  const e = entry(
    'atom',
    after._id,
    actor,
    before ? atomSnapshot(before) : null,
    atomSnapshot(after),
    after.version ?? 1,
    via,
    detail,
  );
  if (e) await recordAudit(e);
}
