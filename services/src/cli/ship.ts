// `npm run ship -- <remote> <version>`: see ship-command.ts.
import { runMain } from './run';
import { shipCommand } from './ship-command';

if (require.main === module) runMain('ship', () => shipCommand('ship', process.argv.slice(2)));
