// Shapes of the demo seed content. Pure data: the seeding function (elsewhere) maps keys to
// integer question ids, answers to hash_ids, and beta_question_keys to beta_question_ordering.

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
  difficulty_params: { a: number; d: number };
  administered: boolean;
  answers: SeedAnswer[];
  /** Key of the original question (becomes original_question_id). */
  variation_of?: string;
}

export interface SeedAtom {
  /** The slug, stored as the atom's _id. */
  id: string;
  name: string;
  category: string;
  description: string;
  description_html: string;
  client_description: string;
  level_1_description: string;
  level_2_description: string;
  level_3_description: string;
  level_4_description: string;
  level_5_description: string;
  eta_minutes: number;
  num_questions: 10;
  format: 'Multiple Choice';
  beta: false;
  supported_programming_languages: string[];
  levels_thresholds: ['-inf', number, number, number, number];
  questions: SeedQuestion[];
  /** Keys of unscored beta questions, in serving order. */
  beta_question_keys: string[];
}

export interface SeedCompany {
  name: string;
  logo_url: string;
  support_email: string;
}

export interface SeedInvitation {
  required_atoms: string[];
  optional_atoms: string[];
}
