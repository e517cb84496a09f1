// A new atom with the defaults (zod-free: the atoms admin remote imports it as
// `@skillquiz/contracts/new-atom`).
import { CONSTANTS } from './constants';
import type { Atom } from './entities';

/**
 * A new atom with the defaults of SPEC §3 (the form's starting point and the server's fill-in).
 * Its own module, importing only a type from entities.ts and the zod-free constants, so an admin form
 * can use it without bundling zod (`@skillquiz/contracts/new-atom`).
 */
export function newAtom(overrides: Partial<Atom> = {}): Atom {
  return {
    id: '',
    name: '',
    description: '',
    description_html: '',
    client_description: '',
    level_1_description: '',
    level_2_description: '',
    level_3_description: '',
    level_4_description: '',
    level_5_description: '',
    category: '',
    eta_minutes: CONSTANTS.DEFAULT_ETA_MINUTES,
    num_questions: CONSTANTS.DEFAULT_NUM_QUESTIONS,
    num_bank_questions: 0,
    format: CONSTANTS.DEFAULT_ATOM_FORMAT,
    beta: false,
    supported_programming_languages: [],
    beta_question_ordering: [],
    levels_thresholds: [...CONSTANTS.DEFAULT_LEVELS_THRESHOLDS],
    effort_aware_scoring: false,
    ...overrides,
  };
}
