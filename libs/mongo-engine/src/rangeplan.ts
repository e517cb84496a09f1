// Range reads along an index's sorted keys: what MongoDB answers with index bounds on the field
// that follows a run of pinned equalities, for two shapes the hiring list uses:
//
// - an anchored literal prefix regex, `{ f: /^abc/ }` or `{ f: { $regex: '^abc' } }` (no options but `s`,
//   no metacharacter after the `^` other than escaped literals): the keys of f whose string starts with abc;
// - a one-sided date bound, `{ f: { $lt | $lte | $gt | $gte: <Date> } }`: the keys of f holding a date on
//   that side (type bracketing: only dates compare with a date, as in MongoDB).
//
// Both are exact for multikey fields (some element matches), so the candidates they give need no test for
// these conditions, and a count is the number of distinct ids in the range. Two-sided ranges are not served:
// on an array field, the two bounds may be met by different elements, which one key range would miss.
import { isPlainObject } from './bsonutil';
import { type IdSet, idCount } from './indexes';
import { metrics } from './metrics';
import { type OrderedKeys, compoundSortKey, invert, sortKeyOf } from './sortkey';
import type { Collection } from './store';

type Conjunct = [string, unknown];

/** What plan.ts knows of a field's equality condition. */
interface PinnedEquality {
  values: unknown[];
  conjunct: Conjunct;
  exact: boolean;
}

/** The ids of an index range and the conditions they answer exactly. */
export interface RangeAnswer {
  source: { size: number; keys(): Iterable<string> };
  covers: Conjunct[];
}

/**
 * How many ids the keys at positions [start, end) of an index's sorted keys hold. An index with `_id` among
 * its fields has one id per key, so that is the number of keys, found without visiting them (the leading run
 * of a list's index can hold most of a collection).
 */
export function idsInRange(
  ix: { fields: readonly string[]; map: ReadonlyMap<string, IdSet> },
  ordered: OrderedKeys,
  start: number,
  end: number,
): number {
  if (end <= start) return 0;
  if (ix.fields.includes('_id')) return end - start;
  let n = 0;
  for (const key of ordered.keysIn(start, end)) n += idCount(ix.map.get(key));
  return n;
}

/** The literal a pattern is anchored to (`^` then literal characters only), or null. */
export function anchoredLiteral(cond: unknown): string | null {
  let source: string;
  let flags: string;
  if (cond instanceof RegExp) {
    source = cond.source;
    flags = cond.flags;
  } else if (isPlainObject(cond) && Object.keys(cond).every((k) => k === '$regex' || k === '$options')) {
    const re = cond.$regex;
    if (re instanceof RegExp) {
      source = re.source;
      flags = re.flags + (typeof cond.$options === 'string' ? cond.$options : '');
    } else if (typeof re === 'string') {
      source = re;
      flags = typeof cond.$options === 'string' ? cond.$options : '';
    } else return null;
  } else return null;
  // `i` widens the match, `m` lets ^ match after a newline, `x` changes what the pattern means
  if (!/^[su]*$/.test(flags.replace(/[gy]/g, '')) || !source.startsWith('^')) return null;
  let literal = '';
  for (let i = 1; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') {
      const next = source[i + 1];
      // an escaped punctuation character is itself; \d, \w, \b... are classes or assertions
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return null;
      literal += next;
      i++;
    } else if ('.*+?^${}()|[]'.includes(ch)) return null;
    else literal += ch;
  }
  return literal === '' ? null : literal;
}

/** The one date bound of a condition: `{ $lt | $lte | $gt | $gte: Date }` alone, or null. */
function dateBound(cond: unknown): { op: '$lt' | '$lte' | '$gt' | '$gte'; value: Date } | null {
  if (!isPlainObject(cond)) return null;
  const keys = Object.keys(cond);
  if (keys.length !== 1) return null;
  const op = keys[0];
  const value = cond[op];
  if (op !== '$lt' && op !== '$lte' && op !== '$gt' && op !== '$gte') return null;
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return null;
  return { op, value };
}

/** Positions [start, end) of an index's sorted keys (after `lead`) that a condition on the next field selects. */
function bounds(
  ordered: OrderedKeys,
  lead: string,
  descending: boolean,
  cond: unknown,
): { start: number; end: number } | null {
  const enc = (s: string) => lead + (descending ? invert(s) : s);
  const literal = anchoredLiteral(cond);
  if (literal !== null) {
    // a string's encoding is the type class, the string, then a terminator: without it, a prefix of every
    // string starting with the literal (also when inverted for a descending field, character by character)
    const full = sortKeyOf(literal)!;
    const prefix = enc(full.slice(0, -2));
    return { start: ordered.lowerBound(prefix), end: ordered.prefixEnd(prefix) };
  }
  const bound = dateBound(cond);
  if (!bound) return null;
  const key = sortKeyOf(bound.value);
  if (key === null) return null;
  const cls = enc(key[0]);
  const at = enc(key);
  const classStart = ordered.lowerBound(cls);
  const classEnd = ordered.prefixEnd(cls);
  // in key order, a descending field's values decrease: "greater" is before the bound
  const below = (bound.op === '$lt' || bound.op === '$lte') !== descending;
  const inclusive = bound.op === '$lte' || bound.op === '$gte';
  if (below) {
    const end = inclusive ? ordered.prefixEnd(at) : ordered.lowerBound(at);
    return { start: classStart, end: Math.max(classStart, end) };
  }
  const start = inclusive ? ordered.lowerBound(at) : ordered.prefixEnd(at);
  return { start: Math.min(Math.max(start, classStart), classEnd), end: classEnd };
}

/**
 * The narrowest range any index gives for `conjunct` (a prefix regex or a date bound on a field) after a
 * leading run of fields `eq` pins to one exact value each; null when no index serves it.
 */
export function rangeAnswer(
  coll: Collection,
  eq: ReadonlyMap<string, PinnedEquality>,
  conjunct: Conjunct,
): RangeAnswer | null {
  const [field, cond] = conjunct;
  if (anchoredLiteral(cond) === null && dateBound(cond) === null) return null;
  let best: RangeAnswer | null = null;
  for (const ix of coll.indexes) {
    if (!ix.servesQueries || ix.spec.sparse) continue;
    let p = 0;
    while (p < ix.fields.length && eq.get(ix.fields[p])?.exact && eq.get(ix.fields[p])!.values.length === 1)
      p++;
    if (ix.fields[p] !== field) continue;
    const lead = compoundSortKey(
      ix.fields.slice(0, p).map((f) => eq.get(f)!.values[0]),
      ix.descending.slice(0, p),
    );
    if (lead === null) continue;
    const ordered = ix.orderedKeys(() => coll.indexedDocs(ix));
    if (!ordered) continue;
    const range = bounds(ordered, lead, ix.descending[p], cond);
    if (!range) continue;
    const size = idsInRange(ix, ordered, range.start, range.end);
    metrics.scanned += range.end - range.start;
    if (best && best.source.size <= size) continue;
    const dedupe = ix.repeatsAfter(p);
    const { start, end } = range;
    best = {
      source: {
        size,
        *keys() {
          const seen = dedupe ? new Set<string>() : null;
          for (const key of ordered.keysIn(start, end)) {
            metrics.scanned++;
            for (const id of ix.idsAt(key)) {
              if (seen) {
                if (seen.has(id)) continue;
                seen.add(id);
              }
              yield id;
            }
          }
        },
      },
      covers: [...ix.fields.slice(0, p).map((f) => eq.get(f)!.conjunct), conjunct],
    };
  }
  return best;
}
