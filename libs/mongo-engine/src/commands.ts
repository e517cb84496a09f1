// Command handlers: one function per MongoDB command, each turning a command document into a reply.
// Writes change memory synchronously, then wait for the journal before replying (acknowledged = durable).
import * as os from 'node:os';
import { CommandError, errorReply } from './errors';
import {
  Doc,
  ObjectId,
  bsonSize,
  cloneDoc,
  idFirst,
  identical,
  isEqual,
  isPlainObject,
  keyOf,
  setField,
  tooDeep,
} from './bsonutil';
import { Cursors } from './cursors';
import { IndexSpec, defaultIndexName } from './indexes';
import { makeAggregator, makeQuery } from './mingo';
import { valuesAtPath } from './paths';
import { metrics } from './metrics';
import { allMatches, countMatches, findResult, firstMatch, project, runPipeline } from './query';
import { Collection, ID_INDEX, Op, Store, assertValidCollectionName, updateOp } from './store';
import { applyUpdate, buildUpsertDoc, updateKind } from './update';

export const SERVER_VERSION = '7.0.0-skillquiz';
export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
export const MAX_MESSAGE_SIZE = 48_000_000;
export const MAX_WRITE_BATCH_SIZE = 100_000;
const MAX_NESTING = 100;

export interface EngineContext {
  store: Store;
  cursors: Cursors;
  /** makes ops durable; resolves when they are on disk */
  commit(ops: Op[]): Promise<void>;
  /** set once the journal failed: from then on writes are refused before they touch memory */
  writeFailure(): Error | null;
  startedAt: number;
  connections(): number;
}

export interface CallContext {
  db: string;
  connectionId: number;
  remote: string;
}

type Handler = (engine: EngineContext, cmd: Doc, call: CallContext) => Doc | Promise<Doc>;

function collectionArg(cmd: Doc, name: string): string {
  const c = cmd[name];
  assertValidCollectionName(c, name);
  return c;
}

function num(v: unknown, dflt: number): number {
  if (v === undefined || v === null) return dflt;
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new CommandError('TypeMismatch', `expected a number but got ${String(v)}`);
  return v;
}

/** A command's `let` document: variables its filters and pipelines read as `$$name`. */
function letVariables(cmd: Doc, command: string, extra?: unknown): Doc | undefined {
  for (const [name, v] of [
    ['let', cmd.let],
    ['c', extra],
  ] as const)
    if (v !== undefined && !isPlainObject(v))
      throw new CommandError('TypeMismatch', `${command}: '${name}' must be an object`);
  if (cmd.let === undefined && extra === undefined) return undefined;
  // a variable may be an expression ({ $add: [1, 2] }); MongoDB evaluates it once, before the command runs
  const out: Doc = {};
  for (const [k, v] of Object.entries({ ...(cmd.let as Doc), ...(extra as Doc) }))
    setField(out, k, (makeAggregator([{ $addFields: { v } }]).run([{}])[0] as Doc).v);
  return out;
}

/**
 * MongoDB refuses a hint naming an index that does not exist; this engine does not plan by hints (an existing
 * index changes nothing in the results), but it must not accept one that MongoDB would refuse.
 */
function checkHint(coll: Collection | undefined, hint: unknown, command: string): void {
  if (hint === undefined || hint === null || !coll) return;
  if (typeof hint === 'string') {
    if (hint === ID_INDEX.name || coll.indexes.some((ix) => ix.name === hint)) return;
  } else if (isPlainObject(hint)) {
    const keys = Object.keys(hint);
    if (keys.length === 0 || (keys.length === 1 && keys[0] === '$natural')) return;
    if (keyOf(hint) === keyOf(ID_INDEX.key) || coll.indexes.some((ix) => keyOf(ix.spec.key) === keyOf(hint)))
      return;
  } else throw new CommandError('FailedToParse', `${command}: 'hint' must be a string or an object`);
  throw new CommandError(
    'BadValue',
    `${command}: error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index`,
  );
}

/**
 * String comparison here is always binary (MongoDB's 'simple' collation); any other collation would change
 * matches and sort order without saying so, so it is refused.
 */
function checkCollation(collation: unknown, command: string): void {
  if (collation === undefined || collation === null) return;
  if (isPlainObject(collation) && collation.locale === 'simple') return;
  throw new CommandError(
    'NotImplemented',
    `${command}: collation is not supported by skillquiz-mongo (strings always compare by their bytes, as with the 'simple' collation)`,
  );
}

