// Integration-test stack: the embedded engine as a process of its own (`skillquiz-mongo`, as npm start
// runs it), and the real services on a free port with their own temp data, started by the same code as
// the product (src/server.ts):
//
//   in process (default)   startServices() of the TypeScript sources, in the test's own process:
//                          no build needed, an edit is tested as it is, a start costs no node boot.
//   as a process           `node services/dist/main.js` (needs `npx tsc -b services`; root `npm test`
//                          builds first): for tests of the process boundary (a kill -9, several
//                          processes on one database), asked with { mode: 'process' }, and for a
//                          second services instance while one already runs in this test file
//                          (mongoose's one default connection belongs to the first).
//
// Both give the same Services: its base URL, every line it printed (log lines as JSON, and the lines
// tools parse: "Demo candidate link: ...", "SkillQuiz services listening on ..."), stop(). The engine
// is a child process so that the services (in the test's process) and the database use two cores, as
// in production: with both in one thread, the heavy tests (analytics) took about twice as long.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { Writable } from 'node:stream';
import mongoose from 'mongoose';
import { loadConfig } from '../../src/platform/config';
import { connectDatabase, type Database } from '../../src/platform/db/connect';
import { createLogger } from '../../src/platform/log/logger';
import { startServices as startInProcess } from '../../src/server';

const SERVICES_ROOT = path.resolve(__dirname, '..', '..');
const MAIN = path.join(SERVICES_ROOT, 'dist', 'main.js');
const ENGINE_BIN = require.resolve('@skillquiz/mongo-engine/bin/skillquiz-mongo.js');
// SKILLQUIZ_TEST_READY_TIMEOUT_MS: longer for the rolling-restart test, whose restarts happen under load.
const READY_TIMEOUT_MS = Number(process.env.SKILLQUIZ_TEST_READY_TIMEOUT_MS) || 30_000;

/** SIGTERM a child we started, SIGKILL it after 5 s, and wait until it has exited. */
export async function stopChild(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

export interface Services {
  baseUrl: string;
  /** Everything the services printed so far (stdout and stderr), for assertions and failure reports. */
  output: string[];
  stop(): Promise<void>;
  /** SIGKILLs the process (a crash: no shutdown code runs) and waits until it has exited. Process mode only. */
  kill(): Promise<void>;
  /** Process mode only: sends a signal (SIGTERM: a graceful stop) without waiting. */
  signal?(sig: NodeJS.Signals): void;
  /** Process mode only: resolves with the exit code (or signal) once the process has exited. */
  exited?: Promise<number | string>;
}

export interface ServicesOptions {
  /** 'in-process' (default, when no other in-process services run in this file) or 'process'. */
  mode?: 'in-process' | 'process';
}

export interface Stack {
  baseUrl: string;
  /** mongodb://host:port/<unique db> the services use; connect the driver or mongoose to it. */
  mongoUri: string;
  services: Services;
  /** The environment the services were first started with (restart with `{ ...stack.env, X: y }`). */
  env: Record<string, string>;
  /** Stops the services and starts them again on the same database (a fresh port). */
  restartServices(env?: Record<string, string>): Promise<void>;
  /** A database outage: stops the engine (the services keep running and lose their connection). */
  stopDatabase(): Promise<void>;
  /** Ends the outage: the engine starts again on the same port and data (recovering its journal). */
  startDatabase(): Promise<void>;
  /**
   * A stalled database: SIGSTOPs the engine, which keeps its connections and answers nothing (as a
   * primary election or a long disk stall looks to the services) until thawDatabase() (SIGCONT).
   */
  freezeDatabase(): void;
  thawDatabase(): void;
  stop(): Promise<void>;
}

/** The environment the services get in tests, under the test's own values. */
function servicesEnv(mongoUri: string, dataDir: string, env: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: '0',
    HOST: '127.0.0.1',
    MONGODB_URI: mongoUri,
    DATA_DIR: dataDir,
    ...env,
  };
}

