// Header labels of the 26 highlighter languages (SPEC §1): the contracts' CODE_BLOCK_OPTIONS, read
// through the zod-free constants subpath so the candidate's first page stays small.
import { CODE_BLOCK_OPTIONS } from '@skillquiz/contracts/constants';

/** Other names the same Prism grammars go by (`markup` is what Prism calls HTML). */
const ALIASES: Record<string, string> = {
  js: 'javascript',
  ts: 'typescript',
  py: 'python',
  yml: 'yaml',
  markup: 'html',
};
const LABELS = new Map<string, string>(CODE_BLOCK_OPTIONS.map((o) => [o.value, o.label]));

export function languageLabel(prismLang: string): string {
  return LABELS.get(ALIASES[prismLang] ?? prismLang) ?? prismLang;
}

/** Code language of a question -> Prism language name (no Prism import: the header needs it first). */
export function prismLanguage(language: string | null | undefined): string {
  const lang = (language ?? '').trim().toLowerCase();
  if (!lang || lang === 'text' || lang === 'plaintext') return 'plain';
  if (lang === 'shell' || lang === 'sh') return 'bash';
  if (lang === 'c#' || lang === 'cs') return 'csharp';
  if (lang === 'c++') return 'cpp';
  if (lang === 'objective-c') return 'objectivec';
  return lang;
}
