// In-memory hash indexes: key string -> set of document ids. They enforce uniqueness and serve equality lookups.
import { CommandError } from './errors';
import { Doc, keyOf, shellString } from './bsonutil';
import { PathInfo, valuesAtParts } from './paths';
import { firstKeyAt, indexKeyAt } from './docstore';
import type { Query } from 'mingo/query';
import { makeQuery } from './mingo';
import { OrderedKeys, compoundSortKey } from './sortkey';
import { BulkMap } from './bulkmap';

export interface IndexSpec {
  name: string;
  key: Record<string, number | string>;
  unique?: boolean;
  sparse?: boolean;
  [option: string]: unknown;
}

export interface IndexEntry {
  key: string;
  values: unknown[];
  /** keyOf(values[0]) when already computed (a compound index's prefix key) */
  first?: string;
}

/** A document's entries, and what its values were like (see HashIndex.multikey and .duplicates). */
export type IndexEntries = IndexEntry[] & { multikey?: boolean[]; duplicates?: boolean };

const SEP = '\u0001';

/**
 * The ids holding one key: a lone id is stored as the string itself, a Set only once a second id shares the key
 * (most keys of most indexes are held by one document, and a Set per key is most of an index's memory). A
 * reopen gathers a key's ids in an array (each document once: a million Set.add calls were a tenth of a
 * reopen); the first write to the key, or a membership test (lookupSet), makes it a Set.
 */
export type IdSet = string | Set<string> | string[];

/** The ids under `key` as a string or a Set (an array a reopen gathered becomes a Set, kept in the map). */
export function lookupSet(map: Map<string, IdSet>, key: string): string | Set<string> | undefined {
  const ids = map.get(key);
  if (!Array.isArray(ids)) return ids;
  const set = new Set(ids);
  map.set(key, set);
  return set;
}

export function idsOf(ids: IdSet | undefined): Iterable<string> {
  return ids === undefined ? [] : typeof ids === 'string' ? [ids] : ids;
}

export class HashIndex {
  readonly fields: string[];
  /** each field split at its dots (split once: indexing a million documents would split them a million times) */
  private readonly parts: string[][];
  /** the fields' names as UTF-8 when addFromBytes can serve this index */
  private readonly byteNames: Buffer[] | null;
  /** a snapshot's keys are appended to typed arrays rather than inserted into a V8 Map (bulkmap.ts) */
  readonly map = new BulkMap<IdSet>();
  /** compound indexes also map their first field alone, so a query pinning only that prefix is served too */
  readonly prefix: BulkMap<IdSet> | null;
  /** partial indexes only hold documents matching their filter */
  private readonly partial: Query | null;
  /** per field: descending (-1) in the key pattern */
  readonly descending: boolean[];
  /** every field is an ascending or descending key (not 'text', 'hashed', ...): its keys can be ordered */
  private readonly orderable: boolean;
  /**
   * Some document held an array at an indexed path (MongoDB's multikey flag; it stays set, as there): one
   * document may then sit under several keys, and a $group by the field sees the array, not its elements.
   */
  multikey = false;
  /** per field: some document held an array at it (a document sits under several keys only through these) */
  readonly multikeyFields: boolean[];
  /** Some document's array held one value twice (an $unwind would count it twice; the index holds it once). */
  duplicates = false;
  /** the keys in sorted order, built on first use by an ordered read and kept up to date from then on */
  private ordered: OrderedKeys | null = null;
  /** keys the sort-key encoding cannot order; while any exists, ordered reads do not use this index */
  private readonly unordered = new Set<string>();
  /** moves on every add or remove: what was read from the index before a different version is stale */
  version = 0;
  /**
   * The ids whose first-field key matched a regex (plan.ts regexSource), by regex, for this `version`: a list
   * page and its count ask for the same search, and paging repeats it; a write to the index empties it.
   */
  readonly regexIds = new Map<string, IdSet>();

  constructor(readonly spec: IndexSpec) {
    this.fields = Object.keys(spec.key);
    this.descending = this.fields.map((f) => spec.key[f] === -1);
    this.multikeyFields = this.fields.map(() => false);
    this.orderable = this.fields.every((f) => spec.key[f] === 1 || spec.key[f] === -1);
    this.parts = this.fields.map((f) => f.split('.'));
    // top-level fields of a plain index can be keyed from BSON bytes (a sparse index treats missing fields apart)
    this.byteNames =
      spec.partialFilterExpression || spec.sparse || this.fields.some((f) => f.includes('.'))
        ? null
        : this.fields.map((f) => Buffer.from(f, 'utf8'));
    this.prefix = this.fields.length > 1 ? new BulkMap<IdSet>() : null;
    const pf = spec.partialFilterExpression;
    this.partial = pf && typeof pf === 'object' ? makeQuery(pf as Doc) : null;
  }

