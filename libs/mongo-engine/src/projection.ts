// find / findAndModify projections. mingo applies the ordinary inclusions, exclusions and expressions; the parts
// where it differs from MongoDB are done here: `$slice` (alone it keeps every other field, and it combines with
// exclusions), `$elemMatch` (also with value operators on scalar elements), the positional `field.$`, and
// fields named `__proto__` (mingo's copies drop them, and it refuses such paths).
import { CommandError } from './errors';
import { makeQuery } from './mingo';
import {
  Doc,
  PROTO_STANDIN,
  cloneDoc,
  idFirst,
  isPlainObject,
  ownField,
  protoToStandin,
  renameFields,
  setField,
} from './bsonutil';
import { positionalIndex } from './update';

type Slice = number | [number, number];

interface Plan {
  /** what mingo applies; null keeps every field */
  base: Doc | null;
  slices: Array<[string[], Slice]>;
  elemMatches: Array<[string, (el: unknown) => boolean]>;
  positional: string[][];
}

const LOGICAL = new Set(['$and', '$or', '$nor']);

function elemMatcher(criteria: unknown, field: string): (el: unknown) => boolean {
  if (!isPlainObject(criteria))
    throw new CommandError('BadValue', `$elemMatch needs an Object in the projection of '${field}'`);
  const keys = Object.keys(criteria);
  // like a query's $elemMatch: only value operators means the elements themselves are tested
  const onValue = keys.length > 0 && keys.every((k) => k.startsWith('$') && !LOGICAL.has(k));
  const q = makeQuery(onValue ? { v: criteria } : criteria);
  return onValue ? (el) => q.test({ v: el }) : (el) => isPlainObject(el) && q.test(el);
}

function sliceArg(v: unknown, field: string): Slice {
  if (typeof v === 'number') return Math.trunc(v);
  if (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number') && v[1] > 0)
    return [Math.trunc(v[0]), Math.trunc(v[1])];
  throw new CommandError(
    'BadValue',
    `$slice in the projection of '${field}' takes a number or [skip, limit] with a positive limit`,
  );
}

function isExclusion(v: unknown): boolean {
  return v === 0 || v === false;
}

function plan(projection: Doc): Plan {
  const p: Plan = { base: {}, slices: [], elemMatches: [], positional: [] };
  const base = p.base!;
  const forced: string[] = [];
  for (const [key, v] of Object.entries(projection)) {
    const one = isPlainObject(v) && Object.keys(v).length === 1 ? Object.keys(v)[0] : null;
    if (key.endsWith('.$')) {
      const prefix = key.slice(0, -2);
      p.positional.push(prefix.split('.'));
      forced.push(prefix);
    } else if (one === '$slice') {
      p.slices.push([key.split('.'), sliceArg(v.$slice, key)]);
    } else if (one === '$elemMatch') {
      if (key.includes('.'))
        throw new CommandError('BadValue', `Cannot use $elemMatch projection on a nested field: ${key}`);
      p.elemMatches.push([key, elemMatcher(v.$elemMatch, key)]);
      forced.push(key);
    } else base[protoToStandin(key)] = v;
  }
  const inclusion =
    forced.length > 0 || Object.entries(base).some(([k, v]) => k !== '_id' && !isExclusion(v));
  if (inclusion) {
    for (const f of forced) base[protoToStandin(f)] = 1;
    // an inclusion projection also returns the sliced fields
    for (const [parts] of p.slices) base[protoToStandin(parts.join('.'))] = 1;
  }
  if (Object.keys(base).length === 0) p.base = null;
  return p;
}

const standinToProto = (k: string) =>
  k.includes(PROTO_STANDIN) ? k.split(PROTO_STANDIN).join('__proto__') : k;

function sliced(arr: unknown[], s: Slice): unknown[] {
  if (typeof s === 'number') return s >= 0 ? arr.slice(0, s) : arr.slice(Math.max(0, arr.length + s));
  const skip = s[0] < 0 ? Math.max(0, arr.length + s[0]) : s[0];
  return arr.slice(skip, skip + s[1]);
}

/** Apply `$slice` to the array at `parts` (through arrays of documents, like MongoDB). */
function applySlice(v: unknown, parts: string[], s: Slice): void {
  if (Array.isArray(v)) {
    for (const el of v) applySlice(el, parts, s);
    return;
  }
  if (!isPlainObject(v)) return;
  const [head, ...rest] = parts;
  const child = ownField(v, head);
  if (rest.length) applySlice(child, rest, s);
  else if (Array.isArray(child)) setField(v, head, sliced(child, s));
}

function getOwnPath(doc: unknown, parts: string[]): unknown {
  let cur: unknown = doc;
  for (const p of parts) cur = isPlainObject(cur) ? ownField(cur, p) : undefined;
  return cur;
}

function finish(out: Doc, orig: Doc, p: Plan, filter: Doc): Doc {
  for (const [parts, s] of p.slices) applySlice(out, parts, s);
  for (const [field, test] of p.elemMatches) {
    const arr = ownField(orig, field);
    const hit = Array.isArray(arr) ? arr.find(test) : undefined;
    if (hit === undefined) delete out[field];
    else setField(out, field, [cloneDoc(hit)]);
  }
  for (const prefix of p.positional) {
    const arr = getOwnPath(orig, prefix);
    const idx = positionalIndex(orig, filter, prefix);
    if (!Array.isArray(arr) || idx < 0)
      throw new CommandError(
        'BadValue',
        `positional operator '${prefix.join('.')}.$' couldn't find a matching element in the array`,
      );
    const parent = getOwnPath(out, prefix.slice(0, -1));
    if (isPlainObject(parent)) setField(parent, prefix[prefix.length - 1], [cloneDoc(arr[idx])]);
  }
  return idFirst(out);
}

/**
 * A projection compiled once for a result set: `filter` is the query that selected the documents (for `.$`).
 * Returns copies; stored documents are never touched.
 */
export function projector(projection: unknown, filter: unknown): ((docs: Doc[]) => Doc[]) | null {
  if (!isPlainObject(projection) || Object.keys(projection).length === 0) return null;
  const p = plan(projection);
  const query = isPlainObject(filter) ? filter : {};
  return (docs) => {
    const found = { any: false };
    const copies = docs.map((d) => renameFields(d, protoToStandin, found) as Doc);
    const projected = p.base ? makeQuery({}).find<Doc>(copies, p.base).all() : copies;
    return projected.map((d, i) => {
      const out = found.any ? (renameFields(d, standinToProto) as Doc) : d;
      return finish(out, docs[i], p, query);
    });
  };
}
