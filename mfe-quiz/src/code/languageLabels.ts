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
