// The option lists of the question form: highlighter languages, claims in use, natural languages.
import {
  CODE_BLOCK_OPTIONS,
  LANGUAGE_OPTIONS,
  type ClaimOptionsResponse,
  type CodeBlockOptionsResponse,
  type LanguageOptionsResponse,
} from '@skillquiz/contracts';
import { Question } from '../models/question';

export function codeBlockOptions(): CodeBlockOptionsResponse {
  return { code_block_options: CODE_BLOCK_OPTIONS.map((o) => ({ ...o })) };
}

/** Every distinct claim some question uses, sorted; value = label = the stored claim. */
export async function claimOptions(): Promise<ClaimOptionsResponse> {
  const claims = (await Question.distinct('claim').exec()) as unknown[];
  const names = claims.filter((c): c is string => typeof c === 'string' && c !== '').sort();
  return { claim_options: names.map((c) => ({ value: c, label: c })) };
}

export function languageOptions(): LanguageOptionsResponse {
  return { language_options: LANGUAGE_OPTIONS.map((o) => ({ ...o })) };
}
