// Import, step 2 (issue 22): write what the preview staged. Refused while any item is invalid (400),
// when the preview is unknown or expired (404) or already committed (409), and when a matched
// question changed since the preview or a new item's uid appeared meanwhile (409: preview again).
// Updates are written only when confirmed ('all' the preview listed, or by uid); the others are
// skipped and reported. New questions are drafts, not administered (review before live); atoms the
// file defines and the product lacks are created. Every question and atom written gets its version
// recorded (via 'import'), plus one audit entry for the import as a whole.
// No transactions on the embedded engine: everything is checked before the first write.
import { gunzipSync } from 'node:zlib';
import type { ImportCommitResponse, InterchangeQuestion } from '@skillquiz/contracts';
import { questionEntry, recordAtomVersion, recordQuestionVersions } from '../history/record';
import { badRequest, conflict, notFound } from '../http/errors';
import {
  Atom,
  ContentImport,
  Counter,
  QUESTION_COUNTER,
  Question,
  recordAudit,
  type AtomDoc,
  type QuestionDoc,
} from '../models';
import type { StagedImport } from './preview';

function storedContent(q: InterchangeQuestion, resolve: (uid: string) => number | null) {
  return {
    question_text: q.question_text,
    code_block: q.code_block,
    code_language: q.code_language,
    language: q.language,
    answers: q.answers.map((a) => ({
      hash_id: a.hash_id,
      text: a.text,
      c: a.correct,
      ...(a.position === undefined ? {} : { position: a.position }),
    })),
    claim: q.claim,
    atoms: q.atoms,
    difficulty_params: { a: q.difficulty_params.a, d: q.difficulty_params.d },
    original_question_id: q.original_uid ? resolve(q.original_uid) : null,
  };
}

/** Reserves `n` consecutive question ids from the counter; returns the first. */
async function reserveIds(n: number): Promise<number> {
  const c = await Counter.findOneAndUpdate(
    { _id: QUESTION_COUNTER },
    { $inc: { seq: n } },
    { upsert: true, returnDocument: 'after' },
  )
    .lean<{ seq: number }>()
    .exec();
  return c!.seq - n + 1;
}

