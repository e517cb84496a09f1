// `npm run ship -- <remote> <version>` and `npm run rollback -- <remote> [<version>]`: the command-line
// side of ops/remotes/shipping.ts. Talks to the services' database (for the audit log) the way
// `npm run invite` does: MONGODB_URI, else the engine of a running `npm start`, else an embedded
// engine started for this run. Exit codes: 0 done (or already live), 1 refused, 2 usage.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { createLogger } from '../platform';
import { rollbackRemote, ShipError, shipRemote, type ShipResult } from '../ops';
import { withCliDatabase } from './database';

const USAGE = {
  ship:
    'Usage: npm run ship -- <remote> <version>\n' +
    '  Makes a published version of a remote (npm run publish:remote) the live one: checks it is\n' +
    '  published and its manifest loads, rewrites the live manifest (DATA_DIR/remotes.json, or\n' +
    '  REMOTES_MANIFEST), and records who/when/what in the audit log. No restart needed.\n' +
    '  <remote>: mfe-quiz, mfe-demo, mfe-admin-atoms, mfe-admin-questions, mfe-hiring\n' +
    '  (or mfe_quiz, ...)',
  rollback:
    'Usage: npm run rollback -- <remote> [<version>]\n' +
    '  Puts back the version that was live before the last ship of <remote> (or <version>), with the\n' +
    '  same checks as ship, and records it in the audit log.',
};

/** Who runs the command, for the audit log: SHIP_ACTOR, else user@host. */
export function shipActor(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SHIP_ACTOR?.trim()) return env.SHIP_ACTOR.trim();
  let user = 'unknown';
  try {
    user = os.userInfo().username;
  } catch {
    // no passwd entry (a container): keep 'unknown'
  }
  return `${user}@${os.hostname()}`;
}

function describe(result: ShipResult, action: 'ship' | 'rollback'): string {
  const was = result.from === null ? 'its current build' : result.from;
  const now = result.to === null ? 'its current build (not pinned)' : result.to;
  if (result.unchanged) return `${result.name} is already live at ${now}: nothing to do`;
  return `${action === 'ship' ? 'Shipped' : 'Rolled back'} ${result.name}: ${was} -> ${now}. Live now, no restart needed.`;
}

export async function shipCommand(action: 'ship' | 'rollback', argv: string[]): Promise<number> {
  let positionals: string[];
  let help: boolean | undefined;
  try {
    ({
      positionals,
      values: { help },
    } = parseArgs({
      args: argv,
      options: { help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    }));
  } catch (err) {
    console.error(`${action}: ${(err as Error).message}\n\n${USAGE[action]}`);
    return 2;
  }
  const [remote, version] = positionals;
  const arity =
    action === 'ship' ? positionals.length === 2 : positionals.length >= 1 && positionals.length <= 2;
  if (help || !arity) {
    console.error(USAGE[action]);
    return help ? 0 : 2;
  }

  try {
    return await withCliDatabase(
      async ({ config }) => {
        const target = { manifestSource: config.remotesManifest, remotesDir: config.remotesDir };
        const result =
          action === 'ship'
            ? await shipRemote(remote, version, shipActor(), target)
            : await rollbackRemote(remote, shipActor(), target, version);
        console.log(describe(result, action));
        if (!result.unchanged) console.log(`Live manifest: ${target.manifestSource}`);
        return 0;
      },
      () => createLogger('warn', { format: 'pretty' }),
    );
  } catch (err) {
    if (err instanceof ShipError) {
      console.error(`${action}: ${err.message}`);
      return 1;
    }
    throw err;
  }
}
