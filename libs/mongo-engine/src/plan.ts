// Query planning: what a read can learn from a collection's indexes without touching documents.
//
// - sourceFor: a superset of a filter's matches as id keys, from equality ($eq, $in, literals), a regex on an
//   indexed field (answered by testing the index's distinct string keys, not the documents) and $or of such
//   branches, intersected with other indexes' answers to conditions the first leaves. The caller tests what is
//   left on each candidate.
// - coveredCount: the exact number of matches of a filter made only of equalities that an index pins (all its
//   fields, its first field, or a leading run of a compound index's fields, counted over its sorted keys).
// - walkPlan: an index whose sorted keys give a sort's order, after a leading run of fields the filter pins to
//   one value each, so sort + skip + limit reads only the documents it returns (top-k along the index).
// - groupCounts: `$group` of `{ $sum: 1 }` by an indexed top-level field (after an optional `$unwind` of it),
//   one count per index key.
// - filterFields: the top-level fields a filter reads, so candidates are tested on those fields alone,
//   decoded from their bytes, instead of on whole documents.
import { Doc, decode, isHashableForLookup, isPlainObject, keyOf } from './bsonutil';
import { fieldsOf } from './docstore';
import { HashIndex, IdSet, idCount, idsOf, lookupSet } from './indexes';
import { metrics } from './metrics';
import { idsInRange, rangeAnswer } from './rangeplan';
import { valuesAtPath } from './paths';
import { OrderedKeys, compoundSortKey } from './sortkey';
import { Collection, equalityConditions } from './store';

/** A superset of a filter's matches, as id keys, found from indexes alone. */
export interface KeySource {
  /** at most this many ids (an upper bound: sets may overlap) */
  size: number;
  /** the id keys, each once */
  keys(): Iterable<string>;
  /** `size` is exactly how many ids `keys` gives */
  exact?: boolean;
}

/** A source, and what of the filter is left to test on each of its documents. */
export interface Candidates extends KeySource {
  /** the conditions the source does not answer exactly ({} when it answers them all) */
  rest: Doc;
}

/** One condition of a filter's top level or of its $and: [field or operator, condition]. */
type Conjunct = [string, unknown];

/** A source and the conditions it answers exactly (every id it gives matches them, every match is among them). */
interface Answer {
  source: KeySource;
  covers: Conjunct[];
}

function fromSets(sets: Array<IdSet | undefined>): KeySource {
  let size = 0;
  for (const s of sets) size += idCount(s);
  return {
    size,
    keys: () => (sets.length === 1 ? idsOf(sets[0]) : unique(sets.map((s) => idsOf(s)))),
  };
}

/** The ids of several lists, each once, in order (a Set keeps insertion order). */
function unique(lists: Iterable<Iterable<string>>): Set<string> {
  const out = new Set<string>();
  for (const list of lists) {
    if (typeof list === 'string') out.add(list);
    else for (const k of list) out.add(k);
  }
  return out;
}

/** An index serving equality and regex lookups on its first field (a partial index lacks documents). */
function firstFieldMap(ix: HashIndex, field: string): Map<string, IdSet> | null {
  if (!ix.servesQueries || ix.fields[0] !== field) return null;
  return ix.prefix ?? ix.map;
}

interface Equality {
  values: unknown[];
  conjunct: Conjunct;
  /** the condition is nothing but this equality, and no value is null: a lookup answers it exactly */
  exact: boolean;
}

/** The values an equality condition allows (also when other operators narrow it further), or null. */
function equalityValues(c: unknown): { values: unknown[]; pure: boolean } | null {
  if (isPlainObject(c) && Object.keys(c).some((k) => k.startsWith('$'))) {
    const pure = Object.keys(c).length === 1;
    if ('$eq' in c) return isHashableForLookup(c.$eq) ? { values: [c.$eq], pure } : null;
    if (Array.isArray(c.$in) && c.$in.every(isHashableForLookup)) return { values: c.$in, pure };
    return null;
  }
  return isHashableForLookup(c) ? { values: [c], pure: true } : null;
}