/** In-process services of this test file: mongoose's default connection can serve one database. */
let inProcessRunning = 0;
/** The in-process services' database connection, kept across restarts (tests share mongoose with it). */
let inProcessDatabase: { uri: string; db: Database } | null = null;

async function startServicesInProcess(
  mongoUri: string,
  dataDir: string,
  env: Record<string, string>,
): Promise<Services> {
  const output: string[] = [];
  const lines = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) output.push(line);
      done();
    },
  });
  // agenda checks a running job's lock every half lock lifetime with a timer it never clears (up to
  // 150 s with the production lifetimes); in process, those timers would keep jest's process alive
  // minutes after the last test. 20 s locks: longer than any job runs here, and jest exits in 10 s.
  const config = loadConfig(servicesEnv(mongoUri, dataDir, { JOBS_LOCK_LIFETIME_MS: '20000', ...env }));
  const logger = createLogger(config.logLevel, { destination: lines });
  if (inProcessDatabase && inProcessDatabase.uri !== mongoUri) {
    await inProcessDatabase.db.close();
    inProcessDatabase = null;
  }
  inProcessDatabase ??= { uri: mongoUri, db: await connectDatabase(config, logger) };
  const running = await startInProcess({
    config,
    logger,
    print: (line) => output.push(line),
    database: inProcessDatabase.db,
  });
  inProcessRunning++;
  let stopped = false;
  return {
    baseUrl: running.url,
    output,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await running.close();
      inProcessRunning--;
    },
    kill: async () => {
      throw new Error('kill() needs the services as a process: start them with { mode: "process" }');
    },
  };
}

/** Closes the in-process services' database connection (the stack's stop does it). */
async function closeInProcessDatabase(): Promise<void> {
  if (inProcessRunning > 0 || !inProcessDatabase) return;
  const { db } = inProcessDatabase;
  inProcessDatabase = null;
  await db.close();
}

async function startServicesProcess(
  mongoUri: string,
  dataDir: string,
  env: Record<string, string>,
): Promise<Services> {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npx tsc -b services\` first`);
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    cwd: SERVICES_ROOT,
    env: { PATH: process.env.PATH ?? '', ...servicesEnv(mongoUri, dataDir, env) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  readline.createInterface({ input: child.stderr! }).on('line', (l) => output.push(l));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const exitStatus = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code ?? -1)),
  );

  const baseUrl = await new Promise<string>((resolve, reject) => {
    const fail = (why: string) => {
      child.kill('SIGKILL');
      reject(new Error(`services did not start: ${why}\n${output.join('\n')}`));
    };
    const timer = setTimeout(() => fail('timed out'), READY_TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(`exited with ${signal ?? code}`);
    });
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line);
      const m = /SkillQuiz services listening on (\S+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace(/\/+$/, ''));
      }
    });
  });

  return {
    baseUrl,
    output,
    stop: () => stopChild(child, exited),
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    signal: (sig) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    },
    exited: exitStatus,
  };
}

/**
 * The services on a free port against `mongoUri`; resolves once they serve. In process unless asked
 * for a process, or another in-process instance of this test file is running.
 */
export async function startServices(
  mongoUri: string,
  dataDir: string,
  env: Record<string, string> = {},
  options: ServicesOptions = {},
): Promise<Services> {
  // SKILLQUIZ_TEST_SERVICES=process runs every suite against the built process (to compare, or to
  // test a build).
  const mode = options.mode ?? (process.env.SKILLQUIZ_TEST_SERVICES === 'process' ? 'process' : 'in-process');
  const inProcess = mode === 'in-process' && inProcessRunning === 0;
  return inProcess
    ? startServicesInProcess(mongoUri, dataDir, env)
    : startServicesProcess(mongoUri, dataDir, env);
}

interface EngineProcess {
  uri: string;
  port: number;
  /** SIGSTOP / SIGCONT. */
  signal(sig: 'SIGSTOP' | 'SIGCONT'): void;
  stop(): Promise<void>;
}

