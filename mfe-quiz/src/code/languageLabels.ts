// Header labels of the 26 highlighter languages (SPEC §1). The contracts package has the same list as
// CODE_BLOCK_OPTIONS, but a value import of it would pull zod into the candidate's first page.
const LABELS: Record<string, string> = {
  javascript: 'JavaScript', js: 'JavaScript', json: 'JSON', typescript: 'TypeScript', ts: 'TypeScript',
  jsx: 'jsx', tsx: 'tsx', python: 'Python', py: 'Python', java: 'Java', rust: 'Rust', go: 'Go',
  swift: 'Swift', kotlin: 'Kotlin', sql: 'SQL', solidity: 'Solidity', bash: 'Shell', csharp: 'C#',
  php: 'PHP', objectivec: 'Objective-C', cpp: 'C++', c: 'C', ruby: 'Ruby', css: 'CSS', html: 'HTML',
  markup: 'HTML', xml: 'XML', yaml: 'YAML', yml: 'YAML', plain: 'plain', diff: 'diff',
};

export function languageLabel(prismLang: string): string {
  return LABELS[prismLang] ?? prismLang;
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