  /** A partial index cannot answer queries (it lacks documents outside its filter). */
  get servesQueries(): boolean {
    return this.partial === null;
  }

  get name(): string {
    return this.spec.name;
  }
  get unique(): boolean {
    return !!this.spec.unique;
  }

  /**
   * Index the document at byte `start` of `buf` (loading a snapshot) straight from its bytes; false when this
   * index or the document's values need the decoded values (entriesOf).
   */
  addFromBytes(id: string, buf: Buffer, start: number): boolean {
    if (!this.byteNames || this.ordered) return false;
    const key = indexKeyAt(buf, start, this.byteNames);
    if (key === null) return false;
    this.changed();
    addTo(this.map, key, id, true);
    if (this.prefix) addTo(this.prefix, firstKeyAt(), id, true);
    return true;
  }

  /** Index keys of one document: the cartesian product of each field's (multikey) values. */
  entriesOf(doc: Doc): IndexEntries {
    if (this.partial && !this.partial.test(doc)) return [];
    const infos: PathInfo[] = this.parts.map(() => ({ array: false }));
    const perField = this.parts.map((p, i) => valuesAtParts(doc, p, infos[i]));
    const arrays = infos.some((i) => i.array) ? infos.map((i) => i.array) : undefined;
    if (perField.length === 1 && perField[0].length === 1) {
      // the common case: one field, one value
      const v = perField[0][0];
      if (this.spec.sparse && v === undefined) return [];
      const one: IndexEntries = [{ key: keyOf(v), values: [v] }];
      if (arrays) one.multikey = arrays;
      return one;
    }
    if (this.spec.sparse && perField.every((vals) => vals.every((v) => v === undefined))) return [];
    if (perField.every((vals) => vals.length === 1)) {
      // a compound key with one value per field (no fan-out): one entry
      const values = perField.map((vals) => vals[0]);
      const keys = values.map(keyOf);
      const one: IndexEntries = [{ key: keys.join(SEP), values, first: keys[0] }];
      if (arrays) one.multikey = arrays;
      return one;
    }
    let acc: { keys: string[]; values: unknown[] }[] = [{ keys: [], values: [] }];
    let duplicates = false;
    for (const vals of perField) {
      const next: typeof acc = [];
      const seen = new Set<string>();
      for (const v of vals) {
        const k = keyOf(v);
        if (seen.has(k)) {
          duplicates = true;
          continue;
        }
        seen.add(k);
        for (const a of acc) next.push({ keys: [...a.keys, k], values: [...a.values, v] });
      }
      acc = next;
    }
    // join builds one flat string; `a + SEP + b` would keep a chain of string pieces alive in the map
    const out: IndexEntries = acc.map((a) => ({ key: a.keys.join(SEP), values: a.values }));
    out.multikey = arrays ?? infos.map(() => true);
    if (duplicates) out.duplicates = true;
    return out;
  }

  lookupKey(values: unknown[]): string {
    return values.map(keyOf).join(SEP);
  }

  add(id: string, entries: IndexEntries): void {
    if (entries.length) this.changed();
    if (entries.multikey) {
      this.multikey = true;
      entries.multikey.forEach((m, i) => {
        if (m) this.multikeyFields[i] = true;
      });
    }
    if (entries.duplicates) this.duplicates = true;
    for (const e of entries) {
      if (addTo(this.map, e.key, id) && this.ordered) this.orderedAdd(e);
      if (this.prefix) addTo(this.prefix, e.first ?? keyOf(e.values[0]), id);
    }
  }

  remove(id: string, entries: IndexEntry[]): void {
    if (entries.length) this.changed();
    for (const e of entries) {
      if (removeFrom(this.map, e.key, id) && this.ordered) this.orderedRemove(e);
      if (this.prefix) removeFrom(this.prefix, e.first ?? keyOf(e.values[0]), id);
    }
  }

  private changed(): void {
    this.version++;
    if (this.regexIds.size) this.regexIds.clear();
  }

  private orderedAdd(e: IndexEntry): void {
    const s = compoundSortKey(e.values, this.descending);
    if (s === null) this.unordered.add(e.key);
    else this.ordered!.insert(s, e.key);
  }

