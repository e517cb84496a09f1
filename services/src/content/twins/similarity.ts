// Near-duplicate questions, pure. How it is measured:
// - Text: lowercased words (markdown backticks and punctuation dropped).
// - Code: tokens (identifiers, numbers, string literals, operators) with comments dropped, `var`,
//   `let` and `const` read as one keyword, quotes unified and `;` dropped, so `var x = 'a';` and
//   `let x = "a"` are the same code.
// - Each question is a set of token 3-shingles (word triples; shorter texts give one shingle of what
//   they have), text and code shingles kept apart by a prefix, hashed to 32-bit numbers.
// - Similarity = Jaccard of the two sets (shared / all). Text and code similarity are reported apart.
// All pairs above a threshold are found exactly (no sampling, no hashing into bands) with PPJoin's
// prefix, length and positional filters (`similarPairs`); candidates are verified with the exact Jaccard.

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

/** A shingle's hash: its tokens' hashes mixed in order (MurmurHash3's 32-bit steps), seeded by its kind. */
function shingleHash(seed: number, hashes: number[], from: number, to: number): number {
  let h = seed;
  for (let i = from; i < to; i++) {
    let k = Math.imul(hashes[i], 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= to - from;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const TEXT_SEED = 0x54; // 'T'
const CODE_SEED = 0x43; // 'C'

/** Each token hashed once; shingles from the hashes (no string per shingle: 10,000 questions in ~0.2 s). */
function shingleSet(tokens: string[], seed: number, into: Set<number>): void {
  if (tokens.length === 0) return;
  const hashes = tokens.map(hash);
  if (tokens.length < SHINGLE) {
    into.add(shingleHash(seed, hashes, 0, hashes.length));
    return;
  }
  for (let i = 0; i + SHINGLE <= hashes.length; i++) into.add(shingleHash(seed, hashes, i, i + SHINGLE));
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
  shingleSet(textTokens(q.question_text), TEXT_SEED, text);
  shingleSet(codeTokens(q.code_block), CODE_SEED, code);
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

/** First index of `v` in the sorted `a` (present). */
function find(a: Uint32Array, v: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The sets with each token replaced by its rank in the global order (rarest first, ties by value),
 * each sorted. Typed-array sorts only: with Maps and a comparator this took ~1 s for 10,000 sets.
 */
function rankRarestFirst(sets: readonly Uint32Array[]): Int32Array[] {
  let total = 0;
  for (const s of sets) total += s.length;
  const all = new Uint32Array(total);
  let at = 0;
  for (const s of sets) {
    all.set(s, at);
    at += s.length;
  }
  all.sort();
  const values = new Uint32Array(total);
  const counts = new Uint32Array(total);
  let distinct = 0;
  for (let k = 0; k < total; k++) {
    if (k === 0 || all[k] !== all[k - 1]) values[distinct++] = all[k];
    counts[distinct - 1]++;
  }
  const tokens = values.subarray(0, distinct);
  // (count, value) as one exact double (count < 2^21), sorted.
  const keys = new Float64Array(distinct);
  for (let k = 0; k < distinct; k++) keys[k] = counts[k] * 2 ** 32 + tokens[k];
  keys.sort();
  const rank = new Int32Array(distinct);
  for (let r = 0; r < distinct; r++) rank[find(tokens, keys[r] % 2 ** 32)] = r;
  return sets.map((s) => {
    const out = new Int32Array(s.length);
    for (let k = 0; k < s.length; k++) out[k] = rank[find(tokens, s[k])];
    return out.sort();
  });
}

/** ceil(x), forgiving the float error of products like 0.7 * 30 (so a prefix is never too short). */
const ceilDown = (x: number) => Math.ceil(x - 1e-9);

/**
 * Every pair (i < j) of `sets` with Jaccard >= threshold (0 < threshold <= 1), exactly: PPJoin
 * (Xiao et al. 2008), i.e. AllPairs' prefix filter with a length filter, a shorter indexing prefix,
 * and a positional filter.
 * - Tokens are renumbered by a global order, rarest first, so prefixes hold the selective ones.
 * - Sets are visited by size; `x` probes the index with its first |x| - ceil(t|x|) + 1 tokens and
 *   is indexed under its first |x| - ceil(2t/(1+t)|x|) + 1 (enough, as larger sets come later).
 * - A candidate `y` can reach Jaccard t only with an overlap of α = ceil(t/(1+t)(|x|+|y|)); when a
 *   shared token sits at positions i (in x) and j (in y), the overlap is at most what was counted so
 *   far + 1 + min(|x|-i-1, |y|-j-1): below α, `y` is dropped for good.
 * - Survivors are verified with the exact Jaccard.
 * Questions made from one template share many tokens; the positional filter is what keeps them from
 * being verified pair by pair (10,000 of them: 14-24 s with the prefix filter alone).
 */
export function similarPairs(
  sets: readonly Uint32Array[],
  threshold: number,
): { i: number; j: number; similarity: number }[] {
  const ranked = rankRarestFirst(sets);
  const order = sets
    .map((_, i) => i)
    .filter((i) => sets[i].length > 0)
    .sort((x, y) => sets[x].length - sets[y].length || x - y);
  // Per token: the sets indexed under it and the token's position in each, interleaved.
  const index: (number[] | undefined)[] = [];
  const overlap = new Int32Array(sets.length);
  const touched: number[] = [];
  const out: { i: number; j: number; similarity: number }[] = [];
  const share = threshold / (1 + threshold);
  for (const x of order) {
    const xs = ranked[x];
    const size = xs.length;
    const minSize = threshold * size - 1e-9;
    const probe = size - ceilDown(threshold * size) + 1;
    for (let i = 0; i < probe; i++) {
      const list = index[xs[i]];
      if (!list) continue;
      for (let k = 0; k < list.length; k += 2) {
        const y = list[k];
        const ySize = ranked[y].length;
        if (ySize < minSize || overlap[y] < 0) continue;
        const alpha = ceilDown(share * (size + ySize));
        const bound = overlap[y] + 1 + Math.min(size - i - 1, ySize - list[k + 1] - 1);
        if (bound < alpha) {
          if (overlap[y] === 0) touched.push(y);
          overlap[y] = -1;
          continue;
        }
        if (overlap[y] === 0) touched.push(y);
        overlap[y]++;
      }
    }
    for (const y of touched) {
      if (overlap[y] > 0) {
        const sim = jaccard(sets[x], sets[y]);
        if (sim >= threshold)
          out.push(x < y ? { i: x, j: y, similarity: sim } : { i: y, j: x, similarity: sim });
      }
      overlap[y] = 0;
    }
    touched.length = 0;
    const indexed = size - ceilDown(2 * share * size) + 1;
    for (let i = 0; i < indexed; i++) (index[xs[i]] ??= []).push(x, i);
  }
  return out;
}
