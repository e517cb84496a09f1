// A compact way to write seed questions: the text, the answers with the index of the correct one,
// and the 2PL parameters as (a, b), from which the stored intercept d = -a*b is derived.
import type { SeedAnswer, SeedQuestion } from './types';

export interface QuestionOptions {
  /** Code shown under the question, in the atom's programming language. */
  code?: string;
  /** Beta and translated variations are not administered (scored). */
  administered?: boolean;
  /** Lock every answer to its written position (used for ordered numeric answers). */
  locked?: boolean;
  language?: string;
  variation_of?: string;
}

/** Rounded to 3 decimals, as stored. */
export function intercept(a: number, b: number): number {
  const d = Math.round(-a * b * 1000) / 1000;
  return d === 0 ? 0 : d; // avoid -0 in stored data
}

/** Returns a question builder for one atom whose code blocks are in `codeLanguage`. */
export function questionBuilder(codeLanguage: string) {
  return function q(
    key: string,
    claim: string,
    [a, b]: [number, number],
    question_text: string,
    answers: string[],
    correct: number,
    opts: QuestionOptions = {},
  ): SeedQuestion {
    const seedAnswers: SeedAnswer[] = answers.map((text, i) => ({
      text,
      c: i === correct,
      ...(opts.locked ? { position: i } : {}),
    }));
    const code = opts.code ? opts.code.replace(/^\n+|\s+$/g, '') : '';
    return {
      key,
      question_text,
      code_block: code,
      code_language: code ? codeLanguage : null,
      language: opts.language ?? 'en',
      claim,
      difficulty_params: { a, d: intercept(a, b) },
      administered: opts.administered ?? true,
      answers: seedAnswers,
      ...(opts.variation_of ? { variation_of: opts.variation_of } : {}),
    };
  };
}
