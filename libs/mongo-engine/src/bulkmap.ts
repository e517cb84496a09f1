// A string-keyed map with a JavaScript Map's behaviour (insertion order, iteration that sees entries added and
// skips entries deleted while it runs) whose entries added in bulk sit in flat arrays and a typed-array hash
// table instead of a V8 Map.
//
// Why: reopening a million documents inserted a million keys into each of three Maps (the `_id` map, an index's
// keys, its prefix map); a profile put ~45% of reopen in those inserts (each a V8 hash-table insert of a string
// key, with the table's growth and the garbage collector walking it). Appending a key here is a push onto two
// arrays and one probe into an Int32Array.
//
// Layout: the "base" holds the keys given to `load` (a snapshot's documents and their index keys, while a reopen
// reads them) before anything was deleted from it or added otherwise, in insertion order, each at a fixed
// position; a deleted base entry leaves a hole, never filled. Keys given to `set` (and to `load` once the base
// has a hole or `later` has a key) go to a V8 Map ("later"), which follows the base in iteration order. So the
// order is a Map's order, a position never moves (iterators are positions), a map that never loaded is a V8 Map,
// and the holes are bounded by what was loaded (dropped entirely once the base is empty).
const EMPTY = 0;
/** the arrays of a map that has loaded nothing (shared: nothing writes to a zero-length array) */
const NONE = new Int32Array(0);

/** FNV-1a over the UTF-16 code units. */
function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

export class BulkMap<V> implements Map<string, V> {
  /** base keys by position (undefined: deleted) */
  private keyAt: (string | undefined)[] = [];
  private valAt: (V | undefined)[] = [];
  /** each base position's hash (kept for growing the table) */
  private hashAt = NONE;
  /** open addressing, linear probing: position + 1, or EMPTY */
  private table = NONE;
  private baseLive = 0;
  /** true once a base entry was deleted: new keys then go to `later` */
  private holes = false;
  private readonly later = new Map<string, V>();
  /** the last key hashed and its hash (a get followed by a set of the same key hashes once) */
  private lastKey: string | undefined;
  private lastHash = 0;

  get size(): number {
    return this.baseLive + this.later.size;
  }

  get(key: string): V | undefined {
    const p = this.find(key);
    return p >= 0 ? this.valAt[p] : this.later.get(key);
  }

  has(key: string): boolean {
    return this.find(key) >= 0 || this.later.has(key);
  }

  set(key: string, value: V): this {
    const p = this.find(key);
    if (p >= 0) this.valAt[p] = value;
    else this.later.set(key, value);
    return this;
  }

  /** set, for bulk loading: a new key is appended to the base while the base has no hole and `later` is empty. */
  load(key: string, value: V): this {
    const p = this.find(key);
    if (p >= 0) this.valAt[p] = value;
    else if (this.holes || this.later.size) this.later.set(key, value);
    else this.append(key, value);
    return this;
  }

  delete(key: string): boolean {
    const p = this.find(key);
    if (p < 0) return this.later.delete(key);
    this.keyAt[p] = undefined;
    this.valAt[p] = undefined;
    this.holes = true;
    if (--this.baseLive === 0) this.dropBase();
    return true;
  }

  clear(): void {
    this.dropBase();
    this.later.clear();
  }

  *entries(): MapIterator<[string, V]> {
    // positions never move, and the arrays are read again at each step: entries appended meanwhile are seen
    for (let p = 0; p < this.keyAt.length; p++) {
      const k = this.keyAt[p];
      if (k !== undefined) yield [k, this.valAt[p]!];
    }
    yield* this.later.entries();
  }

  *keys(): MapIterator<string> {
    for (let p = 0; p < this.keyAt.length; p++) {
      const k = this.keyAt[p];
      if (k !== undefined) yield k;
    }
    yield* this.later.keys();
  }

  *values(): MapIterator<V> {
    for (let p = 0; p < this.keyAt.length; p++) if (this.keyAt[p] !== undefined) yield this.valAt[p]!;
    yield* this.later.values();
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  forEach(fn: (value: V, key: string, map: Map<string, V>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) fn.call(thisArg, v, k, this);
  }

  get [Symbol.toStringTag](): string {
    return 'BulkMap';
  }

  /** The value under `key` when there is one (nothing changes); else load(key, value) and undefined. */
  loadNew(key: string, value: V): V | undefined {
    if (!this.holes && this.later.size === 0) {
      // the base is all there is: one probe finds the key or the free cell for it (an empty map has no table)
      if (this.baseLive === 0) {
        this.append(key, value);
        return undefined;
      }
      const h = this.hash(key);
      const mask = this.table.length - 1;
      let i = h & mask;
      for (; this.table[i] !== EMPTY; i = (i + 1) & mask) {
        const p = this.table[i] - 1;
        if (this.hashAt[p] === h && this.keyAt[p] === key) return this.valAt[p];
      }
      this.append(key, value);
      return undefined;
    }
    const had = this.get(key);
    if (had === undefined) this.load(key, value);
    return had;
  }

  private hash(key: string): number {
    if (key !== this.lastKey) {
      this.lastKey = key;
      this.lastHash = hashOf(key);
    }
    return this.lastHash;
  }

  /** The base position holding `key`, or -1. */
  private find(key: string): number {
    if (this.baseLive === 0) return -1;
    const h = this.hash(key);
    const mask = this.table.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const slot = this.table[i];
      if (slot === EMPTY) return -1;
      const p = slot - 1;
      if (this.hashAt[p] === h && this.keyAt[p] === key) return p;
    }
  }

  private append(key: string, value: V): void {
    const p = this.keyAt.length;
    // at most half full, deleted positions included (they stay in the table: probes pass over them)
    if ((p + 1) * 2 > this.table.length) this.grow();
    if (p >= this.hashAt.length) {
      const bigger = new Int32Array(Math.max(16, this.hashAt.length * 2));
      bigger.set(this.hashAt);
      this.hashAt = bigger;
    }
    const h = this.hash(key);
    this.keyAt.push(key);
    this.valAt.push(value);
    this.hashAt[p] = h;
    this.place(h, p);
    this.baseLive++;
  }

  private place(h: number, p: number): void {
    const mask = this.table.length - 1;
    let i = h & mask;
    while (this.table[i] !== EMPTY) i = (i + 1) & mask;
    this.table[i] = p + 1;
  }

  private grow(): void {
    this.table = new Int32Array(Math.max(32, this.table.length * 2));
    for (let p = 0; p < this.keyAt.length; p++) this.place(this.hashAt[p], p);
  }

  /** The base is empty: free its arrays (an iterator in the base's part ends it, as nothing is left there). */
  private dropBase(): void {
    this.keyAt = [];
    this.valAt = [];
    this.hashAt = NONE;
    this.table = NONE;
    this.baseLive = 0;
    this.holes = true;
  }
}
