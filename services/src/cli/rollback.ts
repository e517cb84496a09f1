// `npm run rollback -- <remote> [<version>]`: see ship-command.ts.
import { runMain } from './run';
import { shipCommand } from './ship-command';

if (require.main === module) runMain('rollback', () => shipCommand('rollback', process.argv.slice(2)));
