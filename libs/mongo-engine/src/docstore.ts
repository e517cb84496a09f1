// A collection's documents kept as their BSON bytes in an arena, decoded when read.
//
// A million small documents as JavaScript objects take ~500 bytes each and millions of heap objects (each ObjectId,
// Date and sub-document is one) that every full GC walks. As one Uint8Array each they still cost a typed-array
// object and usually a backing store per document (a few hundred bytes, most of the engine's memory at 1M). So the
// bytes live in large slabs, and each document is a slot: the map holds the slot number, two typed arrays hold the
// slot's slab and offset (the BSON length is the document's first 4 bytes).
//
// Stored bytes are never overwritten: a replaced document is appended anew and a deleted one left in place, as
// garbage. That keeps a compaction's capture valid while writes go on (it holds the slabs and offsets it saw).
// A slab whose garbage reaches an eighth of what was placed in it is reclaimed: its live documents are copied to the
// slab being appended to and the arena drops it (a capture still holding it keeps it alive until it is done).
// Reads get a fresh decoded copy, so nothing a caller does to a document can reach the stored one.
import { ObjectId } from 'bson';
import { Doc, decode, encode, keyOf, setField } from './bsonutil';
import { BulkMap } from './bulkmap';

const FIRST_SLAB = 64 * 1024;
const MAX_SLAB = 16 * 1024 * 1024;

/** A consistent view of a collection's documents at one instant (see Journal.capture). */
export interface DocsCapture {
  readonly count: number;
  /** document `i`'s bytes (a view into a slab nothing overwrites) */
  bytes(i: number): Uint8Array;
}

export class DocStore {
  /** id key -> slot, in insertion order (natural order); a snapshot's ids are appended to typed arrays (bulkmap.ts) */
  private readonly slots = new BulkMap<number>();
  private slabOf = new Int32Array(1024);
  private offOf = new Int32Array(1024);
  private readonly freeSlots: number[] = [];
  private slotCount = 0;

  /** slab index -> its buffer (null once reclaimed), bytes placed in it, bytes of it still live */
  private readonly slabs: (Buffer | null)[] = [];
  private readonly placed: number[] = [];
  private readonly live: number[] = [];
  private readonly freeSlabs: number[] = [];
  /** the slab appended to, and its write position */
  private current = -1;
  private writeAt = 0;
  /** bytes of live documents in all slabs */
  private liveTotal = 0;
  private reclaiming = false;
  /** the last buffer handed to adopt() and its slab index */
  private adopted: { buf: Buffer; slab: number } | null = null;
  /** slabs made from adopted buffers (snapshot chunks, shared with the other collections read from them) */
  private readonly adoptedSlabs = new Set<number>();

  get size(): number {
    return this.slots.size;
  }

  has(key: string): boolean {
    return this.slots.has(key);
  }

  get(key: string): Doc | undefined {
    const slot = this.slots.get(key);
    return slot === undefined ? undefined : decode(this.view(slot));
  }

  getRaw(key: string): Uint8Array | undefined {
    const slot = this.slots.get(key);
    return slot === undefined ? undefined : this.view(slot);
  }

  set(key: string, doc: Doc): void {
    this.setRaw(key, encode(doc));
  }

  /** Store a copy of `bytes` (a whole BSON document) as the document `key`. */
  setRaw(key: string, bytes: Uint8Array): void {
    const len = bytes.byteLength;
    // a loop: a new slab first takes the live documents of the one before when that one is worth reclaiming,
    // which may leave less room than `len`; the next new slab then reclaims nothing (its predecessor has no
    // garbage yet) and has room
    while (this.current < 0 || this.writeAt + len > this.slabs[this.current]!.length) this.newSlab(len);
    const slab = this.current;
    const at = this.writeAt;
    this.slabs[slab]!.set(bytes, at);
    this.writeAt += len;
    this.placed[slab] += len;
    this.live[slab] += len;
    this.liveTotal += len;
    this.place(key, slab, at);
  }

  /**
   * Make `buf` (bytes read from a snapshot, never written to afterwards) a slab as it is, for documents to be
   * added from it with setAt. Returns its slab index; the same buffer twice gives the same slab.
   */
  adopt(buf: Buffer): number {
    if (this.adopted?.buf === buf) return this.adopted.slab;
    const slab = this.addSlab(buf);
    this.adopted = { buf, slab };
    this.adoptedSlabs.add(slab);
    return slab;
  }