/** Fields MongoDB accepts in each update / delete statement; any other is an error, never silently ignored. */
const STATEMENT_FIELDS: Record<string, Set<string>> = {
  updates: new Set(['q', 'u', 'multi', 'upsert', 'arrayFilters', 'hint', 'collation', 'c', 'upsertSupplied']),
  deletes: new Set(['q', 'limit', 'hint', 'collation']),
};

function checkStatementFields(command: string, list: 'updates' | 'deletes', statements: unknown[]): void {
  for (const st of statements) {
    if (!isPlainObject(st)) continue;
    checkCollation(st.collation, command);
    for (const k of Object.keys(st))
      if (!STATEMENT_FIELDS[list].has(k))
        throw new CommandError('Location40415', `BSON field '${command}.${list}.${k}' is an unknown field.`);
  }
}

/** A standalone acknowledges with w: 0, 1 or 'majority' (itself); more nodes or tags cannot be satisfied. */
function checkWriteConcern(wc: unknown): void {
  if (!isPlainObject(wc)) return;
  const w = wc.w;
  if (typeof w === 'number' && w > 1)
    throw new CommandError('BadValue', "cannot use 'w' > 1 with a standalone");
  if (typeof w === 'string' && w !== 'majority')
    throw new CommandError(
      'UnknownReplWriteConcern',
      `No write concern mode named '${w}' found in replica set configuration`,
    );
}

function writeError(index: number, e: unknown, command: string): Doc {
  const r = errorReply(e, command);
  const { ok: _ok, codeName: _codeName, ...rest } = r;
  return { index, ...rest };
}

function newCollectionOps(engine: EngineContext, db: string, name: string, ops: Op[]): Collection {
  const existing = engine.store.getCollection(db, name);
  if (existing) return existing;
  const op: Op = { o: 'cc', db, c: name, opts: {} };
  engine.store.apply(op);
  ops.push(op);
  return engine.store.getCollection(db, name)!;
}

/** What MongoDB refuses to store: non-objects, $fields inside _id, array _ids, > 16 MiB, > 100 levels of nesting. */
function checkStorable(doc: unknown, command = 'insert'): asserts doc is Doc {
  if (!isPlainObject(doc))
    throw new CommandError('TypeMismatch', `${command}: each document must be an object`);
  // MongoDB 5+ stores $-prefixed field names anywhere but inside _id
  const id = doc._id;
  if (isPlainObject(id))
    for (const k of Object.keys(id))
      if (k.startsWith('$'))
        throw new CommandError(
          'DollarPrefixedFieldName',
          `${command}: _id fields may not contain '$'-prefixed fields: ${k} is not valid for storage.`,
        );
  if (Array.isArray(id)) throw new CommandError('BadValue', `${command}: can't use an array for _id`);
  if (bsonSize(doc) > MAX_BSON_OBJECT_SIZE)
    throw new CommandError('BadValue', `${command}: document exceeds the 16MiB BSON size limit`);
  if (tooDeep(doc, MAX_NESTING))
    throw new CommandError('BadValue', `${command}: document nesting exceeds ${MAX_NESTING} levels`);
}

function hello(engine: EngineContext, cmd: Doc, call: CallContext, legacy: boolean): Doc {
  return {
    ...(cmd.helloOk ? { helloOk: true } : {}),
    ...(legacy ? { ismaster: true } : { isWritablePrimary: true }),
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE,
    maxWriteBatchSize: MAX_WRITE_BATCH_SIZE,
    localTime: new Date(),
    // Reported so drivers may use sessions for ordinary commands; lsid is accepted and ignored (no transactions).
    logicalSessionTimeoutMinutes: 30,
    connectionId: call.connectionId,
    minWireVersion: 0,
    maxWireVersion: 21,
    readOnly: false,
    ok: 1,
  };
}

const insert: Handler = async (engine, cmd, { db }) => {
  const name = collectionArg(cmd, 'insert');
  const docs = cmd.documents;
  if (!Array.isArray(docs)) throw new CommandError('TypeMismatch', "insert: 'documents' must be an array");
  if (docs.length > MAX_WRITE_BATCH_SIZE)
    throw new CommandError(
      'InvalidOptions',
      `insert: write batch size ${docs.length} exceeds ${MAX_WRITE_BATCH_SIZE}`,
    );
  const ordered = cmd.ordered !== false;
  const ops: Op[] = [];
  const writeErrors: Doc[] = [];
  let n = 0;
  const coll = docs.length ? newCollectionOps(engine, db, name, ops) : undefined;
  for (let i = 0; i < docs.length; i++) {
    try {
      const raw = docs[i];
      checkStorable(raw);
      const doc = '_id' in raw ? idFirst(raw) : { _id: new ObjectId(), ...raw };
      coll!.insert(doc);
      ops.push({ o: 'put', db, c: name, d: doc });
      n++;
    } catch (e) {
      writeErrors.push(writeError(i, e, 'insert'));
      if (ordered) break;
    }
  }
  await engine.commit(ops);
  return { n, ...(writeErrors.length ? { writeErrors } : {}), ok: 1 };
};

