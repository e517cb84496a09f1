// The remotes manifest: remote name -> URL of its mf-manifest.json. The shell fetches it at run time
// (GET /remotes.json), so moving a remote means changing the live manifest, never rebuilding the shell.
//
// The live manifest is a file: REMOTES_MANIFEST when set (a path; inline JSON is accepted too, read
// only), else DATA_DIR/remotes.json. `npm run ship` / `npm run rollback` write it (atomically, after
// checking the version); a person may edit it by hand. It pins some remotes, each to a published
// version ("mfe_quiz": "1.2.0", served from REMOTES_DIR/mfe-quiz/1.2.0/) or to a manifest URL (a
// CDN, a remote's dev server); a remote it does not name loads its package's current build.
//
// The services read it on every request (a small file; parsed again only when its text changed) and
// validate it: JSON, the contract's schema (LiveRemotesManifestSchema), and every version published
// with a loadable mf-manifest.json. A file that fails is not served: the last good manifest stays
// live and the problem is logged once as an error (and shown on the admin live-versions page).
import fs from 'node:fs';
import path from 'node:path';
import { LiveRemotesManifestSchema, type LiveRemotesManifest } from '@skillquiz/contracts';
import { originOf } from '../config';
import type { Logger } from '../log/logger';
import { isVersion, publishedVersionProblem, versionManifestUrl } from './remote-versions';

/** Front-end packages built as module-federation remotes, each served from /remotes/<package>/. */
export const REMOTE_PACKAGES = [
  'mfe-quiz',
  'mfe-demo',
  'mfe-admin-atoms',
  'mfe-admin-questions',
  'mfe-hiring',
] as const;

/** Remote name -> its package directory and URL segment: 'mfe_admin_atoms' -> 'mfe-admin-atoms'. */
export function packageOf(remoteName: string): string {
  return remoteName.replace(/_/g, '-');
}

/** Package directory -> remote name: 'mfe-admin-atoms' -> 'mfe_admin_atoms'. */
export function remoteNameOf(pkg: string): string {
  return pkg.replace(/-/g, '_');
}

export function defaultRemotesManifest(): Record<string, string> {
  return Object.fromEntries(
    REMOTE_PACKAGES.map((pkg) => [remoteNameOf(pkg), `/remotes/${pkg}/mf-manifest.json`]),
  );
}

export const isInline = (source: string) => source.trim().startsWith('{');

export type PinnedResult = { ok: true; pinned: LiveRemotesManifest } | { ok: false; message: string };

/**
 * Validates the text of a live manifest: JSON, the schema, and (given remotesDir) every pinned version
 * published with a loadable mf-manifest.json. `label` names the source in messages.
 */
export function parseLiveManifest(
  text: string,
  remotesDir?: string,
  label = 'the remotes manifest',
): PinnedResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { ok: false, message: `${label} could not be read as JSON: ${(err as Error).message}` };
  }
  const checked = LiveRemotesManifestSchema.safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue.path.length ? ` at "${issue.path.join('.')}"` : '';
    return {
      ok: false,
      message: `${label} must be a JSON object of remote name -> published version or manifest URL${where}: ${issue.message}`,
    };
  }
  if (remotesDir) {
    for (const [name, source] of Object.entries(checked.data)) {
      if (!isVersion(source)) continue;
      const problem = publishedVersionProblem(remotesDir, packageOf(name), source);
      if (problem) return { ok: false, message: `${label}: ${problem}` };
    }
  }
  return { ok: true, pinned: checked.data };
}

