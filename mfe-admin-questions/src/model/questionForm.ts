// The question editor's state (SPEC §4 question admin form): unchanged, dirty after any edit
// (Save enabled), saved (dirty cleared). Answers are added and removed locally and take effect only
// on save. Pure: the reducer, the write payload (SPEC §7: free text base64) and the preview model.
import type { Question, QuestionWritePayload } from '@skillquiz/contracts';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import {
  NO_SHUFFLE,
  encodeQuestionPayload,
  normalizeClaim,
  servedOrder,
} from '@skillquiz/contracts/questions';

export interface FormAnswer {
  /** React key: the hash_id of a saved answer, a local key for a new one. */
  key: string;
  /** null until the server gives the answer one (on save). */
  hash_id: string | null;
  text: string;
  c: boolean;
  /** Zero-based locked position; undefined = random. */
  position?: number;
}

export interface QuestionFields {
  question_text: string;
  code_block: string;
  code_language: string | null;
  language: string | null;
  administered: boolean;
  answers: FormAnswer[];
  all_atoms: string[];
  original_question_id: number | null;
  /** The claim chosen in the select (null = none). */
  claim: string | null;
}

export interface QuestionFormState {
  /** null for a new question. */
  id: number | null;
  /** The version the form was loaded at (sent back so a stale save gets 409). */
  version: number | undefined;
  fields: QuestionFields;
  /** '+ Create New Claim' is chosen: the claim is `newClaim`, not `fields.claim`. */
  creatingClaim: boolean;
  newClaim: string;
  dirty: boolean;
  /** Source of local keys for new answers. */
  nextKey: number;
}

/** The select value of '+ Create New Claim' (SPEC §9's claim placeholder constant). */
export const CREATE_NEW_CLAIM = CONSTANTS.CREATE_NEW_CLAIM;

export type SimpleField = 'question_text' | 'code_block' | 'code_language' | 'language' | 'administered';

export type QuestionFormAction =
  | { type: 'loaded'; question: Question }
  | { type: 'field'; field: 'question_text' | 'code_block'; value: string }
  | { type: 'field'; field: 'code_language' | 'language'; value: string | null }
  | { type: 'field'; field: 'administered'; value: boolean }
  | { type: 'originalQuestionId'; raw: string }
  | { type: 'addAnswer' }
  | { type: 'removeAnswer'; key: string }
  | { type: 'answerText'; key: string; text: string }
  | { type: 'correct'; key: string }
  | { type: 'position'; key: string; position: number | undefined }
  | { type: 'toggleAtom'; atom: string }
  | { type: 'claim'; value: string }
  | { type: 'newClaim'; text: string };

const EMPTY_FIELDS: QuestionFields = {
  question_text: '',
  code_block: '',
  code_language: null,
  language: null,
  administered: false,
  answers: [],
  all_atoms: [],
  original_question_id: null,
  claim: null,
};

/** A new question's form: SPEC §3's defaults (empty, not administered, no answers or atoms). */
export function newQuestionForm(): QuestionFormState {
  return {
    id: null,
    version: undefined,
    fields: { ...EMPTY_FIELDS, answers: [], all_atoms: [] },
    creatingClaim: false,
    newClaim: '',
    dirty: false,
    nextKey: 1,
  };
}

/** The form of a question as the server returned it (after a load or a save): not dirty. */
export function formFromQuestion(question: Question): QuestionFormState {
  return {
    id: question.id,
    version: question.version,
    fields: {
      question_text: question.question_text,
      code_block: question.code_block,
      code_language: question.code_language,
      language: question.language,
      administered: question.administered,
      answers: question.answers.map((a) => ({
        key: a.hash_id,
        hash_id: a.hash_id,
        text: a.text,
        c: a.c,
        ...(a.position === undefined ? {} : { position: a.position }),
      })),
      all_atoms: [...question.all_atoms],
      original_question_id: question.original_question_id,
      claim: question.claim,
    },
    creatingClaim: false,
    newClaim: '',
    dirty: false,
    nextKey: 1,
  };
}