const update: Handler = async (engine, cmd, { db }) => {
  const name = collectionArg(cmd, 'update');
  const updates = cmd.updates;
  if (!Array.isArray(updates)) throw new CommandError('TypeMismatch', "update: 'updates' must be an array");
  checkStatementFields('update', 'updates', updates);
  const ordered = cmd.ordered !== false;
  const ops: Op[] = [];
  const writeErrors: Doc[] = [];
  const upserted: Doc[] = [];
  let n = 0;
  let nModified = 0;
  for (let i = 0; i < updates.length; i++) {
    try {
      const spec = updates[i];
      if (!isPlainObject(spec))
        throw new CommandError('TypeMismatch', 'update: each update statement must be an object');
      const q = (spec.q ?? {}) as Doc;
      const u = spec.u;
      const kind = updateKind(u);
      if (spec.multi && kind === 'replacement')
        throw new CommandError(
          'FailedToParse',
          'update: multi update is not supported for replacement-style update',
        );
      const arrayFilters = spec.arrayFilters as Doc[] | undefined;
      const variables = letVariables(cmd, 'update', spec.c);
      let coll = engine.store.getCollection(db, name);
      checkHint(coll, spec.hint, 'update');
      const targets = spec.multi
        ? allMatches(coll, q, 'update', variables)
        : [firstMatch(coll, q, undefined, 'update', variables)].filter((d): d is Doc => !!d);
      for (const doc of targets) {
        const next = applyUpdate(doc, u, { query: q, arrayFilters, inserting: false, variables });
        n++;
        if (identical(next, doc)) continue;
        checkStorable(next, 'update');
        coll!.put(next, true);
        ops.push(updateOp(db, name, doc, next));
        nModified++;
      }
      if (targets.length === 0 && spec.upsert) {
        const doc = buildUpsertDoc(q, u, arrayFilters, variables);
        checkStorable(doc, 'update');
        coll = coll ?? newCollectionOps(engine, db, name, ops);
        coll.insert(doc);
        ops.push({ o: 'put', db, c: name, d: doc });
        upserted.push({ index: i, _id: doc._id });
        n++;
      }
    } catch (e) {
      writeErrors.push(writeError(i, e, 'update'));
      if (ordered) break;
    }
  }
  await engine.commit(ops);
  return {
    n,
    nModified,
    ...(upserted.length ? { upserted } : {}),
    ...(writeErrors.length ? { writeErrors } : {}),
    ok: 1,
  };
};

const del: Handler = async (engine, cmd, { db }) => {
  const name = collectionArg(cmd, 'delete');
  const deletes = cmd.deletes;
  if (!Array.isArray(deletes)) throw new CommandError('TypeMismatch', "delete: 'deletes' must be an array");
  checkStatementFields('delete', 'deletes', deletes);
  const variables = letVariables(cmd, 'delete');
  const ordered = cmd.ordered !== false;
  const ops: Op[] = [];
  const writeErrors: Doc[] = [];
  let n = 0;
  const coll = engine.store.getCollection(db, name);
  for (let i = 0; i < deletes.length; i++) {
    try {
      const spec = deletes[i];
      if (!isPlainObject(spec))
        throw new CommandError('TypeMismatch', 'delete: each delete statement must be an object');
      const limit = num(spec.limit, 0);
      if (limit !== 0 && limit !== 1)
        throw new CommandError('BadValue', `delete: limit must be 0 or 1, got ${limit}`);
      checkHint(coll, spec.hint, 'delete');
      const targets =
        limit === 1
          ? [firstMatch(coll, spec.q ?? {}, undefined, 'delete', variables)].filter((d): d is Doc => !!d)
          : allMatches(coll, spec.q ?? {}, 'delete', variables);
      for (const doc of targets) {
        coll!.remove(doc._id);
        ops.push({ o: 'del', db, c: name, id: doc._id });
        n++;
      }
    } catch (e) {
      writeErrors.push(writeError(i, e, 'delete'));
      if (ordered) break;
    }
  }
  await engine.commit(ops);
  return { n, ...(writeErrors.length ? { writeErrors } : {}), ok: 1 };
};

