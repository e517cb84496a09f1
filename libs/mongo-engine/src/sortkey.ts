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

/** Keys per chunk of an OrderedKeys: a chunk twice this long is split in two. */
const CHUNK = 512;

interface Chunk {
  sorted: string[];
  keys: string[];
}

/**
 * Distinct keys of an index in sorted order: the order-preserving encodings ascending, each with the
 * index's hash key, addressed by position (0 .. size - 1). Held in chunks of up to 2 x CHUNK, each kept
 * sorted by binary search and splice: a new or vanished key moves at most a chunk's entries, not every
 * key after it. One flat array moved up to all of them on each write, so at 100,000 invitations every
 * invitation written cost each index with built keys a copy of 100,000 entries (new invitations sort
 * first in the newest-first indexes): a bulk invite of 500 took 3-5 s instead of 1.
 */
export class OrderedKeys {
  private chunks: Chunk[] = [];
  /** starts[c]: the position of chunk c's first key; valid below `validStarts`. */
  private starts: number[] = [];
  private validStarts = 0;
  private total = 0;

  constructor(private readonly chunkSize = CHUNK) {}

  get size(): number {
    return this.total;
  }

  /** The chunk a key `s` belongs in: the first whose last encoding is >= s (else the last chunk). */
  private chunkFor(s: string): number {
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.chunks[mid].sorted;
      if (c[c.length - 1] < s) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Brings `starts` up to date for every chunk (from the first one a write moved). */
  private ensureStarts(): void {
    if (this.validStarts >= this.chunks.length) return;
    const v = this.validStarts;
    let at = v === 0 ? 0 : this.starts[v - 1] + this.chunks[v - 1].sorted.length;
    for (let i = v; i < this.chunks.length; i++) {
      this.starts[i] = at;
      at += this.chunks[i].sorted.length;
    }
    this.starts.length = this.chunks.length;
    this.validStarts = this.chunks.length;
  }

  private startOf(c: number): number {
    if (this.validStarts <= c) this.ensureStarts();
    return this.starts[c];
  }

  /** The chunk holding position `i` (0 <= i < size) and the position inside it. */
  private locate(i: number): [number, number] {
    this.ensureStarts();
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid] <= i) lo = mid;
      else hi = mid - 1;
    }
    return [lo, i - this.starts[lo]];
  }

  /** The index's hash key at position `i`. */
  keyAt(i: number): string {
    const [c, at] = this.locate(i);
    return this.chunks[c].keys[at];
  }

  /** The encoding at position `i`. */
  sortedAt(i: number): string {
    const [c, at] = this.locate(i);
    return this.chunks[c].sorted[at];
  }

  /**
   * The hash keys at positions start .. end - 1, in order (reversed with `reverse`), a chunk at a time.
   * A cursor may read them lazily, across writes that move positions (as a flat array's would move):
   * the walk then stops at either end of the keys rather than past it.
   */
  *keysIn(start: number, end: number, reverse = false): Generator<string> {
    end = Math.min(end, this.total);
    if (end <= start) return;
    let [c, at] = this.locate(reverse ? end - 1 : start);
    for (let n = end - start; n > 0; n--) {
      if (reverse) {
        if (c >= this.chunks.length) [c, at] = [this.chunks.length - 1, Number.MAX_SAFE_INTEGER];
        if (c >= 0 && at >= this.chunks[c].keys.length) at = this.chunks[c].keys.length - 1;
        while (c >= 0 && at < 0) {
          c--;
          if (c >= 0) at = this.chunks[c].keys.length - 1;
        }
        if (c < 0) return;
        yield this.chunks[c].keys[at--];
      } else {
        while (c < this.chunks.length && at >= this.chunks[c].keys.length) {
          c++;
          at = 0;
        }
        if (c >= this.chunks.length) return;
        yield this.chunks[c].keys[at++];
      }
    }
  }

  /** The first position whose encoding is >= `s`. */
  lowerBound(s: string): number {
    if (this.total === 0) return 0;
    const c = this.chunkFor(s);
    return this.startOf(c) + lowerBoundIn(this.chunks[c].sorted, s);
  }

  /** The first position whose encoding does not start with `prefix` (after the run of those that do). */
  prefixEnd(prefix: string): number {
    if (prefix === '') return this.total;
    // every character of an encoding is <= U+FFFF, so prefix + U+FFFF... bounds the run from above; a key
    // equal to the prefix followed by U+FFFF characters is handled by the check loop
    let i = this.lowerBound(prefix + '\uffff');
    while (i < this.total && this.sortedAt(i).startsWith(prefix)) i++;
    return i;
  }

  insert(s: string, key: string): void {
    if (this.total === 0) {
      this.chunks = [{ sorted: [s], keys: [key] }];
      this.total = 1;
      this.validStarts = 0;
      return;
    }
    const c = this.chunkFor(s);
    const chunk = this.chunks[c];
    const at = lowerBoundIn(chunk.sorted, s);
    if (chunk.sorted[at] === s) return;
    if (at === chunk.sorted.length) {
      chunk.sorted.push(s);
      chunk.keys.push(key);
    } else {
      chunk.sorted.splice(at, 0, s);
      chunk.keys.splice(at, 0, key);
    }
    this.total++;
    if (chunk.sorted.length >= 2 * this.chunkSize) {
      const half = chunk.sorted.length >>> 1;
      this.chunks.splice(c + 1, 0, { sorted: chunk.sorted.splice(half), keys: chunk.keys.splice(half) });
      this.validStarts = Math.min(this.validStarts, c);
    } else this.validStarts = Math.min(this.validStarts, c + 1);
  }

  remove(s: string): void {
    if (this.total === 0) return;
    const c = this.chunkFor(s);
    const chunk = this.chunks[c];
    const at = lowerBoundIn(chunk.sorted, s);
    if (chunk.sorted[at] !== s) return;
    if (at === chunk.sorted.length - 1) {
      chunk.sorted.pop();
      chunk.keys.pop();
    } else {
      chunk.sorted.splice(at, 1);
      chunk.keys.splice(at, 1);
    }
    this.total--;
    if (chunk.sorted.length === 0) {
      this.chunks.splice(c, 1);
      this.validStarts = Math.min(this.validStarts, c);
    } else this.validStarts = Math.min(this.validStarts, c + 1);
  }

  /** Build from unsorted pairs at once (sorting once beats inserting one by one). */
  static from(pairs: Array<[string, string]>, chunkSize = CHUNK): OrderedKeys {
    pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const o = new OrderedKeys(chunkSize);
    let chunk: Chunk | null = null;
    let last: string | null = null;
    for (const [s, k] of pairs) {
      if (s === last) continue;
      last = s;
      if (!chunk || chunk.sorted.length >= chunkSize) {
        chunk = { sorted: [], keys: [] };
        o.chunks.push(chunk);
      }
      chunk.sorted.push(s);
      chunk.keys.push(k);
      o.total++;
    }
    return o;
  }
}

function lowerBoundIn(sorted: string[], s: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < s) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
