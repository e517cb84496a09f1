// MongoDB update semantics written out directly (mingo lacks $setOnInsert, $bit, numeric-type-agnostic $inc and
// multiple positional paths): operators, positional `$`, `$[]`, `$[id]` with arrayFilters, replacement, upsert seeds.
import { Int32, Long, Timestamp } from 'bson';
import type { Query } from 'mingo/query';
import { compare } from 'mingo/util';
import { makeAggregator, makeQuery } from './mingo';
import { CommandError } from './errors';
import {
  Doc,
  ObjectId,
  cloneDoc,
  idFirst,
  isEqual,
  isPlainObject,
  ownField,
  setField,
  shellString,
} from './bsonutil';
import { getPath } from './paths';

export interface UpdateContext {
  /** the query that selected the document (for the positional `$` operator) */
  query: Doc;
  arrayFilters?: Doc[];
  /** true when this update creates the document through an upsert ($setOnInsert applies) */
  inserting: boolean;
  /** the command's `let` variables, for pipeline updates */
  variables?: Doc;
}

const OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$push',
  '$pull',
  '$pullAll',
  '$addToSet',
  '$pop',
  '$min',
  '$max',
  '$rename',
  '$currentDate',
  '$setOnInsert',
  '$bit',
]);

export type UpdateKind = 'operators' | 'replacement' | 'pipeline';

export function updateKind(u: unknown): UpdateKind {
  if (Array.isArray(u)) return 'pipeline';
  if (!isPlainObject(u))
    throw new CommandError('FailedToParse', 'Update argument must be either an object or an array');
  const keys = Object.keys(u);
  const ops = keys.filter((k) => k.startsWith('$'));
  if (ops.length === 0) return 'replacement';
  if (ops.length !== keys.length)
    throw new CommandError(
      'FailedToParse',
      `Unknown modifier: ${keys.find((k) => !k.startsWith('$'))}. Expected a valid update modifier or pipeline-style update specified as an array`,
    );
  for (const op of ops)
    if (!OPERATORS.has(op))
      throw new CommandError(
        'FailedToParse',
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
  return 'operators';
}

/** Returns the updated copy of `doc`; never mutates it. Throws MongoDB-shaped errors. */
export function applyUpdate(doc: Doc, update: unknown, ctx: UpdateContext): Doc {
  const kind = updateKind(update);
  let out: Doc;
  if (kind === 'replacement') {
    const repl = cloneDoc(update as Doc);
    if ('_id' in repl && !isEqual(repl._id, doc._id)) throw immutableId(doc);
    out = idFirst({ _id: doc._id, ...repl });
  } else if (kind === 'pipeline') {
    const vars = ctx.variables ? { variables: ctx.variables } : {};
    const [res] = makeAggregator(update as Doc[], vars).run([cloneDoc(doc)]) as Doc[];
    out = res ?? {};
    // a stage that replaces the whole document ($replaceRoot, $replaceWith, $project) keeps the _id, as in MongoDB
    if (!('_id' in out) && '_id' in doc) out = { _id: doc._id, ...out };
  } else {
    out = cloneDoc(doc);
    for (const [op, spec] of Object.entries(update as Doc)) {
      if (!isPlainObject(spec))
        throw new CommandError(
          'FailedToParse',
          `Modifiers operate on fields but we found type ${typeof spec} instead. For example: {$mod: {<field>: ...}} not {${op}: ${shellString(spec)}}`,
        );
      if (op === '$setOnInsert' && !ctx.inserting) continue;
      for (const [path, arg] of Object.entries(spec)) {
        for (const parts of expandPath(out, doc, path, ctx)) applyOperator(out, op, parts, arg, doc);
      }
    }
  }
  if (!('_id' in doc) && '_id' in out) return idFirst(out);
  if ('_id' in doc && !isEqual(out._id, doc._id)) throw immutableId(doc);
  return idFirst(out);
}

function immutableId(doc: Doc): CommandError {
  return new CommandError(
    'ImmutableField',
    `Performing an update on the path '_id' would modify the immutable field '_id' (document _id: ${shellString(doc._id)})`,
  );
}

/**
 * Concrete paths for one update path: `$` becomes the matched index, `$[]` every index, `$[id]` the filtered ones.
 * `$` is the position the query matched in the document as it was before this update (`orig`), so an earlier
 * path that changes the matched field (`{$set: {'c.$.name': 'L', 'c.$.at': 5}}`) does not move it.
 */
function expandPath(doc: Doc, orig: Doc, path: string, ctx: UpdateContext): string[][] {
  const parts = path.split('.');
  if (parts.some((p) => p === ''))
    throw new CommandError(
      'BadValue',
      `The update path '${path}' contains an empty field name, which is not allowed.`,
    );
  let results: string[][] = [[]];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (p === '$') {
      const idx = positionalIndex(orig, ctx.query, parts.slice(0, i));
      if (idx < 0)
        throw new CommandError(
          'BadValue',
          'The positional operator did not find the match needed from the query.',
        );
      results = results.map((r) => [...r, String(idx)]);
    } else if (p === '$[]' || /^\$\[[A-Za-z][A-Za-z0-9]*\]$/.test(p)) {
      const ident = p === '$[]' ? null : p.slice(2, -1);
      const next: string[][] = [];
      for (const r of results) {
        const arr = getPath(doc, r);
        if (arr === undefined && ctx.inserting) continue;
        if (!Array.isArray(arr))
          throw new CommandError(
            'BadValue',
            `The path '${r.join('.')}' must exist in the document in order to apply array updates.`,
          );
        const filter = ident ? arrayFilterFor(ident, ctx.arrayFilters) : null;
        arr.forEach((el, idx) => {
          if (!filter || filter.test({ [ident!]: el })) next.push([...r, String(idx)]);
        });
      }
      results = next;
    } else results = results.map((r) => [...r, p]);
  }
  return results;
}

