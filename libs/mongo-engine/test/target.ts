// Where the suite runs: the embedded engine (default) or a real MongoDB when MONGODB_TEST_URI is set, so any
// behavioural difference between them shows up as a failing test.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Db, Document, MongoClient, ObjectId } from 'mongodb';
import { RunningEngine, startEngine } from '../src';

export const EXTERNAL_URI = process.env.MONGODB_TEST_URI;

export interface Target {
  uri: string;
  /** a database name unique to this test file run */
  dbName: string;
  engine?: RunningEngine;
  dbpath?: string;
  close(): Promise<void>;
}

export function tempDir(prefix = 'sq-mongo-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function startTarget(opts: { fsync?: boolean; compactBytes?: number } = {}): Promise<Target> {
  const dbName = `sqtest_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  if (EXTERNAL_URI) {
    return {
      uri: EXTERNAL_URI,
      dbName,
      async close() {
        const c = await MongoClient.connect(EXTERNAL_URI);
        await c.db(dbName).dropDatabase();
        await c.close();
      },
    };
  }
  const dbpath = tempDir();
  const engine = await startEngine({ dbpath, port: 0, log: () => {}, ...opts });
  return {
    uri: engine.uri,
    dbName,
    engine,
    dbpath,
    async close() {
      await engine.stop();
      fs.rmSync(dbpath, { recursive: true, force: true });
    },
  };
}

/** `describe` for tests that need the embedded engine itself (processes, files); skipped against real MongoDB. */
export const describeEngine: jest.Describe = EXTERNAL_URI ? describe.skip : describe;

export function hostPort(uri: string): { host: string; port: number } {
  const m = /^mongodb:\/\/(?:[^@/]*@)?\[?([^\]/:,]+)\]?:(\d+)/.exec(uri);
  if (!m) return { host: '127.0.0.1', port: 27017 };
  return { host: m[1], port: Number(m[2]) };
}

/**
 * A document as these tests store it. The driver's default schema types `_id` as ObjectId, but any
 * BSON value is a valid _id and the tests deliberately use numbers and strings too.
 */
export interface TestDoc extends Document {
  _id?: number | string | ObjectId;
}

/** A test file's target with a connected driver client and its database. */
export interface DriverTarget {
  target: Target;
  client: MongoClient;
  db: Db;
}

/**
 * Starts the target before the file's tests and connects the official driver to it; closes both
 * after them. The fields are filled in by beforeAll, so read them inside tests and hooks.
 */
export function useDriverTarget(): DriverTarget {
  const ctx = {} as DriverTarget;
  beforeAll(async () => {
    ctx.target = await startTarget();
    ctx.client = await MongoClient.connect(ctx.target.uri, { serverSelectionTimeoutMS: 5000 });
    ctx.db = ctx.client.db(ctx.target.dbName);
  });
  afterAll(async () => {
    await ctx.client?.close();
    await ctx.target?.close();
  });
  return ctx;
}

/** Documents examined while `run` ran (serverStatus' scannedObjects, as MongoDB reports them). */
export async function examinedBy(db: Db, run: () => Promise<unknown>): Promise<number> {
  const scanned = async () => Number((await db.admin().serverStatus()).metrics.queryExecutor.scannedObjects);
  const before = await scanned();
  await run();
  return (await scanned()) - before;
}
