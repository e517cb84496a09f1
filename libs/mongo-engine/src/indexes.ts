// In-memory hash indexes: key string -> set of document ids. They enforce uniqueness and serve equality lookups.
import { CommandError } from './errors';
import { Doc, keyOf, shellString } from './bsonutil';
import { valuesAtParts } from './paths';
import { keysAt } from './docstore';
import type { Query } from 'mingo/query';
import { makeQuery } from './mingo';

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

const SEP = '\u0001';

/**
 * The ids holding one key: a lone id is stored as the string itself, a Set only once a second id shares the key
 * (most keys of most indexes are held by one document, and a Set per key is most of an index's memory).
 */
export type IdSet = string | Set<string>;

export function idsOf(ids: IdSet | undefined): Iterable<string> {
  return ids === undefined ? [] : typeof ids === 'string' ? [ids] : ids;
}

export class HashIndex {
  readonly fields: string[];
  /** each field split at its dots (split once: indexing a million documents would split them a million times) */
  private readonly parts: string[][];
  /** the fields' names as UTF-8 when addFromBytes can serve this index */
  private readonly byteNames: Buffer[] | null;
  readonly map = new Map<string, IdSet>();
  /** compound indexes also map their first field alone, so a query pinning only that prefix is served too */
  readonly prefix: Map<string, IdSet> | null;
  /** partial indexes only hold documents matching their filter */
  private readonly partial: Query | null;

  constructor(readonly spec: IndexSpec) {
    this.fields = Object.keys(spec.key);
    this.parts = this.fields.map((f) => f.split('.'));
    // top-level fields of a plain index can be keyed from BSON bytes (a sparse index treats missing fields apart)
    this.byteNames =
      spec.partialFilterExpression || spec.sparse || this.fields.some((f) => f.includes('.'))
        ? null
        : this.fields.map((f) => Buffer.from(f, 'utf8'));
    this.prefix = this.fields.length > 1 ? new Map() : null;
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
    if (!this.byteNames) return false;
    const keys = keysAt(buf, start, this.byteNames);
    if (!keys) return false;
    addTo(this.map, keys.length === 1 ? keys[0] : keys.join(SEP), id);
    if (this.prefix) addTo(this.prefix, keys[0], id);
    return true;
  }

  /** Index keys of one document: the cartesian product of each field's (multikey) values. */
  entriesOf(doc: Doc): IndexEntry[] {
    if (this.partial && !this.partial.test(doc)) return [];
    const perField = this.parts.map((p) => valuesAtParts(doc, p));
    if (perField.length === 1 && perField[0].length === 1) {
      // the common case: one field, one value
      const v = perField[0][0];
      if (this.spec.sparse && v === undefined) return [];
      return [{ key: keyOf(v), values: [v] }];
    }
    if (this.spec.sparse && perField.every((vals) => vals.every((v) => v === undefined))) return [];
    if (perField.every((vals) => vals.length === 1)) {
      // a compound key with one value per field (no fan-out): one entry
      const values = perField.map((vals) => vals[0]);
      const keys = values.map(keyOf);
      return [{ key: keys.join(SEP), values, first: keys[0] }];
    }
    let acc: { keys: string[]; values: unknown[] }[] = [{ keys: [], values: [] }];
    for (const vals of perField) {
      const next: typeof acc = [];
      const seen = new Set<string>();
      for (const v of vals) {
        const k = keyOf(v);
        if (seen.has(k)) continue;
        seen.add(k);
        for (const a of acc) next.push({ keys: [...a.keys, k], values: [...a.values, v] });
      }
      acc = next;
    }
    // join builds one flat string; `a + SEP + b` would keep a chain of string pieces alive in the map
    return acc.map((a) => ({ key: a.keys.join(SEP), values: a.values }));
  }

  lookupKey(values: unknown[]): string {
    return values.map(keyOf).join(SEP);
  }

  add(id: string, entries: IndexEntry[]): void {
    for (const e of entries) {
      addTo(this.map, e.key, id);
      if (this.prefix) addTo(this.prefix, e.first ?? keyOf(e.values[0]), id);
    }
  }

  remove(id: string, entries: IndexEntry[]): void {
    for (const e of entries) {
      removeFrom(this.map, e.key, id);
      if (this.prefix) removeFrom(this.prefix, e.first ?? keyOf(e.values[0]), id);
    }
  }

  /** Throws MongoDB's E11000 if any entry is already held by another document. */
  checkUnique(ns: string, id: string, entries: IndexEntry[]): void {
    if (!this.unique) return;
    for (const e of entries)
      for (const other of idsOf(this.map.get(e.key)))
        if (other !== id) throw duplicateKeyError(ns, this.spec, e.values);
  }
}

function addTo(map: Map<string, IdSet>, key: string, id: string): void {
  const ids = map.get(key);
  if (ids === undefined) map.set(key, id);
  else if (typeof ids === 'string') {
    if (ids !== id) map.set(key, new Set([ids, id]));
  } else ids.add(id);
}

function removeFrom(map: Map<string, IdSet>, key: string, id: string): void {
  const ids = map.get(key);
  if (ids === undefined) return;
  if (typeof ids === 'string') {
    if (ids === id) map.delete(key);
    return;
  }
  ids.delete(id);
  if (ids.size === 1) map.set(key, ids.values().next().value!);
  else if (ids.size === 0) map.delete(key);
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
