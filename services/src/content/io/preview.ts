// Import, step 1: parse the file, check every item, match items to existing questions,
// and stage the result for the commit. Nothing is written to questions or atoms here.
//
// Matching: an item matches the existing question with the same `uid` (exported with every question;
// a QTI item's is the manifest's sq:question/@uid, else the item identifier). A matched item whose
// content equals the question's is `unchanged`; otherwise an `update` that the commit applies only
// when confirmed. An item without uid is new (it gets a fresh uid here, so a re-import matches it).
import { randomBytes } from 'node:crypto';
// a turn of the event loop: the candidates' requests go in between two slices of a long loop
import { setImmediate as breather } from 'node:timers/promises';
import {
  questionRuleFindings,
  type ImportFormat,
  type ImportPreviewItem,
  type ImportPreviewResponse,
  type InterchangeQuestion,
} from '@skillquiz/contracts';
import { Atom } from '../models/atom';
import { ContentImport } from '../models/content-import';
import { findQuestionsIn } from '../models/find-in';
import { Question, type QuestionDoc } from '../models/question';
import { contentFields, questionToInterchange } from './interchange';
import type { OffThreadChecks } from './off-thread';
import { writeStaged, type StagedImport, type StagedItem } from './staged';

export { guessFormat, parseFile } from './check';

/** A preview stays committable this long. */
export const IMPORT_TTL_MS = 60 * 60 * 1000;

const SLICE = 500;

/**
 * The JSON of `value`, whose `key` holds a long list, in pieces: the list is written a slice at a time
 * with a breather in between, so 10,000 items are not one block of the event loop, and the pieces go
 * on as they are made (to gzip, to the response) instead of being joined into one long string first.
 */
export async function* jsonInSlices(value: object, key: string): AsyncGenerator<string> {
  const list = (value as Record<string, unknown>)[key] as unknown[];
  const placeholder = `\u0000${randomBytes(8).toString('hex')}\u0000`;
  const rest = JSON.stringify({ ...value, [key]: placeholder });
  const marker = JSON.stringify(placeholder);
  const at = rest.indexOf(marker);
  yield `${rest.slice(0, at)}[`;
  for (let from = 0; from < list.length; from += SLICE) {
    if (from) await breather();
    const part = JSON.stringify(list.slice(from, from + SLICE)).slice(1, -1);
    yield from ? `,${part}` : part;
  }
  yield `]${rest.slice(at + marker.length)}`;
}

/** An existing question keeps its answer ids where an item's answer has none but the same text. */
function withExistingHashIds(
  item: InterchangeQuestion,
  existing: QuestionDoc | undefined,
): InterchangeQuestion {
  if (!existing) return item;
  const used = new Set(item.answers.flatMap((a) => (a.hash_id ? [a.hash_id] : [])));
  return {
    ...item,
    answers: item.answers.map((a) => {
      if (a.hash_id) return a;
      const same = existing.answers.find((e) => e.text === a.text && !used.has(e.hash_id));
      if (!same) return a;
      used.add(same.hash_id);
      return { ...a, hash_id: same.hash_id };
    }),
  };
}

function outcomeOf(action: ImportPreviewItem['action']): ImportPreviewItem['outcome'] {
  if (action === 'invalid') return 'refused';
  if (action === 'create') return 'draft';
  return action;
}

