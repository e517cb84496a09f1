// Stored questions and atoms <-> the interchange shapes every format reads and writes.
import type { InterchangeAtom, InterchangeQuestion } from '@skillquiz/contracts';
import type { AtomDoc } from '../models/atom';
import type { QuestionDoc } from '../models/question';

/** What a parser hands the preview: one item's raw fields (checked there with the zod schema) and its own problems. */
export interface ParsedItem {
  source: string;
  raw: Record<string, unknown>;
  errors: { path: string; message: string }[];
  warnings: { path: string; message: string }[];
}

export interface ParsedFile {
  items: ParsedItem[];
  atoms: unknown[];
  fileErrors: { path: string; message: string }[];
}

/** A file whose items may be read one at a time as they are taken (a QTI package's are). */
export interface ParsedItems extends Omit<ParsedFile, 'items'> {
  items: Iterable<ParsedItem>;
}

/** A stored question as exchanged; `uidOf` names its original by uid. */
export function questionToInterchange(
  q: QuestionDoc,
  uidOf: (id: number) => string | null,
): InterchangeQuestion {
  return {
    uid: q.uid,
    question_text: q.question_text,
    code_block: q.code_block,
    code_language: q.code_language ?? null,
    language: q.language ?? null,
    answers: q.answers.map((a) => ({
      hash_id: a.hash_id,
      text: a.text,
      correct: a.c,
      position: a.position ?? undefined,
    })),
    claim: q.claim ?? null,
    atoms: [...q.atoms],
    difficulty_params: { a: q.difficulty_params.a, d: q.difficulty_params.d },
    original_uid: q.original_question_id == null ? null : uidOf(q.original_question_id),
  };
}

export function atomToInterchange(a: AtomDoc, uidOf: (id: number) => string | null): InterchangeAtom {
  return {
    id: a._id,
    name: a.name,
    description: a.description ?? '',
    description_html: a.description_html ?? '',
    client_description: a.client_description ?? '',
    level_1_description: a.level_1_description ?? '',
    level_2_description: a.level_2_description ?? '',
    level_3_description: a.level_3_description ?? '',
    level_4_description: a.level_4_description ?? '',
    level_5_description: a.level_5_description ?? '',
    category: a.category ?? '',
    eta_minutes: a.eta_minutes,
    num_questions: a.num_questions,
    format: a.format,
    beta: a.beta,
    supported_programming_languages: [...(a.supported_programming_languages ?? [])],
    beta_question_uids: (a.beta_question_ordering ?? []).flatMap((id) => {
      const uid = uidOf(id);
      return uid ? [uid] : [];
    }),
    levels_thresholds: [...a.levels_thresholds] as InterchangeAtom['levels_thresholds'],
  };
}

/** A canonical JSON of a question's content, for "unchanged" and the changed-fields list. */
export function contentFields(q: InterchangeQuestion): Record<string, string> {
  return {
    question_text: JSON.stringify(q.question_text),
    code_block: JSON.stringify(q.code_block),
    code_language: JSON.stringify(q.code_language),
    language: JSON.stringify(q.language),
    answers: JSON.stringify(q.answers.map((a) => [a.hash_id ?? null, a.text, a.correct, a.position ?? null])),
    claim: JSON.stringify(q.claim),
    atoms: JSON.stringify(q.atoms),
    difficulty_params: JSON.stringify([q.difficulty_params.a, q.difficulty_params.d]),
    original_uid: JSON.stringify(q.original_uid),
  };
}
