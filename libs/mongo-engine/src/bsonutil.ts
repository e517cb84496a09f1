// One place for how documents cross the BSON boundary, and for value identity used by indexes.
import { BSON, Binary, DBRef, Long, ObjectId } from 'bson';
import { isEqual as mingoIsEqual } from 'mingo/util';

// A document holds any BSON value; code reading a field narrows it where it matters.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Doc = Record<string, any>;

/** Plain JS numbers for Int32/Double/safe Longs, so update operators and mingo see ordinary values. */
export const DESERIALIZE_OPTIONS = {
  promoteValues: true,
  promoteLongs: true,
  promoteBuffers: false,
  bsonRegExp: false,
} as const;

/** A DBRef's first field name as BSON spells it; bson has no option to stop turning such objects into DBRefs. */
const DBREF_FIELD = Buffer.from('$ref\0');

export function decode(buf: Uint8Array): Doc {
  const doc = BSON.deserialize(buf, DESERIALIZE_OPTIONS) as Doc;
  const bytes = Buffer.isBuffer(buf) ? buf : Buffer.from(buf.buffer, buf.byteOffset, buf.length);
  return bytes.indexOf(DBREF_FIELD) >= 0 ? (plainDbRefs(doc) as Doc) : doc;
}

/**
 * DBRefs as the plain `{ $ref, $id, $db }` documents they are on the wire, so queries and updates see the fields
 * `$ref` / `$id` like MongoDB does (a DBRef instance has `collection` / `oid` instead); they are encoded back
 * to the same bytes.
 */
function plainDbRefs(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(plainDbRefs);
  if (bsonType(v) === 'DBRef') {
    const ref = v as DBRef;
    const out: Doc = { $ref: ref.collection, $id: plainDbRefs(ref.oid) };
    if (ref.db !== undefined) out.$db = ref.db;
    for (const [k, x] of Object.entries(ref.fields ?? {})) setField(out, k, plainDbRefs(x));
    return out;
  }
  if (isPlainObject(v)) {
    for (const k of Object.keys(v)) {
      const x = (v as Doc)[k];
      if (x !== null && typeof x === 'object') setField(v, k, plainDbRefs(x));
    }
  }
  return v;
}

const SERIALIZE_OPTIONS = { ignoreUndefined: true, checkKeys: false } as const;
/** bson serializes into a 17 MiB scratch buffer by default and may silently truncate beyond it. */
const SCRATCH_SAFE_BYTES = 16 * 1024 * 1024;

export function encode(doc: Doc): Buffer {
  try {
    const out = BSON.serialize(doc, SERIALIZE_OPTIONS);
    if (out.length < SCRATCH_SAFE_BYTES) return Buffer.from(out.buffer, out.byteOffset, out.length);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
  }
  const size = BSON.calculateObjectSize(doc, SERIALIZE_OPTIONS);
  // minInternalBufferSize is honoured by bson at run time but missing from its typings
  const out = BSON.serialize(doc, { ...SERIALIZE_OPTIONS, minInternalBufferSize: size + 1024 } as Parameters<
    typeof BSON.serialize
  >[1]);
  if (out.length !== size) throw new Error(`BSON encoding produced ${out.length} bytes, expected ${size}`);
  return Buffer.from(out.buffer, out.byteOffset, out.length);
}

export function bsonSize(doc: Doc): number {
  return BSON.calculateObjectSize(doc, { ignoreUndefined: true });
}

export const isEqual = mingoIsEqual as (a: unknown, b: unknown) => boolean;

/**
 * A document's own field, never one inherited from Object.prototype: MongoDB field names such as `constructor`
 * or `__proto__` are plain data, and reading `doc.constructor` would otherwise find a function.
 */
export function ownField(container: unknown, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(container, key) ? (container as Doc)[key] : undefined;
}

