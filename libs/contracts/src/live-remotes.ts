// The live remotes manifest: which version of each remote candidates and admins load.
// A JSON file (default DATA_DIR/remotes.json) written by `npm run ship` / `npm run rollback` and read
// by the services on every change; remotes it does not name load their package's current build.
import { z } from 'zod';

/** A semver version (no leading 'v'), as package.json and mf-manifest.json's buildVersion carry it. */
export const REMOTE_VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** A remote's federation name: 'mfe_quiz' (its package directory is 'mfe-quiz'). */
export const RemoteNameSchema = z
  .string()
  .regex(/^mfe_[a-z0-9_]+$/, 'a remote name looks like mfe_quiz (the package name with "_" for "-")');

/**
 * Where a remote comes from: a published version ("1.2.0": REMOTES_DIR/<package>/1.2.0/), or the URL
 * of an mf-manifest.json (a path on this site, or an http(s) URL: a CDN, a remote's dev server).
 */
export const RemoteSourceSchema = z.union([
  z.string().regex(REMOTE_VERSION_PATTERN, 'a version such as 1.2.0'),
  z.string().regex(/^\/[^/]/, 'a path on this site such as /remotes/mfe-quiz/mf-manifest.json'),
  z.url({ protocol: /^https?$/, message: 'an http(s) URL of an mf-manifest.json' }),
]);

/** The file's shape: remote name -> version or manifest URL. */
export const LiveRemotesManifestSchema = z.record(RemoteNameSchema, RemoteSourceSchema);
export type LiveRemotesManifest = z.infer<typeof LiveRemotesManifestSchema>;

/** One ship or rollback, as the audit log records it. */
export interface RemoteShipment {
  at: string;
  /** Who ran the command (SHIP_ACTOR, else the operating-system user at the host). */
  actor: string;
  action: 'ship' | 'rollback';
  /** What was live before: a version, a manifest URL, or null for the package's current build. */
  from: string | null;
  /** What is live after it (null: the package's current build, when a rollback unpinned it). */
  to: string | null;
}

export interface LiveRemote {
  /** Federation name, e.g. mfe_quiz. */
  name: string;
  /** Package directory, e.g. mfe-quiz. */
  package: string;
  /** What the live manifest says: a version, a URL, or null (the package's current build). */
  pinned: string | null;
  /** The mf-manifest.json URL the shell loads. */
  url: string;
  /** Versions published under REMOTES_DIR, oldest first. */
  published: string[];
  /** Ships and rollbacks, newest first. */
  history: RemoteShipment[];
}

/** GET /api/admin/remotes (content admins). */
export interface LiveRemotesResponse {
  remotes: LiveRemote[];
  /**
   * null while the live manifest file is valid. Otherwise why it is not: the services keep serving
   * the last good manifest (shown in `remotes`) until the file is fixed or a ship replaces it.
   */
  manifest_problem: string | null;
}
