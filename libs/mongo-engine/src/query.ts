// Reads: filter (through an index when one applies), sort, skip, limit and projection, with mingo's semantics.
import type { Query } from 'mingo/query';
import { CommandError } from './errors';
import { isKnownStage, makeAggregator, makeQuery } from './mingo';
import { Doc, isPlainObject, ownField } from './bsonutil';
import { invert, sortKeyOf } from './sortkey';
import { metrics } from './metrics';
import { coveredCount, filterFields, groupCounts, readFields, sourceFor, walkIds, walkPlan } from './plan';
import { projector } from './projection';
import { RawDoc } from './rawbson';
import { keepFields } from './docstore';
import { Collection } from './store';

export interface FindOptions {
  sort?: Doc;
  skip?: number;
  limit?: number;
  projection?: Doc;
  /** the command's `let` variables */
  variables?: Doc;
}

/** Compiled before looking at the collection, so a bad filter is refused even when there is nothing to scan. */
function compileFilter(filter: unknown, command: string, variables?: Doc): Query {
  if (filter !== undefined && filter !== null && !isPlainObject(filter))
    throw new CommandError('TypeMismatch', `${command}: filter must be an object`);
  return makeQuery((filter as Doc) ?? {}, variables);
}

function hasKeys(d: unknown): d is Doc {
  return isPlainObject(d) && Object.keys(d).length > 0;
}

/** Leave sorting to an index walk rather than test more candidates than this one by one. */
const WALK_OVER_CANDIDATES = 20_000;
/** Exact candidates (nothing left to test) are put in order by walking the sort's index past this many. */
const EXACT_WALK_OVER = 2_000;
/**
 * Candidates with a condition left to test are paged by walking the sort's index past this many, when a
 * limit is given: the walk stops once the page is full, and costs a set lookup per key it passes, where
 * sorting them reads every candidate first (a read decodes the document's fields: hundreds of lookups).
 * Past WALK_OVER_CANDIDATES the walk tests each key it meets instead of looking it up in the candidates.
 */
const TESTED_WALK_OVER = 200;

/**
 * The documents to look at for a filter and what is left to test on each: the candidates an index narrows it
 * to (less the conditions the index answered exactly), or every document and the whole filter.
 */
interface Scan {
  keys: Iterable<string>;
  size: number;
  /** `size` is exactly how many keys there are */
  exact?: boolean;
  /** null: every candidate matches */
  test: Query | null;
  /** the top-level fields `test` reads (null: whole documents) */
  names: Set<string> | null;
}

function scanFor(coll: Collection, query: Query, filter: unknown, variables?: Doc): Scan {
  const source = sourceFor(coll, filter);
  if (!source)
    return { keys: coll.docs.keys(), size: coll.docs.size, test: query, names: filterFields(filter) };
  if (!hasKeys(source.rest))
    return { keys: source.keys(), size: source.size, exact: source.exact, test: null, names: new Set() };
  return {
    keys: source.keys(),
    size: source.size,
    test: makeQuery(source.rest, variables),
    names: filterFields(source.rest),
  };
}

/** Sort, skip and limit of a scan's matches, tested and sorted on the fields they read. */
function sortedMatches(coll: Collection, scan: Scan, sort: Doc, skip: number, limit: number): string[] {
  const names = scan.names && new Set(scan.names);
  // the sort's fields too, so matches are ordered on the same partial documents they were tested on
  if (names) for (const f of Object.keys(sort)) names.add(f.split('.')[0]);
  const parts: Doc[] = [];
  const keyOfPart = new Map<Doc, string>();
  for (const k of scan.keys) {
    const part = readFields(coll, k, names);
    if (!part || (scan.test && !scan.test.test(part))) continue;
    parts.push(part);
    keyOfPart.set(part, k);
  }
  const keyed = sortKeys(parts, sort);
  if (keyed) {
    // MongoDB's order (types in its order, an array by its smallest or largest element), ties kept in the
    // order they were read; only skip + limit of them are decoded whole
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const page = keyed.slice(skip, limit ? skip + limit : undefined);
    return page.map(({ doc }) => keyOfPart.get(doc)!);
  }
  let cursor = makeQuery({})
    .find<Doc>(parts)
    .sort(sort as Record<string, 1 | -1>);
  if (skip) cursor = cursor.skip(skip);
  if (limit) cursor = cursor.limit(limit);
  return cursor.all().map((part) => keyOfPart.get(part)!);
}