/** Store a field as plain data; `obj.__proto__ = v` would replace the prototype instead (or pollute it). */
export function setField(container: Doc, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(container, key, { value, writable: true, enumerable: true, configurable: true });
  else container[key] = value;
}

export function isPlainObject(v: unknown): v is Doc {
  return (
    v !== null &&
    typeof v === 'object' &&
    (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null)
  );
}

function bsonType(v: unknown): string | undefined {
  return v && typeof v === 'object' ? (v as { _bsontype?: string })._bsontype : undefined;
}

/**
 * A canonical string per BSON value under MongoDB equality (1 == 1.0 == Long(1); embedded documents compare
 * field-order-sensitively). Hash indexes are keyed by it.
 */
export function keyOf(v: unknown): string {
  if (v === undefined || v === null) return 'n';
  switch (typeof v) {
    case 'number':
      return Number.isNaN(v) ? 'NaN' : flatKey('N', String(Object.is(v, -0) ? 0 : v));
    case 'string':
      return flatKey('S', v);
    case 'boolean':
      return v ? 'T' : 'F';
    case 'bigint':
      return 'N' + v.toString();
  }
  if (v instanceof Date) return dateKey(v.getTime());
  if (v instanceof RegExp) return 'R' + v.source + '/' + v.flags;
  if (Array.isArray(v)) return '[' + JSON.stringify(v.map(keyOf));
  const t = bsonType(v);
  if (t === 'ObjectId') return objectIdKey(v as ObjectId);
  if (t === 'Long') return 'N' + (v as Long).toString();
  if (t === 'Int32' || t === 'Double') return keyOf((v as { valueOf(): number }).valueOf());
  if (t === 'Decimal128') return 'M' + String(v);
  if (t === 'Binary')
    return 'X' + (v as Binary).sub_type + ':' + Buffer.from((v as Binary).buffer).toString('base64');
  if (t) return t + ':' + JSON.stringify(v);
  return '{' + JSON.stringify(Object.entries(v as Doc).map(([k, x]) => [k, keyOf(x)]));
}

/** keyOf a Date holding `ms`. */
export function dateKey(ms: number): string {
  return flatKey('D', String(ms));
}

/**
 * tag + s as one flat string. V8 represents a concatenation of 13 or more characters as a pair of pieces;
 * as a map key held by a million index entries that costs memory and time. join builds a flat string.
 */
function flatKey(tag: string, s: string): string {
  return s.length < 12 ? tag + s : [tag, s].join('');
}

/**
 * 'O' + the 12 bytes as one-byte characters: a short flat string (a hex string would be twice as long, and
 * 'O' + hex a two-part string), which matters with a million of them as map keys. bson 7 keeps an ObjectId as
 * four 24-bit integers i0..i3; anything else falls back to the hex form.
 */
function objectIdKey(id: ObjectId): string {
  const { i0, i1, i2, i3 } = id as unknown as Record<string, number>;
  if (typeof i0 !== 'number' || typeof i3 !== 'number') return 'O' + id.toHexString();
  // prettier-ignore
  return String.fromCharCode(79, i0 >> 16, (i0 >> 8) & 255, i0 & 255, i1 >> 16, (i1 >> 8) & 255, i1 & 255,
    i2 >> 16, (i2 >> 8) & 255, i2 & 255, i3 >> 16, (i3 >> 8) & 255, i3 & 255);
}

/**
 * True when two values would be stored as the same bytes: field order counts and a Binary's subtype counts
 * (unlike query equality). An update that leaves a document identical is a no-op (nModified 0, no journal write).
 */
export function identical(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a))
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => identical(x, b[i]));
  if (Array.isArray(b)) return false;
  if (isPlainObject(a)) {
    if (!isPlainObject(b)) return false;
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k, i) => k === kb[i] && identical(a[k], b[k]));
  }
  if (isPlainObject(b) || bsonType(a) !== bsonType(b)) return false;
  if (a instanceof Date) return b instanceof Date && a.getTime() === b.getTime();
  return keyOf(a) === keyOf(b);
}

