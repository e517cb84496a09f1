// One configured mingo for the whole engine: all operators, scripts ($where, $function) disabled.
import * as path from 'node:path';
import { Aggregator } from 'mingo/aggregator';
import { Context } from 'mingo/core';
import * as accumulator from 'mingo/operators/accumulator';
import * as expression from 'mingo/operators/expression';
import * as pipeline from 'mingo/operators/pipeline';
import * as projection from 'mingo/operators/projection';
import * as query from 'mingo/operators/query';
import * as window from 'mingo/operators/window';
import type { Cursor } from 'mingo/cursor';
import { Query } from 'mingo/query';
import type { Options } from 'mingo/types';
import { Doc, mentionsProto, protoToStandin, renameFields } from './bsonutil';
import { QUERY_OVERRIDES } from './queryops';

// Our query operators replace mingo's where its semantics differ from MongoDB's (see queryops.ts).
const CONTEXT = Context.init({
  accumulator,
  expression,
  pipeline,
  projection,
  query: { ...query, ...QUERY_OVERRIDES },
  window,
} as Parameters<typeof Context.init>[0]);
const BASE: Partial<Options> = { scriptEnabled: false, context: CONTEXT };

/**
 * mingo copies its whole operator table for every Query built from plain options (~130 µs, more than the lookup
 * itself); a prebuilt ComputeOptions instance skips that copy. ComputeOptions is internal to mingo (not in its
 * package exports), so it is loaded by file path, with plain options as the fallback if a future mingo moves it.
 */
function sharedQueryOptions(): Partial<Options> {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const internal = require(path.join(path.dirname(require.resolve('mingo')), 'core', '_internal.js'));
    if (typeof internal?.ComputeOptions?.init === 'function') return internal.ComputeOptions.init(BASE);
  } catch {
    /* fall back */
  }
  return BASE;
}

const SHARED = sharedQueryOptions();

/**
 * A filter naming a `__proto__` field: mingo refuses such selectors, MongoDB reads them as field names. The filter
 * and each tested document are seen with the field renamed (copies, so only such rare filters pay for it).
 */
class ProtoFieldQuery extends Query {
  override test(obj: Doc): boolean {
    return super.test(renameFields(obj, protoToStandin) as Doc);
  }

  override find<T>(collection: Iterable<unknown>, projection?: Doc): Cursor<T> {
    const matched = Array.from(collection).filter((d) => this.test(d as Doc)) as Doc[];
    return new Query({}, SHARED).find<T>(matched, projection as Parameters<Query['find']>[1]);
  }
}

/** `variables`: a command's `let` document, read in expressions as `$$name`. */
export function makeQuery(filter: Doc, variables?: Doc): Query {
  const options = variables ? { ...BASE, variables } : SHARED;
  return mentionsProto(filter)
    ? new ProtoFieldQuery(renameFields(filter, protoToStandin) as Doc, options)
    : new Query(filter, options);
}

export function makeAggregator(stages: Doc[], extra: Partial<Options> = {}): Aggregator {
  return new Aggregator(stages, { ...BASE, ...extra });
}

/** Pipeline stage names this engine runs (mingo's); anything else is refused like MongoDB refuses it. */
export function isKnownStage(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(pipeline, name);
}
