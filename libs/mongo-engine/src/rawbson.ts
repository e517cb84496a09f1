// Documents sent as the bytes they are stored as. A find without a projection (or with one that only keeps
// top-level fields) replies with each document's stored BSON (or its kept elements spliced together), not
// with a decoded copy encoded again: a list of large documents costs a copy of bytes, not a decode and an
// encode per field. The stored bytes are what encoding the decoded document gives (every write stores
// encode(doc)), so a client reads the same values either way.
import { BSON } from 'bson';
import { Doc, encode, isPlainObject } from './bsonutil';

/** A whole BSON document, to be written into a reply as it is. */
export class RawDoc {
  constructor(readonly bytes: Uint8Array) {}
}

/** True when a reply holds raw documents anywhere (a cursor batch of them). */
export function holdsRaw(v: unknown): boolean {
  if (v instanceof RawDoc) return true;
  if (Array.isArray(v)) return v.some(holdsRaw);
  if (isPlainObject(v)) for (const k of Object.keys(v)) if (holdsRaw(v[k])) return true;
  return false;
}

/** Bytes of a value as one BSON element named `name` (type byte, name, value), by encoding { name: value }. */
function element(name: string, value: unknown): Buffer {
  const one = BSON.serialize({ [name]: value }, { ignoreUndefined: true, checkKeys: false });
  return Buffer.from(one.buffer, one.byteOffset + 4, one.length - 5);
}

function cstring(name: string): Buffer {
  return Buffer.concat([Buffer.from(name, 'utf8'), Buffer.from([0])]);
}

/** A document (or array, as BSON arrays are documents keyed '0', '1', ...) whose values may be raw. */
function writeDoc(entries: Array<[string, unknown]>): Buffer {
  const parts: Buffer[] = [];
  for (const [k, v] of entries) {
    if (v instanceof RawDoc)
      parts.push(
        Buffer.from([0x03]),
        cstring(k),
        Buffer.from(v.bytes.buffer, v.bytes.byteOffset, v.bytes.byteLength),
      );
    else if (Array.isArray(v) && holdsRaw(v))
      parts.push(Buffer.from([0x04]), cstring(k), writeDoc(v.map((x, i) => [String(i), x])));
    else if (isPlainObject(v) && holdsRaw(v))
      parts.push(Buffer.from([0x03]), cstring(k), writeDoc(Object.entries(v)));
    else if (v !== undefined) parts.push(element(k, v));
  }
  let length = 4 + 1;
  for (const p of parts) length += p.length;
  const out = Buffer.allocUnsafe(length);
  out.writeInt32LE(length, 0);
  let at = 4;
  for (const p of parts) {
    p.copy(out, at);
    at += p.length;
  }
  out[at] = 0;
  return out;
}

/** A reply's BSON: raw documents inlined as they are, everything else encoded as usual. */
export function encodeReplyDoc(doc: Doc): Buffer {
  return holdsRaw(doc) ? writeDoc(Object.entries(doc)) : encode(doc);
}
