// A collection's documents kept as their BSON bytes, decoded when read.
//
// A million small documents as JavaScript objects take ~500 bytes each and millions of heap objects (each ObjectId,
// Date and sub-document is one) that every full GC walks; as BSON they take their encoded size plus one view.
// Reads get a fresh decoded copy, so nothing a caller does to a document can reach the stored one. Loading a
// snapshot reads only the fields the indexes need (fieldsOf), not the whole document.
import { BSON, ObjectId } from 'bson';
import { DESERIALIZE_OPTIONS, Doc, decode, encode } from './bsonutil';

export class DocStore {
  private readonly raw = new Map<string, Uint8Array>();

  get size(): number {
    return this.raw.size;
  }

  has(key: string): boolean {
    return this.raw.has(key);
  }

  get(key: string): Doc | undefined {
    const bytes = this.raw.get(key);
    return bytes && decode(bytes);
  }

  getRaw(key: string): Uint8Array | undefined {
    return this.raw.get(key);
  }

  set(key: string, doc: Doc): void {
    this.raw.set(key, encode(doc));
  }

  setRaw(key: string, bytes: Uint8Array): void {
    this.raw.set(key, bytes);
  }

  delete(key: string): boolean {
    return this.raw.delete(key);
  }

  /** Decoded documents in insertion order (natural order). */
  *values(): IterableIterator<Doc> {
    for (const bytes of this.raw.values()) yield decode(bytes);
  }

  *entries(): IterableIterator<[string, Doc]> {
    for (const [k, bytes] of this.raw) yield [k, decode(bytes)];
  }

  [Symbol.iterator](): IterableIterator<[string, Doc]> {
    return this.entries();
  }

  rawValues(): IterableIterator<Uint8Array> {
    return this.raw.values();
  }

  rawEntries(): IterableIterator<[string, Uint8Array]> {
    return this.raw.entries();
  }
}

/**
 * The top-level fields `names` of a BSON document, decoding nothing else (all of them when `names` is null).
 * Used to index a document from a snapshot without building the whole object.
 */
export function fieldsOf(bytes: Uint8Array, names: ReadonlySet<string> | null): Doc {
  if (names === null) return decode(bytes);
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const wanted = nameBytes(names);
  const out: Doc = {};
  let found = 0;
  let i = 4;
  while (i < buf.length - 1 && found < wanted.length) {
    const type = buf[i];
    const nameEnd = buf.indexOf(0, i + 1);
    const start = nameEnd + 1;
    const end = start + valueSize(buf, type, start);
    const w = wanted.find((n) => sameBytes(buf, i + 1, nameEnd, n.bytes));
    if (w) {
      found++;
      out[w.name] = valueAt(buf, type, start, i, end);
    }
    i = end;
  }
  return out;
}

// field names as UTF-8, compared byte by byte (decoding every field name of a million documents is slow)
const nameCache = new WeakMap<ReadonlySet<string>, { name: string; bytes: Buffer }[]>();
function nameBytes(names: ReadonlySet<string>): { name: string; bytes: Buffer }[] {
  let w = nameCache.get(names);
  if (!w) nameCache.set(names, (w = [...names].map((name) => ({ name, bytes: Buffer.from(name, 'utf8') }))));
  return w;
}

function sameBytes(buf: Buffer, from: number, to: number, name: Buffer): boolean {
  if (to - from !== name.length) return false;
  for (let k = 0; k < name.length; k++) if (buf[from + k] !== name[k]) return false;
  return true;
}

function valueAt(buf: Buffer, type: number, start: number, elementStart: number, end: number): unknown {
  switch (type) {
    case 0x01:
      return buf.readDoubleLE(start);
    case 0x02:
      return buf.toString('utf8', start + 4, end - 1);
    case 0x07:
      // bson reads the 12 bytes at an offset (as its own deserializer does); the typings omit that overload
      return new (ObjectId as unknown as new (b: Uint8Array, offset: number) => ObjectId)(buf, start);
    case 0x08:
      return buf[start] === 1;
    case 0x09:
      return new Date(Number(buf.readBigInt64LE(start)));
    case 0x0a:
      return null;
    case 0x10:
      return buf.readInt32LE(start);
  }
  // anything else: decode a one-field document holding just this element
  const one = Buffer.alloc(4 + (end - elementStart) + 1);
  one.writeInt32LE(one.length, 0);
  buf.copy(one, 4, elementStart, end);
  const doc = BSON.deserialize(one, DESERIALIZE_OPTIONS) as Doc;
  return doc[Object.keys(doc)[0]];
}

/** Bytes taken by a value of BSON `type` starting at `at`. */
function valueSize(buf: Buffer, type: number, at: number): number {
  switch (type) {
    case 0x01: // double
    case 0x09: // date
    case 0x11: // timestamp
    case 0x12: // int64
      return 8;
    case 0x02: // string
    case 0x0d: // code
    case 0x0e: // symbol
      return 4 + buf.readInt32LE(at);
    case 0x03: // document
    case 0x04: // array
    case 0x0f: // code with scope
      return buf.readInt32LE(at);
    case 0x05: // binary
      return 4 + 1 + buf.readInt32LE(at);
    case 0x06: // undefined
    case 0x0a: // null
    case 0xff: // minKey
    case 0x7f: // maxKey
      return 0;
    case 0x07: // ObjectId
      return 12;
    case 0x08: // bool
      return 1;
    case 0x0b: {
      // regex: two cstrings
      const a = buf.indexOf(0, at);
      return buf.indexOf(0, a + 1) + 1 - at;
    }
    case 0x0c: // DBPointer
      return 4 + buf.readInt32LE(at) + 12;
    case 0x10: // int32
      return 4;
    case 0x13: // decimal128
      return 16;
  }
  throw new Error(`unknown BSON type 0x${type.toString(16)}`);
}

/** Each document of a BSON array's bytes (`{ d: [...] }` snapshot records), as views into `buf`. */
export function arrayDocs(buf: Buffer, arrayStart: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  const end = arrayStart + buf.readInt32LE(arrayStart) - 1;
  let i = arrayStart + 4;
  while (i < end) {
    const nameEnd = buf.indexOf(0, i + 1);
    const len = buf.readInt32LE(nameEnd + 1);
    out.push(buf.subarray(nameEnd + 1, nameEnd + 1 + len));
    i = nameEnd + 1 + len;
  }
  return out;
}

/** A `{ d: [docs] }` record payload built from documents' bytes, without decoding them (one allocation). */
export function docsRecord(docs: Uint8Array[]): Buffer {
  let arrayLen = 4 + 1; // length + terminator
  for (let i = 0; i < docs.length; i++) arrayLen += 1 + String(i).length + 1 + docs[i].byteLength;
  const total = 4 + 1 + 2 + arrayLen + 1;
  const out = Buffer.allocUnsafe(total);
  out.writeInt32LE(total, 0);
  out[4] = 0x04; // array
  out.write('d\0', 5, 'latin1');
  out.writeInt32LE(arrayLen, 7);
  let off = 11;
  for (let i = 0; i < docs.length; i++) {
    out[off++] = 0x03; // embedded document
    off += out.write(String(i), off, 'latin1');
    out[off++] = 0;
    out.set(docs[i], off);
    off += docs[i].byteLength;
  }
  out[off++] = 0; // end of array
  out[off++] = 0; // end of document
  return out;
}