const findAndModify: Handler = async (engine, cmd, { db }) => {
  const name = collectionArg(cmd, Object.keys(cmd)[0]);
  const query = (cmd.query ?? {}) as Doc;
  const remove = !!cmd.remove;
  const hasUpdate = cmd.update !== undefined;
  if (remove && hasUpdate)
    throw new CommandError('FailedToParse', 'findAndModify: cannot specify both an update and remove=true');
  if (!remove && !hasUpdate)
    throw new CommandError(
      'FailedToParse',
      'findAndModify: either an update or remove=true must be specified',
    );
  if (remove && cmd.upsert)
    throw new CommandError('FailedToParse', 'findAndModify: cannot specify both upsert=true and remove=true');
  if (hasUpdate) updateKind(cmd.update);
  const arrayFilters = cmd.arrayFilters as Doc[] | undefined;
  const variables = letVariables(cmd, 'findAndModify');
  checkCollation(cmd.collation, 'findAndModify');
  const ops: Op[] = [];
  try {
    let coll = engine.store.getCollection(db, name);
    checkHint(coll, cmd.hint, 'findAndModify');
    const doc = firstMatch(coll, query, cmd.sort, 'findAndModify', variables);
    let value: Doc | null = null;
    let lastErrorObject: Doc;
    if (remove) {
      if (doc) {
        coll!.remove(doc._id);
        ops.push({ o: 'del', db, c: name, id: doc._id });
        value = doc;
      }
      lastErrorObject = { n: doc ? 1 : 0 };
    } else if (doc) {
      const next = applyUpdate(doc, cmd.update, { query, arrayFilters, inserting: false, variables });
      if (!identical(next, doc)) {
        checkStorable(next, 'findAndModify');
        coll!.put(next, true);
        ops.push(updateOp(db, name, doc, next));
      }
      value = cmd.new ? next : doc;
      lastErrorObject = { n: 1, updatedExisting: true };
    } else if (cmd.upsert) {
      const created = buildUpsertDoc(query, cmd.update, arrayFilters, variables);
      checkStorable(created, 'findAndModify');
      coll = coll ?? newCollectionOps(engine, db, name, ops);
      coll.insert(created);
      ops.push({ o: 'put', db, c: name, d: created });
      value = cmd.new ? created : null;
      lastErrorObject = { n: 1, updatedExisting: false, upserted: created._id };
    } else {
      lastErrorObject = { n: 0, updatedExisting: false };
    }
    return { lastErrorObject, value: value ? project(value, cmd.fields, query) : null, ok: 1 };
  } finally {
    // whatever was applied (e.g. an implicitly created collection) is journaled even when the command fails
    await engine.commit(ops);
  }
};

const find: Handler = (engine, cmd, { db }) => {
  const name = collectionArg(cmd, 'find');
  let limit = num(cmd.limit, 0);
  let singleBatch = !!cmd.singleBatch;
  if (limit < 0) {
    limit = -limit;
    singleBatch = true;
  }
  // this engine has no capped collections, the only ones a tailable cursor can follow
  if (cmd.tailable)
    throw new CommandError(
      'BadValue',
      `find: error processing query: ${db}.${name} tailable cursor requested on non capped collection`,
    );
  const coll = engine.store.getCollection(db, name);
  checkHint(coll, cmd.hint, 'find');
  checkCollation(cmd.collation, 'find');
  const docs = findResult(
    coll,
    cmd.filter,
    {
      sort: cmd.sort,
      skip: num(cmd.skip, 0),
      limit,
      projection: cmd.projection,
      variables: letVariables(cmd, 'find'),
    },
    'find',
  );
  return engine.cursors.first(
    `${db}.${name}`,
    docs,
    cmd.batchSize === undefined ? undefined : num(cmd.batchSize, 101),
    singleBatch,
  );
};

const getMore: Handler = (engine, cmd, { db }) => {
  const id = Number(cmd.getMore);
  const name = collectionArg(cmd, 'collection');
  return engine.cursors.more(
    id,
    `${db}.${name}`,
    cmd.batchSize === undefined ? undefined : num(cmd.batchSize, 0),
  );
};

const killCursors: Handler = (engine, cmd) => {
  const ids = Array.isArray(cmd.cursors) ? cmd.cursors.map((c: unknown) => Number(c)) : [];
  return engine.cursors.kill(ids);
};