export async function previewImport(
  bytes: Uint8Array,
  options: { format?: ImportFormat; filename?: string; actor: string; checks: OffThreadChecks },
): Promise<ImportPreviewResponse> {
  // Parsing and per-item checks in a worker thread (limits: ImportLimitError → 413/400, nothing stored).
  const {
    format,
    fileErrors,
    fileAtoms: definedAtoms,
    items,
    checked,
  } = await options.checks.check(bytes, options.format);
  const fileAtoms = new Map(definedAtoms.map((a) => [a.id, a]));
  const seenUids = new Map<string, number>();
  checked.forEach((q, index) => {
    if (q && !seenUids.has(q.uid!)) seenUids.set(q.uid!, index);
  });

  // References: atoms and variation links.
  const valid = checked.filter((q): q is InterchangeQuestion => q !== null);
  const slugs = new Set([...valid.flatMap((q) => q.atoms), ...[...fileAtoms.values()].map((a) => a.id)]);
  const existingAtoms = new Set(
    (
      await Atom.find({ _id: { $in: [...slugs] } }, { _id: 1 })
        .lean()
        .exec()
    ).map((a) => a._id as string),
  );
  const uids = [
    ...new Set([
      ...valid.map((q) => q.uid!),
      ...valid.flatMap((q) => (q.original_uid ? [q.original_uid] : [])),
    ]),
  ];
  const existing = new Map((await findQuestionsIn<QuestionDoc>('uid', uids)).map((d) => [d.uid!, d]));
  const originalIds = [...existing.values()].flatMap((d) =>
    d.original_question_id ? [d.original_question_id] : [],
  );
  const uidById = new Map(
    (await findQuestionsIn<Pick<QuestionDoc, '_id' | 'uid'>>('_id', originalIds, { uid: 1 })).map((d) => [
      d._id,
      d.uid ?? null,
    ]),
  );

  // Claims: the editor creates a new one on save ('+ Create New Claim'); the preview says so.
  const claims = new Set(valid.flatMap((q) => (q.claim ? [q.claim] : [])));
  const knownClaims = new Set(
    claims.size
      ? ((await Question.distinct('claim').exec()) as unknown[]).filter((c) => typeof c === 'string')
      : [],
  );

  const staged: StagedItem[] = [];
  for (let index = 0; index < checked.length; index++) {
    if (index % SLICE === SLICE - 1) await breather();
    const q0 = checked[index];
    const preview = items[index];
    if (!q0) {
      preview.action = 'invalid';
      preview.outcome = 'refused';
      staged.push({
        index,
        uid: preview.uid ?? '',
        action: 'invalid',
        question_id: null,
        version: null,
        item: null,
      });
      continue;
    }
    const match = existing.get(q0.uid!);
    const q = withExistingHashIds(q0, match);
    for (const slug of q.atoms)
      if (!existingAtoms.has(slug) && !fileAtoms.has(slug))
        preview.errors.push({
          path: 'atoms',
          message: `no atom '${slug}' in this product, and the file does not define it`,
        });
    if (q.original_uid) {
      if (q.original_uid === q.uid)
        preview.errors.push({ path: 'original_uid', message: 'a question cannot be a variation of itself' });
      else if (!seenUids.has(q.original_uid) && !existing.has(q.original_uid)) {
        preview.warnings.push({
          path: 'original_uid',
          message: `its original '${q.original_uid}' is neither in the file nor in this product: imported without the variation link`,
        });
        q.original_uid = null;
      }
    }
    if (match) {
      preview.question_id = match._id;
      preview.version = match.version;
      const before = contentFields(questionToInterchange(match, (id) => uidById.get(id) ?? null));
      const after = contentFields(q);
      preview.changes = Object.keys(after).filter((k) => after[k] !== before[k]);
      preview.action = preview.changes.length ? 'update' : 'unchanged';
      if (match.administered) {
        // what a draft may lack, a live question may not: the editor refuses the same save
        for (const f of questionRuleFindings({
          question_text: q.question_text,
          answers: q.answers.map((a) => ({ c: a.correct, position: a.position })),
        }))
          if (f.scope === 'administered')
            preview.errors.push({
              path: f.field,
              message: `question ${match._id} is administered: ${f.message}`,
              code: f.code,
            });
        preview.not_ready = [];
      }
    }
    if (q.claim && !knownClaims.has(q.claim))
      preview.warnings.push({
        path: 'claim',
        message: `claim '${q.claim}' is new in this product: it is added to the claims, as the editor's '+ Create New Claim' does`,
        code: 'new_claim',
      });
    if (preview.errors.length) preview.action = 'invalid';
    preview.outcome = outcomeOf(preview.action);
    staged.push({
      index,
      uid: q.uid!,
      action: preview.action,
      question_id: preview.question_id,
      version: preview.version,
      item: q,
    });
  }

  const count = (a: ImportPreviewItem['action']) => items.filter((i) => i.action === a).length;
  const canCommit = fileErrors.length === 0 && items.length > 0 && count('invalid') === 0;
  if (items.length === 0 && fileErrors.length === 0)
    fileErrors.push({ path: '', message: 'the file holds no questions' });
  const usedAtoms = new Set(valid.flatMap((q) => q.atoms));
  const atomsToCreate = [...fileAtoms.values()].filter((a) => !existingAtoms.has(a.id));
  const now = new Date();
  const expires = new Date(now.getTime() + IMPORT_TTL_MS);
  const id = randomBytes(16).toString('base64url');
  await ContentImport.deleteMany({ expires_at: { $lt: now } }).exec();
  const payload: StagedImport = { items: staged, atoms: atomsToCreate };
  await ContentImport.create({
    _id: id,
    actor: options.actor,
    created_at: now,
    expires_at: expires,
    format,
    filename: options.filename ?? null,
    committed_at: null,
    can_commit: canCommit,
    payload: await writeStaged(payload),
  });
  return {
    import_id: id,
    format,
    expires_at: expires.toISOString(),
    file_errors: fileErrors,
    summary: {
      items: items.length,
      create: count('create'),
      update: count('update'),
      unchanged: count('unchanged'),
      invalid: count('invalid'),
      warnings: items.reduce((n, i) => n + i.warnings.length, 0),
      not_ready: items.filter((i) => i.action !== 'invalid' && i.not_ready.length > 0).length,
    },
    atoms: {
      create: atomsToCreate.map((a) => a.id),
      existing: [...usedAtoms].filter((s) => existingAtoms.has(s)).sort(),
    },
    items,
    can_commit: canCommit,
  };
}
