// The embedded engine as a process of its own (its `skillquiz-mongo` bin, as `npm start` runs it),
// for tests that must do to the database what only a separate process allows: freeze it with
// SIGSTOP (a stall: connected, but nothing answers) and let it go on with SIGCONT. startStack()
// runs the engine inside the test process, which cannot be frozen without freezing the test.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { stopChild } from './stack';

const ENGINE_BIN = path.join(
  path.dirname(require.resolve('@skillquiz/mongo-engine/package.json')),
  'bin',
  'skillquiz-mongo.js',
);
const READY_TIMEOUT_MS = 30_000;

export interface EngineProcess {
  /** mongodb://host:port (no database name). */
  uri: string;
  /** SIGSTOP: the engine keeps its connections and answers nothing until thaw(). */
  freeze(): void;
  /** SIGCONT: the engine goes on with what queued up meanwhile. */
  thaw(): void;
  /** Thaws if frozen, then stops it (SIGTERM, SIGKILL after 5 s) and waits for the exit. */
  stop(): Promise<void>;
}

export async function startEngineProcess(dbpath: string): Promise<EngineProcess> {
  const child = spawn(process.execPath, [ENGINE_BIN, '--port', '0', '--dbpath', dbpath], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  readline.createInterface({ input: child.stderr! }).on('line', (l) => output.push(l));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const address = await new Promise<string>((resolve, reject) => {
    const fail = (why: string) => {
      child.kill('SIGKILL');
      reject(new Error(`the engine did not start: ${why}\n${output.join('\n')}`));
    };
    const timer = setTimeout(() => fail('timed out'), READY_TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(`exited with ${signal ?? code}`);
    });
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /skillquiz-mongo listening on (\S+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  let frozen = false;
  const signal = (sig: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
  };
  return {
    uri: `mongodb://${address}`,
    freeze: () => {
      signal('SIGSTOP');
      frozen = true;
    },
    thaw: () => {
      signal('SIGCONT');
      frozen = false;
    },
    stop: async () => {
      // A stopped process only acts on SIGTERM once it runs again.
      if (frozen) signal('SIGCONT');
      await stopChild(child, exited);
    },
  };
}