  /**
   * After a snapshot is loaded: copy this collection's documents out of adopted chunks that are mostly other
   * collections' bytes (a small collection read from a 16 MiB chunk would keep it all alive, and with it the
   * garbage the big collection leaves there as its documents are replaced), and drop them.
   */
  settleAdopted(): void {
    for (const slab of this.adoptedSlabs)
      if (this.slabs[slab] && this.placed[slab] * 2 < this.slabs[slab]!.length) this.reclaim(slab);
    this.adoptedSlabs.clear();
    this.adopted = null;
  }

  /** Add a new document (its key not yet stored) at `offset` of an adopted slab (its length is its first 4 bytes). */
  setAt(key: string, slab: number, offset: number): void {
    const len = this.slabs[slab]!.readInt32LE(offset);
    this.placed[slab] += len;
    this.live[slab] += len;
    this.liveTotal += len;
    // a snapshot holds each id once: a new slot without looking the key up first (a million lookups saved)
    const slot = this.slotCount++;
    if (slot >= this.slabOf.length) this.growSlots();
    this.slabOf[slot] = slab;
    this.offOf[slot] = offset;
    const before = this.slots.size;
    this.slots.load(key, slot);
    if (this.slots.size === before)
      throw new Error(`snapshot holds the document ${JSON.stringify(key)} twice`);
  }

  delete(key: string): boolean {
    const slot = this.slots.get(key);
    if (slot === undefined) return false;
    this.slots.delete(key);
    this.release(slot);
    this.freeSlots.push(slot);
    return true;
  }

  /** Decoded documents in insertion order (natural order). */
  *values(): IterableIterator<Doc> {
    for (const slot of this.slots.values()) yield decode(this.view(slot));
  }

  *entries(): IterableIterator<[string, Doc]> {
    for (const [k, slot] of this.slots) yield [k, decode(this.view(slot))];
  }

  [Symbol.iterator](): IterableIterator<[string, Doc]> {
    return this.entries();
  }

  *rawEntries(): IterableIterator<[string, Uint8Array]> {
    for (const [k, slot] of this.slots) yield [k, this.view(slot)];
  }

  *rawValues(): IterableIterator<Uint8Array> {
    for (const slot of this.slots.values()) yield this.view(slot);
  }

  /** The id keys in natural order. */
  keys(): IterableIterator<string> {
    return this.slots.keys();
  }

  /** Every document's location now, in natural order; valid however the store changes afterwards. */
  capture(): DocsCapture {
    const count = this.slots.size;
    const slabOf = new Int32Array(count);
    const offOf = new Int32Array(count);
    let i = 0;
    for (const slot of this.slots.values()) {
      slabOf[i] = this.slabOf[slot];
      offOf[i++] = this.offOf[slot];
    }
    // the slab list as it is now: a slab reclaimed later stays reachable from here
    const slabs = this.slabs.slice();
    return {
      count,
      bytes(k: number): Uint8Array {
        const buf = slabs[slabOf[k]]!;
        const at = offOf[k];
        return buf.subarray(at, at + buf.readInt32LE(at));
      },
    };
  }

  /** Memory held: the slabs' sizes and the bytes of live documents in them (tests, diagnostics). */
  stats(): { slabs: number; slabBytes: number; liveBytes: number } {
    let slabs = 0;
    let slabBytes = 0;
    let liveBytes = 0;
    this.slabs.forEach((b, i) => {
      if (!b) return;
      slabs++;
      slabBytes += b.length;
      liveBytes += this.live[i];
    });
    return { slabs, slabBytes, liveBytes };
  }

  private view(slot: number): Buffer {
    const buf = this.slabs[this.slabOf[slot]]!;
    const at = this.offOf[slot];
    return buf.subarray(at, at + buf.readInt32LE(at));
  }

  /** Point `key` at a location, reusing its slot (so it keeps its place in natural order) or taking a new one. */
  private place(key: string, slab: number, offset: number): void {
    let slot = this.slots.get(key);
    if (slot !== undefined) this.release(slot);
    else {
      slot = this.freeSlots.pop() ?? this.slotCount++;
      if (slot >= this.slabOf.length) this.growSlots();
      this.slots.set(key, slot);
    }
    this.slabOf[slot] = slab;
    this.offOf[slot] = offset;
  }

  /** The slot's current bytes become garbage; the slot names no slab until it is placed again. */
  private release(slot: number): void {
    const slab = this.slabOf[slot];
    const len = this.slabs[slab]!.readInt32LE(this.offOf[slot]);
    this.slabOf[slot] = -1;
    this.live[slab] -= len;
    this.liveTotal -= len;
    if (slab !== this.current && worthReclaiming(this.live[slab], this.placed[slab])) this.reclaim(slab);
  }

