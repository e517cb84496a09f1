// Import, step 1a: everything about a file that needs no database, run in a worker thread
// (import-worker.ts) so that a big or hostile file never holds the thread candidates are served on.
// The file is read within IMPORT_LIMITS (an ImportLimitError past one), each item checked against
// the interchange schema and the editor's own rules (questionRuleFindings from the contracts, the
// function the question editor's save applies): what no stored question may be is an error (the
// item, and so the file, is refused); what only an administered question may not be (no correct
// answer, fewer than two answers) is named in `not_ready`, as the item arrives as a draft.
import { randomUUID } from 'node:crypto';
import {
  CODE_LANGUAGES,
  InterchangeAtomSchema,
  InterchangeQuestionSchema,
  LANGUAGES,
  normalizeClaim,
  questionRuleFindings,
  type ImportFormat,
  type ImportPreviewItem,
  type ImportProblem,
  type InterchangeAtom,
  type InterchangeQuestion,
} from '@skillquiz/contracts';
import type { ParsedItems } from './interchange';
import { parseCsv } from './csv-format';
import { parseJson } from './json-format';
import { readQti } from './qti-format';

export function guessFormat(bytes: Uint8Array): ImportFormat {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'qti';
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 200))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<')) return 'qti';
  if (head.startsWith('{') || head.startsWith('[')) return 'json';
  return 'csv';
}

/** The file's items; a QTI package's are read one at a time as they are taken. */
export function parseFile(format: ImportFormat, bytes: Buffer): ParsedItems {
  if (format === 'json') return parseJson(bytes);
  if (format === 'csv') return parseCsv(bytes);
  return readQti(bytes);
}

const oneLine = (s: string) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > 80 ? `${t.slice(0, 79)}…` : t;
};

const codeLanguages = new Set<string>(CODE_LANGUAGES);
const languages = new Set<string>(LANGUAGES);

/**
 * One parsed item against the rules stored questions keep: errors refuse it, `notReady` lets it in
 * as a draft. An item without text is refused even though the editor saves a draft without one:
 * nothing would say which question it is meant to be.
 */
export function itemProblems(q: InterchangeQuestion): { errors: ImportProblem[]; notReady: ImportProblem[] } {
  const errors: ImportProblem[] = [];
  const notReady: ImportProblem[] = [];
  if (q.code_language && !codeLanguages.has(q.code_language))
    errors.push({
      path: 'code_language',
      message: `unknown code language '${q.code_language}'`,
      code: 'unknown_code_language',
    });
  if (q.language && !languages.has(q.language))
    errors.push({
      path: 'language',
      message: `unknown language '${q.language}' (ISO 639-1 codes: ${[...languages].join(', ')})`,
      code: 'unknown_language',
    });
  if (new Set(q.atoms).size !== q.atoms.length)
    errors.push({ path: 'atoms', message: 'an atom is listed twice' });
  for (const f of questionRuleFindings({
    question_text: q.question_text,
    answers: q.answers.map((a) => ({ hash_id: a.hash_id, c: a.correct, position: a.position })),
  })) {
    const problem = { path: f.field, message: f.message, code: f.code };
    if (f.scope === 'always' || f.code === 'empty_text') errors.push(problem);
    else notReady.push({ ...problem, message: `${f.message}: it cannot be administered until fixed` });
  }
  return { errors, notReady };
}

/** What the worker hands back: the preview's rows so far and each valid item, in file order. */
export interface CheckedFile {
  format: ImportFormat;
  fileErrors: ImportProblem[];
  /** The atoms the file defines (JSON, QTI manifest), by id. */
  fileAtoms: InterchangeAtom[];
  items: ImportPreviewItem[];
  /** The checked question of each item; null when it already has errors. */
  checked: (InterchangeQuestion | null)[];
}

/** Preview rows and checked questions handed on at a time when checkFile is given `emit`. */
export const CHECK_SLICE = 500;

/**
 * Parses and checks a whole file (throws an ImportLimitError past a limit). With `emit`, the rows
 * and checked questions are handed to it CHECK_SLICE at a time as they are made, and not kept
 * (the result's `items` and `checked` are then empty): the worker sends them on as it goes, so it
 * never holds a big file's results (nor, for a QTI package, its items' raw fields) all at once.
 */
export function checkFile(
  bytes: Buffer,
  requested?: ImportFormat,
  emit?: (slice: Pick<CheckedFile, 'items' | 'checked'>) => void,
): CheckedFile {
  const format = requested ?? guessFormat(bytes);
  const parsed = parseFile(format, bytes);
  const fileErrors: ImportProblem[] = [...parsed.fileErrors];

  const fileAtoms = new Map<string, InterchangeAtom>();
  parsed.atoms.forEach((raw, i) => {
    const r = InterchangeAtomSchema.safeParse(raw);
    if (!r.success) {
      for (const issue of r.error.issues)
        fileErrors.push({ path: `atoms[${i}].${issue.path.join('.')}`, message: issue.message });
    } else fileAtoms.set(r.data.id, r.data);
  });

  let items: ImportPreviewItem[] = [];
  let checked: (InterchangeQuestion | null)[] = [];
  const flush = () => {
    emit!({ items, checked });
    items = [];
    checked = [];
  };
  const seenUids = new Map<string, number>();
  let index = -1;
  for (const p of parsed.items) {
    index++;
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
      outcome: 'draft',
      not_ready: [],
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
        const { errors, notReady } = itemProblems(q);
        preview.errors.push(...errors);
        preview.not_ready.push(...notReady);
        preview.uid = q.uid!;
        const first = seenUids.get(q.uid!);
        if (first !== undefined)
          preview.errors.push({ path: 'uid', message: `uid '${q.uid}' is also item ${first + 1}'s` });
        else seenUids.set(q.uid!, index);
      }
    }
    checked.push(q);
    if (emit && checked.length === CHECK_SLICE) flush();
  }
  if (emit && checked.length) flush();
  return { format, fileErrors, fileAtoms: [...fileAtoms.values()], items, checked };
}
