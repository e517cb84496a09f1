// Import, step 2: write what the preview staged. Refused while any item is invalid (400),
// when the preview is unknown or expired (404) or already committed (409), and when a matched
// question changed since the preview or a new item's uid appeared meanwhile (409: preview again).
// Updates are written only when confirmed ('all' the preview listed, or by uid); the others are
// skipped and reported. New questions are drafts, not administered (review before live); atoms the
// file defines and the product lacks are created. Every question and atom written gets its version
// recorded (via 'import'), plus one audit entry for the import as a whole.
// No transactions on the embedded engine: everything is checked before the first write.
import type { ImportCommitResponse, InterchangeQuestion } from '@skillquiz/contracts';
import { versionedUpdates } from '../bank/bulk-update';
import { questionEntry, recordAtomVersion, recordQuestionVersions } from '../bank/history-record';
import {
  badRequest,
  conflict,
  notFound,
  paced,
  recordAudit,
  reserveSequence,
  type PaceOptions,
} from '../../platform';
import { Atom, touchAtomBanks, type AtomDoc } from '../models/atom';
import { ContentImport } from '../models/content-import';
import { findQuestionsIn } from '../models/find-in';
import { QUESTION_COUNTER, Question, newHashId, searchWordsOf, type QuestionDoc } from '../models/question';
import { readStaged, type StagedImport } from './staged';

