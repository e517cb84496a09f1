// Import, step 1 (issue 22): parse the file, check every item, match items to existing questions,
// and stage the result for the commit. Nothing is written to questions or atoms here.
//
// Matching: an item matches the existing question with the same `uid` (exported with every question;
// a QTI item's is the manifest's sq:question/@uid, else the item identifier). A matched item whose
// content equals the question's is `unchanged`; otherwise an `update` that the commit applies only
// when confirmed. An item without uid is new (it gets a fresh uid here, so a re-import matches it).
import { randomBytes, randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import {
  CODE_LANGUAGES,
  InterchangeAtomSchema,
  InterchangeQuestionSchema,
  LANGUAGES,
  normalizeClaim,
  questionRuleProblems,
  type ImportFormat,
  type ImportPreviewItem,
  type ImportPreviewResponse,
  type ImportProblem,
  type InterchangeAtom,
  type InterchangeQuestion,
} from '@skillquiz/contracts';
import { Atom, ContentImport, findQuestionsIn, type QuestionDoc } from '../models';
import { contentFields, questionToInterchange, type ParsedFile } from './interchange';
import { parseCsv } from './csv-format';
import { parseJson } from './json-format';
import { parseQti } from './qti-format';

/** A preview stays committable this long. */
export const IMPORT_TTL_MS = 60 * 60 * 1000;

/** What the commit needs per item (stored gzipped in content_imports). */
export interface StagedItem {
  index: number;
  uid: string;
  action: ImportPreviewItem['action'];
  question_id: number | null;
  version: number | null;
  item: InterchangeQuestion | null;
}

export interface StagedImport {
  items: StagedItem[];
  atoms: InterchangeAtom[];
}

export function guessFormat(bytes: Buffer): ImportFormat {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'qti';
  const head = bytes
    .subarray(0, 200)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<')) return 'qti';
  if (head.startsWith('{') || head.startsWith('[')) return 'json';
  return 'csv';
}

export function parseFile(format: ImportFormat, bytes: Buffer): ParsedFile {
  if (format === 'json') return parseJson(bytes);
  if (format === 'csv') return parseCsv(bytes);
  return parseQti(bytes);
}

const oneLine = (s: string) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > 80 ? `${t.slice(0, 79)}…` : t;
};

const codeLanguages = new Set<string>(CODE_LANGUAGES);
const languages = new Set<string>(LANGUAGES);

/** Problems of one parsed item beyond its shape: the rules stored questions keep. */
function itemProblems(q: InterchangeQuestion): ImportProblem[] {
  const problems: ImportProblem[] = [];
  if (q.code_language && !codeLanguages.has(q.code_language))
    problems.push({ path: 'code_language', message: `unknown code language '${q.code_language}'` });
  if (q.language && !languages.has(q.language))
    problems.push({
      path: 'language',
      message: `unknown language '${q.language}' (ISO 639-1 codes: ${[...languages].join(', ')})`,
    });
  if (new Set(q.atoms).size !== q.atoms.length)
    problems.push({ path: 'atoms', message: 'an atom is listed twice' });
  for (const p of questionRuleProblems({
    question_text: q.question_text,
    administered: false,
    answers: q.answers.map((a) => ({ hash_id: a.hash_id, c: a.correct, position: a.position })),
  }))
    problems.push({ path: p.field, message: p.message });
  if (q.question_text.trim() === '')
    problems.push({ path: 'question_text', message: 'the question has no text' });
  return problems;
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

export async function previewImport(
  bytes: Buffer,
  options: { format?: ImportFormat; filename?: string; actor: string },
): Promise<ImportPreviewResponse> {
  const format = options.format ?? guessFormat(bytes);
  const parsed = parseFile(format, bytes);
  const fileErrors: ImportProblem[] = [...parsed.fileErrors];

  // Atoms the file defines (JSON, QTI manifest).
  const fileAtoms = new Map<string, InterchangeAtom>();
  parsed.atoms.forEach((raw, i) => {
    const r = InterchangeAtomSchema.safeParse(raw);
    if (!r.success) {
      for (const issue of r.error.issues)
        fileErrors.push({ path: `atoms[${i}].${issue.path.join('.')}`, message: issue.message });
    } else fileAtoms.set(r.data.id, r.data);
  });

  // Shape and rules per item.
  const items: ImportPreviewItem[] = [];
  const checked: (InterchangeQuestion | null)[] = [];
  const seenUids = new Map<string, number>();
  parsed.items.forEach((p, index) => {
    const preview: ImportPreviewItem = {
      index,
      source: p.source,
      uid: typeof p.raw.uid === 'string' ? p.raw.uid : null,
      label: oneLine(typeof p.raw.question_text === 'string' ? p.raw.question_text : ''),
      action: 'create',
      question_id: null,
      version: null,
      changes: [],
      errors: [...p.errors],
      warnings: [...p.warnings],
    };
    items.push(preview);
    let q: InterchangeQuestion | null = null;
    if (!p.errors.length) {
      const r = InterchangeQuestionSchema.safeParse(p.raw);
      if (!r.success)
        for (const i of r.error.issues) preview.errors.push({ path: i.path.join('.'), message: i.message });
      else {
        q = {
          ...r.data,
          claim: r.data.claim === null ? null : normalizeClaim(r.data.claim),
          uid: r.data.uid ?? randomUUID(),
        };
        preview.errors.push(...itemProblems(q));
        preview.uid = q.uid!;
        const first = seenUids.get(q.uid!);
        if (first !== undefined)
          preview.errors.push({ path: 'uid', message: `uid '${q.uid}' is also item ${first + 1}'s` });
        else seenUids.set(q.uid!, index);
      }
    }
    checked.push(q);
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

  const staged: StagedItem[] = [];
  checked.forEach((q0, index) => {
    const preview = items[index];
    if (!q0) {
      preview.action = 'invalid';
      staged.push({
        index,
        uid: preview.uid ?? '',
        action: 'invalid',
        question_id: null,
        version: null,
        item: null,
      });
      return;
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
        for (const p of questionRuleProblems({
          question_text: q.question_text,
          administered: true,
          answers: q.answers.map((a) => ({ c: a.correct, position: a.position })),
        }))
          preview.errors.push({
            path: p.field,
            message: `question ${match._id} is administered: ${p.message}`,
          });
      }
    }
    if (preview.errors.length) preview.action = 'invalid';
    staged.push({
      index,
      uid: q.uid!,
      action: preview.action,
      question_id: preview.question_id,
      version: preview.version,
      item: q,
    });
  });

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
    payload: gzipSync(JSON.stringify(payload)),
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
    },
    atoms: {
      create: atomsToCreate.map((a) => a.id),
      existing: [...usedAtoms].filter((s) => existingAtoms.has(s)).sort(),
    },
    items,
    can_commit: canCommit,
  };
}
