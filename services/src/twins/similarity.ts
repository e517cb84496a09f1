// Near-duplicate questions (issue 22), pure. How it is measured:
// - Text: lowercased words (markdown backticks and punctuation dropped).
// - Code: tokens (identifiers, numbers, string literals, operators) with comments dropped, `var`,
//   `let` and `const` read as one keyword, quotes unified and `;` dropped, so `var x = 'a';` and
//   `let x = "a"` are the same code.
// - Each question is a set of token 3-shingles (word triples; shorter texts give one shingle of what
//   they have), text and code shingles kept apart by a prefix, hashed to 32-bit numbers.
// - Similarity = Jaccard of the two sets (shared / all). Text and code similarity are reported apart.
// All pairs above a threshold are found exactly with prefix filtering (AllPairs, Bayardo et al.
// 2007): tokens ordered rarest first, each set indexed by its first |x| - ceil(t|x|) + 1 tokens, so
// two sets can reach Jaccard t only if they share one of those; candidates are then verified.

export const SHINGLE = 3;

export function textTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[`*_#>[\](){}.,;:!?"'“”‘’]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

const CODE_TOKEN =
  /[A-Za-z_$][\w$]*|\d+(?:\.\d+)?|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`|[^\s\w]/g;
const DECLARATIONS = new Set(['var', 'let', 'const']);

export function codeTokens(code: string): string[] {
  const stripped = code
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:"'])\/\/[^\n]*/g, '$1 ')
    .replace(/^\s*#(?!include|define|!)[^\n]*/gm, ' ');
  const tokens: string[] = [];
  for (const m of stripped.matchAll(CODE_TOKEN)) {
    let t = m[0];
    if (t === ';') continue;
    if (DECLARATIONS.has(t)) t = 'let';
    else if (/^['"`]/.test(t)) t = `"${t.slice(1, -1)}"`;
    tokens.push(t);
  }
  return tokens;
}

/** FNV-1a, 32 bits. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function shingleSet(tokens: string[], prefix: string, into: Set<number>): void {
  if (tokens.length === 0) return;
  if (tokens.length < SHINGLE) {
    into.add(hash(`${prefix}${tokens.join(' ')}`));
    return;
  }
  for (let i = 0; i + SHINGLE <= tokens.length; i++)
    into.add(hash(`${prefix}${tokens.slice(i, i + SHINGLE).join(' ')}`));
}

export interface Fingerprint {
  text: Uint32Array;
  code: Uint32Array;
  /** text and code together. */
  all: Uint32Array;
}

const sorted = (s: Set<number>) => Uint32Array.from(s).sort();

export function fingerprint(q: { question_text: string; code_block: string }): Fingerprint {
  const text = new Set<number>();
  const code = new Set<number>();
  shingleSet(textTokens(q.question_text), 'T', text);
  shingleSet(codeTokens(q.code_block), 'C', code);
  return { text: sorted(text), code: sorted(code), all: sorted(new Set([...text, ...code])) };
}

/** Jaccard of two sorted sets (0 when both are empty). */
export function jaccard(a: Uint32Array, b: Uint32Array): number {
  if (a.length === 0 && b.length === 0) return 0;
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return shared / (a.length + b.length - shared);
}

/** Every pair (i < j) of `sets` with Jaccard >= threshold (0 < threshold <= 1), exactly. */
export function similarPairs(
  sets: readonly Uint32Array[],
  threshold: number,
): { i: number; j: number; similarity: number }[] {
  const freq = new Map<number, number>();
  for (const s of sets) for (const t of s) freq.set(t, (freq.get(t) ?? 0) + 1);
  // Rarest first: prefixes then hold the most selective tokens.
  const ranked = sets.map((s) => Array.from(s).sort((x, y) => freq.get(x)! - freq.get(y)! || x - y));
  const order = sets
    .map((_, i) => i)
    .filter((i) => sets[i].length > 0)
    .sort((x, y) => sets[x].length - sets[y].length);
  const index = new Map<number, number[]>();
  const out: { i: number; j: number; similarity: number }[] = [];
  const seen = new Int32Array(sets.length).fill(-1);
  for (const x of order) {
    const size = sets[x].length;
    const minSize = threshold * size;
    const prefix = size - Math.ceil(threshold * size) + 1;
    const tokens = ranked[x];
    for (let k = 0; k < prefix && k < tokens.length; k++) {
      const list = index.get(tokens[k]);
      if (list) {
        for (const y of list) {
          if (seen[y] === x || sets[y].length < minSize) continue;
          seen[y] = x;
          const sim = jaccard(sets[x], sets[y]);
          if (sim >= threshold)
            out.push(x < y ? { i: x, j: y, similarity: sim } : { i: y, j: x, similarity: sim });
        }
        list.push(x);
      } else index.set(tokens[k], [x]);
    }
  }
  return out;
}
