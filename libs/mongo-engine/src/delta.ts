// What an update changed, as a short list of assignments, so the journal records a few hundred bytes for a
// `$push` to a large document instead of the whole document again.
//
// A change is an assignment to one location: set a value, delete a key, or cut an array to a length and append
// items. Replaying a change over a document that already has it gives the same document, so a record replayed
// twice (e.g. an update that raced with a compaction's capture) does no harm.
import { Doc, isPlainObject, keyOf } from './bsonutil';

/** p: path segments (keys and array indexes); v: value to set; x: delete the key; at: cut the array to `at`, then append v */
export type Change = { p: (string | number)[]; v?: unknown; x?: 1; at?: number };

/** Past this many changes a whole-document put is simpler and about as small. */
const MAX_CHANGES = 64;

/**
 * Assignments turning `prev` into `next` (both with the same _id), or null when replacing the whole document is
 * the better record (a replacement, or too many scattered changes).
 */
export function diffDoc(prev: Doc, next: Doc): Change[] | null {
  const out: Change[] = [];
  return diffObject(prev, next, [], out) && out.length <= MAX_CHANGES ? out : null;
}

function diffObject(a: Doc, b: Doc, path: (string | number)[], out: Change[]): boolean {
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  // Replay deletes keys in place and appends new ones, so b's keys must be a's survivors followed by new ones.
  let j = 0;
  for (const k of aKeys) if (Object.hasOwn(b, k)) if (bKeys[j++] !== k) return setWhole(path, b, out);
  for (; j < bKeys.length; j++) if (Object.hasOwn(a, bKeys[j])) return setWhole(path, b, out);
  for (const k of aKeys) if (!Object.hasOwn(b, k)) out.push({ p: [...path, k], x: 1 });
  for (const k of bKeys) {
    if (Object.hasOwn(a, k)) diffValue(a[k], b[k], [...path, k], out);
    else out.push({ p: [...path, k], v: b[k] });
    if (out.length > MAX_CHANGES) return false;
  }
  return true;
}

function setWhole(path: (string | number)[], v: unknown, out: Change[]): boolean {
  if (path.length === 0) return false;
  out.push({ p: path, v });
  return true;
}

function diffValue(a: unknown, b: unknown, path: (string | number)[], out: Change[]): void {
  if (a === b) return;
  if (isPlainObject(a) && isPlainObject(b)) {
    diffObject(a, b, path, out);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const common = Math.min(a.length, b.length);
    for (let i = 0; i < common && out.length <= MAX_CHANGES; i++) diffValue(a[i], b[i], [...path, i], out);
    if (b.length !== a.length) out.push({ p: path, at: common, v: b.slice(common) });
    return;
  }
  if (!sameLeaf(a, b)) out.push({ p: path, v: b });
}

/** Same BSON type and value (1 and Long(1) are equal to MongoDB but are different bytes on disk). */
function sameLeaf(a: unknown, b: unknown): boolean {
  if (typeof a !== typeof b) return false;
  if (typeof a !== 'object' || a === null || b === null) return Object.is(a, b);
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a) || isPlainObject(a)) return false;
  return keyOf(a) === keyOf(b);
}

/** `doc` with the changes applied; containers along each path are copied, the stored document is not touched. */
export function applyChanges(doc: Doc, changes: Change[]): Doc {
  const root: Doc = { ...doc };
  const copied = new Set<unknown>([root]);
  for (const ch of changes) {
    // objects and arrays alike, indexed by key or position
    let parent = root as Record<string | number, unknown>;
    for (let i = 0; i < ch.p.length - 1; i++) {
      const k = ch.p[i];
      let child = parent[k];
      if (child === null || typeof child !== 'object' || !Object.hasOwn(parent, k)) {
        child = {};
        assign(parent, k, child);
        copied.add(child);
      } else if (!copied.has(child)) {
        child = Array.isArray(child) ? child.slice() : { ...child };
        assign(parent, k, child);
        copied.add(child);
      }
      parent = child as Record<string | number, unknown>;
    }
    const last = ch.p[ch.p.length - 1];
    if (ch.x) {
      if (Array.isArray(parent)) parent[last as number] = null;
      else delete parent[last];
    } else if (ch.at !== undefined) {
      const cur = parent[last];
      const arr: unknown[] = Array.isArray(cur) ? cur.slice(0, ch.at) : [];
      for (const item of ch.v as unknown[]) arr.push(item);
      assign(parent, last, arr);
      copied.add(arr);
    } else assign(parent, last, ch.v);
  }
  return root;
}

/** A plain own property even for keys like `__proto__`, which an assignment would treat as the prototype. */
function assign(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}
