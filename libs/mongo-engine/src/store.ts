// The in-memory data model: databases -> collections -> documents keyed by _id, plus their hash indexes.
// Every mutation goes through here and is described as a journal op, so replaying ops rebuilds the same state.
import { CommandError } from './errors';
import { Doc, decode, isHashableForLookup, isPlainObject, keyOf } from './bsonutil';
import { HashIndex, IndexEntries, IndexSpec, duplicateKeyError } from './indexes';
import { OrderedKeys, sortKeyOf } from './sortkey';
import { Change, applyChanges, diffDoc } from './delta';
import { DocStore, fieldsAt, fieldsOf, forEachArrayDoc, idKeyAt } from './docstore';

/** One journal record's worth of state changes. Each op is idempotent (put/delete by _id, create/drop). */
export type Op =
  | { o: 'put'; db: string; c: string; d: Doc }
  | { o: 'upd'; db: string; c: string; id: unknown; ch: Change[] }
  | { o: 'del'; db: string; c: string; id: unknown }
  | { o: 'cc'; db: string; c: string; opts: Doc }
  | { o: 'dc'; db: string; c: string }
  | { o: 'dd'; db: string }
  | { o: 'ci'; db: string; c: string; spec: IndexSpec }
  | { o: 'di'; db: string; c: string; name: string }
  /** journal.ts markers: a journal file's id (its first record) and a v1 snapshot's end; they change nothing */
  | { o: 'jid'; id: string }
  | { o: 'end' };

export const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };
const ID_FIELD: ReadonlySet<string> = new Set(['_id']);

export class Collection {
  /** documents by id key, as BSON (reads decode a copy) */
  readonly docs = new DocStore();
  readonly indexes: HashIndex[] = [];
  /** the top-level fields the indexes read (null: a partial index needs whole documents) */
  private indexedFields: Set<string> | null = new Set(['_id']);
  /** indexedFields without _id unless an index reads it (loading a snapshot takes the _id key from its bytes) */
  private loadFields: Set<string> | null = new Set();
  /** the _id keys in sorted order, built on first use by an ordered read (see HashIndex.orderedKeys) */
  private idOrder: OrderedKeys | null = null;
  /** _id keys whose values the sort-key encoding cannot order (ordered reads by _id are off while any exists) */
  private readonly idUnordered = new Set<string>();

  constructor(
    readonly db: string,
    readonly name: string,
    readonly options: Doc = {},
  ) {}

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  allSpecs(): IndexSpec[] {
    return [ID_INDEX, ...this.indexes.map((i) => i.spec)];
  }

  getById(id: unknown): Doc | undefined {
    return this.docs.get(keyOf(id));
  }

  /** Throws E11000 if `doc` (replacing the document with id key `selfKey`, if any) would break a unique index. */
  checkConstraints(doc: Doc, selfKey?: string): Map<HashIndex, IndexEntries> {
    const idKey = keyOf(doc._id);
    if (idKey !== selfKey && this.docs.has(idKey)) throw duplicateKeyError(this.ns, ID_INDEX, [doc._id]);
    const entries = new Map<HashIndex, IndexEntries>();
    for (const ix of this.indexes) {
      const e = ix.entriesOf(doc);
      ix.checkUnique(this.ns, idKey, e);
      entries.set(ix, e);
    }
    return entries;
  }

  /** Add a new document: E11000 when its _id or a unique key is taken. */
  insert(doc: Doc): void {
    this.place(doc, this.checkConstraints(doc));
  }

  /** Store `doc`, replacing any document with the same _id. `check` false is for journal replay. */
  put(doc: Doc, check: boolean): void {
    const idKey = keyOf(doc._id);
    const exists = this.docs.has(idKey);
    this.place(doc, check ? this.checkConstraints(doc, exists ? idKey : undefined) : undefined);
  }

  /** Index and store `doc`, reusing the index entries a constraint check already computed. */
  private place(doc: Doc, entries: Map<HashIndex, IndexEntries> | undefined): void {
    const idKey = keyOf(doc._id);
    const raw = this.docs.getRaw(idKey);
    const old = this.indexes.length ? this.indexedOf(raw) : undefined;
    if (old) for (const ix of this.indexes) ix.remove(idKey, ix.entriesOf(old));
    for (const ix of this.indexes) ix.add(idKey, entries?.get(ix) ?? ix.entriesOf(doc));
    if (!raw && this.idOrder) this.idOrderAdd(doc._id, idKey);
    this.docs.set(idKey, doc);
  }