/** The first equality condition of each field among `list`. */
function equalities(list: Conjunct[]): Map<string, Equality> {
  const out = new Map<string, Equality>();
  for (const conjunct of list) {
    const [k, c] = conjunct;
    if (k.startsWith('$') || out.has(k)) continue;
    const eq = equalityValues(c);
    if (!eq) continue;
    const nonNull = eq.values.every((v) => v !== null && v !== undefined && !(v instanceof RegExp));
    out.set(k, { values: eq.values, conjunct, exact: eq.pure && nonNull });
  }
  return out;
}

function answer(source: KeySource, fields: string[], eq: Map<string, Equality>): Answer {
  return {
    source,
    covers: fields
      .map((f) => eq.get(f)!)
      .filter((e) => e.exact)
      .map((e) => e.conjunct),
  };
}

/**
 * Ids from equalities: by _id, by an index whose fields are all pinned, by a leading run of a compound index's
 * fields pinned to one value each (over its sorted keys), or by its first field.
 */
function equalityAnswer(coll: Collection, eq: Map<string, Equality>): Answer | null {
  const ids = eq.get('_id');
  if (ids) {
    const keys = [...new Set(ids.values.map(keyOf))].filter((k) => coll.docs.has(k));
    return answer({ size: keys.length, keys: () => keys }, ['_id'], eq);
  }
  const nonNull = (f: string) => eq.get(f)!.values.every((v) => v !== null && v !== undefined);
  const usable = coll.indexes
    .filter((ix) => ix.servesQueries && ix.fields.every((f) => eq.has(f)))
    .filter((ix) => !ix.spec.sparse || ix.fields.every(nonNull))
    .sort((a, b) => Number(b.unique) - Number(a.unique) || b.fields.length - a.fields.length);
  for (const ix of usable) {
    const combos = combinations(ix.fields.map((f) => eq.get(f)!.values));
    if (!combos) continue;
    return answer(fromSets(combos.map((c) => ix.map.get(ix.lookupKey(c)))), ix.fields, eq);
  }
  let best: Answer | null = null;
  const consider = (a: Answer) => {
    if (!best || a.source.size < best.source.size) best = a;
  };
  for (const ix of coll.indexes) {
    if (!ix.servesQueries || ix.spec.sparse) continue;
    // a leading run of two or more fields, each pinned to one exact value
    let run = 0;
    while (
      run < ix.fields.length &&
      eq.get(ix.fields[run])?.exact &&
      eq.get(ix.fields[run])!.values.length === 1
    )
      run++;
    if (run < 2) continue;
    const ordered = ix.orderedKeys(() => coll.indexedDocs(ix));
    const lead = ix.fields.slice(0, run);
    const prefix =
      ordered &&
      compoundSortKey(
        lead.map((f) => eq.get(f)!.values[0]),
        ix.descending.slice(0, run),
      );
    if (!ordered || prefix === null) continue;
    const start = ordered.lowerBound(prefix);
    const end = ordered.prefixEnd(prefix);
    const size = idsInRange(ix, ordered, start, end);
    metrics.scanned += end - start;
    consider(
      answer(
        { size, keys: () => rangeIds(ordered, prefix, (k) => ix.idsAt(k), false, ix.repeatsAfter(run)) },
        lead,
        eq,
      ),
    );
  }
  // a compound index whose first field is pinned
  for (const ix of coll.indexes) {
    if (!ix.prefix || !ix.servesQueries || !eq.has(ix.fields[0])) continue;
    if (ix.spec.sparse && !nonNull(ix.fields[0])) continue;
    const source = fromSets(eq.get(ix.fields[0])!.values.map((v) => ix.prefix!.get(keyOf(v))));
    consider(answer(source, [ix.fields[0]], eq));
  }
  return best;
}

