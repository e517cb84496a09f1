// Published remote versions: each build of a remote that a team ships is copied, whole and never
// changed again, to <remotesDir>/<package>/<version>/ and served at /remotes/<package>/<version>/,
// beside older versions and beside the package's current build (/remotes/<package>/ = its dist/).
// Which version the shell loads is the remotes manifest's business (remotes-manifest.ts), so
// shipping and rolling back is a manifest edit: no restart, no shell rebuild.
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_VERSION_PATTERN } from '@skillquiz/contracts';

/** A semver version (no leading 'v'), as package.json and mf-manifest.json's buildVersion carry it. */
export const VERSION_PATTERN = REMOTE_VERSION_PATTERN;
/** A remote's package directory name ('mfe-quiz'): also its URL segment under /remotes/. */
export const REMOTE_PACKAGE_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

export function isVersion(value: string): boolean {
  return VERSION_PATTERN.test(value);
}

/** The URL the remotes manifest names for a published version. */
export function versionManifestUrl(pkg: string, version: string): string {
  return `/remotes/${pkg}/${version}/mf-manifest.json`;
}

/** The folder a published version lives in, or null when the segments are not a package and a version. */
export function versionDir(remotesDir: string, pkg: string, version: string): string | null {
  if (!REMOTE_PACKAGE_PATTERN.test(pkg) || !isVersion(version)) return null;
  return path.join(remotesDir, pkg, version);
}

/** Versions of a remote published so far (folders only; a publish in progress is not one yet). */
export function publishedVersions(remotesDir: string, pkg: string): string[] {
  try {
    return fs
      .readdirSync(path.join(remotesDir, pkg), { withFileTypes: true })
      .filter((d) => d.isDirectory() && isVersion(d.name))
      .map((d) => d.name)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  } catch {
    return [];
  }
}

export class PublishError extends Error {}

/**
 * Why `version` of `pkg` cannot be loaded from REMOTES_DIR, or null when it can: its folder exists and
 * its mf-manifest.json parses and declares that version. Ship, rollback and the services' reading of
 * the live manifest all ask this, so a version they accept is one the shell can fetch.
 */
export function publishedVersionProblem(remotesDir: string, pkg: string, version: string): string | null {
  const dir = versionDir(remotesDir, pkg, version);
  if (!dir) return `"${version}" is not a version of a remote package`;
  const published = publishedVersions(remotesDir, pkg);
  if (!published.includes(version)) {
    return (
      `${pkg} ${version} is not published (no ${dir}). ` +
      (published.length
        ? `Published versions: ${published.join(', ')}.`
        : `No version of ${pkg} is published yet.`)
    );
  }
  let manifest: { metaData?: { buildInfo?: { buildVersion?: unknown } } };
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
  } catch (err) {
    return `${pkg} ${version}: its mf-manifest.json does not load (${(err as Error).message})`;
  }
  const built = manifest?.metaData?.buildInfo?.buildVersion;
  if (built !== version) {
    return `${pkg} ${version}: its mf-manifest.json says it is version ${String(built)}`;
  }
  return null;
}

export interface PublishOptions {
  /** The remote's package directory (its package.json and dist/). */
  packageDir: string;
  remotesDir: string;
  /** Replace a version already published (a published version is otherwise never touched). */
  force?: boolean;
}

export interface Published {
  pkg: string;
  version: string;
  dir: string;
  /** What to put in the remotes manifest to load it. */
  manifestUrl: string;
}

function readJson(file: string, what: string): Record<string, unknown> {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new PublishError(`Cannot read ${what} (${file}): ${(err as Error).message}`);
  }
}

/**
 * Copies a remote's built dist/ to <remotesDir>/<package>/<version>/. The build must be of the
 * version package.json declares (its mf-manifest.json says so), so a stale dist is never published
 * under a new number. The copy goes to a temporary folder renamed into place, so the services
 * never serve half a version.
 */
export function publishRemote({ packageDir, remotesDir, force = false }: PublishOptions): Published {
  const pkg = path.basename(path.resolve(packageDir));
  if (!REMOTE_PACKAGE_PATTERN.test(pkg)) throw new PublishError(`"${pkg}" is not a remote package name`);
  const version = readJson(path.join(packageDir, 'package.json'), 'package.json').version;
  if (typeof version !== 'string' || !isVersion(version)) {
    throw new PublishError(`${pkg}/package.json has no semver "version"`);
  }
  const dist = path.join(packageDir, 'dist');
  const manifest = readJson(path.join(dist, 'mf-manifest.json'), `${pkg}'s built mf-manifest.json`);
  const built = (manifest.metaData as { buildInfo?: { buildVersion?: unknown } } | undefined)?.buildInfo
    ?.buildVersion;
  if (built !== version) {
    throw new PublishError(
      `${pkg}/dist was built as version ${String(built)}, but package.json says ${version}: build it again first`,
    );
  }

  const target = path.join(remotesDir, pkg, version);
  if (fs.existsSync(target) && !force) {
    throw new PublishError(
      `${pkg} ${version} is already published (${target}); versions are immutable: bump the version, or use --force`,
    );
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(target), `.${version}-`));
  try {
    fs.cpSync(dist, staging, { recursive: true });
    if (fs.existsSync(target)) fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(staging, target);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  return { pkg, version, dir: target, manifestUrl: versionManifestUrl(pkg, version) };
}
