// A database for a suite that talks to the models through mongoose directly (no services): a real
// MongoDB when MONGODB_TEST_URI is set, otherwise an embedded engine of its own in a temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { startEngine, type RunningEngine } from '@skillquiz/mongo-engine';

/** Registers the suite's beforeAll/afterAll: connect (then `init`, e.g. build indexes), and clean up. */
export function useMongooseDatabase(name: string, init: () => Promise<unknown>): void {
  let engine: RunningEngine | null = null;
  let dbpath: string | null = null;

  beforeAll(async () => {
    let uri = process.env.MONGODB_TEST_URI;
    if (!uri) {
      dbpath = mkdtempSync(path.join(tmpdir(), `sq-${name}-`));
      engine = await startEngine({ port: 0, dbpath, log: () => {} });
      uri = engine.uri;
    }
    await mongoose.connect(uri, { dbName: `${name}_test_${process.pid}`, serverSelectionTimeoutMS: 5000 });
    await init();
  }, 30_000);

  afterAll(async () => {
    if (process.env.MONGODB_TEST_URI) await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
    await engine?.stop();
    if (dbpath) rmSync(dbpath, { recursive: true, force: true });
  });
}