const aggregate: Handler = (engine, cmd, { db }) => {
  const target = cmd.aggregate;
  if (cmd.explain)
    throw new CommandError('NotImplemented', 'aggregate: explain is not supported by skillquiz-mongo');
  if (!isPlainObject(cmd.cursor))
    throw new CommandError('FailedToParse', "aggregate: the 'cursor' option is required");
  const coll = target === 1 ? undefined : engine.store.getCollection(db, collectionArg(cmd, 'aggregate'));
  const resolve = (other: string) =>
    [...(engine.store.getCollection(db, other)?.docs.values() ?? [])].map(cloneDoc);
  checkHint(coll, cmd.hint, 'aggregate');
  checkCollation(cmd.collation, 'aggregate');
  const docs = runPipeline(coll, cmd.pipeline, resolve, letVariables(cmd, 'aggregate'));
  metrics.returned += docs.length;
  const ns = target === 1 ? `${db}.$cmd.aggregate` : `${db}.${target}`;
  return engine.cursors.first(
    ns,
    docs,
    cmd.cursor.batchSize === undefined ? undefined : num(cmd.cursor.batchSize, 101),
  );
};

const count: Handler = (engine, cmd, { db }) => {
  const name = collectionArg(cmd, 'count');
  const coll = engine.store.getCollection(db, name);
  checkHint(coll, cmd.hint, 'count');
  checkCollation(cmd.collation, 'count');
  const skip = num(cmd.skip, 0);
  const limit = Math.abs(num(cmd.limit, 0));
  return { n: countMatches(coll, cmd.query ?? {}, 'count', undefined, skip, limit), ok: 1 };
};

const distinct: Handler = (engine, cmd, { db }) => {
  const name = collectionArg(cmd, 'distinct');
  if (typeof cmd.key !== 'string' || !cmd.key)
    throw new CommandError('TypeMismatch', "distinct: 'key' must be a non-empty string");
  checkCollation(cmd.collation, 'distinct');
  checkHint(engine.store.getCollection(db, name), cmd.hint, 'distinct');
  const seen = new Map<string, unknown>();
  for (const doc of allMatches(engine.store.getCollection(db, name), cmd.query ?? {}, 'distinct')) {
    for (const v of valuesAtPath(doc, cmd.key)) {
      if (v === undefined) continue;
      const k = keyOf(v);
      if (!seen.has(k)) seen.set(k, v);
    }
  }
  return { values: [...seen.values()], ok: 1 };
};

const create: Handler = async (engine, cmd, { db }) => {
  const name = collectionArg(cmd, 'create');
  if (engine.store.getCollection(db, name))
    throw new CommandError('NamespaceExists', `Collection ${db}.${name} already exists.`);
  if (cmd.viewOn !== undefined || cmd.pipeline !== undefined)
    throw new CommandError('NotImplemented', 'create: views are not supported by skillquiz-mongo');
  if (cmd.capped)
    throw new CommandError(
      'NotImplemented',
      'create: capped collections are not supported by skillquiz-mongo',
    );
  if (cmd.timeseries !== undefined)
    throw new CommandError(
      'NotImplemented',
      'create: time series collections are not supported by skillquiz-mongo',
    );
  checkCollation(cmd.collation, 'create');
  // kept for listCollections only; none of these is enforced (see README, limits)
  const opts: Doc = {};
  for (const k of [
    'validator',
    'validationLevel',
    'validationAction',
    'collation',
    'storageEngine',
    'indexOptionDefaults',
  ])
    if (cmd[k] !== undefined) opts[k] = cmd[k];
  const op: Op = { o: 'cc', db, c: name, opts };
  engine.store.apply(op);
  await engine.commit([op]);
  return { ok: 1 };
};

function normaliseIndexSpec(raw: unknown): IndexSpec {
  if (!isPlainObject(raw) || !isPlainObject(raw.key) || Object.keys(raw.key).length === 0)
    throw new CommandError('FailedToParse', "createIndexes: each index needs a non-empty 'key' object");
  for (const [f, dir] of Object.entries(raw.key)) {
    if (!f || f.startsWith('$'))
      throw new CommandError('BadValue', `createIndexes: bad index key field '${f}'`);
    if (typeof dir !== 'number' && typeof dir !== 'string')
      throw new CommandError('BadValue', `createIndexes: bad index key direction for '${f}'`);
  }
  const name = typeof raw.name === 'string' && raw.name ? raw.name : defaultIndexName(raw.key);
  const spec: IndexSpec = { v: 2, key: raw.key as IndexSpec['key'], name };
  for (const [k, v] of Object.entries(raw)) if (k !== 'key' && k !== 'name' && k !== 'v') spec[k] = v;
  if (spec.unique === false) delete spec.unique;
  if (spec.sparse === false) delete spec.sparse;
  return spec;
}

