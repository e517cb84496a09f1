// In-memory hash indexes: key string -> set of document ids. They enforce uniqueness and serve equality lookups.
import { CommandError } from './errors';
import { Doc, keyOf, shellString } from './bsonutil';
import { valuesAtPath } from './paths';
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
  readonly map = new Map<string, IdSet>();
  /** compound indexes also map their first field alone, so a query pinning only that prefix is served too */
  readonly prefix: Map<string, IdSet> | null;
  /** partial indexes only hold documents matching their filter */
  private readonly partial: Query | null;

  constructor(readonly spec: IndexSpec) {
    this.fields = Object.keys(spec.key);
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

  /** Index keys of one document: the cartesian product of each field's (multikey) values. */
  entriesOf(doc: Doc): IndexEntry[] {
    if (this.partial && !this.partial.test(doc)) return [];
    const perField = this.fields.map((f) => valuesAtPath(doc, f));
    if (perField.length === 1 && perField[0].length === 1) {
      // the common case: one field, one value
      const v = perField[0][0];
      if (this.spec.sparse && v === undefined) return [];
      return [{ key: keyOf(v), values: [v] }];
    }
    if (this.spec.sparse && perField.every((vals) => vals.every((v) => v === undefined))) return [];
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
      if (this.prefix) addTo(this.prefix, keyOf(e.values[0]), id);
    }
  }

  remove(id: string, entries: IndexEntry[]): void {
    for (const e of entries) {
      removeFrom(this.map, e.key, id);
      if (this.prefix) removeFrom(this.prefix, keyOf(e.values[0]), id);
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
