// Query operators where mingo differs from MongoDB, registered in place of mingo's own (see mingo.ts).
// mingo knows JavaScript values, not BSON types: its $type has no objectId/binData/long/... and calls an Int32 a
// double, its comparisons and bit tests ignore binary data, its $all never matches a non-array field, and its
// $elemMatch reads the DBRef fields `$ref`/`$id`/`$db` as operators.
import * as mingoQuery from 'mingo/operators/query';
import { Query } from 'mingo/query';
import type { Options } from 'mingo/types';
import { MingoError, resolve } from 'mingo/util';
import { Doc, isPlainObject } from './bsonutil';

type Predicate = (obj: Doc) => boolean;
type QueryOperator = (selector: string, value: unknown, options: Options) => Predicate;

function bsonTypeOf(v: unknown): string | undefined {
  return v !== null && typeof v === 'object' ? (v as { _bsontype?: string })._bsontype : undefined;
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** MongoDB's type alias of a stored value. Plain numbers are what they come back as: Int32 if they fit, else double. */
export function typeAlias(v: unknown): string | undefined {
  switch (typeof v) {
    case 'undefined':
      return undefined;
    case 'number':
      return Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX && !Object.is(v, -0) ? 'int' : 'double';
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'long';
  }
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  if (v instanceof RegExp) return 'regex';
  switch (bsonTypeOf(v)) {
    case 'ObjectId':
      return 'objectId';
    case 'Binary':
      return 'binData';
    case 'Timestamp':
      return 'timestamp';
    case 'Decimal128':
      return 'decimal';
    case 'Long':
      return 'long';
    case 'Int32':
      return 'int';
    case 'Double':
      return 'double';
    case 'MinKey':
      return 'minKey';
    case 'MaxKey':
      return 'maxKey';
    case 'Code':
      return 'javascript';
    case 'BSONSymbol':
      return 'symbol';
    case 'BSONRegExp':
      return 'regex';
  }
  return 'object';
}

const TYPE_CODES: Record<number, string> = {
  1: 'double',
  2: 'string',
  3: 'object',
  4: 'array',
  5: 'binData',
  6: 'undefined',
  7: 'objectId',
  8: 'bool',
  9: 'date',
  10: 'null',
  11: 'regex',
  13: 'javascript',
  14: 'symbol',
  16: 'int',
  17: 'timestamp',
  18: 'long',
  19: 'decimal',
  [-1]: 'minKey',
  127: 'maxKey',
};
const KNOWN_ALIASES = new Set([...Object.values(TYPE_CODES), 'number']);
const NUMERIC = new Set(['int', 'long', 'double', 'decimal']);

function typeSet(value: unknown): Set<string> {
  const wanted = new Set<string>();
  for (const t of Array.isArray(value) ? value : [value]) {
    const alias = typeof t === 'number' ? TYPE_CODES[t] : typeof t === 'string' ? t : undefined;
    if (!alias || !KNOWN_ALIASES.has(alias)) throw new MingoError(`Unknown type name alias: ${String(t)}`);
    wanted.add(alias);
  }
  return wanted;
}

const resolved = (obj: Doc, selector: string): unknown => resolve(obj, selector, { unwrapArray: true });

const $type: QueryOperator = (selector, value) => {
  const wanted = typeSet(value);
  const matches = (v: unknown): boolean => {
    const alias = typeAlias(v);
    return alias !== undefined && (wanted.has(alias) || (wanted.has('number') && NUMERIC.has(alias)));
  };
  return (obj) => {
    const v = resolved(obj, selector);
    // an array matches 'array' itself, any other type through its elements
    return matches(v) || (Array.isArray(v) && v.some(matches));
  };
};

const $all: QueryOperator = (selector, value, options) => {
  if (!Array.isArray(value)) throw new MingoError('$all needs an array');
  if (value.length === 0) return () => false;
  // MongoDB: {f: {$all: [a, b]}} is {$and: [{f: a}, {f: b}]}, so a scalar field equal to the only value matches
  const parts = value.map((x) => {
    const asIs = x instanceof RegExp || (isPlainObject(x) && Object.keys(x)[0] === '$elemMatch');
    return new Query({ [selector]: asIs ? x : { $eq: x } }, options);
  });
  return (obj) => parts.every((q) => q.test(obj));
};

interface BinaryLike {
  sub_type: number;
  buffer: Uint8Array;
}
const isBinary = (v: unknown): v is BinaryLike => bsonTypeOf(v) === 'Binary';

/** BinData order: length, then subtype, then bytes. */
function compareBinary(a: BinaryLike, b: BinaryLike): number {
  if (a.buffer.length !== b.buffer.length) return a.buffer.length - b.buffer.length;
  if (a.sub_type !== b.sub_type) return a.sub_type - b.sub_type;
  return Buffer.compare(Buffer.from(a.buffer), Buffer.from(b.buffer));
}

function comparison(original: QueryOperator, ok: (c: number) => boolean): QueryOperator {
  return (selector, value, options) => {
    if (!isBinary(value)) return original(selector, value, options);
    const test = (v: unknown) => isBinary(v) && ok(compareBinary(v, value));
    return (obj) => {
      const v = resolved(obj, selector);
      return Array.isArray(v) ? v.some(test) : test(v);
    };
  };
}

/** Bit `i` of a value MongoDB can bit-test: integral numbers (two's complement, sign-extended) and binary data. */
function bitReader(v: unknown): ((i: number) => boolean) | null {
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || Math.abs(v) > 2 ** 63) return null;
    const big = BigInt(v);
    return (i) => ((big >> BigInt(i)) & 1n) === 1n;
  }
  const t = bsonTypeOf(v);
  if (t === 'Long') {
    const big = BigInt((v as { toString(): string }).toString());
    return (i) => ((big >> BigInt(i)) & 1n) === 1n;
  }
  if (isBinary(v)) {
    const bytes = v.buffer;
    return (i) => (i >> 3 < bytes.length ? ((bytes[i >> 3] >> (i & 7)) & 1) === 1 : false);
  }
  return null;
}