/** `skillquiz-mongo --port <port> --dbpath <dbpath>`; resolves once it accepts connections. */
async function startEngineProcess(dbpath: string, port = 0): Promise<EngineProcess> {
  const child = spawn(process.execPath, [ENGINE_BIN, '--port', String(port), '--dbpath', dbpath], {
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  readline.createInterface({ input: child.stderr! }).on('line', (l) => output.push(l));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const hostPort = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the engine did not start:\n${output.join('\n')}`));
    }, READY_TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the engine exited with ${signal ?? code}:\n${output.join('\n')}`));
    });
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line);
      const m = /skillquiz-mongo listening on (\S+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  return {
    uri: `mongodb://${hostPort}`,
    port: Number(hostPort.slice(hostPort.lastIndexOf(':') + 1)),
    signal: (sig) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    },
    // A stopped process acts on SIGTERM only once it runs again.
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGCONT');
      return stopChild(child, exited);
    },
  };
}

/**
 * MONGODB_TEST_URI (`npm run test:mongodb`): the stack's database on that server instead of an engine
 * of its own, a fresh database per stack (dropped at stop). Outages (stopDatabase, freezeDatabase)
 * need the engine process and throw.
 */
export const EXTERNAL_MONGODB_URI = process.env.MONGODB_TEST_URI?.trim() || undefined;

/** `uri` with its database name set to `dbName`, keeping credentials and options (?replicaSet=...). */
export function withDatabaseName(uri: string, dbName: string): string {
  const m = /^(mongodb(?:\+srv)?:\/\/[^/?]+)(?:\/[^?]*)?(\?.*)?$/.exec(uri);
  if (!m)
    throw new Error(`MONGODB_TEST_URI is not a mongodb:// URI: ${uri.replace(/\/\/[^@/]+@/, '//***@')}`);
  return `${m[1]}/${dbName}${m[2] ?? ''}`;
}

function externalEngine(): EngineProcess {
  const refuse = () => {
    throw new Error('database outages need the embedded engine (not available with MONGODB_TEST_URI)');
  };
  return { uri: EXTERNAL_MONGODB_URI!, port: 0, signal: refuse, stop: async () => undefined };
}

async function dropExternalDatabase(mongoUri: string): Promise<void> {
  const conn = await mongoose.createConnection(mongoUri, { serverSelectionTimeoutMS: 10_000 }).asPromise();
  try {
    await conn.dropDatabase();
  } finally {
    await conn.close();
  }
}

export async function startStack(
  env: Record<string, string> = {},
  options: ServicesOptions = {},
): Promise<Stack> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-stack-'));
  const external = EXTERNAL_MONGODB_URI !== undefined;
  let engine = external ? externalEngine() : await startEngineProcess(path.join(tmp, 'db'));
  let engineUp = true;
  const dbName = `t_${randomBytes(6).toString('hex')}`;
  const mongoUri = external
    ? withDatabaseName(engine.uri, dbName)
    : `${engine.uri.replace(/\/+$/, '')}/${dbName}`;
  let services: Services;
  try {
    services = await startServices(mongoUri, path.join(tmp, 'data'), env, options);
  } catch (err) {
    await closeInProcessDatabase();
    await engine.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
  const stack: Stack = {
    baseUrl: services.baseUrl,
    mongoUri,
    services,
    env,
    restartServices: async (env2 = env) => {
      await stack.services.stop();
      stack.services = await startServices(mongoUri, path.join(tmp, 'data'), env2, options);
      stack.baseUrl = stack.services.baseUrl;
    },
    stopDatabase: async () => {
      if (external) externalEngine().signal('SIGSTOP');
      engineUp = false;
      await engine.stop();
    },
    startDatabase: async () => {
      if (external) externalEngine().signal('SIGCONT');
      engine = await startEngineProcess(path.join(tmp, 'db'), engine.port);
      engineUp = true;
    },
    freezeDatabase: () => engine.signal('SIGSTOP'),
    thawDatabase: () => engine.signal('SIGCONT'),
    stop: async () => {
      await stack.services.stop();
      await closeInProcessDatabase();
      if (external) await dropExternalDatabase(mongoUri);
      else if (engineUp) await engine.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
  return stack;
}
