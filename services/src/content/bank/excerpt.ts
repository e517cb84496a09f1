// A question as a picker or a review list shows it: its text cut at a word to about
// EXCERPT_CHARS characters, never inside an inline `code` span (a cut span would render its
// backtick as text), plus what the front end needs to render it as the candidate sees it.
import type { QuestionExcerpt } from '@skillquiz/contracts';
import { statusOf, type QuestionDoc } from '../models/question';

export const EXCERPT_CHARS = 200;

/** `text` cut to about `max` characters at a word boundary outside inline code, with '…' when cut. */
export function excerptText(text: string, max = EXCERPT_CHARS): string {
  if (text.length <= max) return text;
  let inCode = false;
  let lastBreak = -1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '`') inCode = !inCode;
    if (!inCode && /\s/.test(ch)) {
      if (i > max) break;
      lastBreak = i;
    }
  }
  const cut = lastBreak > 0 ? lastBreak : max;
  let out = text.slice(0, cut);
  // An unclosed span (a cut inside a code span with no whitespace break before max) is closed.
  if ((out.match(/`/g)?.length ?? 0) % 2 === 1) out += '`';
  return `${out.trimEnd()}…`;
}

export type ExcerptFields = Pick<
  QuestionDoc,
  | '_id'
  | 'question_text'
  | 'code_block'
  | 'code_language'
  | 'language'
  | 'status'
  | 'administered'
  | 'atoms'
  | 'version'
>;

export const EXCERPT_PROJECTION = {
  question_text: 1,
  code_block: 1,
  code_language: 1,
  language: 1,
  status: 1,
  administered: 1,
  atoms: 1,
  version: 1,
} as const;

export function toExcerpt(q: ExcerptFields): QuestionExcerpt {
  return {
    id: q._id,
    excerpt: excerptText(q.question_text),
    code_block: q.code_block,
    code_language: q.code_language ?? null,
    status: statusOf(q),
    administered: q.administered,
    all_atoms: [...q.atoms],
    language: q.language ?? null,
    version: q.version,
  };
}