  /** Copy a slab's live documents (it is worth reclaiming) to the current slab and drop it. */
  private reclaim(slab: number): void {
    this.reclaiming = true;
    if (this.live[slab] > 0) {
      const buf = this.slabs[slab]!;
      for (let s = 0; s < this.slotCount; s++) {
        if (this.slabOf[s] !== slab) continue;
        const at = this.offOf[s];
        const len = buf.readInt32LE(at);
        if (this.current < 0 || this.writeAt + len > this.slabs[this.current]!.length) this.newSlab(len);
        buf.copy(this.slabs[this.current]!, this.writeAt, at, at + len);
        this.slabOf[s] = this.current;
        this.offOf[s] = this.writeAt;
        this.writeAt += len;
        this.placed[this.current] += len;
        this.live[this.current] += len;
      }
    }
    this.reclaiming = false;
    this.slabs[slab] = null;
    this.placed[slab] = this.live[slab] = 0;
    this.freeSlabs.push(slab);
    this.adoptedSlabs.delete(slab);
    if (this.adopted?.slab === slab) this.adopted = null;
  }

  private newSlab(atLeast: number): void {
    // a quarter of the collection's data, between 64 KiB and 16 MiB: a small busy collection does not take 16 MiB
    let size = FIRST_SLAB;
    while (size < MAX_SLAB && size * 4 < this.liveTotal) size *= 2;
    size = Math.max(size, atLeast);
    const previous = this.current;
    // allocUnsafeSlow: a slab of its own (never part of Buffer's shared pool), not zeroed (never read past writeAt)
    this.current = this.addSlab(Buffer.allocUnsafeSlow(size));
    this.writeAt = 0;
    if (
      !this.reclaiming &&
      previous >= 0 &&
      this.slabs[previous] &&
      worthReclaiming(this.live[previous], this.placed[previous])
    )
      this.reclaim(previous);
  }

  private addSlab(buf: Buffer): number {
    const slab = this.freeSlabs.pop() ?? this.slabs.length;
    this.slabs[slab] = buf;
    this.placed[slab] = 0;
    this.live[slab] = 0;
    return slab;
  }

  private growSlots(): void {
    const n = this.slabOf.length * 2;
    const slabOf = new Int32Array(n);
    slabOf.set(this.slabOf);
    const offOf = new Int32Array(n);
    offOf.set(this.offOf);
    this.slabOf = slabOf;
    this.offOf = offOf;
  }
}

/**
 * A slab is reclaimed once an eighth of what was placed in it is garbage: the slabs then hold at most 8/7 of the
 * live bytes (plus the slab being appended to). At a half, replacing every 20 KB quiz result once (the services'
 * first start does) left the slabs at up to twice the live bytes, most of the engine's memory at 100,000
 * questions; at a quarter, 305 MiB of slabs held 255 MiB of documents after the scale bench, at an eighth 289.
 * Reclaiming copies the slab's live bytes, at most 7 for each byte of garbage freed: a memcpy.
 */
export function worthReclaiming(live: number, placed: number): boolean {
  return live * 8 <= placed * 7;
}

/**
 * The top-level fields `names` of a BSON document, decoding nothing else (all of them when `names` is null).
 * Used to index a document from a snapshot without building the whole object.
 */
export function fieldsOf(bytes: Uint8Array, names: ReadonlySet<string> | null): Doc {
  return fieldsAt(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 0, names);
}

/** fieldsOf for the document starting at byte `start` of `buf` (no view of it is made). */
export function fieldsAt(buf: Buffer, start: number, names: ReadonlySet<string> | null): Doc {
  const docEnd = start + buf.readInt32LE(start) - 1;
  if (names === null) return decode(buf.subarray(start, docEnd + 1));
  const wanted = nameBytes(names);
  const out: Doc = {};
  let found = 0;
  let i = start + 4;
  while (i < docEnd && found < wanted.length) {
    const type = buf[i];
    const nameEnd = buf.indexOf(0, i + 1);
    const at = nameEnd + 1;
    const end = at + valueSize(buf, type, at);
    const w = wanted.find((n) => sameBytes(buf, i + 1, nameEnd, n.bytes));
    if (w) {
      found++;
      setField(out, w.name, valueAt(buf, type, at, i, end));
    }
    i = end;
  }
  return out;
}

/**
 * The document at `bytes` with only its top-level elements named in `names`, in their order, spliced from the
 * bytes without decoding a value (an inclusion projection of top-level fields).
 */