function arrayFilterFor(ident: string, arrayFilters: Doc[] | undefined): Query {
  const f = (arrayFilters ?? []).find((af) =>
    Object.keys(af).some((k) => k === ident || k.startsWith(ident + '.')),
  );
  if (!f) throw new CommandError('BadValue', `No array filter found for identifier '${ident}' in path`);
  return makeQuery(f);
}

/** Index of the first element of the array at `prefix` that satisfies the query's conditions on that array. */
export function positionalIndex(doc: Doc, query: Doc, prefix: string[]): number {
  const arr = getPath(doc, prefix);
  if (!Array.isArray(arr)) return -1;
  const base = prefix.join('.');
  const conds: Array<[string, unknown]> = [];
  const gather = (q: Doc) => {
    for (const [k, c] of Object.entries(q)) {
      if (k === '$and' && Array.isArray(c)) c.forEach((s) => isPlainObject(s) && gather(s));
      else if (k === base || k.startsWith(base + '.')) conds.push([k.slice(base.length + 1), c]);
    }
  };
  gather(query ?? {});
  if (conds.length === 0) return -1;
  const tests = conds.map(([sub, c]) => {
    if (sub === '') {
      if (isPlainObject(c) && '$elemMatch' in c) {
        const m = c.$elemMatch as Doc;
        const onFields = Object.keys(m).some((k) => !k.startsWith('$'));
        const q = makeQuery(onFields ? m : { v: m });
        return (el: unknown) => q.test(onFields ? (el as Doc) : { v: el });
      }
      const q = makeQuery({ v: c });
      return (el: unknown) => q.test({ v: el });
    }
    const q = makeQuery({ [sub]: c });
    return (el: unknown) => isPlainObject(el) && q.test(el);
  });
  return arr.findIndex((el) => tests.every((t) => t(el)));
}

function setPath(doc: Doc, parts: string[], value: unknown): void {
  let cur: Doc | unknown[] = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const p = parts[i];
    let next = Array.isArray(cur) ? cur[Number(p)] : ownField(cur, p);
    if (next === undefined || next === null) {
      if (Array.isArray(cur) && !/^\d+$/.test(p)) throw pathNotViable(parts, i, cur);
      next = {};
      assign(cur, p, next);
    } else if (
      typeof next !== 'object' ||
      next instanceof Date ||
      (!Array.isArray(next) && !isPlainObject(next))
    ) {
      throw pathNotViable(parts, i + 1, next);
    }
    cur = next as Doc | unknown[];
  }
  assign(cur, parts[parts.length - 1], value);
}

