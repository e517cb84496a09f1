// Shipping remote versions to the product a file runs against, the way a content team does:
// build the remote, `npm run publish:remote` (services/dist/cli/publish-remote.js) into the
// product's remotes directory (DATA_DIR/remotes), then pin the version in the remotes manifest
// (support/remotes.ts). A "new version" is a real webpack build of a copy of the remote's package
// with its version bumped and its source edited, so the workspace's own build is never touched.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './product';
import { sharedProduct } from './test';

const run = promisify(execFile);
/** Copies of remote packages being built: inside the repository, so their imports resolve from its node_modules. */
const BUILDS_DIR = path.join(REPO_ROOT, 'e2e', '.remote-builds');

/** Where the shared product serves published versions from (its DATA_DIR/remotes). */
export function remotesDir(): string {
  return path.join(sharedProduct().dataDir, 'remotes');
}

/** The version a package.json declares. */
export function packageVersion(packageDir: string): string {
  return JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version;
}

/** `npm run publish:remote` for a remote package directory; returns what it printed. */
export async function publishRemote(packageDir: string): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [path.join(REPO_ROOT, 'services', 'dist', 'cli', 'publish-remote.js')],
    { cwd: packageDir, env: { ...process.env, REMOTES_DIR: remotesDir() }, timeout: 60_000 },
  );
  return stdout;
}

/**
 * Builds a copy of a remote package as `version`, with `edit` applied to its source files
 * (relative path -> new content from old), and returns the copy's directory (named like the
 * package, as publishing requires). Remove it with removeBuild().
 */
export async function buildVariant(
  pkg: string,
  version: string,
  edit: Record<string, (source: string) => string>,
): Promise<string> {
  const source = path.join(REPO_ROOT, pkg);
  const dir = path.join(fs.mkdtempSync(path.join(ensureDir(BUILDS_DIR), `${version}-`)), pkg);
  fs.mkdirSync(dir);
  fs.cpSync(path.join(source, 'src'), path.join(dir, 'src'), { recursive: true });
  fs.copyFileSync(path.join(source, 'webpack.config.js'), path.join(dir, 'webpack.config.js'));
  const pkgJson = JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ ...pkgJson, version }, null, 2));
  for (const [file, change] of Object.entries(edit)) {
    const target = path.join(dir, file);
    const before = fs.readFileSync(target, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`buildVariant: the edit of ${file} changed nothing`);
    fs.writeFileSync(target, after);
  }
  const bin = path.join(REPO_ROOT, 'libs', 'webpack-config', 'bin', 'skillquiz-webpack.js');
  await run(process.execPath, [bin, '--mode', 'production'], { cwd: dir, timeout: 240_000 });
  return dir;
}

/** Removes a copy made by buildVariant. */
export function removeBuild(dir: string): void {
  fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  if (fs.existsSync(BUILDS_DIR) && fs.readdirSync(BUILDS_DIR).length === 0) fs.rmdirSync(BUILDS_DIR);
}

function ensureDir(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** What a command printed and how it ended. */
export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run ship -- ...` / `npm run rollback -- ...` against the shared product, as an operator runs
 * them beside it: its data directory (so its database through running.json), its live manifest file
 * and its published versions.
 */
export async function shipCommand(command: 'ship' | 'rollback', ...args: string[]): Promise<CommandResult> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: sharedProduct().dataDir,
    REMOTES_DIR: remotesDir(),
    REMOTES_MANIFEST: process.env.SQ_REMOTES_MANIFEST,
    SHIP_ACTOR: 'e2e-release@skillquiz.test',
  };
  delete env.MONGODB_URI;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [path.join(REPO_ROOT, 'services', 'dist', 'cli', `${command}.js`), ...args],
      { cwd: REPO_ROOT, env, timeout: 60_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/**
 * Publishes a copy of an already published version as `version` (its manifest says so): a second
 * version to ship and roll back between without another webpack build.
 */
export function publishCopy(pkg: string, from: string, version: string): void {
  const target = path.join(remotesDir(), pkg, version);
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(path.join(remotesDir(), pkg, from), target, { recursive: true });
  const manifestFile = path.join(target, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  manifest.metaData.buildInfo.buildVersion = version;
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
}
