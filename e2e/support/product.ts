// Starts the whole product the way `npm start` does (scripts/start.js: embedded database, dev
// sign-on, services serving the shell and remotes) on a free port with its own data directory.
// start.js runs in a process group of its own, so stopping it (or giving up on a start that hangs)
// takes the engine, the sign-on and the services down with it and nothing outlives the run.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { promisify } from 'node:util';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
const READY_TIMEOUT_MS = 90_000;
/** How long start.js gets to stop its children (it gives each 10 s) before the group is killed. */
const STOP_GRACE_MS = 25_000;

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

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Signals every process of the child's group (start.js and what it spawned); gone already is fine. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // the group is gone
  }
}

function groupAlive(child: ChildProcess): boolean {
  try {
    process.kill(-child.pid!, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to the group, SIGKILL to whatever is left after the grace period, then the data dir goes. */
async function stopTree(child: ChildProcess, exited: Promise<void>, dataDir: string): Promise<void> {
  if (running(child) || groupAlive(child)) {
    signalGroup(child, 'SIGTERM');
    const graceOver = new Promise<void>((r) => setTimeout(r, STOP_GRACE_MS).unref());
    await Promise.race([exited, graceOver]);
    // start.js waits for its children before exiting; anything still in the group is stuck.
    for (let i = 0; i < 50 && groupAlive(child); i++) {
      signalGroup(child, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  assertBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-e2e-'));
  const lines: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts', 'start.js')], {
    cwd: REPO_ROOT,
    // start.js turns demo mode on unless told otherwise; the tests rely on it (demo label, pass_243).
    // No first-run simulated candidates (a minute of background load); tests insert their own data.
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_DEMO_CANDIDATES: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: see stopTree
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  readline.createInterface({ input: child.stderr! }).on('line', (l) => lines.push(l));

  let demoLink: string | null = null;
  try {
    const baseURL = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`The product did not start in ${READY_TIMEOUT_MS / 1000}s:\n${lines.join('\n')}`)),
        READY_TIMEOUT_MS,
      );
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The product exited (code ${code}) before it was ready:\n${lines.join('\n')}`));
      });
      let app: string | null = null;
      readline.createInterface({ input: child.stdout! }).on('line', (line) => {
        lines.push(line);
        // The public URL (what the sign-on redirects to, so cookies match), not the bound address.
        const appLine = /^\s*App:\s+(https?:\/\/\S+?)\/?\s/.exec(line);
        if (appLine) app = appLine[1].replace(/\/$/, '');
        const demo = /Demo candidate:\s+(https?:\/\/\S+)/.exec(line);
        if (demo) demoLink = demo[1];
        // The summary's last line: everything above it (App, Demo candidate) has been read.
        if (app && /Stop with Ctrl-C/.test(line)) {
          clearTimeout(timer);
          resolve(app);
        }
      });
    });
    return {
      baseURL,
      demoLink,
      dataDir,
      output: () => lines.join('\n'),
      stop: () => stopTree(child, exited, dataDir),
    };
  } catch (err) {
    await stopTree(child, exited, dataDir);
    throw err;
  }
}

/**
 * A new invitation on a running product (`npm run invite`, which uses the product's database
 * through DATA_DIR/running.json). Returns the candidate links, one quiz per atom, required first.
 * For tests that need quizzes nobody else has touched, without starting a product of their own.
 * `demo`: a demo invitation (the demo sidebar, 'Correct' label and pass_243 work only on
 * those, and only while DEMO_MODE_ALLOWED is set).
 */
export async function invite(
  product: Pick<RunningProduct, 'dataDir'>,
  options: InviteOptions = {},
): Promise<string[]> {
  return (await inviteWithId(product, options)).links;
}

export interface InviteOptions {
  company?: string;
  atoms?: string[];
  optional?: string[];
  demo?: boolean;
}

/** invite(), with the invitation's id (what the hiring report is read by). */
export async function inviteWithId(
  product: Pick<RunningProduct, 'dataDir'>,
  { company = 'Acme Robotics', atoms = ['javascript'], optional = [], demo = false }: InviteOptions = {},
): Promise<{ id: string; links: string[] }> {
  const args = [
    path.join(REPO_ROOT, 'services', 'dist', 'cli', 'invite.js'),
    '--company',
    company,
    '--atoms',
    atoms.join(','),
  ];
  if (optional.length) args.push('--optional', optional.join(','));
  if (demo) args.push('--demo');
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', DATA_DIR: product.dataDir };
  delete env.MONGODB_URI;
  delete env.PUBLIC_URL;
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    cwd: REPO_ROOT,
    env,
    timeout: 60_000,
  });
  const links = [...stdout.matchAll(/(https?:\/\/\S+\/quiz\/[^\s/]+)/g)].map((m) => m[1]);
  // The first link is printed twice (the candidate link, then in the per-atom list).
  const unique = [...new Set(links)];
  if (!unique.length) throw new Error(`invite printed no candidate link:\n${stdout}`);
  const id = /^\s*id ([0-9a-f]{24})\b/m.exec(stdout)?.[1];
  if (!id) throw new Error(`invite printed no invitation id:\n${stdout}`);
  return { id, links: unique };
}