export function keepFields(bytes: Uint8Array, names: ReadonlySet<string>): Uint8Array {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const wanted = nameBytes(names);
  const docEnd = buf.readInt32LE(0) - 1;
  const ranges: number[] = [];
  let length = 5;
  let i = 4;
  while (i < docEnd) {
    const type = buf[i];
    const nameEnd = buf.indexOf(0, i + 1);
    const end = nameEnd + 1 + valueSize(buf, type, nameEnd + 1);
    if (wanted.some((n) => sameBytes(buf, i + 1, nameEnd, n.bytes))) {
      ranges.push(i, end);
      length += end - i;
    }
    i = end;
  }
  if (length === buf.length) return bytes;
  const out = Buffer.allocUnsafe(length);
  out.writeInt32LE(length, 0);
  let at = 4;
  for (let r = 0; r < ranges.length; r += 2) at += buf.copy(out, at, ranges[r], ranges[r + 1]);
  out[at] = 0;
  return out;
}

/** One element of a BSON document: its type, name, where its value starts and where it ends. */
export interface Element {
  type: number;
  name: string;
  value: number;
  end: number;
}

/** The top-level elements of the document at byte `start` of `buf` (values not decoded). */
export function elementsOf(buf: Buffer, start: number): Element[] {
  const out: Element[] = [];
  const docEnd = start + buf.readInt32LE(start) - 1;
  let i = start + 4;
  while (i < docEnd) {
    const type = buf[i];
    const nameEnd = buf.indexOf(0, i + 1);
    const value = nameEnd + 1;
    const end = value + valueSize(buf, type, value);
    if (end > docEnd) throw new Error('BSON element past the end of its document');
    out.push({ type, name: buf.toString('utf8', i + 1, nameEnd), value, end });
    i = end;
  }
  return out;
}

const ID_ONLY: ReadonlySet<string> = new Set(['_id']);

/**
 * keyOf(_id) of the document at byte `start` of `buf`. An ObjectId's key is read straight from its 12 bytes
 * (as keyOf builds it), without making an ObjectId.
 */
export function idKeyAt(buf: Buffer, start: number): string {
  // _id is the first field of every document the engine stores (idFirst), so this looks at one element
  if (
    buf[start + 4] === 0x07 &&
    buf[start + 5] === 0x5f &&
    buf[start + 6] === 0x69 &&
    buf[start + 7] === 0x64 &&
    buf[start + 8] === 0
  )
    return objectIdKeyAt(buf, start + 9);
  return keyOf(fieldsAt(buf, start, ID_ONLY)._id);
}

/**
 * An index key (HashIndex: each field's keyOf, joined by U+0001) of the top-level fields `names` (UTF-8) of the
 * document at byte `start`, read from the bytes without building the values: a snapshot's million documents
 * would each make a Date, a string and the key's pieces. The key is assembled as UTF-8 in one scratch buffer and
 * decoded once (every piece keyOf adds, a tag, digits, the separator, is ASCII, so the decoded whole is the
 * pieces joined); `keyAtFirst` is then the first field's key. Null when a field holds a value of another kind
 * than a string, number, date, ObjectId, boolean or null (an array fans out, a sub-document's key needs its
 * fields): the caller then takes the values and keyOf.
 */
