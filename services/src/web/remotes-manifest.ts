// The remotes manifest: remote name -> URL of its mf-manifest.json. The shell fetches it at run time,
// so moving a remote means changing this (env REMOTES_MANIFEST), never rebuilding the shell.
// A value may also be a bare version ("mfe_quiz": "1.2.0"): the version published under
// /remotes/mfe-quiz/1.2.0/ (remote-versions.ts), so pinning and rolling back is one edit.
import fs from 'node:fs';
import { originOf } from '../config';
import { isVersion, versionManifestUrl } from './remote-versions';

/** Front-end packages built as module-federation remotes, each served from /remotes/<package>/. */
export const REMOTE_PACKAGES = [
  'mfe-quiz',
  'mfe-demo',
  'mfe-admin-atoms',
  'mfe-admin-questions',
  'mfe-hiring',
] as const;

export function defaultRemotesManifest(): Record<string, string> {
  return Object.fromEntries(
    REMOTE_PACKAGES.map((pkg) => [pkg.replace(/-/g, '_'), `/remotes/${pkg}/mf-manifest.json`]),
  );
}

export type ManifestResult = { ok: true; remotes: Record<string, string> } | { ok: false; message: string };

/**
 * Defaults, then `overrides`, then env REMOTES_MANIFEST (inline JSON, or a path to a JSON file).
 * Read on every request so editing the file moves a remote without a restart.
 */
export function readRemotesManifest(
  overrides: Record<string, string> = {},
  envValue: string | undefined = process.env.REMOTES_MANIFEST,
): ManifestResult {
  const remotes = { ...defaultRemotesManifest(), ...overrides };
  if (!envValue || !envValue.trim()) return { ok: true, remotes };
  const source = envValue.trim().startsWith('{') ? 'inline' : 'file';
  let parsed: unknown;
  try {
    parsed = JSON.parse(source === 'inline' ? envValue : fs.readFileSync(envValue, 'utf8'));
  } catch (err) {
    return {
      ok: false,
      message: `REMOTES_MANIFEST (${source}) could not be read as JSON: ${(err as Error).message}`,
    };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return {
      ok: false,
      message: 'REMOTES_MANIFEST must be a JSON object of remote name -> manifest URL or published version',
    };
  }
  for (const [name, url] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof url !== 'string')
      return { ok: false, message: `REMOTES_MANIFEST: the URL of "${name}" must be a string` };
    remotes[name] = isVersion(url) ? versionManifestUrl(packageOf(name), url) : url;
  }
  return { ok: true, remotes };
}

/** Remote name -> its package directory and URL segment: 'mfe_admin_atoms' -> 'mfe-admin-atoms'. */
export function packageOf(remoteName: string): string {
  return remoteName.replace(/_/g, '-');
}

let originsCache: { key: string; origins: string[] } | null = null;

/**
 * The origins of remotes served from somewhere else than this site (absolute manifest URLs), for
 * the Content-Security-Policy. Every response carries the policy, so the manifest file is parsed
 * again only when it changed (its modification time, size or inode), not on every request.
 */
export function remoteOrigins(envValue: string | undefined = process.env.REMOTES_MANIFEST): string[] {
  let key = envValue ?? '';
  if (envValue && !envValue.trim().startsWith('{')) {
    try {
      const st = fs.statSync(envValue);
      key += `|${st.mtimeMs}|${st.size}|${st.ino}`;
    } catch {
      key += '|missing';
    }
  }
  if (originsCache?.key !== key) {
    const manifest = readRemotesManifest({}, envValue);
    const origins = new Set<string>();
    for (const url of manifest.ok ? Object.values(manifest.remotes) : []) {
      const origin = originOf(url); // null for a path on this site, which 'self' covers
      if (origin) origins.add(origin);
    }
    originsCache = { key, origins: [...origins].sort() };
  }
  return originsCache.origins;
}