  private idOrderAdd(id: unknown, idKey: string): void {
    const s = sortKeyOf(id);
    if (s === null) this.idUnordered.add(idKey);
    else this.idOrder!.insert(s, idKey);
  }

  /** Whether the _id keys' sorted order was built (see idOrderedKeys). */
  get hasIdOrder(): boolean {
    return this.idOrder !== null;
  }

  /** The _id keys in sorted order (null while an _id the encoding cannot order exists). Built on first use. */
  idOrderedKeys(): OrderedKeys | null {
    if (!this.idOrder) {
      const pairs: Array<[string, string]> = [];
      for (const [idKey, bytes] of this.docs.rawEntries()) {
        const s = sortKeyOf(fieldsOf(bytes, ID_FIELD)._id);
        if (s === null) this.idUnordered.add(idKey);
        else pairs.push([s, idKey]);
      }
      this.idOrder = OrderedKeys.from(pairs);
    }
    return this.idUnordered.size ? null : this.idOrder;
  }

  /** Each document's fields that `ix` reads (to build its ordered keys). */
  *indexedDocs(ix: HashIndex): Iterable<Doc> {
    const names = new Set(ix.fields.map((f) => f.split('.')[0]));
    for (const bytes of this.docs.rawValues()) yield fieldsOf(bytes, names);
  }

  /** The fields of stored bytes that the indexes read. */
  private indexedOf(bytes: Uint8Array | undefined): Doc | undefined {
    return bytes && fieldsOf(bytes, this.indexedFields);
  }

  /**
   * Add the documents of a snapshot's `{ d: [...] }` record, whose array starts at `arrayStart` of `buf` (trusted:
   * no constraint checks, no previous versions). `buf` becomes a slab of the store as it is: it must never be
   * written to afterwards.
   */
  loadDocs(buf: Buffer, arrayStart: number): void {
    const slab = this.docs.adopt(buf);
    const names = this.loadFields;
    forEachArrayDoc(buf, arrayStart, (at) => {
      const idKey = idKeyAt(buf, at);
      let doc: Doc | undefined;
      for (const ix of this.indexes)
        if (!ix.addFromBytes(idKey, buf, at)) ix.add(idKey, ix.entriesOf((doc ??= fieldsAt(buf, at, names))));
      this.docs.setAt(idKey, slab, at);
    });
  }

  /**
   * Stores the document at byte `start` of `buf` (a journal record being replayed; trusted, no constraint
   * checks) as it is, indexed from its bytes where the indexes allow. A document already stored (a
   * replacement) goes through put.
   */
  putStored(buf: Buffer, start: number): void {
    const bytes = buf.subarray(start, start + buf.readInt32LE(start));
    const idKey = idKeyAt(buf, start);
    if (this.docs.has(idKey) || this.idOrder) {
      this.put(decode(bytes), false);
      return;
    }
    let fields: Doc | undefined;
    for (const ix of this.indexes)
      if (!ix.addFromBytes(idKey, buf, start))
        ix.add(idKey, ix.entriesOf((fields ??= fieldsAt(buf, start, this.loadFields))));
    this.docs.setRaw(idKey, bytes);
  }

  remove(id: unknown): boolean {
    const idKey = keyOf(id);
    const old = this.docs.getRaw(idKey);
    if (!old) return false;
    const fields = this.indexedOf(old)!;
    for (const ix of this.indexes) ix.remove(idKey, ix.entriesOf(fields));
    this.docs.delete(idKey);
    if (this.idOrder) {
      const s = sortKeyOf(id);
      if (s === null) this.idUnordered.delete(idKey);
      else this.idOrder.remove(s);
    }
    return true;
  }

  private refreshIndexedFields(): void {
    this.indexedFields = this.indexes.some((ix) => !ix.servesQueries)
      ? null
      : new Set(['_id', ...this.indexes.flatMap((ix) => ix.fields.map((f) => f.split('.')[0]))]);
    const readsId = this.indexes.some((ix) => ix.fields.some((f) => f.split('.')[0] === '_id'));
    this.loadFields =
      this.indexedFields && !readsId
        ? new Set([...this.indexedFields].filter((f) => f !== '_id'))
        : this.indexedFields;
  }