export async function commitImport(
  importId: string,
  confirm: 'all' | string[],
  actor: string,
): Promise<ImportCommitResponse> {
  const imp = await ContentImport.findById(importId).lean().exec();
  if (!imp || imp.expires_at.getTime() < Date.now())
    throw notFound(`No import preview '${importId}' (previews last an hour): preview the file again`);
  if (imp.committed_at) throw conflict(`Import ${importId} was already committed`);
  // A lean read gives BSON Binary, not a Buffer.
  const raw = imp.payload as unknown as Buffer | { buffer: Uint8Array };
  const bytes = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer);
  const staged = JSON.parse(gunzipSync(bytes).toString('utf8')) as StagedImport;
  const invalid = staged.items.filter((i) => i.action === 'invalid').length;
  if (!imp.can_commit)
    throw badRequest(
      `Nothing was imported: ${invalid ? `${invalid} item(s) are invalid` : 'the file has errors'}. Fix the file and preview it again.`,
    );
  const confirmed = confirm === 'all' ? null : new Set(confirm);
  const updates = staged.items.filter((i) => i.action === 'update' && (!confirmed || confirmed.has(i.uid)));
  const skipped = staged.items
    .filter((i) => i.action === 'update' && confirmed && !confirmed.has(i.uid))
    .map((i) => i.uid);
  const creates = staged.items.filter((i) => i.action === 'create');

  // Re-check against the database as it is now.
  const matched = staged.items.filter((i) => i.question_id !== null);
  const current = new Map(
    (
      await Question.find({ _id: { $in: matched.map((i) => i.question_id!) } })
        .lean<QuestionDoc[]>()
        .exec()
    ).map((q) => [q._id, q]),
  );
  const moved = matched.filter((i) => current.get(i.question_id!)?.version !== i.version);
  if (moved.length)
    throw conflict(
      `Question(s) ${moved.map((i) => i.question_id).join(', ')} changed since the preview: nothing was imported. Preview the file again.`,
    );
  const taken = await Question.find({ uid: { $in: creates.map((i) => i.uid) } }, { _id: 1, uid: 1 })
    .lean()
    .exec();
  if (taken.length)
    throw conflict(
      `Question(s) with uid ${taken.map((t) => t.uid).join(', ')} were created since the preview: nothing was imported. Preview the file again.`,
    );
  const claimed = await ContentImport.findOneAndUpdate(
    { _id: importId, committed_at: null },
    { $set: { committed_at: new Date() } },
  ).exec();
  if (!claimed) throw conflict(`Import ${importId} was already committed`);

  // Atoms first (questions name them); their beta orderings once question ids are known.
  const atomsCreated: string[] = [];
  const newAtoms = staged.atoms.filter((a) => a);
  const existingAtoms = new Set(
    (
      await Atom.find({ _id: { $in: newAtoms.map((a) => a.id) } }, { _id: 1 })
        .lean()
        .exec()
    ).map((a) => a._id as string),
  );
  for (const a of newAtoms) {
    if (existingAtoms.has(a.id)) continue;
    const { id, beta_question_uids: _b, ...fields } = a;
    await Atom.create({ _id: id, ...fields, beta_question_ordering: [] });
    atomsCreated.push(id);
  }

  // Ids: a block for the new questions, so variation links can be set in one insert.
  const idByUid = new Map<string, number>();
  for (const i of matched) idByUid.set(i.uid, i.question_id!);
  const first = creates.length ? await reserveIds(creates.length) : 0;
  creates.forEach((c, k) => idByUid.set(c.uid, first + k));
  const others = [
    ...new Set(
      staged.items.flatMap((i) =>
        i.item?.original_uid && !idByUid.has(i.item.original_uid) ? [i.item.original_uid] : [],
      ),
    ),
  ];
  for (const q of await Question.find({ uid: { $in: others } }, { uid: 1 })
    .lean<Pick<QuestionDoc, '_id' | 'uid'>[]>()
    .exec())
    idByUid.set(q.uid!, q._id);
  const resolve = (uid: string) => idByUid.get(uid) ?? null;

  const now = new Date();
  const docs = creates.map((c) => ({
    _id: idByUid.get(c.uid)!,
    uid: c.uid,
    ...storedContent(c.item!, resolve),
    administered: false,
    status: 'draft' as const,
    version: 1,
    exposure_count: 0,
    last_edited_by: actor,
    created_at: now,
    updated_at: now,
  }));
  if (docs.length) await Question.insertMany(docs);
  const entries = docs.map((d) =>
    questionEntry(actor, null, d as unknown as QuestionDoc, 'import', { import_id: importId }),
  );

  const updated: ImportCommitResponse['updated'] = [];
  for (const u of updates) {
    const before = current.get(u.question_id!)!;
    const after = await Question.findOneAndUpdate(
      { _id: u.question_id!, version: u.version! },
      { $set: { ...storedContent(u.item!, resolve), last_edited_by: actor }, $inc: { version: 1 } },
      { returnDocument: 'after', runValidators: true },
    )
      .lean<QuestionDoc>()
      .exec();
    if (!after)
      throw conflict(
        `Question ${u.question_id} changed while the import was written; the questions before it were imported.`,
      );
    entries.push(questionEntry(actor, before, after, 'import', { import_id: importId }));
    updated.push({ uid: u.uid, id: after._id, version: after.version });
  }
  await recordQuestionVersions(entries);

  for (const a of newAtoms) {
    if (!atomsCreated.includes(a.id) || !a.beta_question_uids.length) continue;
    const before = await Atom.findById(a.id).lean<AtomDoc>().exec();
    const ordering = a.beta_question_uids.flatMap((uid) => (idByUid.has(uid) ? [idByUid.get(uid)!] : []));
    const after = await Atom.findOneAndUpdate(
      { _id: a.id },
      { $set: { beta_question_ordering: ordering } },
      { returnDocument: 'after' },
    )
      .lean<AtomDoc>()
      .exec();
    if (before && after) await recordAtomVersion(actor, null, after, 'import', { import_id: importId });
  }
  for (const id of atomsCreated) {
    const a = newAtoms.find((x) => x.id === id)!;
    if (a.beta_question_uids.length) continue;
    const doc = await Atom.findById(id).lean<AtomDoc>().exec();
    if (doc) await recordAtomVersion(actor, null, doc, 'import', { import_id: importId });
  }

  const response: ImportCommitResponse = {
    import_id: importId,
    created: creates.map((c) => ({ uid: c.uid, id: idByUid.get(c.uid)! })),
    updated,
    unchanged: staged.items.filter((i) => i.action === 'unchanged').length,
    skipped,
    atoms_created: atomsCreated,
  };
  await recordAudit({
    actor,
    action: 'create',
    entity: 'import',
    entity_id: importId,
    changes: {
      format: imp.format,
      filename: imp.filename,
      created: response.created.length,
      updated: updated.length,
      unchanged: response.unchanged,
      skipped,
      atoms_created: atomsCreated,
    },
  });
  return response;
}