function bitPositions(mask: unknown): number[] {
  if (Array.isArray(mask)) {
    if (!mask.every((i) => Number.isInteger(i) && i >= 0))
      throw new MingoError('bit positions must be non-negative integers');
    return mask as number[];
  }
  const read = bitReader(mask);
  if (!read || (typeof mask === 'number' && mask < 0))
    throw new MingoError(
      'a bitmask must be a non-negative integer, binary data or an array of bit positions',
    );
  const width = isBinary(mask) ? mask.buffer.length * 8 : 64;
  const out: number[] = [];
  for (let i = 0; i < width; i++) if (read(i)) out.push(i);
  return out;
}

function bitwise(all: boolean, set: boolean): QueryOperator {
  return (selector, value) => {
    const positions = bitPositions(value);
    const test = (v: unknown) => {
      const bit = bitReader(v);
      if (!bit) return false;
      const hit = (i: number) => bit(i) === set;
      return all ? positions.every(hit) : positions.some(hit);
    };
    return (obj) => {
      const v = resolved(obj, selector);
      return Array.isArray(v) ? v.some(test) : test(v);
    };
  };
}

const DBREF_FIELDS = new Set(['$ref', '$id', '$db']);
/** Stands in for a DBRef field name so mingo reads it as a field, not an operator (BSON names never hold NUL). */
const dbrefStandin = (k: string) => (DBREF_FIELDS.has(k) ? '\u0000' + k : k);
function renameDbRefFields(d: Doc): Doc {
  const out: Doc = {};
  for (const k of Object.keys(d)) out[dbrefStandin(k)] = d[k];
  return out;
}

const $elemMatch: QueryOperator = (selector, value, options) => {
  if (!isPlainObject(value) || !Object.keys(value).some((k) => DBREF_FIELDS.has(k)))
    return (mingoQuery.$elemMatch as QueryOperator)(selector, value, options);
  const q = new Query(renameDbRefFields(value), options);
  return (obj) => {
    const arr = resolved(obj, selector);
    return Array.isArray(arr) && arr.some((el) => isPlainObject(el) && q.test(renameDbRefFields(el)));
  };
};

const gt = mingoQuery.$gt as QueryOperator;
const gte = mingoQuery.$gte as QueryOperator;
const lt = mingoQuery.$lt as QueryOperator;
const lte = mingoQuery.$lte as QueryOperator;

export const QUERY_OVERRIDES: Record<string, QueryOperator> = {
  $type,
  $all,
  $elemMatch,
  $gt: comparison(gt, (c) => c > 0),
  $gte: comparison(gte, (c) => c >= 0),
  $lt: comparison(lt, (c) => c < 0),
  $lte: comparison(lte, (c) => c <= 0),
  $bitsAllSet: bitwise(true, true),
  $bitsAnySet: bitwise(false, true),
  $bitsAllClear: bitwise(true, false),
  $bitsAnyClear: bitwise(false, false),
};