  private orderedRemove(e: IndexEntry): void {
    const s = compoundSortKey(e.values, this.descending);
    if (s === null) this.unordered.delete(e.key);
    else this.ordered!.remove(s);
  }

  /** Whether the sorted keys were built (by an ordered read; writes keep them from then on). */
  get hasOrderedKeys(): boolean {
    return this.ordered !== null;
  }

  /**
   * The keys in sorted order (ascending for ascending fields), or null when this index cannot order them
   * (a partial index, a non-ascending/descending key, or a key holding a value the encoding does not order).
   * The first call builds them from `docs` (each document's indexed fields); later writes keep them current.
   */
  orderedKeys(docs: () => Iterable<Doc>): OrderedKeys | null {
    if (!this.orderable || !this.servesQueries) return null;
    if (!this.ordered) {
      const pairs: Array<[string, string]> = [];
      for (const doc of docs())
        for (const e of this.entriesOf(doc)) {
          const s = compoundSortKey(e.values, this.descending);
          if (s === null) this.unordered.add(e.key);
          else pairs.push([s, e.key]);
        }
      this.ordered = OrderedKeys.from(pairs);
    }
    return this.unordered.size ? null : this.ordered;
  }

  /** Whether a document can sit under several keys that share their first `lead` fields' values. */
  repeatsAfter(lead: number): boolean {
    return this.multikeyFields.some((m, i) => m && i >= lead);
  }

  /** The ids holding `key` (empty when none). */
  idsAt(key: string): Iterable<string> {
    return idsOf(this.map.get(key));
  }

  /** Throws MongoDB's E11000 if any entry is already held by another document. */
  checkUnique(ns: string, id: string, entries: IndexEntry[]): void {
    if (!this.unique) return;
    for (const e of entries)
      for (const other of idsOf(this.map.get(e.key)))
        if (other !== id) throw duplicateKeyError(ns, this.spec, e.values);
  }
}

/** Adds `id` under `key` (`load`: a snapshot's, see BulkMap.load); true when the key is new to the map. */
function addTo(map: BulkMap<IdSet>, key: string, id: string, load = false): boolean {
  // loading, a new key is added by the same probe that finds it missing (most keys of a reopen are new)
  const ids = load ? map.loadNew(key, id) : map.get(key);
  if (ids === undefined) {
    if (!load) map.set(key, id);
    return true;
  }
  if (typeof ids === 'string') {
    if (ids !== id) map.set(key, load ? [ids, id] : new Set([ids, id]));
  } else if (!Array.isArray(ids)) ids.add(id);
  else if (load)
    ids.push(id); // a reopen adds each document once
  else map.set(key, new Set(ids).add(id));
  return false;
}

/** Removes `id` from `key`; true when the key no longer holds any id. */
function removeFrom(map: Map<string, IdSet>, key: string, id: string): boolean {
  const ids = lookupSet(map, key);
  if (ids === undefined) return false;
  if (typeof ids === 'string') {
    if (ids === id) {
      map.delete(key);
      return true;
    }
    return false;
  }
  ids.delete(id);
  if (ids.size === 1) map.set(key, ids.values().next().value!);
  else if (ids.size === 0) {
    map.delete(key);
    return true;
  }
  return false;
}

/** How many ids an IdSet holds. */
export function idCount(ids: IdSet | undefined): number {
  return ids === undefined ? 0 : typeof ids === 'string' ? 1 : Array.isArray(ids) ? ids.length : ids.size;
}

export function duplicateKeyError(ns: string, spec: IndexSpec, values: unknown[]): CommandError {
  const fields = Object.keys(spec.key);
  const keyValue: Doc = {};
  fields.forEach((f, i) => (keyValue[f] = values[i] === undefined ? null : values[i]));
  const rendered = '{ ' + fields.map((f) => `${f}: ${shellString(keyValue[f])}`).join(', ') + ' }';
  return new CommandError(
    'DuplicateKey',
    `E11000 duplicate key error collection: ${ns} index: ${spec.name} dup key: ${rendered}`,
    {
      keyPattern: { ...spec.key },
      keyValue,
    },
  );
}

/** MongoDB's default index name: field_dir joined by underscores. */
export function defaultIndexName(key: Record<string, unknown>): string {
  return Object.entries(key)
    .map(([k, v]) => `${k}_${v}`)
    .join('_');
}
