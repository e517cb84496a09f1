// Shapes of the demo seed content. Pure data: the seeding function (elsewhere) maps keys to
// integer question ids, answers to hash_ids, and beta_question_keys to beta_question_ordering.
import type { Atom, DifficultyParams } from '@skillquiz/contracts';

export interface SeedAnswer {
  text: string;
  /** The correct flag; exactly one answer per question has it. */
  c: boolean;
  /** Zero-based locked position; undefined means the answer order is shuffled. */
  position?: number;
}

export interface SeedQuestion {
  /** Stable unique key, e.g. 'js-closure-counter'; lets seeding stay idempotent. */
  key: string;
  question_text: string;
  code_block: string;
  code_language: string | null;
  /** Natural language of the text ('en' unless a translated variation). */
  language: string;
  /** lowercase_underscored topic label. */
  claim: string;
  /** 2PL parameters in slope/intercept form: P(correct | theta) = 1 / (1 + exp(-(a*theta + d))), d = -a*b. */
  difficulty_params: DifficultyParams;
  administered: boolean;
  answers: SeedAnswer[];
  /** Key of the original question (becomes original_question_id). */
  variation_of?: string;
}

/**
 * A seed atom: the contracts' Atom, with its questions inline and its beta questions named by key
 * (the seeding function turns them into ids; `num_bank_questions` is counted by the server).
 */
export type SeedAtom = Omit<Atom, 'num_bank_questions' | 'beta_question_ordering'> & {
  questions: SeedQuestion[];
  /** Keys of unscored beta questions, in serving order. */
  beta_question_keys: string[];
};

export interface SeedCompany {
  name: string;
  /** Unique and immutable: what a recruiter's sign-on claim names. */
  slug: string;
  logo_url: string | null;
  support_email: string | null;
}

export interface SeedInvitation {
  required_atoms: string[];
  optional_atoms: string[];
}