/** Every combination of one value per field, or null past 10,000 (a scan is cheaper than that many lookups). */
function combinations(perField: unknown[][]): unknown[][] | null {
  let combos: unknown[][] = [[]];
  for (const values of perField) {
    const next: unknown[][] = [];
    for (const c of combos) for (const v of values) next.push([...c, v]);
    combos = next;
    if (combos.length > 10000) return null;
  }
  return combos;
}

/** The JavaScript regex of a `{ $regex, $options }` or regex-literal condition, or null. */
function regexOf(cond: unknown): RegExp | null {
  if (cond instanceof RegExp) return new RegExp(cond.source, cond.flags.replace(/[gy]/g, ''));
  if (!isPlainObject(cond) || !('$regex' in cond) || '$not' in cond) return null;
  const re = cond.$regex;
  const options = typeof cond.$options === 'string' ? cond.$options : '';
  if (!/^[imsu]*$/.test(options)) return null; // 'x' (extended) has no JavaScript equivalent
  try {
    if (re instanceof RegExp) return new RegExp(re.source, (re.flags + options).replace(/[gy]/g, ''));
    if (typeof re === 'string') return new RegExp(re, [...new Set(options)].join(''));
  } catch {
    return null;
  }
  return null;
}

/** Nothing but a regex: `/re/` or `{ $regex, $options }`. */
function pureRegex(cond: unknown): boolean {
  return (
    cond instanceof RegExp ||
    (isPlainObject(cond) && Object.keys(cond).every((k) => k === '$regex' || k === '$options'))
  );
}

/** Regex answers kept per index (a few searches at a time; each holds its matching ids). */
const REGEX_ANSWERS_KEPT = 8;

/**
 * The ids whose first-field key of `ix` is a string matching `re` (the index's distinct keys are tested, not
 * documents), each once. Kept on the index until its next write: a list page and its count ask for the same
 * search, and so does every further page.
 */
function regexIds(ix: HashIndex, map: Map<string, IdSet>, re: RegExp): IdSet | undefined {
  const cacheKey = `${re.flags}/${re.source}`;
  if (ix.regexIds.has(cacheKey)) {
    const ids = ix.regexIds.get(cacheKey)!;
    ix.regexIds.delete(cacheKey); // most recently used last
    ix.regexIds.set(cacheKey, ids);
    return ids;
  }
  const sets: IdSet[] = [];
  // string keys are 'S' + the string (keyOf); a regex matches strings only
  for (const [key, ids] of map) if (key.charCodeAt(0) === 83 && re.test(key.slice(1))) sets.push(ids);
  metrics.scanned += map.size;
  // one key's ids as they are; several keys' ids once each (a multikey document may sit under two of them)
  const ids: IdSet | undefined =
    sets.length === 0 ? undefined : sets.length === 1 ? sets[0] : unique(sets.map((s) => idsOf(s)));
  if (ids !== undefined) {
    if (ix.regexIds.size >= REGEX_ANSWERS_KEPT) ix.regexIds.delete(ix.regexIds.keys().next().value!);
    ix.regexIds.set(cacheKey, ids);
  }
  return ids;
}

/** Ids whose indexed value of `field` is a string matching `re`, each once (an exact size). */
function regexSource(coll: Collection, field: string, re: RegExp): KeySource | null {
  let best: KeySource | null = null;
  for (const ix of coll.indexes) {
    const map = firstFieldMap(ix, field);
    if (!map) continue;
    const ids = regexIds(ix, map, re);
    const source: KeySource = { size: idCount(ids), keys: () => idsOf(ids), exact: true };
    if (!best || source.size < best.size) best = source;
    if (ix.fields.length === 1) break; // a single-field index is as narrow as it gets
  }
  return best;
}

/** The conditions of a filter's top level and of its $and. */
function conjuncts(filter: Doc, out: Conjunct[] = []): Conjunct[] {
  for (const [k, c] of Object.entries(filter)) {
    if (k === '$and' && Array.isArray(c)) {
      for (const sub of c) if (isPlainObject(sub)) conjuncts(sub, out);
    } else out.push([k, c]);
  }
  return out;
}