function assign(container: Doc | unknown[], key: string, value: unknown): void {
  if (Array.isArray(container)) {
    if (!/^\d+$/.test(key))
      throw new CommandError(
        'PathNotViable',
        `Cannot create field '${key}' in element {${shellString(container)}}`,
      );
    const idx = Number(key);
    while (container.length < idx) container.push(null);
    container[idx] = value;
  } else setField(container, key, value);
}

function pathNotViable(parts: string[], i: number, at: unknown): CommandError {
  return new CommandError(
    'PathNotViable',
    `Cannot create field '${parts[i] ?? parts[parts.length - 1]}' in element {${parts[i - 1] ?? ''}: ${shellString(at)}}`,
  );
}

function unsetPath(doc: Doc, parts: string[]): void {
  const parent = getPath(doc, parts.slice(0, -1));
  const last = parts[parts.length - 1];
  if (Array.isArray(parent)) {
    if (/^\d+$/.test(last) && Number(last) < parent.length) parent[Number(last)] = null;
  } else if (parent && typeof parent === 'object' && Object.prototype.hasOwnProperty.call(parent, last))
    delete (parent as Doc)[last];
}

function toNumber(v: unknown): number | Long | null {
  if (typeof v === 'number') return v;
  if (v && typeof v === 'object') {
    const t = (v as { _bsontype?: string })._bsontype;
    if (t === 'Long') return v as Long;
    if (t === 'Int32' || t === 'Double') return (v as { valueOf(): number }).valueOf();
    if (t === 'Decimal128') return Number(String(v));
  }
  return null;
}

const isLong = (v: unknown): boolean => (v as { _bsontype?: string } | null)?._bsontype === 'Long';

/** An integral value ($bit's operands: Int32, Long, integral numbers) as a BigInt; null for anything else. */
function toBigInt(v: unknown): bigint | null {
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : null;
  if (isLong(v)) return (v as Long).toBigInt();
  if ((v as { _bsontype?: string } | null)?._bsontype === 'Int32') return BigInt((v as Int32).valueOf());
  return null;
}

function arith(a: number | Long, b: number | Long, op: 'add' | 'mul'): number | Long {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = op === 'add' ? a + b : a * b;
    return r;
  }
  const la = typeof a === 'number' ? Long.fromNumber(a) : a;
  const lb = typeof b === 'number' ? Long.fromNumber(b) : b;
  const r = op === 'add' ? la.add(lb) : la.multiply(lb);
  const n = r.toNumber();
  return Number.isSafeInteger(n) ? n : r;
}

function requireArray(cur: unknown, op: string, parts: string[], orig: Doc): unknown[] {
  if (!Array.isArray(cur))
    throw new CommandError(
      'BadValue',
      `The field '${parts.join('.')}' must be an array but is of type ${typeName(cur)} in document {_id: ${shellString(orig._id)}} (${op})`,
    );
  return cur;
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'double';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (v instanceof Date) return 'date';
  if (Array.isArray(v)) return 'array';
  return (v as { _bsontype?: string } | undefined)?._bsontype?.toLowerCase() ?? 'object';
}

/** Operators that apply to a whole document, not to a value ($pull treats a condition starting with one as a query). */
const DOCUMENT_OPERATORS = new Set([
  '$and',
  '$or',
  '$nor',
  '$expr',
  '$where',
  '$text',
  '$comment',
  '$jsonSchema',
]);

/**
 * $pull's condition, decided like MongoDB by its first field: a value operator (`{$gte: 2}`) tests each
 * element; anything else (`{k: 1}`, `{$or: [...]}`) is a query that each element, as a document, must match.
 */
