// Reading dotted paths the way MongoDB's index keys see them: arrays along the way fan out to their elements.
import { isPlainObject, ownField } from './bsonutil';

/** Values at a dotted path; arrays are expanded (multikey). Missing fields yield `undefined`. */
export function valuesAtPath(doc: unknown, path: string): unknown[] {
  return valuesAtParts(doc, path.split('.'));
}

/** What reading a path met: `array` is set when an array was expanded along the way (a multikey value). */
export interface PathInfo {
  array: boolean;
}

/** valuesAtPath with the path already split at its dots; `info.array` records whether an array was expanded. */
export function valuesAtParts(doc: unknown, parts: string[], info?: PathInfo): unknown[] {
  const out: unknown[] = [];
  collect(doc, parts, 0, out, info);
  return out.length ? out : [undefined];
}

function collect(v: unknown, parts: string[], i: number, out: unknown[], info?: PathInfo): void {
  if (i === parts.length) {
    if (Array.isArray(v)) {
      if (info) info.array = true;
      if (v.length === 0) out.push(undefined);
      for (const el of v) out.push(el);
    } else out.push(v);
    return;
  }
  const part = parts[i];
  if (Array.isArray(v)) {
    if (/^\d+$/.test(part)) {
      collect(v[Number(part)], parts, i + 1, out, info);
      return;
    }
    if (info) info.array = true;
    if (v.length === 0) out.push(undefined);
    for (const el of v) collect(el, parts, i, out, info);
    return;
  }
  if (isPlainObject(v)) {
    collect(ownField(v, part), parts, i + 1, out, info);
    return;
  }
  out.push(undefined);
}

/** Plain (non-expanding) read of a dotted path; numeric parts index arrays. */
export function getPath(doc: unknown, parts: string[]): unknown {
  let cur: unknown = doc;
  for (const p of parts) {
    if (cur === null || cur === undefined || typeof cur !== 'object') return undefined;
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(p)) return undefined;
      cur = cur[Number(p)];
    } else cur = ownField(cur, p);
  }
  return cur;
}