/** The narrowest answer the indexes give for a conjunction of conditions, or null. */
function bestAnswer(coll: Collection, list: Conjunct[]): Answer | null {
  let best: Answer | null = null;
  const consider = (a: Answer | null) => {
    if (a && (!best || a.source.size < best.source.size)) best = a;
  };
  const eq = equalities(list);
  if (eq.size) consider(equalityAnswer(coll, eq));
  for (const conjunct of list) {
    const [k, c] = conjunct;
    if (k === '$or' && Array.isArray(c) && c.length > 0) {
      const branches = c.map((b) => {
        if (!isPlainObject(b)) return null;
        const parts = conjuncts(b);
        const a = bestAnswer(coll, parts);
        return a && { ...a, whole: a.covers.length === parts.length };
      });
      if (branches.length === 1 && branches[0]) {
        // one branch is the branch itself (no second set of its ids)
        consider({ source: branches[0].source, covers: branches[0].whole ? [conjunct] : [] });
      } else if (branches.every((b) => b !== null)) {
        const source: KeySource = {
          size: branches.reduce((n, b) => n + b!.source.size, 0),
          keys: () => unique(branches.map((b) => b!.source.keys())),
        };
        consider({ source, covers: branches.every((b) => b!.whole) ? [conjunct] : [] });
      }
    } else if (!k.startsWith('$')) {
      // a prefix regex or a date bound after pinned fields: a range of an index's sorted keys (rangeplan.ts)
      const range = rangeAnswer(coll, eq, conjunct);
      if (range) {
        // what an answer covers is exactly what it gives: covering more, the range is no wider, even when
        // its size (an upper bound, a multikey document counting once per key) says otherwise
        const current = best as Answer | null;
        if (current && current.covers.every((x) => range.covers.includes(x))) best = range;
        else consider(range);
        continue;
      }
      const re = regexOf(c);
      const source = re && regexSource(coll, k, re);
      if (source) consider({ source, covers: pureRegex(c) ? [conjunct] : [] });
    }
  }
  return best;
}

/**
 * A condition costs this many times less to answer from another index's ids (a set built of them) than to test
 * on a candidate's bytes: an id goes into a set in well under a microsecond, a candidate is read and tested in
 * several. So a second index answer up to this many times larger than the candidates still pays.
 */
const INTERSECT_OVER = 4;
const INTERSECT_CANDIDATES_MAX = 50_000;
const INTERSECT_CANDIDATES_MIN = 64;

/**
 * A membership test for an equality condition, from an index whose first field it is (its first-field map: one
 * set of ids per value, kept up to date on write): each candidate costs a set lookup, nothing is iterated.
 * Null when the condition is not an exact equality (a null value also matches a missing field) or no such
 * index exists.
 */
function probeFor(coll: Collection, conjunct: Conjunct): ((id: string) => boolean) | null {
  const [field, cond] = conjunct;
  if (field.startsWith('$')) return null;
  const eq = equalityValues(cond);
  if (!eq || !eq.pure || eq.values.some((v) => v === null || v === undefined || v instanceof RegExp))
    return null;
  for (const ix of coll.indexes) {
    if (ix.spec.sparse) continue;
    const map = firstFieldMap(ix, field);
    if (!map) continue;
    const sets = eq.values
      .map((v) => lookupSet(map, keyOf(v)))
      .filter((x): x is string | Set<string> => x !== undefined);
    return (id) => sets.some((ids) => (typeof ids === 'string' ? ids === id : ids.has(id)));
  }
  return null;
}

/**
 * The narrowest index answer that covers `conjunct` exactly, alone or with equalities already answered (all of
 * them, or one: an index may lead with the company but not also hold the status).
 */
