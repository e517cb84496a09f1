// Starts the whole product the way `npm start` does (scripts/start.js: embedded database, dev
// sign-on, services serving the shell and remotes) on a free port with its own data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
const READY_TIMEOUT_MS = 90_000;

export interface RunningProduct {
  baseURL: string;
  /** The candidate demo link printed at start, when the quiz API prints one. */
  demoLink: string | null;
  dataDir: string;
  /** Everything the product printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

export function assertBuilt(): void {
  const needed = ['shell/dist/index.html', 'services/dist/main.js'];
  const missing = needed.filter((f) => !fs.existsSync(path.join(REPO_ROOT, f)));
  if (missing.length) {
    throw new Error(`Not built: ${missing.join(', ')}. Run \`npm run build\` at the repository root first.`);
  }
}

export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  assertBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-e2e-'));
  const lines: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts', 'start.js')], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'development', PORT: '0', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  readline.createInterface({ input: child.stderr! }).on('line', (l) => lines.push(l));

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let demoLink: string | null = null;
  const baseURL = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The product did not start in ${READY_TIMEOUT_MS / 1000}s:\n${lines.join('\n')}`)), READY_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The product exited (code ${code}) before it was ready:\n${lines.join('\n')}`));
    });
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      const demo = /Demo candidate:\s+(https?:\/\/\S+)/.exec(line);
      if (demo) demoLink = demo[1];
      // The public URL (what the sign-on redirects to, so cookies match), not the bound address.
      const app = /^\s*App:\s+(https?:\/\/\S+?)\/?\s/.exec(line);
      if (app) {
        clearTimeout(timer);
        resolve(app[1].replace(/\/$/, ''));
      }
    });
  });
  // The demo link is printed after the App line: give it a moment.
  await new Promise((r) => setTimeout(r, 200));

  return {
    baseURL,
    get demoLink() {
      return demoLink;
    },
    dataDir,
    output: () => lines.join('\n'),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(killer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