  /** Build an index; with `check`, a duplicate in existing data aborts the build with E11000. */
  addIndex(spec: IndexSpec, check: boolean): void {
    const ix = new HashIndex(spec);
    const names = ix.servesQueries ? new Set(['_id', ...ix.fields.map((f) => f.split('.')[0])]) : null;
    for (const [idKey, bytes] of this.docs.rawEntries()) {
      const e = ix.entriesOf(fieldsOf(bytes, names));
      if (check) ix.checkUnique(this.ns, idKey, e);
      ix.add(idKey, e);
    }
    const at = this.indexes.findIndex((i) => i.name === spec.name);
    if (at >= 0) this.indexes[at] = ix;
    else this.indexes.push(ix);
    this.refreshIndexedFields();
  }

  dropIndex(name: string): boolean {
    const at = this.indexes.findIndex((i) => i.name === name);
    if (at < 0) return false;
    this.indexes.splice(at, 1);
    this.refreshIndexedFields();
    return true;
  }
}

/** field -> the values an equality filter allows for it (only for conditions a hash lookup can answer). */
export function equalityConditions(filter: Doc, out = new Map<string, unknown[]>()): Map<string, unknown[]> {
  for (const [k, c] of Object.entries(filter)) {
    if (k === '$and' && Array.isArray(c)) {
      for (const sub of c) if (isPlainObject(sub)) equalityConditions(sub, out);
      continue;
    }
    if (k.startsWith('$') || out.has(k)) continue;
    const vals = equalityValues(c);
    if (vals) out.set(k, vals);
  }
  return out;
}

function equalityValues(c: unknown): unknown[] | null {
  if (isPlainObject(c) && Object.keys(c).some((k) => k.startsWith('$'))) {
    if ('$eq' in c) return isHashableForLookup(c.$eq) ? [c.$eq] : null;
    if (Array.isArray(c.$in) && c.$in.every(isHashableForLookup)) return c.$in;
    return null;
  }
  return isHashableForLookup(c) ? [c] : null;
}

export class Store {
  readonly dbs = new Map<string, Map<string, Collection>>();

  getCollection(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  /** Apply one op. `check` enforces unique indexes (live writes); replay trusts the journal. */
  apply(op: Op, check = false): void {
    switch (op.o) {
      case 'put':
        this.ensureCollection(op.db, op.c).put(op.d, check);
        break;
      case 'upd': {
        const coll = this.getCollection(op.db, op.c);
        const old = coll?.getById(op.id);
        if (old) coll!.put(applyChanges(old, op.ch), check);
        break;
      }
      case 'del':
        this.getCollection(op.db, op.c)?.remove(op.id);
        break;
      case 'cc':
        this.ensureCollection(op.db, op.c, op.opts);
        break;
      case 'dc': {
        const db = this.dbs.get(op.db);
        db?.delete(op.c);
        if (db && db.size === 0) this.dbs.delete(op.db);
        break;
      }
      case 'dd':
        this.dbs.delete(op.db);
        break;
      case 'ci':
        this.ensureCollection(op.db, op.c).addIndex(op.spec, check);
        break;
      case 'di':
        this.getCollection(op.db, op.c)?.dropIndex(op.name);
        break;
    }
  }

  ensureCollection(db: string, name: string, opts: Doc = {}): Collection {
    let d = this.dbs.get(db);
    if (!d) this.dbs.set(db, (d = new Map()));
    let c = d.get(name);
    if (!c) d.set(name, (c = new Collection(db, name, opts)));
    return c;
  }
}

/** The journal op for an update that turned `prev` into `next`: the changes when they are smaller, else the document. */
export function updateOp(db: string, c: string, prev: Doc, next: Doc): Op {
  const ch = diffDoc(prev, next);
  return ch ? { o: 'upd', db, c, id: next._id, ch } : { o: 'put', db, c, d: next };
}

export function assertValidCollectionName(name: unknown, command: string): asserts name is string {
  if (
    typeof name !== 'string' ||
    name.length === 0 ||
    name.includes('\0') ||
    name.startsWith('.') ||
    name.includes('$')
  )
    throw new CommandError('InvalidNamespace', `${command}: invalid collection name: ${String(name)}`);
}