/** Reads a manifest source: inline JSON, or a file (a missing file pins nothing). */
export function readManifestText(source: string): string {
  if (isInline(source)) return source;
  try {
    return fs.readFileSync(source, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return '{}';
    throw err;
  }
}

/** The defaults, then `overrides`, then the pinned entries (a version becomes its published folder's URL). */
export function resolveRemotes(
  pinned: LiveRemotesManifest,
  overrides: Record<string, string> = {},
): Record<string, string> {
  const remotes = { ...defaultRemotesManifest(), ...overrides };
  for (const [name, source] of Object.entries(pinned)) {
    remotes[name] = isVersion(source) ? versionManifestUrl(packageOf(name), source) : source;
  }
  return remotes;
}

export type ManifestResult = { ok: true; remotes: Record<string, string> } | { ok: false; message: string };

/**
 * One read of a manifest source (default env REMOTES_MANIFEST; nothing pinned when unset), without
 * the last-good fallback: for tools and tests. The services use LiveManifest.
 */
export function readRemotesManifest(
  overrides: Record<string, string> = {},
  source: string | undefined = process.env.REMOTES_MANIFEST,
  remotesDir?: string,
): ManifestResult {
  if (!source || !source.trim()) return { ok: true, remotes: resolveRemotes({}, overrides) };
  const label = `REMOTES_MANIFEST (${isInline(source) ? 'inline' : source})`;
  let text: string;
  try {
    text = readManifestText(source);
  } catch (err) {
    return { ok: false, message: `${label} could not be read: ${(err as Error).message}` };
  }
  const result = parseLiveManifest(text, remotesDir, label);
  return result.ok ? { ok: true, remotes: resolveRemotes(result.pinned, overrides) } : result;
}

export interface LiveManifestOptions {
  /**
   * The live manifest: a file path or inline JSON (the services' config.remotesManifest). Unset: env
   * REMOTES_MANIFEST, looked up on every read (tests of the web middleware move it), else nothing pinned.
   */
  source?: string;
  /** Published versions, to check pinned versions against. */
  remotesDir?: string;
  /** Remote name -> URL over the defaults (a deployment that serves some remotes elsewhere). */
  overrides?: Record<string, string>;
  logger?: Logger;
}

export interface LiveState {
  /** Remote name -> mf-manifest.json URL: what /remotes.json answers. */
  remotes: Record<string, string>;
  /** What the (last good) file pins. */
  pinned: LiveRemotesManifest;
  /** Why the current file is not used (the last good one is), or null. */
  problem: string | null;
  /** The file (or 'inline JSON') read. */
  source: string;
}

/**
 * The services' view of the live manifest: re-read on every call (REMOTES_MANIFEST is looked up each
 * time too, so tests and the dev loop can move it), validated, and the last good state kept for when
 * the file goes bad. A bad state is logged once per distinct file text, as an error.
 */
export class LiveManifest {
  private lastGood: { text: string; source: string; pinned: LiveRemotesManifest } | null = null;
  private lastReported: string | null = null;

  constructor(private readonly opts: LiveManifestOptions = {}) {}

  private currentSource(): string | undefined {
    return this.opts.source ?? (process.env.REMOTES_MANIFEST?.trim() || undefined);
  }

  read(): LiveState {
    const source = this.currentSource();
    const shown =
      source === undefined ? '(none)' : isInline(source) ? 'inline JSON (REMOTES_MANIFEST)' : source;
    const resolved = (pinned: LiveRemotesManifest, problem: string | null): LiveState => ({
      remotes: resolveRemotes(pinned, this.opts.overrides),
      pinned,
      problem,
      source: shown,
    });
    if (source === undefined) return resolved({}, null);

    let text: string;
    try {
      text = readManifestText(source);
    } catch (err) {
      return this.bad(`${shown} could not be read: ${(err as Error).message}`, `read:${source}`, resolved);
    }
    if (this.lastGood && this.lastGood.text === text && this.lastGood.source === source) {
      return resolved(this.lastGood.pinned, null);
    }
    const result = parseLiveManifest(text, this.opts.remotesDir, `the live remotes manifest ${shown}`);
    if (!result.ok) return this.bad(result.message, `${source}\n${text}`, resolved);
    this.lastGood = { text, source, pinned: result.pinned };
    if (this.lastReported !== null)
      this.opts.logger?.info(`the live remotes manifest ${shown} is valid again`);
    this.lastReported = null;
    return resolved(result.pinned, null);
  }

  private bad(
    message: string,
    key: string,
    resolved: (pinned: LiveRemotesManifest, problem: string | null) => LiveState,
  ): LiveState {
    const keeping = this.lastGood
      ? 'keeping the last good manifest'
      : 'serving each remote from its current build';
    if (this.lastReported !== key) {
      this.lastReported = key;
      this.opts.logger?.error(`${message}; ${keeping} until it is fixed`);
    }
    return resolved(this.lastGood?.pinned ?? {}, `${message}; ${keeping}`);
  }

  /** Origins of remotes served from elsewhere (absolute URLs), for the Content-Security-Policy. */
  origins(): string[] {
    return originsOf(this.read().remotes);
  }
}

function originsOf(remotes: Record<string, string>): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(remotes)) {
    const origin = originOf(url); // null for a path on this site, which 'self' covers
    if (origin) origins.add(origin);
  }
  return [...origins].sort();
}

/**
 * The origins of remotes served from somewhere else than this site, from env REMOTES_MANIFEST alone
 * (no last-good state): for a policy built without the app's LiveManifest (tests).
 */
export function remoteOrigins(envValue: string | undefined = process.env.REMOTES_MANIFEST): string[] {
  const manifest = readRemotesManifest({}, envValue);
  return manifest.ok ? originsOf(manifest.remotes) : [];
}

/**
 * Writes the live manifest atomically: a temporary file beside it, flushed, then renamed over it, so a
 * reader sees the old file or the new one, never half of one.
 */
export function writeLiveManifest(file: string, pinned: LiveRemotesManifest): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  const fd = fs.openSync(temp, 'w', 0o644);
  try {
    fs.writeSync(fd, JSON.stringify(pinned, null, 2) + '\n');
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.renameSync(temp, file);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
}