function answerCovering(coll: Collection, conjunct: Conjunct, pinned: Conjunct[]): Answer | null {
  let best: Answer | null = null;
  for (const list of [[...pinned, conjunct], ...pinned.map((p) => [p, conjunct]), [conjunct]]) {
    const a = bestAnswer(coll, list);
    if (a && a.covers.includes(conjunct) && (!best || a.source.size < best.source.size)) best = a;
  }
  return best;
}

/**
 * Index intersection (MongoDB's AND_HASH): the conditions `best` leaves to test that another index answers
 * exactly, together with the equalities `best` already answers (a company, say), narrow its ids to those in
 * both, so those conditions are not tested on documents. A search, a status and an atom each have an index
 * of their own; together, without this, every document the search found was read to test the other two.
 */
function intersected(coll: Collection, list: Conjunct[], best: Answer): Answer {
  // past this many candidates a page read along an index, which stops at its last row, beats narrowing them all;
  // below the other bound testing them costs less than planning (a quiz read by its token, on every answer)
  if (best.source.size > INTERSECT_CANDIDATES_MAX || best.source.size <= INTERSECT_CANDIDATES_MIN)
    return best;
  let current = best;
  let ids: Set<string> | null = null;
  const cover = (conjuncts: Conjunct[]) => {
    current = {
      source: current.source,
      covers: [...current.covers, ...conjuncts.filter((c) => !current.covers.includes(c))],
    };
  };
  // first the conditions a set lookup per candidate answers, then those whose ids must be gathered
  for (const conjunct of list) {
    if (current.covers.includes(conjunct)) continue;
    const probe = probeFor(coll, conjunct);
    if (!probe) continue;
    const next = new Set<string>();
    for (const k of ids ?? current.source.keys()) if (probe(k)) next.add(k);
    ids = next;
    cover([conjunct]);
  }
  for (const conjunct of list) {
    if (current.covers.includes(conjunct) || conjunct[0].startsWith('$')) continue;
    const other = answerCovering(
      coll,
      conjunct,
      current.covers.filter((c) => equalityValues(c[1])?.pure),
    );
    if (!other) continue;
    const size = ids ? ids.size : current.source.size;
    if (other.source.size > INTERSECT_OVER * size) continue;
    const inOther = new Set(other.source.keys());
    const next = new Set<string>();
    for (const k of ids ?? current.source.keys()) if (inOther.has(k)) next.add(k);
    ids = next;
    cover(other.covers);
  }
  if (!ids) return best;
  const kept = ids;
  return { source: { size: kept.size, exact: true, keys: () => kept }, covers: current.covers };
}

/**
 * The narrowest superset of `filter`'s matches the indexes give (equalities, regexes on indexed fields, $or
 * of branches that each have one), with the conditions left to test on each candidate; null when no index
 * applies (the caller scans).
 */
export function sourceFor(coll: Collection, filter: unknown): Candidates | null {
  if (!isPlainObject(filter)) return null;
  const list = conjuncts(filter);
  const found = bestAnswer(coll, list);
  if (!found) return null;
  const best = intersected(coll, list, found);
  const rest = list.filter((c) => !best!.covers.includes(c) && c[0] !== '$comment');
  return {
    ...best.source,
    rest:
      rest.length === 1
        ? { [rest[0][0]]: rest[0][1] }
        : rest.length
          ? { $and: rest.map(([k, c]) => ({ [k]: c })) }
          : {},
  };
}

/**
 * The filter as field -> one value, when it is nothing but equalities on fields with one hashable, non-null
 * value each (a null key also holds documents with an empty array there, which `{ f: null }` does not match).
 * Null for any other filter.
 */
