// Chooses and opens the database. MONGODB_URI set → that server (production: MongoDB).
// Unset → the embedded engine, started in this process on DATA_DIR/db. (`npm start` runs the
// engine as its own child process and passes MONGODB_URI, so this fallback serves
// `node services/dist/main.js` run by hand.)
import path from 'node:path';
import mongoose from 'mongoose';
import { startEngine } from '@skillquiz/mongo-engine';
import type { Config } from '../config';
import type { Logger } from '../log/logger';
import { OutageMonitor } from './outages';

export const DEFAULT_DB_NAME = 'skillquiz';

export interface Database {
  uri: string;
  /** 'external' = MONGODB_URI; 'embedded' = engine started by this process. */
  kind: 'external' | 'embedded';
  /** The database's outages as this process sees them (a heartbeat watches it until close()). */
  outages: OutageMonitor;
  close(): Promise<void>;
}

/** Appends the default database name to a server URI that names none (mongodb://h:p or h:p/). */
export function withDefaultDb(uri: string, dbName = DEFAULT_DB_NAME): string {
  const u = new URL(uri);
  if (u.pathname && u.pathname !== '/') return uri;
  u.pathname = `/${dbName}`;
  return u.toString();
}

export async function connectDatabase(config: Config, logger: Logger): Promise<Database> {
  if (config.mongodbUri) {
    await connectMongoose(config.mongodbUri);
    const outages = new OutageMonitor();
    const unwatch = outages.watch(logger);
    logger.info(`connected to MongoDB at ${redact(config.mongodbUri)}`);
    return {
      uri: config.mongodbUri,
      kind: 'external',
      outages,
      close: () => {
        unwatch();
        return mongoose.disconnect();
      },
    };
  }

  const dbpath = path.join(config.dataDir, 'db');
  const engine = await startEngine({ port: 0, dbpath });
  const uri = withDefaultDb(engine.uri);
  try {
    await connectMongoose(uri);
  } catch (err) {
    await engine.stop();
    throw err;
  }
  const outages = new OutageMonitor();
  const unwatch = outages.watch(logger);
  logger.info(`started the embedded engine (data in ${dbpath}); this is not a production database`);
  return {
    uri,
    kind: 'embedded',
    outages,
    close: async () => {
      unwatch();
      await mongoose.disconnect();
      await engine.stop();
    },
  };
}

async function connectMongoose(uri: string): Promise<void> {
  // A short server-selection timeout turns "nothing listening there" into a clear start error.
  // Heartbeats every 2 s (driver default 10 s): while the database is down requests are refused
  // without touching it (see outages.ts), so the heartbeat is what notices it is back.
  await mongoose.connect(uri, { serverSelectionTimeoutMS: 10_000, heartbeatFrequencyMS: 2_000 });
}

/** Hides credentials when printing a connection string. */
export function redact(uri: string): string {
  return uri.replace(/\/\/([^@/]+)@/, '//***@');
}