function sameOptions(a: IndexSpec, b: IndexSpec): boolean {
  return (
    !!a.unique === !!b.unique &&
    !!a.sparse === !!b.sparse &&
    isEqual(a.partialFilterExpression ?? null, b.partialFilterExpression ?? null)
  );
}

const createIndexes: Handler = async (engine, cmd, { db }) => {
  const name = collectionArg(cmd, 'createIndexes');
  if (!Array.isArray(cmd.indexes) || cmd.indexes.length === 0)
    throw new CommandError('BadValue', "createIndexes: 'indexes' must be a non-empty array");
  const specs = cmd.indexes.map(normaliseIndexSpec);
  for (const spec of specs) checkCollation(spec.collation, 'createIndexes');
  const ops: Op[] = [];
  const existed = !!engine.store.getCollection(db, name);
  const coll = newCollectionOps(engine, db, name, ops);
  const before = coll.indexes.length + 1;
  let created = 0;
  try {
    for (const spec of specs) {
      if (spec.name === '_id_' || isEqual(spec.key, ID_INDEX.key)) continue;
      const byName = coll.indexes.find((ix) => ix.name === spec.name);
      const byKey = coll.indexes.find((ix) => keyOf(ix.spec.key) === keyOf(spec.key));
      if (byName) {
        if (keyOf(byName.spec.key) !== keyOf(spec.key))
          throw new CommandError(
            'IndexKeySpecsConflict',
            `createIndexes: an existing index has the same name as the requested index but a different key: ${spec.name}`,
          );
        if (!sameOptions(byName.spec, spec))
          throw new CommandError(
            'IndexOptionsConflict',
            `createIndexes: an index with the same name but different options already exists: ${spec.name}`,
          );
        continue;
      }
      if (byKey && sameOptions(byKey.spec, spec))
        throw new CommandError(
          'IndexOptionsConflict',
          `createIndexes: index already exists with a different name: ${byKey.name}`,
        );
      coll.addIndex(spec, true);
      ops.push({ o: 'ci', db, c: name, spec });
      created++;
    }
  } finally {
    await engine.commit(ops);
  }
  return {
    numIndexesBefore: before,
    numIndexesAfter: coll.indexes.length + 1,
    createdCollectionAutomatically: !existed,
    ...(created === 0 ? { note: 'all indexes already exist' } : {}),
    ok: 1,
  };
};

const listIndexes: Handler = (engine, cmd, { db }) => {
  const name = collectionArg(cmd, 'listIndexes');
  const coll = engine.store.getCollection(db, name);
  if (!coll) throw new CommandError('NamespaceNotFound', `ns does not exist: ${db}.${name}`);
  return engine.cursors.first(
    `${db}.${name}`,
    coll.allSpecs().map((s) => ({ ...s })),
    cmd.cursor?.batchSize,
  );
};

const dropIndexes: Handler = async (engine, cmd, { db }) => {
  const name = collectionArg(cmd, Object.keys(cmd)[0]);
  const coll = engine.store.getCollection(db, name);
  if (!coll) throw new CommandError('NamespaceNotFound', `ns not found ${db}.${name}`);
  const was = coll.indexes.length + 1;
  const which = cmd.index;
  let names: string[];
  if (which === '*') names = coll.indexes.map((ix) => ix.name);
  else if (typeof which === 'string') names = [which];
  else if (Array.isArray(which)) names = which.map(String);
  else if (isPlainObject(which)) {
    const ix = coll.indexes.find((i) => keyOf(i.spec.key) === keyOf(which));
    if (!ix) throw new CommandError('IndexNotFound', `can't find index with key: ${JSON.stringify(which)}`);
    names = [ix.name];
  } else
    throw new CommandError(
      'TypeMismatch',
      "dropIndexes: 'index' must be a name, a key pattern, an array of names or '*'",
    );
  if (names.includes('_id_')) throw new CommandError('InvalidOptions', 'cannot drop _id index');
  for (const n of names)
    if (!coll.indexes.some((ix) => ix.name === n))
      throw new CommandError('IndexNotFound', `index not found with name [${n}]`);
  const ops: Op[] = names.map((n) => ({ o: 'di', db, c: name, name: n }));
  ops.forEach((op) => engine.store.apply(op));
  await engine.commit(ops);
  return { nIndexesWas: was, ok: 1 };
};

