// The plain JSON form: { format: 'skillquiz-questions', format_version: 1, atoms, questions }.
// A bare array of questions is accepted too.
import {
  JSON_EXPORT_FORMAT,
  JSON_EXPORT_VERSION,
  type InterchangeAtom,
  type InterchangeQuestion,
  type QuestionsJsonFile,
} from '@skillquiz/contracts';
import type { ParsedFile } from './interchange';
import { IMPORT_LIMITS, ImportLimitError, limitMessages } from './limits';

/**
 * How deep arrays and objects nest and how many values the file holds (containers and the items
 * between commas), outside strings, with one pass over the bytes: checked before JSON.parse, so
 * nothing that walks the value recursively afterwards meets a 100,000-deep one, and JSON.parse never
 * builds millions of values (49 MiB of `{},` is 17 million objects: more than the worker's heap, and
 * a worker thread past its heap limit can take the whole process down with it, not only itself).
 * Stops counting as soon as either passes its limit.
 */
export function jsonShape(
  bytes: Uint8Array,
  limits: { depth: number; values: number },
): { depth: number; values: number } {
  let depth = 0;
  let deepest = 0;
  let values = 1;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === 0x5c)
        i++; // backslash: skip the escaped byte
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x5b || b === 0x7b) {
      depth++;
      values++;
      if (depth > deepest) deepest = depth;
      if (deepest > limits.depth || values > limits.values) break;
    } else if (b === 0x5d || b === 0x7d) depth--;
    else if (b === 0x2c && ++values > limits.values) break;
  }
  return { depth: deepest, values };
}

export function parseJson(bytes: Buffer): ParsedFile {
  const shape = jsonShape(bytes, { depth: IMPORT_LIMITS.JSON_DEPTH, values: IMPORT_LIMITS.JSON_VALUES });
  if (shape.depth > IMPORT_LIMITS.JSON_DEPTH) throw new ImportLimitError(400, limitMessages.jsonDepth());
  if (shape.values > IMPORT_LIMITS.JSON_VALUES) throw new ImportLimitError(413, limitMessages.jsonValues());
  let data: unknown;
  try {
    data = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (err) {
    return {
      items: [],
      atoms: [],
      fileErrors: [{ path: '', message: `not valid JSON: ${(err as Error).message}` }],
    };
  }
  const file = (Array.isArray(data) ? { questions: data } : data) as Partial<QuestionsJsonFile> &
    Record<string, unknown>;
  const fileErrors: ParsedFile['fileErrors'] = [];
  if (!Array.isArray(data) && (typeof data !== 'object' || data === null || !Array.isArray(file.questions)))
    return {
      items: [],
      atoms: [],
      fileErrors: [
        { path: 'questions', message: 'expected { "questions": [...] } or an array of questions' },
      ],
    };
  if (file.format !== undefined && file.format !== JSON_EXPORT_FORMAT)
    fileErrors.push({
      path: 'format',
      message: `unknown format '${String(file.format)}' (expected '${JSON_EXPORT_FORMAT}')`,
    });
  if (file.format_version !== undefined && file.format_version !== JSON_EXPORT_VERSION)
    fileErrors.push({
      path: 'format_version',
      message: `unsupported format_version ${String(file.format_version)}`,
    });
  if ((file.questions as unknown[]).length > IMPORT_LIMITS.ITEMS)
    throw new ImportLimitError(413, limitMessages.items());
  const atoms = file.atoms === undefined ? [] : file.atoms;
  if (!Array.isArray(atoms)) fileErrors.push({ path: 'atoms', message: 'atoms must be an array' });
  return {
    items: (file.questions as unknown[]).map((raw, i) => ({
      source: `questions[${i}]`,
      raw: (typeof raw === 'object' && raw !== null ? raw : { value: raw }) as Record<string, unknown>,
      errors:
        typeof raw === 'object' && raw !== null
          ? []
          : [{ path: '', message: 'a question must be an object' }],
      warnings: [],
    })),
    atoms: Array.isArray(atoms) ? atoms : [],
    fileErrors,
  };
}

export function writeJson(atoms: InterchangeAtom[], questions: InterchangeQuestion[]): Buffer {
  const file: QuestionsJsonFile = {
    format: JSON_EXPORT_FORMAT,
    format_version: JSON_EXPORT_VERSION,
    atoms,
    questions,
  };
  return Buffer.from(`${JSON.stringify(file, null, 2)}\n`, 'utf8');
}