export function exactEqualities(filter: unknown): Map<string, unknown[]> | null {
  if (!isPlainObject(filter)) return null;
  const out = new Map<string, unknown[]>();
  for (const [k, c] of conjuncts(filter)) {
    if (k === '$comment') continue;
    if (k.startsWith('$') || out.has(k)) return null;
    let values: unknown[];
    if (isPlainObject(c) && Object.keys(c).some((x) => x.startsWith('$'))) {
      const ops = Object.keys(c);
      if (ops.length !== 1) return null;
      if (ops[0] === '$eq') values = [c.$eq];
      else if (ops[0] === '$in' && Array.isArray(c.$in) && c.$in.length > 0) values = c.$in;
      else return null;
    } else values = [c];
    if (
      !values.every((v) => v !== null && v !== undefined && !(v instanceof RegExp) && isHashableForLookup(v))
    )
      return null;
    out.set(k, values);
  }
  return out;
}

/** The ids of the keys in `ordered` that start with `prefix` (each id once). */
function* rangeIds(
  ordered: OrderedKeys,
  prefix: string,
  idsAt: (key: string) => Iterable<string>,
  reverse: boolean,
  dedupe: boolean,
): Generator<string> {
  const start = ordered.lowerBound(prefix);
  const end = ordered.prefixEnd(prefix);
  const seen = dedupe ? new Set<string>() : null;
  for (const key of ordered.keysIn(start, end, reverse)) {
    metrics.scanned++;
    let ids = idsAt(key);
    // equal keys in a reverse scan come in reverse order too, as MongoDB's backward index scan gives them
    if (reverse && typeof ids !== 'string' && !Array.isArray(ids)) ids = [...ids].reverse();
    for (const id of ids) {
      if (seen) {
        if (seen.has(id)) continue;
        seen.add(id);
      }
      yield id;
    }
  }
}

/** The exact number of documents matching `filter`, from an index alone; null when no index answers it exactly. */
export function coveredCount(coll: Collection, filter: unknown): number | null {
  const eq = exactEqualities(filter);
  if (!eq) return null;
  if (eq.size === 0) return coll.docs.size;
  if (eq.has('_id')) {
    if (eq.size !== 1) return null;
    return new Set(eq.get('_id')!.map(keyOf)).size === 0
      ? 0
      : [...new Set(eq.get('_id')!.map(keyOf))].filter((k) => coll.docs.has(k)).length;
  }
  const fields = [...eq.keys()];
  const sizeOf = (sets: Array<IdSet | undefined>): number => {
    if (sets.length === 1) return idCount(sets[0]);
    const all = new Set<string>();
    for (const s of sets) for (const id of idsOf(s)) all.add(id);
    return all.size;
  };
  for (const ix of coll.indexes) {
    if (!ix.servesQueries) continue;
    if (ix.fields.length === fields.length && ix.fields.every((f) => eq.has(f))) {
      const combos = combinations(ix.fields.map((f) => eq.get(f)!));
      if (combos) return sizeOf(combos.map((c) => ix.map.get(ix.lookupKey(c))));
    }
  }
  if (fields.length === 1) {
    for (const ix of coll.indexes) {
      if (!ix.prefix || !ix.servesQueries || ix.fields[0] !== fields[0]) continue;
      return sizeOf(eq.get(fields[0])!.map((v) => ix.prefix!.get(keyOf(v))));
    }
  }
  // a leading run of a compound index's fields, each pinned to one value: count over its sorted keys
  if (fields.every((f) => eq.get(f)!.length === 1)) {
    for (const ix of coll.indexes) {
      if (ix.fields.length <= fields.length || !ix.fields.slice(0, fields.length).every((f) => eq.has(f)))
        continue;
      const ordered = ix.orderedKeys(() => coll.indexedDocs(ix));
      if (!ordered) continue;
      const lead = ix.fields.slice(0, fields.length);
      const prefix = compoundSortKey(
        lead.map((f) => eq.get(f)![0]),
        ix.descending.slice(0, fields.length),
      );
      if (prefix === null) continue;
      if (!ix.repeatsAfter(fields.length)) {
        const start = ordered.lowerBound(prefix);
        const end = ordered.prefixEnd(prefix);
        metrics.scanned += end - start;
        return idsInRange(ix, ordered, start, end);
      }
      let n = 0;
      for (const _ of rangeIds(ordered, prefix, (k) => ix.idsAt(k), false, true)) n++;
      return n;
    }
  }
  return null;
}

