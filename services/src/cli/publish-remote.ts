// `npm run publish:remote -w <remote>` (after `npm run build -w <remote>`): copies the remote's
// dist/ to REMOTES_DIR/<package>/<version>/ (default DATA_DIR/remotes), where the services serve it
// at /remotes/<package>/<version>/ beside the versions published before. Nothing loads it until
// `npm run ship` pins it in the live manifest: see services/README.md "Shipping a remote".
import path from 'node:path';
import { parseArgs } from 'node:util';
import { remotesDirFrom, publishedVersions, publishRemote, PublishError } from '../platform';

const USAGE =
  'Usage: npm run publish:remote -w <remote> [-- --force]\n' +
  '   or: npm run publish:remote -- [--force] <remote package directory>\n' +
  '  Publishes the built dist/ of a remote as REMOTES_DIR/<package>/<version>/ (version from its package.json).\n' +
  '  --force  replace a version that is already published';

function main(): number {
  let values, positionals;
  try {
    ({ values, positionals } = parseArgs({
      options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    }));
  } catch (err) {
    console.error(`publish:remote: ${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help || positionals.length > 1) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const packageDir = path.resolve(positionals[0] ?? process.cwd());
  const remotesDir = remotesDirFrom(process.env);
  try {
    const published = publishRemote({ packageDir, remotesDir, force: values.force });
    const name = published.pkg.replace(/-/g, '_');
    console.log(`Published ${published.pkg} ${published.version} to ${published.dir}`);
    console.log(`Served at ${published.manifestUrl}`);
    console.log(`Versions published: ${publishedVersions(remotesDir, published.pkg).join(', ')}`);
    console.log(
      `To make it live: npm run ship -- ${published.pkg} ${published.version}   (the live manifest then pins { "${name}": "${published.version}" })`,
    );
    return 0;
  } catch (err) {
    if (err instanceof PublishError) {
      console.error(`publish:remote: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

process.exitCode = main();
