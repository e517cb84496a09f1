// Which remotes this shell can host: a remote's build declares the shell-remote contract version it
// implements (mf-manifest.json metaData.contractVersion, written by libs/webpack-config from
// @skillquiz/contracts). The shell refuses any other before running a line of the remote's code, and
// the remote's boundary shows the contained unavailable state, as for a remote that is down.
import { REMOTE_CONTRACT_VERSION } from '@skillquiz/contracts/constants';

/** The contract versions this shell supports, declared once. */
export const SUPPORTED_REMOTE_CONTRACTS = { min: 1, max: REMOTE_CONTRACT_VERSION } as const;

export class RemoteContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteContractError';
  }
}

interface ManifestLike {
  metaData?: { contractVersion?: unknown; buildInfo?: { buildVersion?: unknown } };
}

/** Why the shell cannot host the remote this manifest describes, or null when it can. */
export function contractProblem(
  remoteName: string,
  manifest: unknown,
  supported: { min: number; max: number } = SUPPORTED_REMOTE_CONTRACTS,
): string | null {
  const metaData = (manifest as ManifestLike | null)?.metaData;
  const declared = metaData?.contractVersion;
  const build = metaData?.buildInfo?.buildVersion;
  const which = `Remote ${remoteName}${typeof build === 'string' ? ` ${build}` : ''}`;
  const range = supported.min === supported.max ? `${supported.min}` : `${supported.min} to ${supported.max}`;
  if (typeof declared !== 'number' || !Number.isInteger(declared)) {
    return `${which} declares no contract version; this shell supports ${range}`;
  }
  if (declared < supported.min || declared > supported.max) {
    return `${which} implements contract ${declared}; this shell supports ${range}`;
  }
  return null;
}