/** SPEC §5: the original question id is parsed as an integer ('' or junk means none). */
export function parseQuestionId(raw: string): number | null {
  const n = Number.parseInt(raw.trim(), 10);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** Locked positions must stay inside the list: after a removal, one past the end becomes random. */
function keepPositionsInside(answers: FormAnswer[]): FormAnswer[] {
  return answers.map((a) => {
    if (a.position === undefined || a.position < answers.length) return a;
    const { position: _dropped, ...rest } = a;
    return rest;
  });
}

function editAnswer(state: QuestionFormState, key: string, f: (a: FormAnswer) => FormAnswer) {
  return state.fields.answers.map((a) => (a.key === key ? f(a) : a));
}

function withFields(state: QuestionFormState, change: Partial<QuestionFields>): QuestionFormState {
  return { ...state, fields: { ...state.fields, ...change }, dirty: true };
}

export function questionFormReducer(state: QuestionFormState, action: QuestionFormAction): QuestionFormState {
  switch (action.type) {
    case 'loaded':
      return formFromQuestion(action.question);
    case 'field':
      return withFields(state, { [action.field]: action.value });
    case 'originalQuestionId':
      return withFields(state, { original_question_id: parseQuestionId(action.raw) });
    case 'addAnswer':
      return {
        ...withFields(state, {
          answers: [
            ...state.fields.answers,
            { key: `new-${state.nextKey}`, hash_id: null, text: '', c: false },
          ],
        }),
        nextKey: state.nextKey + 1,
      };
    case 'removeAnswer':
      return withFields(state, {
        answers: keepPositionsInside(state.fields.answers.filter((a) => a.key !== action.key)),
      });
    case 'answerText':
      return withFields(state, {
        answers: editAnswer(state, action.key, (a) => ({ ...a, text: action.text })),
      });
    case 'correct':
      // A radio group: exactly the chosen answer is correct.
      return withFields(state, {
        answers: state.fields.answers.map((a) => ({ ...a, c: a.key === action.key })),
      });
    case 'position':
      return withFields(state, {
        answers: editAnswer(state, action.key, (a) => {
          const { position: _old, ...rest } = a;
          return action.position === undefined ? rest : { ...rest, position: action.position };
        }),
      });
    case 'toggleAtom': {
      const has = state.fields.all_atoms.includes(action.atom);
      return withFields(state, {
        all_atoms: has
          ? state.fields.all_atoms.filter((a) => a !== action.atom)
          : [...state.fields.all_atoms, action.atom],
      });
    }
    case 'claim':
      if (action.value === CREATE_NEW_CLAIM) return { ...state, creatingClaim: true, dirty: true };
      return {
        ...withFields(state, { claim: action.value === '' ? null : action.value }),
        creatingClaim: false,
      };
    case 'newClaim':
      // SPEC §2: the new claim name is typed lowercase.
      return { ...state, newClaim: action.text.toLowerCase(), dirty: true };
  }
}

/** Deleting an answer that has text or is marked correct asks first (SPEC §5). */
export function deleteNeedsConfirm(answer: FormAnswer): boolean {
  return answer.text.trim() !== '' || answer.c;
}

export const DELETE_ANSWER_CONFIRM =
  "Are you sure you want to delete this question? This won't have any effect until you save";

/** The claim a save stores: a new claim normalised (lowercase, whitespace → '_'), else the chosen one. */
export function effectiveClaim(state: QuestionFormState): string | null {
  if (!state.creatingClaim) return state.fields.claim;
  const claim = normalizeClaim(state.newClaim);
  return claim === '' ? null : claim;
}

/**
 * What POST /api/question/ and /api/question/{id} get: the whole editable question, free text
 * base64 (UTF-8), new answers without a hash_id (the server gives one), random positions as null,
 * and the version it was loaded at.
 */
export function toWritePayload(state: QuestionFormState): QuestionWritePayload {
  const f = state.fields;
  const payload = {
    question_text: f.question_text,
    code_block: f.code_block,
    // Chosen from the server's option lists; the server checks them against the same lists.
    code_language: f.code_language as QuestionWritePayload['code_language'],
    language: f.language as QuestionWritePayload['language'],
    administered: f.administered,
    answers: f.answers.map((a) => ({
      text: a.text,
      c: a.c,
      position: a.position ?? null,
      ...(a.hash_id ? { hash_id: a.hash_id } : {}),
    })),
    all_atoms: f.all_atoms,
    original_question_id: f.original_question_id,
    claim: effectiveClaim(state),
    ...(state.version === undefined ? {} : { version: state.version }),
  };
  return encodeQuestionPayload(payload);
}

/** Position select options of one answer: 'Locked to position N' (1-based) for each slot. */
export function positionOptions(answers: FormAnswer[], key: string) {
  return answers.map((_, p) => ({
    value: p,
    label: `Locked to position ${p + 1}`,
    // Two answers cannot hold one slot (the server refuses it).
    disabled: answers.some((a) => a.key !== key && a.position === p),
  }));
}

export interface PreviewModel {
  question_text: string;
  code_block: string;
  code_language: string | null;
  /** In the order a candidate sees them (locked positions honoured; the others as listed). */
  answers: FormAnswer[];
  missingText: boolean;
  missingAnswers: boolean;
}

export function previewModel(fields: QuestionFields): PreviewModel {
  return {
    question_text: fields.question_text,
    code_block: fields.code_block,
    code_language: fields.code_language,
    answers: servedOrder(fields.answers, NO_SHUFFLE),
    missingText: fields.question_text.trim() === '',
    missingAnswers: !fields.answers.some((a) => a.text.trim() !== ''),
  };
}