const listCollections: Handler = (engine, cmd, { db }) => {
  const colls = [...(engine.store.dbs.get(db)?.values() ?? [])];
  let entries: Doc[] = colls.map((c) => ({
    name: c.name,
    type: 'collection',
    options: c.options,
    info: { readOnly: false },
    idIndex: ID_INDEX,
  }));
  if (isPlainObject(cmd.filter) && Object.keys(cmd.filter).length) {
    const q = makeQuery(cmd.filter);
    entries = entries.filter((e) => q.test(e));
  }
  if (cmd.nameOnly) entries = entries.map((e) => ({ name: e.name, type: e.type }));
  return engine.cursors.first(`${db}.$cmd.listCollections`, entries, cmd.cursor?.batchSize);
};

const listDatabases: Handler = (engine, cmd) => {
  let dbs: Doc[] = [...engine.store.dbs.entries()].map(([name, colls]) => {
    let size = 0;
    for (const c of colls.values()) for (const d of c.docs.values()) size += bsonSize(d);
    return { name, sizeOnDisk: size, empty: size === 0 };
  });
  if (isPlainObject(cmd.filter) && Object.keys(cmd.filter).length) {
    const q = makeQuery(cmd.filter);
    dbs = dbs.filter((d) => q.test(d));
  }
  const totalSize = dbs.reduce((a, d) => a + d.sizeOnDisk, 0);
  if (cmd.nameOnly) return { databases: dbs.map((d) => ({ name: d.name })), ok: 1 };
  return { databases: dbs, totalSize, totalSizeMb: Math.floor(totalSize / 1048576), ok: 1 };
};

const drop: Handler = async (engine, cmd, { db }) => {
  const name = collectionArg(cmd, 'drop');
  const coll = engine.store.getCollection(db, name);
  if (!coll) return { ns: `${db}.${name}`, ok: 1 };
  const op: Op = { o: 'dc', db, c: name };
  const was = coll.indexes.length + 1;
  engine.store.apply(op);
  await engine.commit([op]);
  return { ns: `${db}.${name}`, nIndexesWas: was, ok: 1 };
};

const dropDatabase: Handler = async (engine, _cmd, { db }) => {
  if (engine.store.dbs.has(db)) {
    const op: Op = { o: 'dd', db };
    engine.store.apply(op);
    await engine.commit([op]);
  }
  return { dropped: db, ok: 1 };
};

const buildInfo: Handler = () => ({
  version: SERVER_VERSION,
  gitVersion: 'skillquiz',
  versionArray: [7, 0, 0, 0],
  bits: 64,
  debug: false,
  maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
  storageEngines: ['skillquiz-journal'],
  javascriptEngine: 'none',
  modules: [],
  sysInfo: 'deprecated',
  ok: 1,
});

const getParameter: Handler = (_e, cmd) => {
  const known: Doc = {
    featureCompatibilityVersion: { version: '7.0' },
    authenticationMechanisms: [],
    requireApiVersion: false,
  };
  if (cmd.getParameter === '*') return { ...known, ok: 1 };
  const out: Doc = {};
  for (const k of Object.keys(cmd)) if (k in known) out[k] = known[k];
  return { ...out, ok: 1 };
};

const serverStatus: Handler = (engine) => ({
  host: os.hostname(),
  version: SERVER_VERSION,
  process: 'skillquiz-mongo',
  pid: process.pid,
  uptime: Math.floor((Date.now() - engine.startedAt) / 1000),
  uptimeMillis: Date.now() - engine.startedAt,
  localTime: new Date(),
  connections: { current: engine.connections(), available: 10000 },
  storageEngine: { name: 'skillquiz-journal', persistent: true },
  // where the documents' memory is (docstore.ts): the slabs held and the bytes of live documents in them
  // and the open cursors: a cursor holds its whole result (a stored document's bytes keep its slab) until
  // it is read to the end, killed, or idle for 10 minutes
  skillquiz: { slabs: slabTotals(engine.store), cursors: engine.cursors.stats() },
  metrics: {
    queryExecutor: { scanned: metrics.scanned, scannedObjects: metrics.scannedObjects },
    document: { returned: metrics.returned },
  },
  ok: 1,
});

function slabTotals(store: Store): { slabs: number; slabBytes: number; liveBytes: number } {
  const out = { slabs: 0, slabBytes: 0, liveBytes: 0 };
  for (const colls of store.dbs.values())
    for (const c of colls.values()) {
      const s = c.docs.stats();
      out.slabs += s.slabs;
      out.slabBytes += s.slabBytes;
      out.liveBytes += s.liveBytes;
    }
  return out;
}