/** Values we can look up by key equality in a hash index (anything else falls back to a scan). */
export function isHashableForLookup(v: unknown): boolean {
  if (Array.isArray(v) || v instanceof RegExp) return false;
  const t = bsonType(v);
  if (t === 'Decimal128' || t === 'MinKey' || t === 'MaxKey') return false;
  if (isPlainObject(v)) return !Object.keys(v).some((k) => k.startsWith('$'));
  return true;
}

/** True if `v` nests objects/arrays deeper than `limit` levels (MongoDB refuses more than 100). */
export function tooDeep(v: unknown, limit: number): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (limit <= 0) return true;
  if (Array.isArray(v)) return v.some((x) => tooDeep(x, limit - 1));
  if (!isPlainObject(v)) return false;
  for (const k in v) if (tooDeep((v as Doc)[k], limit - 1)) return true;
  return false;
}

/** Copy-on-write: stored documents are never mutated, updates work on a deep copy of containers. */
export function cloneDoc<T>(v: T): T {
  if (Array.isArray(v)) return v.map(cloneDoc) as T;
  if (v instanceof Date) return new Date(v.getTime()) as T;
  if (isPlainObject(v)) {
    const out: Doc = {};
    for (const k of Object.keys(v)) setField(out, k, cloneDoc((v as Doc)[k]));
    return out as T;
  }
  return v;
}

/**
 * Stands in for a field named `__proto__` wherever mingo handles documents: mingo refuses such paths and its
 * copies drop such fields. BSON field names cannot contain NUL, so no real field collides with it.
 */
export const PROTO_STANDIN = '\u0000__proto__';

/** Deep copy with every field name passed through `rename`; `found.any` records whether one changed. */
export function renameFields(v: unknown, rename: (k: string) => string, found = { any: false }): unknown {
  if (Array.isArray(v)) return v.map((x) => renameFields(x, rename, found));
  if (v instanceof Date) return new Date(v.getTime());
  if (!isPlainObject(v)) return v;
  const out: Doc = {};
  for (const k of Object.keys(v)) {
    const name = rename(k);
    if (name !== k) found.any = true;
    setField(out, name, renameFields(v[k], rename, found));
  }
  return out;
}

/** True if any field name inside `v` mentions `__proto__` (checked without copying). */
export function mentionsProto(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(mentionsProto);
  if (!isPlainObject(v)) return false;
  for (const k of Object.keys(v)) if (k.includes('__proto__') || mentionsProto(v[k])) return true;
  return false;
}

/** `__proto__` as a field name or dotted-path component becomes PROTO_STANDIN. */
export const protoToStandin = (k: string): string =>
  k.includes('__proto__')
    ? k
        .split('.')
        .map((p) => (p === '__proto__' ? PROTO_STANDIN : p))
        .join('.')
    : k;

/** Put _id first, as MongoDB stores it. */
export function idFirst(doc: Doc): Doc {
  const keys = Object.keys(doc);
  if (keys[0] === '_id' || !('_id' in doc)) return doc;
  const out: Doc = { _id: doc._id };
  for (const k of keys) if (k !== '_id') setField(out, k, doc[k]);
  return out;
}

/** Render a value the way the MongoDB shell would in error messages (dup key: { email: "a@b" }). */
export function shellString(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (Array.isArray(v)) return '[ ' + v.map(shellString).join(', ') + ' ]';
  const t = bsonType(v);
  if (t === 'ObjectId') return `ObjectId('${(v as ObjectId).toHexString()}')`;
  if (t) return `${t}(${String(v)})`;
  if (isPlainObject(v))
    return (
      '{ ' +
      Object.entries(v)
        .map(([k, x]) => `${k}: ${shellString(x)}`)
        .join(', ') +
      ' }'
    );
  return String(v);
}

export { Long, ObjectId };
