// Stored documents → the contracts' admin shapes (Atom, Question). One mapping, used by every route.
import type { Atom as AtomView, Question as QuestionView } from '@skillquiz/contracts';
import type { AtomDoc } from './atom';
import type { QuestionDoc } from './question';

const iso = (d: Date | undefined | null) => (d ? new Date(d).toISOString() : undefined);

/** `numBankQuestions` is derived (count of questions listing the atom), never stored. */
export function toAtom(doc: AtomDoc, numBankQuestions: number): AtomView {
  return {
    id: doc._id,
    name: doc.name,
    description: doc.description,
    description_html: doc.description_html,
    client_description: doc.client_description,
    level_1_description: doc.level_1_description,
    level_2_description: doc.level_2_description,
    level_3_description: doc.level_3_description,
    level_4_description: doc.level_4_description,
    level_5_description: doc.level_5_description,
    category: doc.category,
    eta_minutes: doc.eta_minutes,
    num_questions: doc.num_questions,
    num_bank_questions: numBankQuestions,
    format: doc.format,
    beta: doc.beta,
    supported_programming_languages: [...doc.supported_programming_languages],
    beta_question_ordering: [...doc.beta_question_ordering],
    levels_thresholds: [...doc.levels_thresholds] as AtomView['levels_thresholds'],
    effort_aware_scoring: doc.effort_aware_scoring === true,
    version: doc.version ?? 1,
  };
}

/** Outside a quiz a question has number 0 and no expiry (SPEC §3 defaults). */
export function toQuestion(doc: QuestionDoc): QuestionView {
  return {
    id: doc._id,
    question_text: doc.question_text,
    code_block: doc.code_block,
    code_language: doc.code_language ?? null,
    language: doc.language ?? null,
    administered: doc.administered,
    answers: doc.answers.map((a) => ({
      text: a.text,
      hash_id: a.hash_id,
      c: a.c,
      ...(a.position == null ? {} : { position: a.position }),
    })),
    all_atoms: [...doc.atoms],
    number: 0,
    expires_at: null,
    original_question_id: doc.original_question_id ?? null,
    claim: doc.claim ?? null,
    difficulty_params: { a: doc.difficulty_params.a, d: doc.difficulty_params.d },
    version: doc.version,
    exposure_count: doc.exposure_count,
    created_at: iso(doc.created_at),
    updated_at: iso(doc.updated_at),
    status: doc.status ?? 'ready',
    ...(doc.uid ? { uid: doc.uid } : {}),
    last_edited_by: doc.last_edited_by ?? null,
  };
}