export function indexKeyAt(buf: Buffer, start: number, names: readonly Buffer[]): string | null {
  // where each field's value is (a missing field's key is keyOf(undefined), 'n')
  const found = fieldTypes;
  for (let n = 0; n < names.length; n++) found[n] = -1;
  const docEnd = start + buf.readInt32LE(start) - 1;
  let left = names.length;
  let i = start + 4;
  while (i < docEnd && left > 0) {
    const type = buf[i];
    let nameEnd = i + 1;
    while (buf[nameEnd] !== 0) nameEnd++;
    const at = nameEnd + 1;
    const end = at + valueSize(buf, type, at);
    for (let n = 0; n < names.length; n++)
      if (found[n] < 0 && sameBytes(buf, i + 1, nameEnd, names[n])) {
        found[n] = type;
        fieldAt[n] = at;
        fieldEnd[n] = end;
        left--;
        break;
      }
    i = end;
  }
  let w = 0;
  let ascii = true;
  let firstBytes = 0;
  for (let n = 0; n < names.length; n++) {
    if (n > 0) {
      if (n === 1) firstBytes = w;
      w = scratchByte(w, 0x01);
    }
    const type = found[n];
    const at = fieldAt[n];
    switch (type) {
      case -1:
      case 0x0a:
        w = scratchByte(w, 0x6e); // 'n'
        break;
      case 0x08:
        w = scratchByte(w, buf[at] === 1 ? 0x54 : 0x46); // 'T' / 'F'
        break;
      case 0x01: {
        const v = buf.readDoubleLE(at);
        w = Number.isNaN(v)
          ? scratchAscii(w, 'NaN')
          : scratchAscii(scratchByte(w, 0x4e), String(v === 0 ? 0 : v));
        break;
      }
      case 0x10:
        w = scratchAscii(scratchByte(w, 0x4e), String(buf.readInt32LE(at)));
        break;
      case 0x09: {
        const ms = buf.readInt32LE(at + 4) * 2 ** 32 + buf.readUInt32LE(at);
        // beyond a Date's range decoding gives an invalid Date: leave that to keyOf
        if (Math.abs(ms) > 8.64e15) return null;
        w = scratchAscii(scratchByte(w, 0x44), String(ms)); // 'D'
        break;
      }
      case 0x02: {
        // 'S' + the string's UTF-8 bytes as stored (without its length and terminating NUL)
        const from = at + 4;
        const to = fieldEnd[n] - 1;
        w = scratchByte(w, 0x53);
        ensureScratch(w + (to - from));
        for (let k = from; k < to; k++) if (buf[k] >= 0x80) ascii = false;
        buf.copy(scratch, w, from, to);
        w += to - from;
        break;
      }
      case 0x07: {
        // 'O' + the 12 bytes as the characters U+0000..U+00FF (written as UTF-8: two bytes from U+0080 on)
        w = scratchByte(w, 0x4f);
        ensureScratch(w + 24);
        for (let k = at; k < at + 12; k++) {
          const b = buf[k];
          if (b < 0x80) scratch[w++] = b;
          else {
            ascii = false;
            scratch[w++] = 0xc0 | (b >> 6);
            scratch[w++] = 0x80 | (b & 0x3f);
          }
        }
        break;
      }
      default:
        return null;
    }
  }
  const key = scratch.toString('utf8', 0, w);
  if (names.length > 1)
    keyAtFirst = ascii ? key.slice(0, firstBytes) : scratch.toString('utf8', 0, firstBytes);
  return key;
}

/** The first field's key of the compound key indexKeyAt last returned (a compound index's prefix map key). */
export function firstKeyAt(): string {
  return keyAtFirst;
}
let keyAtFirst = '';

/** keyOf of the ObjectId whose 12 bytes start at `at`: 'O' + the bytes as characters. */
function objectIdKeyAt(buf: Buffer, at: number): string {
  // prettier-ignore
  return String.fromCharCode(79, buf[at], buf[at + 1], buf[at + 2], buf[at + 3], buf[at + 4], buf[at + 5],
    buf[at + 6], buf[at + 7], buf[at + 8], buf[at + 9], buf[at + 10], buf[at + 11]);
}

// indexKeyAt's working space: one scratch buffer (grown as needed), the fields' types and value bounds
let scratch = Buffer.allocUnsafeSlow(1024);
const fieldTypes: number[] = [];
const fieldAt: number[] = [];
const fieldEnd: number[] = [];

function ensureScratch(size: number): void {
  if (size <= scratch.length) return;
  const bigger = Buffer.allocUnsafeSlow(Math.max(size, scratch.length * 2));
  scratch.copy(bigger);
  scratch = bigger;
}

function scratchByte(w: number, b: number): number {
  ensureScratch(w + 1);
  scratch[w] = b;
  return w + 1;
}

function scratchAscii(w: number, s: string): number {
  ensureScratch(w + s.length);
  for (let k = 0; k < s.length; k++) scratch[w + k] = s.charCodeAt(k);
  return w + s.length;
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
  // anything else: decode a one-field document holding just this element (as a whole read would: DBRefs plain)
  const one = Buffer.alloc(4 + (end - elementStart) + 1);
  one.writeInt32LE(one.length, 0);
  buf.copy(one, 4, elementStart, end);
  const doc = decode(one);
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

/** Calls `onDoc` with the offset in `buf` of each document of the BSON array at `arrayStart` ({ d: [...] } records). */
export function forEachArrayDoc(buf: Buffer, arrayStart: number, onDoc: (offset: number) => void): void {
  const end = arrayStart + buf.readInt32LE(arrayStart) - 1;
  let i = arrayStart + 4;
  while (i < end) {
    const at = buf.indexOf(0, i + 1) + 1;
    onDoc(at);
    i = at + buf.readInt32LE(at);
  }
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
