// The CSV form: one question per row, atoms separated by ';', answers in numbered column
// groups (answer_N, correct_N, position_N, hash_id_N) as many as the longest question needs. Atoms
// are named by slug only: they must exist in the product (or be defined by a JSON or QTI import).
// Written by the product's one CSV writer (platform/http/csv.ts: no cell a spreadsheet would run as a
// formula); read back through its inverse, so an exported file imports as it was exported.
import type { InterchangeQuestion } from '@skillquiz/contracts';
import { parse } from 'csv-parse/sync';
import { csvText, readCsvCell } from '../../platform';
import type { ParsedFile, ParsedItem } from './interchange';
import { IMPORT_LIMITS, ImportLimitError, limitMessages } from './limits';

const FIXED = [
  'uid',
  'question_text',
  'code_block',
  'code_language',
  'language',
  'claim',
  'atoms',
  'a',
  'd',
  'original_uid',
] as const;

export function writeCsv(questions: InterchangeQuestion[]): Buffer {
  const answers = Math.max(2, ...questions.map((q) => q.answers.length));
  const header: string[] = [...FIXED];
  for (let n = 1; n <= answers; n++)
    header.push(`answer_${n}`, `correct_${n}`, `position_${n}`, `hash_id_${n}`);
  const rows = questions.map((q) => {
    const row: (string | number)[] = [
      q.uid ?? '',
      q.question_text,
      q.code_block,
      q.code_language ?? '',
      q.language ?? '',
      q.claim ?? '',
      q.atoms.join(';'),
      q.difficulty_params.a,
      q.difficulty_params.d,
      q.original_uid ?? '',
    ];
    for (let n = 0; n < answers; n++) {
      const a = q.answers[n];
      row.push(
        a ? a.text : '',
        a ? String(a.correct) : '',
        a?.position === undefined ? '' : String(a.position),
        a?.hash_id ?? '',
      );
    }
    return row;
  });
  return Buffer.from(csvText([header, ...rows]), 'utf8');
}

function numberOrText(v: string, field: string, item: ParsedItem): number | string | undefined {
  if (v.trim() === '') return undefined;
  const n = Number(v);
  if (Number.isFinite(n)) return n;
  item.errors.push({ path: field, message: `${field} must be a number, got '${v}'` });
  return v;
}

export function parseCsv(bytes: Buffer): ParsedFile {
  let records: string[][];
  try {
    records = parse(bytes.toString('utf8').replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      cast: (value) => readCsvCell(value),
      // one record past the limit is enough to refuse the file: the parser stops there
      to: IMPORT_LIMITS.CSV_ROWS + 1,
    }) as string[][];
  } catch (err) {
    return {
      items: [],
      atoms: [],
      fileErrors: [{ path: '', message: `not valid CSV: ${(err as Error).message}` }],
    };
  }
  if (records.length > IMPORT_LIMITS.CSV_ROWS) throw new ImportLimitError(413, limitMessages.csvRows());
  if (records.length === 0)
    return { items: [], atoms: [], fileErrors: [{ path: '', message: 'the file is empty' }] };
  if (records.some((r) => r.length > IMPORT_LIMITS.CSV_COLUMNS))
    throw new ImportLimitError(400, limitMessages.csvColumns());
  const header = records[0].map((h) => h.trim());
  const missing = ['question_text'].filter((h) => !header.includes(h));
  if (missing.length)
    return {
      items: [],
      atoms: [],
      fileErrors: [
        { path: 'header', message: `missing column ${missing.join(', ')} (first row must be the header)` },
      ],
    };
  const columnOf = new Map<string, number>();
  header.forEach((h, i) => {
    if (!columnOf.has(h)) columnOf.set(h, i);
  });
  const col = (row: string[], name: string) => {
    const i = columnOf.get(name);
    return i === undefined ? '' : (row[i] ?? '');
  };
  const items = records.slice(1).map((row, r): ParsedItem => {
    const item: ParsedItem = { source: `row ${r + 2}`, raw: {}, errors: [], warnings: [] };
    const answers: Record<string, unknown>[] = [];
    for (let n = 1; columnOf.has(`answer_${n}`); n++) {
      const text = col(row, `answer_${n}`);
      const correct = col(row, `correct_${n}`).trim().toLowerCase();
      if (text === '' && correct === '') continue;
      if (!['', 'true', 'false', '1', '0', 'yes', 'no'].includes(correct))
        item.errors.push({
          path: `correct_${n}`,
          message: `correct_${n} must be true or false, got '${correct}'`,
        });
      answers.push({
        text,
        correct: ['true', '1', 'yes'].includes(correct),
        position: numberOrText(col(row, `position_${n}`), `position_${n}`, item),
        hash_id: col(row, `hash_id_${n}`) || undefined,
      });
    }
    const a = numberOrText(col(row, 'a'), 'a', item);
    const d = numberOrText(col(row, 'd'), 'd', item);
    item.raw = {
      uid: col(row, 'uid') || undefined,
      question_text: col(row, 'question_text'),
      code_block: col(row, 'code_block'),
      code_language: col(row, 'code_language') || null,
      language: col(row, 'language') || null,
      claim: col(row, 'claim') || null,
      atoms: col(row, 'atoms')
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean),
      ...(a === undefined && d === undefined ? {} : { difficulty_params: { a: a ?? 1, d: d ?? 0 } }),
      original_uid: col(row, 'original_uid') || null,
      answers,
    };
    return item;
  });
  return { items, atoms: [], fileErrors: [] };
}