const hostInfo: Handler = () => ({
  system: {
    currentTime: new Date(),
    hostname: os.hostname(),
    cpuAddrSize: 64,
    memSizeMB: Math.floor(os.totalmem() / 1048576),
    numCores: os.cpus().length,
    cpuArch: os.arch(),
  },
  os: { type: os.type(), name: os.platform(), version: os.release() },
  extra: {},
  ok: 1,
});

const dbStats: Handler = (engine, _cmd, { db }) => {
  const colls = [...(engine.store.dbs.get(db)?.values() ?? [])];
  let objects = 0;
  let dataSize = 0;
  let indexes = 0;
  for (const c of colls) {
    objects += c.docs.size;
    indexes += c.indexes.length + 1;
    for (const d of c.docs.values()) dataSize += bsonSize(d);
  }
  return {
    db,
    collections: colls.length,
    views: 0,
    objects,
    avgObjSize: objects ? dataSize / objects : 0,
    dataSize,
    storageSize: dataSize,
    indexes,
    indexSize: 0,
    ok: 1,
  };
};

function noTransactions(name: string): Handler {
  return () => {
    throw new CommandError(
      'NotImplemented',
      `${name}: transactions are not supported by skillquiz-mongo (a standalone engine without replication)`,
    );
  };
}

export const HANDLERS: Record<string, Handler> = {
  hello: (e, c, call) => hello(e, c, call, false),
  isMaster: (e, c, call) => hello(e, c, call, true),
  ismaster: (e, c, call) => hello(e, c, call, true),
  ping: () => ({ ok: 1 }),
  buildInfo,
  buildinfo: buildInfo,
  getParameter,
  serverStatus,
  hostInfo,
  dbStats,
  whatsmyuri: (_e, _c, call) => ({ you: call.remote, ok: 1 }),
  connectionStatus: () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 }),
  getCmdLineOpts: () => ({ argv: ['skillquiz-mongo'], parsed: {}, ok: 1 }),
  endSessions: () => ({ ok: 1 }),
  killSessions: () => ({ ok: 1 }),
  refreshSessions: () => ({ ok: 1 }),
  startSession: noTransactions('startSession'),
  commitTransaction: noTransactions('commitTransaction'),
  abortTransaction: noTransactions('abortTransaction'),
  insert,
  update,
  delete: del,
  findAndModify,
  findandmodify: findAndModify,
  find,
  getMore,
  killCursors,
  aggregate,
  count,
  distinct,
  create,
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
  listCollections,
  listDatabases,
  drop,
  dropDatabase,
};

const WRITE_COMMANDS = new Set([
  'insert',
  'update',
  'delete',
  'findAndModify',
  'findandmodify',
  'create',
  'createIndexes',
  'dropIndexes',
  'deleteIndexes',
  'drop',
  'dropDatabase',
]);

/** Run one command document against database `db`; never throws. */
export async function runCommand(
  engine: EngineContext,
  db: string,
  cmd: Doc,
  call: CallContext,
): Promise<Doc> {
  const name = Object.keys(cmd)[0];
  if (name === undefined)
    return new CommandError('CommandNotFound', 'no command given: empty command document').toReply();
  const handler = Object.prototype.hasOwnProperty.call(HANDLERS, name) ? HANDLERS[name] : undefined;
  if (!handler) return new CommandError('CommandNotFound', `no such command: '${name}'`).toReply();
  try {
    if (cmd.startTransaction || cmd.autocommit === false)
      return noTransactions(name)(engine, cmd, call) as Doc;
    const failure = WRITE_COMMANDS.has(name) ? engine.writeFailure() : null;
    if (failure) throw new CommandError('IllegalOperation', `${name}: ${failure.message}`);
    if (WRITE_COMMANDS.has(name)) checkWriteConcern(cmd.writeConcern);
    if (typeof db !== 'string' || !db || /[\0/\\. "$]/.test(db))
      throw new CommandError('InvalidNamespace', `${name}: invalid database name '${String(db)}'`);
    return await handler(engine, cmd, call);
  } catch (e) {
    const reply = errorReply(e, name);
    if (
      e instanceof CommandError &&
      !reply.errmsg?.toString().includes(name) &&
      e.codeName !== 'DuplicateKey'
    )
      reply.errmsg = `${name}: ${reply.errmsg}`;
    return reply;
  }
}