/**
 * Each document with the order-preserving encoding of its sort values (sortkey.ts), or null when one of them is
 * of a kind the encoding does not order (documents, nested or empty arrays, binary data...): mingo sorts then.
 */
function sortKeys(docs: Doc[], sort: Doc): Array<{ doc: Doc; key: string }> | null {
  const spec = Object.entries(sort).map(([f, d]) => ({
    parts: f.split('.'),
    desc: d === -1,
    bad: d !== 1 && d !== -1,
  }));
  if (spec.some((s) => s.bad)) return null;
  const out: Array<{ doc: Doc; key: string }> = [];
  for (const doc of docs) {
    let key = '';
    for (const { parts, desc } of spec) {
      const values = sortValues(doc, parts);
      if (!values) return null;
      let best: string | null = null;
      for (const v of values) {
        const k = sortKeyOf(v);
        if (k === null) return null;
        if (best === null || (desc ? k > best : k < best)) best = k;
      }
      key += desc ? invert(best!) : best!;
    }
    out.push({ doc, key });
  }
  return out;
}

/** The values a sort sees at a path (an array's elements), or null where an empty or nested array is met. */
function sortValues(doc: unknown, parts: string[]): unknown[] | null {
  const out: unknown[] = [];
  const walk = (v: unknown, i: number, inArray: boolean): boolean => {
    if (i === parts.length) {
      if (Array.isArray(v)) {
        if (v.length === 0 || inArray) return false;
        for (const el of v) {
          if (Array.isArray(el)) return false;
          out.push(el);
        }
      } else out.push(v);
      return true;
    }
    if (Array.isArray(v)) {
      if (v.length === 0 || /^\d+$/.test(parts[i])) return false;
      return v.every((el) => walk(el, i, true));
    }
    if (isPlainObject(v)) return walk(ownField(v, parts[i]), i + 1, inArray);
    out.push(undefined);
    return true;
  };
  return walk(doc, 0, false) ? out : null;
}

/**
 * Matching documents in order: along an index when one gives the sort's order, else the candidates an index
 * narrows the filter to (or every document) tested on the fields the filter reads, then sorted. Only the
 * documents returned are decoded whole.
 */
function orderedMatches(coll: Collection, query: Query, filter: unknown, opts: FindOptions): string[] {
  const variables = opts.variables;
  const skip = opts.skip ?? 0;
  const limit = opts.limit ?? 0;
  let sort = opts.sort;
  let reverse = false;
  if (hasKeys(sort) && '$natural' in sort) {
    // natural order is insertion order; only its direction can be asked for
    reverse = sort.$natural === -1;
    sort = undefined;
  }
  if (hasKeys(sort)) {
    const walk = walkPlan(coll, filter, sort);
    const scan = walk?.covered ? null : scanFor(coll, query, filter, variables);
    if (
      walk &&
      scan &&
      (scan.test
        ? limit && scan.size > TESTED_WALK_OVER && scan.size <= WALK_OVER_CANDIDATES
        : scan.size > EXACT_WALK_OVER)
    ) {
      // Walk the sort's index and keep the candidates: a dense match fills the page within a few keys, a
      // sparse one costs a set lookup per key. Exact candidates are the matches (nothing read); others are
      // tested on the fields the rest of the filter reads, one by one along the walk until the page is
      // full, instead of testing every candidate and sorting them all (status=expired of a company's
      // 100,000 invitations: 10,000 candidates, almost all matches, for a page of 25).
      const candidates = scan.keys instanceof Set ? scan.keys : new Set(scan.keys);
      const test = scan.test;
      const keep = test
        ? (k: string) => {
            if (!candidates.has(k)) return false;
            const part = readFields(coll, k, scan.names);
            return !!part && test.test(part);
          }
        : (k: string) => candidates.has(k);
      return pageOf(walkIds(walk), keep, skip, limit);
    }
    if (walk && (walk.covered || !scan || scan.size > WALK_OVER_CANDIDATES)) {
      const names = walk.covered ? null : filterFields(filter);
      const test = walk.covered
        ? () => true
        : (k: string) => {
            const part = readFields(coll, k, names);
            return !!part && query.test(part);
          };
      return pageOf(walkIds(walk), test, skip, limit);
    }
    return sortedMatches(coll, scan!, sort, skip, limit);
  }
  const scan = scanFor(coll, query, filter, variables);
  if (reverse) scan.keys = [...scan.keys].reverse();
  const out: string[] = [];
  let skipped = 0;
  for (const k of matchingKeys(coll, scan)) {
    if (skipped < skip) {
      skipped++;
      continue;
    }
    out.push(k);
    if (limit && out.length >= limit) break;
  }
  return out;
}