function matcherFor(cond: unknown): (el: unknown) => boolean {
  if (isPlainObject(cond)) {
    const first = Object.keys(cond)[0] ?? '';
    const onValue = first.startsWith('$') && !DOCUMENT_OPERATORS.has(first);
    const q = makeQuery(onValue ? { v: cond } : cond);
    return onValue ? (el) => q.test({ v: el }) : (el) => isPlainObject(el) && q.test(el);
  }
  if (cond instanceof RegExp) return (el) => typeof el === 'string' && cond.test(el);
  return (el) => isEqual(el, cond);
}

// An operator's argument is any BSON value; each case checks the shape it needs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function applyOperator(doc: Doc, op: string, parts: string[], arg: any, orig: Doc): void {
  const cur = getPath(doc, parts);
  switch (op) {
    case '$set':
    case '$setOnInsert':
      setPath(doc, parts, cloneDoc(arg));
      return;
    case '$unset':
      unsetPath(doc, parts);
      return;
    case '$inc':
    case '$mul': {
      const by = toNumber(arg);
      if (by === null)
        throw new CommandError(
          'TypeMismatch',
          `Cannot ${op === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${parts.join('.')}: ${shellString(arg)}}`,
        );
      if (cur === undefined) {
        setPath(doc, parts, op === '$inc' ? by : typeof by === 'number' ? 0 : Long.ZERO);
        return;
      }
      const base = toNumber(cur);
      if (base === null)
        throw new CommandError(
          'TypeMismatch',
          `Cannot apply ${op} to a value of non-numeric type. {_id: ${shellString(orig._id)}} has the field '${parts[parts.length - 1]}' of non-numeric type ${typeName(cur)}`,
        );
      setPath(doc, parts, arith(base, by, op === '$inc' ? 'add' : 'mul'));
      return;
    }
    case '$min':
    case '$max': {
      if (cur === undefined) return setPath(doc, parts, cloneDoc(arg));
      const c = compare(arg, cur);
      if ((op === '$min' && c < 0) || (op === '$max' && c > 0)) setPath(doc, parts, cloneDoc(arg));
      return;
    }
    case '$push': {
      const arr = cur === undefined ? [] : requireArray(cur, op, parts, orig).slice();
      const each = isPlainObject(arg) && '$each' in arg;
      const items: unknown[] = each ? cloneDoc(arg.$each) : [cloneDoc(arg)];
      if (!Array.isArray(items))
        throw new CommandError(
          'BadValue',
          `The argument to $each in $push must be an array but it was of type: ${typeName(items)}`,
        );
      let pos = each && typeof arg.$position === 'number' ? arg.$position : arr.length;
      if (pos < 0) pos = Math.max(0, arr.length + pos);
      arr.splice(Math.min(pos, arr.length), 0, ...items);
      let result = arr;
      if (each && arg.$sort !== undefined) {
        const s = arg.$sort;
        result = isPlainObject(s)
          ? result.slice().sort((a: unknown, b: unknown) => {
              for (const [k, dir] of Object.entries(s)) {
                const c = compare(getPath(a, k.split('.')), getPath(b, k.split('.')));
                if (c) return c * (dir as number);
              }
              return 0;
            })
          : result.slice().sort((a, b) => compare(a, b) * s);
      }
      if (each && typeof arg.$slice === 'number')
        result = arg.$slice >= 0 ? result.slice(0, arg.$slice) : result.slice(arg.$slice);
      setPath(doc, parts, result);
      return;
    }
    case '$addToSet': {
      const arr = cur === undefined ? [] : requireArray(cur, op, parts, orig).slice();
      const items: unknown[] = isPlainObject(arg) && '$each' in arg ? arg.$each : [arg];
      for (const it of items) if (!arr.some((x) => isEqual(x, it))) arr.push(cloneDoc(it));
      setPath(doc, parts, arr);
      return;
    }
    case '$pull': {
      if (cur === undefined) return;
      const m = matcherFor(arg);
      setPath(
        doc,
        parts,
        requireArray(cur, op, parts, orig).filter((el) => !m(el)),
      );
      return;
    }
    case '$pullAll': {
      if (cur === undefined) return;
      if (!Array.isArray(arg))
        throw new CommandError(
          'BadValue',
          `$pullAll requires an array argument but was given a ${typeName(arg)}`,
        );
      setPath(
        doc,
        parts,
        requireArray(cur, op, parts, orig).filter((el) => !arg.some((x) => isEqual(x, el))),
      );
      return;
    }
    case '$pop': {
      if (cur === undefined) return;
      const arr = requireArray(cur, op, parts, orig).slice();
      if (arg === -1) arr.shift();
      else arr.pop();
      setPath(doc, parts, arr);
      return;
    }
    case '$rename': {
      if (typeof arg !== 'string')
        throw new CommandError(
          'BadValue',
          `The 'to' field for $rename must be a string: ${parts.join('.')}: ${shellString(arg)}`,
        );
      if (cur === undefined) return;
      unsetPath(doc, parts);
      setPath(doc, arg.split('.'), cur);
      return;
    }
    case '$bit': {
      if (!isPlainObject(arg))
        throw new CommandError(
          'BadValue',
          `The $bit modifier is not compatible with a ${typeName(arg)}. You must pass in an embedded document: {$bit: {field: {and/or/xor: #}}`,
        );
      let value = cur === undefined ? 0n : toBigInt(cur);
      if (value === null)
        throw new CommandError(
          'BadValue',
          `Cannot apply $bit to a value of non-integral type. {_id: ${shellString(orig._id)}} has the field ${parts.join('.')} of non-integer type ${typeName(cur)}`,
        );
      let long = isLong(cur);
      for (const [how, by] of Object.entries(arg)) {
        const operand = toBigInt(by);
        if (operand === null || (typeof by === 'number' && !Number.isInteger(by)))
          throw new CommandError(
            'BadValue',
            `The $bit modifier field must be an Integer(32/64 bit); a '${typeName(by)}' is not supported here`,
          );
        long ||= isLong(by);
        if (how === 'and') value &= operand;
        else if (how === 'or') value |= operand;
        else if (how === 'xor') value ^= operand;
        else
          throw new CommandError(
            'BadValue',
            `The $bit modifier only supports 'and', 'or', and 'xor', not '${how}' which is an unknown operator: {${how}: ${shellString(by)}}`,
          );
      }
      value = BigInt.asIntN(64, value);
      const asNumber = Number(value);
      setPath(doc, parts, !long && Number.isSafeInteger(asNumber) ? asNumber : Long.fromBigInt(value));
      return;
    }
    case '$currentDate': {
      const ts = isPlainObject(arg) && arg.$type === 'timestamp';
      setPath(doc, parts, ts ? Timestamp.fromNumber(Math.floor(Date.now() / 1000) * 2 ** 32) : new Date());
      return;
    }
  }
}