/** How to read a sort's order off an index: its sorted keys from `prefix` on, forwards or backwards. */
export interface WalkPlan {
  ordered: OrderedKeys;
  prefix: string;
  reverse: boolean;
  /** the index pins exactly the filter: every id walked matches, nothing needs testing */
  covered: boolean;
  idsAt(key: string): Iterable<string>;
  /** a document may sit under several keys (multikey): walk each once, at its first key */
  dedupe: boolean;
}

interface Orderable {
  fields: string[];
  descending: boolean[];
  /** whether a document can sit under several keys sharing the first `lead` fields' values */
  repeatsAfter(lead: number): boolean;
  ordered(): OrderedKeys | null;
  idsAt(key: string): Iterable<string>;
  /** the sorted keys exist already (an ordered read or a write since built them) */
  built(): boolean;
  /** how many documents the first field's value `v` holds (an upper bound of a pinned prefix's) */
  firstCount(v: unknown): number;
}

/**
 * Sorted keys are built on an index's first ordered read, from every document: ~5 s at 1,000,000 tracking
 * events, right after a reopen, for the product's first "a quiz's events in time order". Past this many
 * documents, a filter whose pinned prefix holds at most SORT_UNDER of them sorts those instead, as MongoDB
 * would pick the cheaper plan; a larger prefix (a page of a big list) still builds them, once.
 */
const BUILD_OVER = 100_000;
const SORT_UNDER = 1_000;

/**
 * An index that gives `sort`'s order for `filter`'s matches: its leading fields pinned to one value each by
 * the filter's equalities, then exactly the sort's fields, all in the index's directions or all reversed.
 * The _id index counts too. Null when none does (the caller sorts the matches).
 */
export function walkPlan(coll: Collection, filter: unknown, sort: Doc): WalkPlan | null {
  const spec = Object.entries(sort);
  if (!spec.length || !spec.every(([, d]) => d === 1 || d === -1)) return null;
  const sortFields = spec.map(([f]) => f);
  const eq = isPlainObject(filter) ? equalityConditions(filter) : new Map<string, unknown[]>();
  const exact = exactEqualities(filter ?? {});
  const candidates: Orderable[] = [
    {
      fields: ['_id'],
      descending: [false],
      repeatsAfter: () => false,
      ordered: () => coll.idOrderedKeys(),
      idsAt: (key) => [key],
      built: () => coll.hasIdOrder,
      firstCount: () => coll.docs.size,
    },
    ...coll.indexes
      .filter((ix) => ix.servesQueries && !ix.spec.sparse)
      .map((ix) => ({
        fields: ix.fields,
        descending: ix.descending,
        repeatsAfter: (lead: number) => ix.repeatsAfter(lead),
        ordered: () => ix.orderedKeys(() => coll.indexedDocs(ix)),
        idsAt: (key: string) => ix.idsAt(key),
        built: () => ix.hasOrderedKeys,
        firstCount: (v: unknown) => idCount((ix.prefix ?? ix.map).get(keyOf(v))),
      })),
  ];
  let fallback: WalkPlan | null = null;
  for (const c of candidates) {
    let p = 0;
    while (p < c.fields.length && eq.get(c.fields[p])?.length === 1 && !sortFields.includes(c.fields[p])) p++;
    const rest = c.fields.slice(p, p + sortFields.length);
    if (rest.length !== sortFields.length || !rest.every((f, i) => f === sortFields[i])) continue;
    const wantDesc = spec.map(([, d]) => d === -1);
    const forward = wantDesc.every((d, i) => d === c.descending[p + i]);
    const backward = wantDesc.every((d, i) => d !== c.descending[p + i]);
    if (!forward && !backward) continue;
    const pinned = c.fields.slice(0, p);
    const covered =
      exact !== null && exact.size === pinned.length && pinned.every((f) => exact.get(f)?.length === 1);
    if (!covered && fallback) continue;
    if (
      p > 0 &&
      !c.built() &&
      coll.docs.size > BUILD_OVER &&
      c.firstCount(eq.get(c.fields[0])![0]) <= SORT_UNDER
    )
      continue;
    const ordered = c.ordered();
    if (!ordered) continue;
    const prefix = compoundSortKey(
      pinned.map((f) => eq.get(f)![0]),
      c.descending.slice(0, p),
    );
    if (prefix === null) continue;
    const plan: WalkPlan = {
      ordered,
      prefix,
      reverse: !forward,
      covered,
      idsAt: c.idsAt,
      dedupe: c.repeatsAfter(p),
    };
    if (covered) return plan;
    fallback = plan;
  }
  return fallback;
}