/** `skip` then up to `limit` (0: all) of the keys that pass `test`, in order. */
function pageOf(keys: Iterable<string>, test: (k: string) => boolean, skip: number, limit: number): string[] {
  const out: string[] = [];
  let skipped = 0;
  for (const k of keys) {
    if (!test(k)) continue;
    if (skipped < skip) {
      skipped++;
      continue;
    }
    out.push(k);
    if (limit && out.length >= limit) break;
  }
  return out;
}

/** The keys of a scan whose documents match, tested on the fields the test reads. */
function* matchingKeys(coll: Collection, scan: Scan): Iterable<string> {
  for (const k of scan.keys) {
    if (!scan.test) {
      yield k;
      continue;
    }
    const part = readFields(coll, k, scan.names);
    if (part && scan.test.test(part)) yield k;
  }
}

/**
 * The top-level fields an inclusion projection reads (and _id unless excluded), or null when it needs whole
 * documents (an exclusion, or a positional `field.$`, which reads the filter's fields too).
 */
function projectedFields(projection: unknown): Set<string> | null {
  if (!hasKeys(projection)) return null;
  const names = new Set<string>(['_id']);
  let includes = false;
  for (const [k, v] of Object.entries(projection)) {
    if (k.startsWith('$') || k.endsWith('.$')) return null;
    const off = v === 0 || v === false;
    const on = v === 1 || v === true;
    // $elemMatch reads its own field; $slice alone keeps every other field; expressions may read any field
    const elemMatch = isPlainObject(v) && Object.keys(v).length === 1 && '$elemMatch' in v;
    if (k === '_id') {
      if (off) names.delete('_id');
      else if (on) includes = true;
      else return null;
      continue;
    }
    if (!on && !elemMatch) return null;
    includes = true;
    names.add(k.split('.')[0]);
  }
  return includes ? names : null;
}

/**
 * The top-level fields a projection keeps when it keeps nothing else and changes nothing ({ a: 1, b: 1 },
 * _id kept unless excluded), 'all' without a projection, or null for any other projection.
 */
function keptFields(projection: unknown): Set<string> | 'all' | null {
  if (projection === undefined || projection === null || (isPlainObject(projection) && !hasKeys(projection)))
    return 'all';
  if (!isPlainObject(projection)) return null;
  const names = new Set<string>(['_id']);
  let includes = false;
  for (const [k, v] of Object.entries(projection)) {
    if (k.startsWith('$') || k.includes('.')) return null;
    if (k === '_id' && (v === 0 || v === false)) names.delete('_id');
    else if (v === 1 || v === true) {
      names.add(k);
      includes = true;
    } else return null;
  }
  return includes ? names : null;
}

/**
 * Matching documents as the find command sends them: as their stored bytes when the projection keeps whole
 * documents or whole top-level fields (rawbson.ts), else decoded and projected.
 */
export function findResult(
  coll: Collection | undefined,
  filter: unknown,
  opts: FindOptions,
  command: string,
): Array<Doc | RawDoc> {
  const kept = keptFields(opts.projection);
  if (kept === null) return findDocs(coll, filter, opts, command);
  const query = compileFilter(filter, command, opts.variables);
  if (!coll) return [];
  const out = orderedMatches(coll, query, filter, opts).map((k) => {
    metrics.scannedObjects++;
    const bytes = coll.docs.getRaw(k)!;
    return new RawDoc(kept === 'all' ? bytes : keepFields(bytes, kept));
  });
  metrics.returned += out.length;
  return out;
}

/** Matching documents, sorted/skipped/limited/projected. */
export function findDocs(
  coll: Collection | undefined,
  filter: unknown,
  opts: FindOptions,
  command: string,
): Doc[] {
  const query = compileFilter(filter, command, opts.variables);
  if (!coll) return [];
  const names = projectedFields(opts.projection);
  // an inclusion projection's fields alone are decoded (a list reads a few fields of large documents)
  const out = orderedMatches(coll, query, filter, opts).map((k) => readFields(coll, k, names)!);
  metrics.returned += out.length;
  const projectAll = projector(opts.projection, filter);
  return projectAll ? projectAll(out) : out;
}

