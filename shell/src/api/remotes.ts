// Finds and loads remotes at run time. The serving side publishes GET /remotes.json
// (remote name -> URL of its mf-manifest.json), so a remote moves without rebuilding the shell.
import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { RemotesManifest } from '@skillquiz/contracts';
import { contractProblem, RemoteContractError } from './remoteContract';

export const REMOTES_MANIFEST_URL = '/remotes.json';

let manifest: Promise<RemotesManifest> | null = null;
const registered = new Map<string, string>();

async function fetchManifest(): Promise<RemotesManifest> {
  const res = await fetch(REMOTES_MANIFEST_URL, {
    cache: 'no-cache',
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`${REMOTES_MANIFEST_URL} answered ${res.status}`);
  return (await res.json()) as RemotesManifest;
}

/** The manifest, fetched once; `refresh` (a retry) fetches it again, and a failed fetch is never cached. */
export function getRemotesManifest(refresh = false): Promise<RemotesManifest> {
  if (!manifest || refresh) {
    manifest = fetchManifest().catch((err) => {
      manifest = null;
      throw err;
    });
  }
  return manifest;
}

/**
 * Checks each remote's manifest as the federation runtime reads it, before the remote's entry is
 * fetched: one manifest request, and no code of a remote this shell cannot host ever runs.
 */
const contractCheck: ModuleFederationRuntimePlugin = {
  name: 'skillquiz-remote-contract',
  afterLoadManifest: async ({ manifestJson, moduleInfo, error }) => {
    if (error || !manifestJson) return; // the runtime reports a failed load itself
    const problem = contractProblem(moduleInfo.name, manifestJson);
    if (problem) throw new RemoteContractError(problem);
  },
};
let pluginRegistered = false;

/**
 * Loads an exposed module, e.g. 'mfe_quiz/QuizApp'. `retry` re-reads the manifest and re-registers the
 * remote with force, which drops the runtime's cached (failed) manifest and entry so the load really
 * happens again.
 */
export async function loadRemoteModule<T = unknown>(id: string, { retry = false } = {}): Promise<T> {
  const remoteName = id.split('/')[0];
  if (!pluginRegistered) {
    registerPlugins([contractCheck]);
    pluginRegistered = true;
  }
  const remotes = await getRemotesManifest(retry);
  const entry = remotes[remoteName];
  if (!entry) throw new Error(`Remote "${remoteName}" is not listed in ${REMOTES_MANIFEST_URL}`);
  if (retry || registered.get(remoteName) !== entry) {
    registerRemotes([{ name: remoteName, entry }], { force: registered.has(remoteName) });
    registered.set(remoteName, entry);
  }
  const mod = await loadRemote<T>(id);
  if (mod == null) throw new Error(`Remote module ${id} could not be loaded`);
  return mod;
}
