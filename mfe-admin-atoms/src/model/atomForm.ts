// The atom form's state as pure functions (SPEC §4 atom form, §5): the values being edited, the
// last saved values, and the rules: dirty when the values differ from the saved ones, the slug
// editable only for a new atom, beta questions reordered by swapping neighbours, removed, or
// appended as integers. Number fields are kept as typed text so a box can be cleared while typing;
// toPayload turns them back into numbers (what is not a number goes as typed, and the server's 400
// names the field).
import type { Atom } from '@skillquiz/contracts';
// The zod-free subpath: the schemas stay out of the remote's bundle.
import { newAtom } from '@skillquiz/contracts/new-atom';

// SPEC's four pages, then the bank simulator.
export const ATOM_PAGES = [
  'general',
  'descriptions',
  'beta-questions',
  'questions',
  'simulator',
  'history',
] as const;
export type AtomPage = (typeof ATOM_PAGES)[number];
export const isAtomPage = (page: string | undefined): page is AtomPage =>
  (ATOM_PAGES as readonly string[]).includes(page ?? '');

export const LEVELS = [1, 2, 3, 4, 5] as const;
const DESCRIPTION_KEYS = [
  'description',
  'description_html',
  'client_description',
  'level_1_description',
  'level_2_description',
  'level_3_description',
  'level_4_description',
  'level_5_description',
] as const;
type DescriptionKey = (typeof DESCRIPTION_KEYS)[number];

export interface AtomFormValues extends Record<DescriptionKey, string> {
  id: string;
  name: string;
  category: string;
  format: Atom['format'];
  beta: boolean;
  eta_minutes: string;
  num_questions: string;
  /** Five boxes; the first may hold '-inf'. */
  levels_thresholds: string[];
  /** Comma-separated, as typed. */
  supported_programming_languages: string;
  beta_question_ordering: number[];
  /** Very quick answers (rapid guesses) are set aside when a quiz's level is computed. */
  effort_aware_scoring: boolean;
}

export interface AtomFormState {
  isNew: boolean;
  values: AtomFormValues;
  saved: AtomFormValues;
  /** The stored atom's version, sent back on save (optimistic concurrency); none for a new atom. */
  version: number | undefined;
}

export function valuesOf(atom: Atom): AtomFormValues {
  const values = {
    id: atom.id,
    name: atom.name,
    category: atom.category,
    format: atom.format,
    beta: atom.beta,
    eta_minutes: String(atom.eta_minutes),
    num_questions: String(atom.num_questions),
    levels_thresholds: atom.levels_thresholds.map(String),
    supported_programming_languages: atom.supported_programming_languages.join(', '),
    beta_question_ordering: [...atom.beta_question_ordering],
    effort_aware_scoring: atom.effort_aware_scoring === true,
  } as AtomFormValues;
  for (const key of DESCRIPTION_KEYS) values[key] = atom[key];
  return values;
}

export function initialFormState(atom?: Atom & { version?: number }): AtomFormState {
  const values = valuesOf(atom ?? newAtom());
  return { isNew: !atom, values, saved: values, version: atom?.version };
}

export function isDirty(state: AtomFormState): boolean {
  return JSON.stringify(state.values) !== JSON.stringify(state.saved);
}

/** SPEC §5: the slug is the atom's identity; only a new atom's can be typed. */
export const slugEditable = (state: AtomFormState) => state.isNew;

export const canMoveUp = (index: number) => index > 0;
export const canMoveDown = (index: number, length: number) => index < length - 1;

/** The id an "Add" box holds, as an integer; null when it adds nothing (empty, not a positive integer, or already listed). */
export function parseQuestionId(text: string, ordering: readonly number[]): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const id = Number.parseInt(trimmed, 10);
  if (id <= 0 || ordering.includes(id)) return null;
  return id;
}

export type AtomFormAction =
  | { type: 'loaded'; atom: Atom & { version?: number } }
  | { type: 'saved'; atom: Atom & { version?: number } }
  | { type: 'set'; field: keyof AtomFormValues; value: AtomFormValues[keyof AtomFormValues] }
  | { type: 'setThreshold'; index: number; value: string }
  | { type: 'moveBeta'; index: number; by: -1 | 1 }
  | { type: 'removeBeta'; index: number }
  | { type: 'addBeta'; text: string };

function withValues(state: AtomFormState, values: Partial<AtomFormValues>): AtomFormState {
  return { ...state, values: { ...state.values, ...values } };
}

export function atomFormReducer(state: AtomFormState, action: AtomFormAction): AtomFormState {
  switch (action.type) {
    case 'loaded':
    case 'saved':
      return initialFormState(action.atom);
    case 'set':
      if (action.field === 'id' && !slugEditable(state)) return state;
      return withValues(state, { [action.field]: action.value });
    case 'setThreshold': {
      const levels_thresholds = [...state.values.levels_thresholds];
      levels_thresholds[action.index] = action.value;
      return withValues(state, { levels_thresholds });
    }
    case 'moveBeta': {
      const list = [...state.values.beta_question_ordering];
      const { index, by } = action;
      if (by === -1 ? !canMoveUp(index) : !canMoveDown(index, list.length)) return state;
      [list[index], list[index + by]] = [list[index + by], list[index]];
      return withValues(state, { beta_question_ordering: list });
    }
    case 'removeBeta': {
      const list = state.values.beta_question_ordering.filter((_, i) => i !== action.index);
      return withValues(state, { beta_question_ordering: list });
    }
    case 'addBeta': {
      const id = parseQuestionId(action.text, state.values.beta_question_ordering);
      if (id === null) return state;
      return withValues(state, { beta_question_ordering: [...state.values.beta_question_ordering, id] });
    }
  }
}

/** A number box's value: the number it holds, or the text as typed (the server then names the field). */
function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

export type AtomPayload = Omit<
  Atom,
  'num_bank_questions' | 'eta_minutes' | 'num_questions' | 'levels_thresholds'
> & {
  eta_minutes: number | string;
  num_questions: number | string;
  levels_thresholds: (number | string)[];
};

/** What POST /api/atoms and PUT /api/atoms/{id}/ receive: the whole atom. */
export function toPayload(values: AtomFormValues): AtomPayload {
  const payload = {
    ...values,
    id: values.id.trim(),
    eta_minutes: numberOrText(values.eta_minutes),
    num_questions: numberOrText(values.num_questions),
    levels_thresholds: values.levels_thresholds.map((t, i) =>
      i === 0 && t.trim() === '-inf' ? '-inf' : numberOrText(t),
    ),
    supported_programming_languages: values.supported_programming_languages
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
  return payload;
}