function storedContent(q: InterchangeQuestion, resolve: (uid: string) => number | null) {
  return {
    question_text: q.question_text,
    code_block: q.code_block,
    code_language: q.code_language,
    language: q.language,
    answers: q.answers.map((a) => ({
      // What the schema's default would give (the writes below skip mongoose's hydration).
      hash_id: a.hash_id ?? newHashId(),
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

/**
 * Questions (and then audit entries) per insert. The embedded engine serves one command at a time, so
 * a candidate's read waits behind whichever insert is running: 1,000 documents per insert held the
 * candidates' requests up to 170-340 ms during a 10,000-question commit while the event loop itself
 * was held at most 40 ms. Smaller inserts, each followed by a rest about as long as the engine took
 * for it (`paced`, IMPORT_PACE), let the reads in between (services/bench/README.md has the
 * measurements).
 */
export const IMPORT_WRITE_BATCH = 50;

/** The commit's share of the engine: a third of its time, rests of at most 250 ms (platform's `paced`). */
export const IMPORT_PACE: PaceOptions = { duty: 0.34, maxRestMs: 250 };

type Staged = StagedImport['items'][number];
type Resolve = (uid: string) => number | null;

/**
 * The new questions in ordered batched inserts, then their first versions (batched audit inserts).
 * The writes are lean, no mongoose document per question: hydrating and validating 10,000 questions
 * cost 7.1 s of CPU (22.6 s on the loaded two-core machine) against 1.1 s (3.4 s) lean, and were
 * most of the 26-31 s this commit took. Every field is set here, from an item the preview checked
 * with the interchange schema and the stored-question rules (`itemProblems`), which cover the
 * schema's validators; content-io.test.ts validates what was stored against the schema. If an insert
 * stops part-way (a uid taken meanwhile), the questions written are still audited, and the commit
 * answers 409.
 */
async function insertCreated(
  creates: Staged[],
  idByUid: Map<string, number>,
  resolve: Resolve,
  actor: string,
  importId: string,
): Promise<void> {
  if (!creates.length) return;
  const now = new Date();
  const docOf = (c: Staged): QuestionDoc => ({
    _id: idByUid.get(c.uid)!,
    uid: c.uid,
    ...storedContent(c.item!, resolve),
    // what the save hook would set (the search's index): the lean writes skip it
    search_words: searchWordsOf(c.item!.question_text, c.item!.code_block),
    administered: false,
    status: 'draft' as const,
    version: 1,
    exposure_count: 0,
    last_edited_by: actor,
    created_at: now,
    updated_at: now,
  });
  // Built, written and audited a batch at a time, each write followed by its rest: 10,000 documents
  // built at once held the event loop (and the candidates' requests) for most of a second, and inserts
  // sent back to back kept the engine busy for the candidates' reads.
  const written: QuestionDoc[] = [];
  let failure: unknown = null;
  for (let i = 0; i < creates.length && !failure; i += IMPORT_WRITE_BATCH) {
    const batch = creates.slice(i, i + IMPORT_WRITE_BATCH).map(docOf);
    try {
      await paced(() => Question.insertMany(batch, { lean: true, ordered: true }), IMPORT_PACE);
      written.push(...batch);
    } catch (err) {
      failure = err;
      written.push(...batch.slice(0, insertedCount(err)));
    }
  }
  // the lean inserts skip mongoose's hooks: search_words are set above; mark the atoms' banks changed
  // (quiz/bank-cache.ts) even though drafts are not served, so nothing cached predates the import
  await touchAtomBanks([...new Set(written.flatMap((d) => d.atoms))]);
  for (let i = 0; i < written.length; i += IMPORT_WRITE_BATCH) {
    const entries = written
      .slice(i, i + IMPORT_WRITE_BATCH)
      .map((d) => questionEntry(actor, null, d, 'import', { import_id: importId }));
    await paced(() => recordQuestionVersions(entries), IMPORT_PACE);
  }
  if (failure) {
    if ((failure as { code?: number }).code === 11000)
      throw conflict(
        `A question with one of these uids was created while the import was written: ${written.length} of ${creates.length} new questions were imported (and audited). Preview the file again for the rest.`,
      );
    throw failure;
  }
}

/** How many documents an ordered insert wrote before it failed (the driver's bulk write error). */
function insertedCount(err: unknown): number {
  const e = err as { insertedDocs?: unknown[]; result?: { insertedCount?: number } };
  return e.insertedDocs?.length ?? e.result?.insertedCount ?? 0;
}

/**
 * The confirmed updates, each conditional on the version the preview saw (re-checked just before):
 * versionedUpdates. A question edited in between is not overwritten: its filter no longer matches;
 * the others are written and audited, and the commit answers 409 naming it.
 */
async function applyUpdates(
  updates: Staged[],
  current: Map<number, QuestionDoc>,
  resolve: Resolve,
  actor: string,
  importId: string,
): Promise<ImportCommitResponse['updated']> {
  if (!updates.length) return [];
  const { written, lost } = await versionedUpdates(
    updates.map((u) => ({
      before: current.get(u.question_id!)!,
      set: { ...storedContent(u.item!, resolve), last_edited_by: actor },
    })),
  );
  const uidOf = new Map(updates.map((u) => [u.question_id!, u.uid]));
  await recordQuestionVersions(
    written.map((a) => questionEntry(actor, current.get(a._id)!, a, 'import', { import_id: importId })),
  );
  if (lost.length)
    throw conflict(
      `Question(s) ${lost.join(', ')} changed while the import was written and were left as they are; the other updates were imported (and audited). Preview the file again.`,
    );
  return written.map((a) => ({ uid: uidOf.get(a._id)!, id: a._id, version: a.version }));
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
  const staged = await readStaged(bytes);
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
      await findQuestionsIn<QuestionDoc>(
        '_id',
        matched.map((i) => i.question_id!),
      )
    ).map((q) => [q._id, q]),
  );
  const moved = matched.filter((i) => current.get(i.question_id!)?.version !== i.version);
  if (moved.length)
    throw conflict(
      `Question(s) ${moved.map((i) => i.question_id).join(', ')} changed since the preview: nothing was imported. Preview the file again.`,
    );
  const taken = await findQuestionsIn<Pick<QuestionDoc, '_id' | 'uid'>>(
    'uid',
    creates.map((i) => i.uid),
    { _id: 1, uid: 1 },
  );
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
  const first = creates.length ? await reserveSequence(QUESTION_COUNTER, creates.length) : 0;
  creates.forEach((c, k) => idByUid.set(c.uid, first + k));
  const others = [
    ...new Set(
      staged.items.flatMap((i) =>
        i.item?.original_uid && !idByUid.has(i.item.original_uid) ? [i.item.original_uid] : [],
      ),
    ),
  ];
  for (const q of await findQuestionsIn<Pick<QuestionDoc, '_id' | 'uid'>>('uid', others, { uid: 1 }))
    idByUid.set(q.uid!, q._id);
  const resolve = (uid: string) => idByUid.get(uid) ?? null;

  await insertCreated(creates, idByUid, resolve, actor, importId);
  const updated = await applyUpdates(updates, current, resolve, actor, importId);

  for (const a of newAtoms) {
    if (!atomsCreated.includes(a.id) || !a.beta_question_uids.length) continue;
    const before = await Atom.findById(a.id).lean<AtomDoc>().exec();
    const ordering = a.beta_question_uids.flatMap((uid) => (idByUid.has(uid) ? [idByUid.get(uid)!] : []));
    const after = await Atom.findOneAndUpdate(
      { _id: a.id },
      // bank_version: the atom's prepared bank (quiz/bank-cache.ts) is prepared again with the ordering
      { $set: { beta_question_ordering: ordering }, $inc: { bank_version: 1 } },
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
