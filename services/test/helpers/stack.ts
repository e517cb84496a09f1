// Integration-test stack: the embedded engine in this process, the real services as a child
// process (`node services/dist/main.js`), each on a free port with its own temp data.
// Needs a prior build (`npx tsc -b services`; root `npm test` builds first).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { startEngine } from '@skillquiz/mongo-engine';

const SERVICES_ROOT = path.resolve(__dirname, '..', '..');
const MAIN = path.join(SERVICES_ROOT, 'dist', 'main.js');
const READY_TIMEOUT_MS = 30_000;

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
  /** Everything the process printed so far (stdout and stderr), for assertions and failure reports. */
  output: string[];
  stop(): Promise<void>;
  /** SIGKILLs the process (a crash: no shutdown code runs) and waits until it has exited. */
  kill(): Promise<void>;
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
  stop(): Promise<void>;
}

/** Spawns the services on a free port against `mongoUri`; resolves once they print their URL. */
export async function startServices(
  mongoUri: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<Services> {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npx tsc -b services\` first`);
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    cwd: SERVICES_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
      MONGODB_URI: mongoUri,
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  readline.createInterface({ input: child.stderr! }).on('line', (l) => output.push(l));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

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
  };
}

export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-stack-'));
  let engine = await startEngine({ port: 0, dbpath: path.join(tmp, 'db') });
  let engineUp = true;
  const mongoUri = `${engine.uri.replace(/\/+$/, '')}/t_${randomBytes(6).toString('hex')}`;
  let services: Services;
  try {
    services = await startServices(mongoUri, path.join(tmp, 'data'), env);
  } catch (err) {
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
      stack.services = await startServices(mongoUri, path.join(tmp, 'data'), env2);
      stack.baseUrl = stack.services.baseUrl;
    },
    stopDatabase: async () => {
      engineUp = false;
      await engine.stop();
    },
    startDatabase: async () => {
      engine = await startEngine({ port: engine.port, dbpath: path.join(tmp, 'db') });
      engineUp = true;
    },
    stop: async () => {
      await stack.services.stop();
      if (engineUp) await engine.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
  return stack;
}