/** The document an upsert starts from: the query's equality fields (including inside $and). */
export function upsertSeed(query: Doc | undefined): Doc {
  const seed: Doc = {};
  const visit = (q: Doc) => {
    for (const [k, c] of Object.entries(q ?? {})) {
      if (k === '$and' && Array.isArray(c)) {
        c.forEach((s) => isPlainObject(s) && visit(s));
        continue;
      }
      if (k.startsWith('$')) continue;
      let value: unknown;
      if (isPlainObject(c) && Object.keys(c).some((x) => x.startsWith('$'))) {
        if (!('$eq' in c)) continue;
        value = c.$eq;
      } else value = c;
      try {
        setPath(seed, k.split('.'), cloneDoc(value));
      } catch {
        /* conflicting seeds are ignored, the update decides */
      }
    }
  };
  visit(query ?? {});
  return seed;
}

/** Build the document an upsert inserts. */
export function buildUpsertDoc(query: Doc, update: unknown, arrayFilters?: Doc[], variables?: Doc): Doc {
  const seed = upsertSeed(query);
  const kind = updateKind(update);
  let doc: Doc;
  if (kind === 'replacement') {
    const repl = cloneDoc(update as Doc);
    doc = { ...repl };
    if (!('_id' in doc) && '_id' in seed) doc._id = seed._id;
  } else {
    doc = applyUpdate(seed, update, { query, arrayFilters, inserting: true, variables });
  }
  if (!('_id' in doc)) doc = { _id: new ObjectId(), ...doc };
  return idFirst(doc);
}