/** The id keys along a walk plan, in the sort's order. */
export function walkIds(plan: WalkPlan): Iterable<string> {
  return rangeIds(plan.ordered, plan.prefix, plan.idsAt, plan.reverse, plan.dedupe);
}

/**
 * The top-level fields a filter reads, or null when it may read any (an operator such as $expr, $where or
 * $jsonSchema at the top level): candidates are then tested on those fields alone.
 */
export function filterFields(filter: unknown): Set<string> | null {
  const out = new Set<string>();
  const walk = (f: unknown): boolean => {
    if (f === undefined || f === null) return true;
    if (!isPlainObject(f)) return false;
    for (const [k, c] of Object.entries(f)) {
      if (k === '$and' || k === '$or' || k === '$nor') {
        if (!Array.isArray(c) || !c.every(walk)) return false;
      } else if (k === '$comment') continue;
      else if (k.startsWith('$')) return false;
      else out.add(k.split('.')[0]);
    }
    return true;
  };
  return walk(filter) ? out : null;
}

/** A document's fields `names` (all of them when null), decoded from its bytes; counted as one examined. */
export function readFields(
  coll: Collection,
  idKey: string,
  names: ReadonlySet<string> | null,
): Doc | undefined {
  const raw = coll.docs.getRaw(idKey);
  if (!raw) return undefined;
  metrics.scannedObjects++;
  return names ? fieldsOf(raw, names) : decode(raw);
}

/**
 * `[ { $unwind: '$f' } ] { $group: { _id: '$f', n: { $sum: 1 } } }` answered from an index on the top-level
 * field f: one group per key, its size the number of documents under it. Without $unwind the index must never
 * have held an array there (a group would be the array); with it, never one holding a value twice (the index
 * holds it once). Documents under the null key (missing, null, empty array) go through the pipeline itself.
 * Null when no index applies.
 */
export function groupCounts(
  coll: Collection,
  field: string,
  unwind: boolean,
  countField: string,
  runStages: (docs: Doc[]) => Doc[],
): Doc[] | null {
  if (field.includes('.') || field === '_id') return null;
  const ix = coll.indexes.find(
    (i) =>
      i.servesQueries && !i.spec.sparse && i.fields[0] === field && (unwind ? !i.duplicates : !i.multikey),
  );
  if (!ix) return null;
  const map = ix.prefix ?? ix.map;
  const names = new Set([field]);
  const out: Doc[] = [];
  for (const [key, ids] of map) {
    metrics.scanned++;
    if (key === 'n') {
      const docs = [...idsOf(ids)].map((k) => readFields(coll, k, names)!).filter(Boolean);
      out.push(...runStages(docs));
      continue;
    }
    // the group's _id: the value under this key in one of its documents
    const first = readFields(coll, idsOf(ids)[Symbol.iterator]().next().value!, names)!;
    const value = valuesAtPath(first, field).find((v) => keyOf(v) === key);
    out.push({ _id: value, [countField]: idCount(ids) });
  }
  return out;
}
