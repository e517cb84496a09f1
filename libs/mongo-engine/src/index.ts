// Public API: start an embedded MongoDB-wire-compatible engine on a port with its data in dbpath.
import * as fs from 'node:fs';
import { Cursors } from './cursors';
import { EngineContext } from './commands';
import { Journal, JournalOptions } from './journal';
import { acquireLock } from './lock';
import { WireServer } from './server';
import { Store } from './store';

export interface EngineOptions {
  /** TCP port; 0 (default) picks a free one */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** directory for the journal, snapshot and lock file (created if missing) */
  dbpath: string;
  /** fsync every acknowledged write (default true); turn off only for benchmarks */
  fsync?: boolean;
  /** compact when the journal exceeds this many bytes and the last snapshot's size (default 64 MiB) */
  compactBytes?: number;
  /** diagnostics sink (default: stderr) */
  log?: (msg: string) => void;
  /** test hook, see Journal: observe the files at each step of a compaction */
  onCompactStep?: JournalOptions['onCompactStep'];
}

export interface RunningEngine {
  port: number;
  host: string;
  /** mongodb://host:port */
  uri: string;
  /** fold the journal into a snapshot now */
  compact(): Promise<void>;
  stop(): Promise<void>;
}

export async function startEngine(options: EngineOptions): Promise<RunningEngine> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((m: string) => process.stderr.write(`skillquiz-mongo: ${m}\n`));
  fs.mkdirSync(options.dbpath, { recursive: true });
  const release = acquireLock(options.dbpath);
  const store = new Store();
  const cursors = new Cursors();
  let journal: Journal;
  try {
    journal = await Journal.open(options.dbpath, store, {
      fsync: options.fsync ?? true,
      compactBytes: options.compactBytes ?? 64 * 1024 * 1024,
      log,
      onCompactStep: options.onCompactStep,
    });
  } catch (e) {
    cursors.close();
    release();
    throw e;
  }
  let server: WireServer;
  const engine: EngineContext = {
    store,
    cursors,
    commit: (ops) => journal.append(ops),
    writeFailure: () => journal.failed,
    startedAt: Date.now(),
    connections: () => server.connectionCount,
  };
  server = new WireServer(engine, log);
  let port: number;
  try {
    port = await server.listen(options.port ?? 0, host);
  } catch (e) {
    await journal.close();
    cursors.close();
    release();
    throw e;
  }
  let stopping: Promise<void> | null = null;
  return {
    port,
    host,
    uri: `mongodb://${host.includes(':') ? `[${host}]` : host}:${port}`,
    compact: () => journal.compactNow(),
    stop: () =>
      (stopping ??= (async () => {
        await server.close();
        await journal.close();
        cursors.close();
        release();
      })()),
  };
}

export { SERVER_VERSION } from './commands';
