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
  const query = compileFilter(filter, command, variables);
  if (!coll) return [];
  // iterate the collection itself: copying a million references first costs more than the filter
  const out: Doc[] = [];
  for (const d of coll.candidates(filter as Doc) ?? coll.docs.values()) if (query.test(d)) out.push(d);
  return out;
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
  let input: Doc[] = [];
  let stages = pipeline as Doc[];
  const first = stages[0];
  if (first && isPlainObject(first.$match)) {
    input = allMatches(coll, first.$match, 'aggregate', variables);
    stages = stages.slice(1);
  } else if (coll) input = [...coll.docs.values()];
  const safe = stages.every((s) => READ_ONLY_STAGES.has(Object.keys(s)[0]));
  const agg = makeAggregator(stages, {
    collectionResolver: resolve,
    processingMode: safe ? 0 : 1,
    ...(variables ? { variables } : {}),
  });
  return agg.run(input) as Doc[];
}
