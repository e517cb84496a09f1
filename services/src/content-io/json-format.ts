// The plain JSON form (issue 22): { format: 'skillquiz-questions', format_version: 1, atoms, questions }.
// A bare array of questions is accepted too.
import {
  JSON_EXPORT_FORMAT,
  JSON_EXPORT_VERSION,
  type InterchangeAtom,
  type InterchangeQuestion,
  type QuestionsJsonFile,
} from '@skillquiz/contracts';
import type { ParsedFile } from './interchange';

export function parseJson(bytes: Buffer): ParsedFile {
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