/** The first matching document under `sort` (or natural order). */
export function firstMatch(
  coll: Collection | undefined,
  filter: unknown,
  sort: unknown,
  command: string,
  variables?: Doc,
): Doc | undefined {
  const query = compileFilter(filter, command, variables);
  if (!coll) return undefined;
  const [first] = orderedMatches(coll, query, filter, { sort: hasKeys(sort) ? sort : undefined, limit: 1 });
  return first === undefined ? undefined : coll.docs.get(first);
}

/** All matching documents (in index order when an index narrows the filter, else natural order). */
export function allMatches(
  coll: Collection | undefined,
  filter: unknown,
  command: string,
  variables?: Doc,
): Doc[] {
  return [...lazyMatches(coll, filter, command, variables)];
}

/**
 * How many documents match, answered from an index when one pins exactly the filter, else by testing the
 * candidates on the fields the filter reads (no document is decoded whole).
 */
export function countMatches(
  coll: Collection | undefined,
  filter: unknown,
  command: string,
  variables?: Doc,
  skip = 0,
  limit = 0,
): number {
  const query = compileFilter(filter, command, variables);
  if (!coll) return 0;
  let n = coveredCount(coll, filter ?? {});
  if (n === null) {
    const scan = scanFor(coll, query, filter, variables);
    if (!scan.test && scan.exact)
      n = scan.size; // the candidates are the matches, counted once each
    else {
      n = 0;
      const stop = limit ? skip + limit : Infinity;
      for (const _ of matchingKeys(coll, scan)) if (++n >= stop) break;
    }
  }
  n = Math.max(0, n - skip);
  return limit ? Math.min(n, limit) : n;
}

/**
 * Matching documents one at a time: a pipeline that counts or groups them never holds them all (a million
 * decoded documents at once would grow the heap for good). Candidates are tested on the fields the filter
 * reads; only matches are decoded whole.
 */
function lazyMatches(
  coll: Collection | undefined,
  filter: unknown,
  command: string,
  variables?: Doc,
): Iterable<Doc> {
  const query = compileFilter(filter, command, variables);
  if (!coll) return [];
  const keys = matchingKeys(coll, scanFor(coll, query, filter, variables));
  return (function* () {
    for (const k of keys) {
      const d = coll.docs.get(k);
      if (d) yield d;
    }
  })();
}

/** One document projected (findAndModify's `fields`); `filter` selected it (for a positional `.$`). */
export function project(doc: Doc, projection: unknown, filter: unknown): Doc {
  const projectAll = projector(projection, filter);
  return projectAll ? projectAll([doc])[0] : doc;
}

// Stages known not to edit their input documents; anything else (e.g. $project exclusions, $addFields on
// nested paths) may modify objects in place in mingo, so the pipeline's input is cloned first.
const READ_ONLY_STAGES = new Set(['$match', '$group', '$count', '$sort', '$limit', '$skip', '$sortByCount']);
const UNSUPPORTED_STAGES = new Set([
  '$out',
  '$merge',
  '$geoNear',
  '$search',
  '$searchMeta',
  '$changeStream',
  '$currentOp',
  '$listSessions',
  '$indexStats',
  '$collStats',
  '$planCursorStats',
]);

interface CountShape {
  skip: number;
  limit: number;
  /** the $group's constant _id, and the name of its { $sum: 1 } field */
  id: unknown;
  field: string;
}

/**
 * The stages countDocuments sends after its $match ([$skip], [$limit], { $group: { _id: 1, n: { $sum: 1 } } }),
 * or null for any other pipeline. mingo's $group keeps every input document of a group, so counting a million
 * matches through it holds them all at once (and grows the heap for good); these stages are counted instead.
 */
