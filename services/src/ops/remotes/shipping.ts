// Shipping and rolling back a remote: the rules behind `npm run ship`, `npm run rollback`
// and the admin live-versions page.
//
//   ship      the version must be published (REMOTES_DIR/<package>/<version>/) with a loadable
//             mf-manifest.json of that version; the live manifest is rewritten atomically with the
//             remote pinned to it; the audit log gets { actor, at, action: 'ship', from, to }.
//   rollback  the same, to the version that was live before the last ship not yet rolled back
//             (or to a version named explicitly); recorded as action 'rollback'.
//
// The running services pick the new file up on their next request (no restart): see
// platform/web/remotes-manifest.ts.
import type {
  LiveRemote,
  LiveRemotesManifest,
  LiveRemotesResponse,
  RemoteShipment,
} from '@skillquiz/contracts';
import {
  AuditLog,
  recordAudit,
  isVersion,
  publishedVersionProblem,
  publishedVersions,
  isInline,
  packageOf,
  parseLiveManifest,
  readManifestText,
  REMOTE_PACKAGES,
  remoteNameOf,
  writeLiveManifest,
  type LiveManifest,
} from '../../platform';

/** A refusal with the message the operator reads (the CLI prints it and exits 1). */
export class ShipError extends Error {}

export interface ShipTarget {
  /** The live manifest file (REMOTES_MANIFEST, else DATA_DIR/remotes.json). */
  manifestSource: string;
  remotesDir: string;
}

export interface ShipResult {
  name: string;
  pkg: string;
  from: string | null;
  /** null: not pinned (the package's current build). */
  to: string | null;
  /** Already live: nothing written, nothing recorded. */
  unchanged: boolean;
}

/** 'mfe-quiz' or 'mfe_quiz' -> both spellings, if it is a remote this product knows. */
export function resolveRemote(input: string): { name: string; pkg: string } {
  const pkg = packageOf(input.trim());
  if (!(REMOTE_PACKAGES as readonly string[]).includes(pkg)) {
    throw new ShipError(`"${input}" is not a remote. Remotes: ${REMOTE_PACKAGES.join(', ')}`);
  }
  return { name: remoteNameOf(pkg), pkg };
}

/** Ships and rollbacks of one remote, newest first. */
export async function remoteHistory(name: string, limit = 50): Promise<RemoteShipment[]> {
  const entries = await AuditLog.find({ entity: 'remote', entity_id: name })
    .sort({ at: -1, _id: -1 })
    .limit(limit)
    .lean()
    .exec();
  return entries.map((e) => {
    const changes = (e.changes ?? {}) as { from?: string | null; to?: string };
    return {
      at: e.at.toISOString(),
      actor: e.actor,
      action: e.action === 'rollback' ? 'rollback' : 'ship',
      from: changes.from ?? null,
      to: changes.to ?? null,
    };
  });
}

/**
 * Where a rollback goes: replaying the history oldest first, each ship stacks what it replaced and
 * each rollback takes the top off; the top is what was live before the last ship not yet undone.
 * undefined: nothing to roll back. null: the package's current build (the remote was not pinned).
 */
export function rollbackTarget(historyNewestFirst: readonly RemoteShipment[]): string | null | undefined {
  const replaced: (string | null)[] = [];
  for (const entry of [...historyNewestFirst].reverse()) {
    if (entry.action === 'ship') replaced.push(entry.from);
    else replaced.pop();
  }
  return replaced.length ? replaced[replaced.length - 1] : undefined;
}

/** The manifest file as it is now (its schema only: another remote's problem must not block a ship). */
function readCurrent(target: ShipTarget): LiveRemotesManifest {
  if (isInline(target.manifestSource)) {
    throw new ShipError(
      'REMOTES_MANIFEST holds inline JSON, which cannot be written: point it at a file, or unset it to use DATA_DIR/remotes.json',
    );
  }
  const current = parseLiveManifest(
    readManifestText(target.manifestSource),
    undefined,
    target.manifestSource,
  );
  if (!current.ok) {
    throw new ShipError(
      `${current.message}. The services keep serving the last good manifest; fix the file (or delete it) and run this again.`,
    );
  }
  return current.pinned;
}

async function moveRemote(
  remote: string,
  to: string | null,
  action: 'ship' | 'rollback',
  actor: string,
  target: ShipTarget,
): Promise<ShipResult> {
  const { name, pkg } = resolveRemote(remote);
  if (to !== null) {
    if (!isVersion(to)) throw new ShipError(`"${to}" is not a version (such as 1.2.0)`);
    const problem = publishedVersionProblem(target.remotesDir, pkg, to);
    if (problem) {
      throw new ShipError(
        `${problem}\nPublish it first: npm run build -w ${pkg} && npm run publish:remote -w ${pkg}`,
      );
    }
  }
  const current = readCurrent(target);
  let from: string | null = current[name] ?? null;
  // A pin the services refuse (an unpublished version typed by hand) was never live: what was is the
  // last version shipped or rolled back to, which a later rollback must be able to return to.
  if (from !== null && isVersion(from) && publishedVersionProblem(target.remotesDir, pkg, from)) {
    from = (await remoteHistory(name, 1))[0]?.to ?? null;
  }
  if (from === to) return { name, pkg, from, to, unchanged: true };
  const next = { ...current };
  if (to === null) delete next[name];
  else next[name] = to;
  writeLiveManifest(target.manifestSource, next);
  await recordAudit({ actor, action, entity: 'remote', entity_id: name, changes: { from, to } });
  return { name, pkg, from, to, unchanged: false };
}

/** Pins `remote` to a published `version` in the live manifest and records it. */
export function shipRemote(remote: string, version: string, actor: string, target: ShipTarget) {
  return moveRemote(remote, version, 'ship', actor, target);
}

/**
 * Puts back what was live before the last ship of `remote` (or `version`, when named), and records
 * it. Rolling back to "not pinned" removes the remote from the manifest (its current build loads).
 */
export async function rollbackRemote(
  remote: string,
  actor: string,
  target: ShipTarget,
  version?: string,
): Promise<ShipResult> {
  const { name } = resolveRemote(remote);
  let to: string | null | undefined = version;
  if (to === undefined) {
    to = rollbackTarget(await remoteHistory(name, 1000));
    if (to === undefined)
      throw new ShipError(`${name} has no ship to roll back (see its history in the audit log)`);
    if (to !== null && !isVersion(to)) {
      throw new ShipError(
        `${name} was live from ${to} before its last ship: name a published version to roll back to`,
      );
    }
  }
  return moveRemote(remote, to, 'rollback', actor, target);
}

/** What the admin live-versions page shows: each remote's live source, published versions, history. */
export async function liveRemotes(live: LiveManifest, remotesDir: string): Promise<LiveRemotesResponse> {
  const state = live.read();
  const remotes: LiveRemote[] = await Promise.all(
    REMOTE_PACKAGES.map(async (pkg) => {
      const name = remoteNameOf(pkg);
      return {
        name,
        package: pkg,
        pinned: state.pinned[name] ?? null,
        url: state.remotes[name],
        published: publishedVersions(remotesDir, pkg),
        history: await remoteHistory(name),
      };
    }),
  );
  return { remotes, manifest_problem: state.problem };
}
