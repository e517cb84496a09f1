// Order-preserving strings for index keys: comparing two of them as JavaScript strings gives MongoDB's sort
// order of the values they encode, so an index's keys can be kept sorted and walked in order (sort + limit
// along an index, counting a key range) without decoding a document.
//
// Each value is a type-class character (MongoDB's order of BSON types) then a self-delimiting body, so
// concatenating the encodings of a compound key's fields compares field by field. A descending field is
// encoded with every character inverted, which reverses its order and keeps the encoding self-delimiting.
import { ObjectId } from 'bson';
import { isPlainObject } from './bsonutil';

// type classes, in MongoDB's sort order of BSON types (MinKey < null < numbers < strings < ... < dates)
const MIN_KEY = '\u0001';
const NULL = '\u0002';
const NUMBER = '\u0003';
const STRING = '\u0004';
const OBJECT_ID = '\u0007';
const BOOLEAN = '\u0008';
const DATE = '\u0009';

const scratch = new DataView(new ArrayBuffer(8));

/**
 * 8 characters whose string order is the numeric order of `n` (IEEE 754 bits, sign flipped; negatives
 * inverted). NaN comes first, as MongoDB sorts it below every other number; -0 is 0.
 */
function numberBody(n: number): string {
  if (Number.isNaN(n)) return '\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000';
  scratch.setFloat64(0, n === 0 ? 0 : n);
  const neg = scratch.getUint8(0) & 0x80;
  let s = '';
  for (let i = 0; i < 8; i++) {
    const b = scratch.getUint8(i);
    s += String.fromCharCode(neg ? 255 - b : i === 0 ? b | 0x80 : b);
  }
  return s;
}

/** A string, made self-delimiting: NUL becomes NUL 1, and NUL NUL ends it (so "ab" sorts before "abc"). */
function stringBody(s: string): string {
  return (s.includes('\u0000') ? s.split('\u0000').join('\u0000\u0001') : s) + '\u0000\u0000';
}

function bsonType(v: object): string | undefined {
  return (v as { _bsontype?: string })._bsontype;
}

/**
 * The order-preserving encoding of one index value (ascending), or null for a value this encoding does not
 * order (documents, arrays, binary data, regexes, timestamps, Decimal128, Longs beyond 2^53, MaxKey): an index
 * holding such a key is not used for ordered reads, which then sort the documents instead.
 */
export function sortKeyOf(v: unknown): string | null {
  if (v === undefined || v === null) return NULL;
  switch (typeof v) {
    case 'number':
      return NUMBER + numberBody(v);
    case 'string':
      return STRING + stringBody(v);
    case 'boolean':
      return BOOLEAN + (v ? '\u0001' : '\u0000');
    case 'object':
      break;
    default:
      return null;
  }
  if (v instanceof Date) {
    const ms = v.getTime();
    return Number.isNaN(ms) ? null : DATE + numberBody(ms);
  }
  if (isPlainObject(v) || Array.isArray(v)) return null;
  switch (bsonType(v)) {
    case 'ObjectId': {
      const bytes = (v as ObjectId).id;
      let s = OBJECT_ID;
      for (let i = 0; i < 12; i++) s += String.fromCharCode(bytes[i]);
      return s;
    }
    case 'Int32':
    case 'Double':
      return NUMBER + numberBody((v as { valueOf(): number }).valueOf());
    case 'Long': {
      const n = Number(String(v));
      return Number.isSafeInteger(n) ? NUMBER + numberBody(n) : null;
    }
    case 'MinKey':
      return MIN_KEY;
  }
  return null;
}

/** Every character inverted: the descending encoding of an ascending one. */
export function invert(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += String.fromCharCode(0xffff - s.charCodeAt(i));
  return out;
}

/** The encoding of a compound key: each field's value, inverted where the index (or sort) is descending. */
export function compoundSortKey(values: readonly unknown[], descending: readonly boolean[]): string | null {
  let out = '';
  for (let i = 0; i < values.length; i++) {
    const k = sortKeyOf(values[i]);
    if (k === null) return null;
    out += descending[i] ? invert(k) : k;
  }
  return out;
}

/**
 * Distinct keys of an index in sorted order: `sorted` holds the order-preserving encodings ascending, `keys`
 * the index's hash key at the same position. Kept sorted by binary search and splice on each new or vanished
 * key (an index whose keys grow with time, like ids, appends at the end).
 */
export class OrderedKeys {
  readonly sorted: string[] = [];
  readonly keys: string[] = [];

  /** The first position whose encoding is >= `s`. */
  lowerBound(s: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sorted[mid] < s) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first position whose encoding does not start with `prefix` (after the run of those that do). */
  prefixEnd(prefix: string): number {
    if (prefix === '') return this.sorted.length;
    // every character of an encoding is <= U+FFFF, so prefix + U+FFFF... bounds the run from above; a key
    // equal to the prefix followed by U+FFFF characters is handled by the check loop
    let i = this.lowerBound(prefix + '\uffff');
    while (i < this.sorted.length && this.sorted[i].startsWith(prefix)) i++;
    return i;
  }

  insert(s: string, key: string): void {
    const at = this.lowerBound(s);
    if (this.sorted[at] === s) return;
    if (at === this.sorted.length) {
      this.sorted.push(s);
      this.keys.push(key);
    } else {
      this.sorted.splice(at, 0, s);
      this.keys.splice(at, 0, key);
    }
  }

  remove(s: string): void {
    const at = this.lowerBound(s);
    if (this.sorted[at] !== s) return;
    if (at === this.sorted.length - 1) {
      this.sorted.pop();
      this.keys.pop();
    } else {
      this.sorted.splice(at, 1);
      this.keys.splice(at, 1);
    }
  }

  get size(): number {
    return this.sorted.length;
  }

  /** Build from unsorted pairs at once (sorting once beats inserting one by one). */
  static from(pairs: Array<[string, string]>): OrderedKeys {
    pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const o = new OrderedKeys();
    for (const [s, k] of pairs) {
      if (o.sorted.length && o.sorted[o.sorted.length - 1] === s) continue;
      o.sorted.push(s);
      o.keys.push(k);
    }
    return o;
  }
}