function countStages(stages: Doc[]): CountShape | null {
  const shape: CountShape = { skip: 0, limit: Infinity, id: 1, field: '' };
  let i = 0;
  if (isPlainObject(stages[i]) && '$skip' in stages[i]) {
    const n = stages[i++].$skip;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) return null;
    shape.skip = n;
  }
  if (isPlainObject(stages[i]) && '$limit' in stages[i]) {
    const n = stages[i++].$limit;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n <= 0) return null;
    shape.limit = n;
  }
  if (i !== stages.length - 1 || !isPlainObject(stages[i].$group)) return null;
  const group = stages[i].$group as Doc;
  const keys = Object.keys(group);
  if (keys.length !== 2 || keys[0] !== '_id') return null;
  if (group._id !== 1 && group._id !== null) return null;
  const acc = group[keys[1]];
  if (keys[1].startsWith('$') || keys[1].includes('.') || !isPlainObject(acc)) return null;
  if (Object.keys(acc).length !== 1 || acc.$sum !== 1) return null;
  shape.id = group._id;
  shape.field = keys[1];
  return shape;
}

interface GroupShape {
  field: string;
  unwind: boolean;
  countField: string;
  /** stages it spans */
  length: number;
}

/** `[{ $unwind: '$f' }] { $group: { _id: '$f', n: { $sum: 1 } } }` at the start of `stages`, or null. */
function groupStages(stages: Doc[]): GroupShape | null {
  let i = 0;
  let unwound: string | null = null;
  if (isPlainObject(stages[0]) && typeof stages[0].$unwind === 'string') unwound = stages[i++].$unwind;
  const group = stages[i]?.$group;
  if (!isPlainObject(group)) return null;
  const keys = Object.keys(group);
  if (keys.length !== 2 || keys[0] !== '_id' || typeof group._id !== 'string') return null;
  if (!/^\$[^$.]+$/.test(group._id) || (unwound !== null && unwound !== group._id)) return null;
  const acc = group[keys[1]];
  if (keys[1].startsWith('$') || keys[1].includes('.') || !isPlainObject(acc)) return null;
  if (Object.keys(acc).length !== 1 || acc.$sum !== 1) return null;
  return { field: group._id.slice(1), unwind: unwound !== null, countField: keys[1], length: i + 1 };
}

/**
 * Run a pipeline. A leading $match is answered through an index when possible. Inputs are cloned only when a
 * stage could modify documents in place, so stored documents stay untouched.
 */
export function runPipeline(
  coll: Collection | undefined,
  pipeline: unknown,
  resolve: (name: string) => Doc[],
  variables?: Doc,
): Doc[] {
  if (!Array.isArray(pipeline))
    throw new CommandError('TypeMismatch', "aggregate: 'pipeline' option must be specified as an array");
  for (const stage of pipeline) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1)
      throw new CommandError(
        'Location40352',
        'aggregate: a pipeline stage specification object must contain exactly one field.',
      );
    const name = Object.keys(stage)[0];
    if (UNSUPPORTED_STAGES.has(name))
      throw new CommandError(
        'NotImplemented',
        `aggregate: stage ${name} is not supported by skillquiz-mongo`,
      );
    if (!isKnownStage(name))
      throw new CommandError('Location40324', `Unrecognized pipeline stage name: '${name}'`);
  }
  let input: Iterable<Doc> | null = null;
  let stages = pipeline as Doc[];
  const first = stages[0];
  let match: unknown = {};
  if (first && isPlainObject(first.$match)) {
    match = first.$match;
    stages = stages.slice(1);
    const counted = countStages(stages);
    if (counted) {
      const limit = counted.limit === Infinity ? 0 : counted.limit;
      const n = countMatches(coll, match, 'aggregate', variables, counted.skip, limit);
      return n ? [{ _id: counted.id, [counted.field]: n }] : [];
    }
  }
  const grouped = coll && !hasKeys(match) ? groupStages(stages) : null;
  if (grouped) {
    const head = stages.slice(0, grouped.length);
    const counts = groupCounts(
      coll!,
      grouped.field,
      grouped.unwind,
      grouped.countField,
      (docs) => makeAggregator(head, { ...(variables ? { variables } : {}) }).run(docs) as Doc[],
    );
    if (counts) {
      input = counts;
      stages = stages.slice(grouped.length);
    }
  }
  if (!input)
    input = hasKeys(match) ? lazyMatches(coll, match, 'aggregate', variables) : (coll?.docs.values() ?? []);
  const safe = stages.every((s) => READ_ONLY_STAGES.has(Object.keys(s)[0]));
  const agg = makeAggregator(stages, {
    collectionResolver: resolve,
    processingMode: safe ? 0 : 1,
    ...(variables ? { variables } : {}),
  });
  return agg.run(input) as Doc[];
}
