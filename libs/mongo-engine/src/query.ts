// Reads: filter (through an index when one applies), sort, skip, limit and projection, with mingo's semantics.
import type { Query } from 'mingo/query';
import { CommandError } from './errors';
import { isKnownStage, makeAggregator, makeQuery } from './mingo';
import { Doc, isPlainObject } from './bsonutil';
import { projector } from './projection';
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

/** Matching documents in natural order, then sorted/skipped/limited/projected. */
export function findDocs(
  coll: Collection | undefined,
  filter: unknown,
  opts: FindOptions,
  command: string,
): Doc[] {
  const query = compileFilter(filter, command, opts.variables);
  if (!coll) return [];
  const base = coll.candidates(filter as Doc) ?? [...coll.docs.values()];
  let sort = opts.sort;
  if (hasKeys(sort) && '$natural' in sort) {
    // natural order is insertion order; only its direction can be asked for
    if (sort.$natural === -1) base.reverse();
    sort = undefined;
  }
  let cursor = query.find<Doc>(base);
  if (hasKeys(sort)) cursor = cursor.sort(sort as Record<string, 1 | -1>);
  if (opts.skip) cursor = cursor.skip(opts.skip);
  if (opts.limit) cursor = cursor.limit(opts.limit);
  const out = cursor.all();
  const projectAll = projector(opts.projection, filter);
  return projectAll ? projectAll(out) : out;
}

/** The first matching document under `sort` (or natural order), without materialising all matches when unsorted. */
export function firstMatch(
  coll: Collection | undefined,
  filter: unknown,
  sort: unknown,
  command: string,
  variables?: Doc,
): Doc | undefined {
  if (hasKeys(sort)) return findDocs(coll, filter, { sort, limit: 1, variables }, command)[0];
  const query = compileFilter(filter, command, variables);
  if (!coll) return undefined;
  const base = coll.candidates(filter as Doc) ?? coll.docs.values();
  for (const d of base) if (query.test(d)) return d;
  return undefined;
}

/** All matching documents (natural order). */
export function allMatches(
  coll: Collection | undefined,
  filter: unknown,
  command: string,
  variables?: Doc,
): Doc[] {
  return [...lazyMatches(coll, filter, command, variables)];
}

/**
 * Matching documents (natural order) one at a time, iterating the collection itself: a pipeline that counts or
 * groups them never holds them all (a million decoded documents at once would grow the heap for good).
 */
function lazyMatches(
  coll: Collection | undefined,
  filter: unknown,
  command: string,
  variables?: Doc,
): Iterable<Doc> {
  const query = compileFilter(filter, command, variables);
  if (!coll) return [];
  const base = coll.candidates(filter as Doc) ?? coll.docs.values();
  return (function* () {
    for (const d of base) if (query.test(d)) yield d;
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

function countOf(docs: Iterable<Doc>, { skip, limit, id, field }: CountShape): Doc[] {
  const it = docs[Symbol.iterator]();
  let n = 0;
  while (n < skip + limit && !it.next().done) n++;
  n = Math.max(0, n - skip);
  return n ? [{ _id: id, [field]: n }] : [];
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
  let input: Iterable<Doc> = [];
  let stages = pipeline as Doc[];
  const first = stages[0];
  if (first && isPlainObject(first.$match)) {
    input = lazyMatches(coll, first.$match, 'aggregate', variables);
    stages = stages.slice(1);
    const counted = countStages(stages);
    if (counted) return countOf(input, counted);
  } else if (coll) input = coll.docs.values();
  const safe = stages.every((s) => READ_ONLY_STAGES.has(Object.keys(s)[0]));
  const agg = makeAggregator(stages, {
    collectionResolver: resolve,
    processingMode: safe ? 0 : 1,
    ...(variables ? { variables } : {}),
  });
  return agg.run(input) as Doc[];
}
