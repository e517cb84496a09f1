// `npm run repair`: the services' reconciliation pass (src/invitations/reconcile.ts), once, over
// everything, printing what it fixed: pending intents (emails, webhooks, norms, summaries) that a
// process which died left undispatched, invitation summaries that disagree with their quizzes,
// finished quizzes missing from the percentile norms and norm histograms that disagree with their
// entries. The quiz results are the source of truth; everything it writes is derived from them.
// The services run the same pass at start and every RECONCILE_EVERY_MS. Talks to the same database
// as `npm run invite` (MONGODB_URI, else the engine of a running `npm start`).
import { productEvents } from '../composition';
import { ConfigError, type Config } from '../config';
import { connectDatabase, type Database } from '../db/connect';
import { createLogger } from '../http/logger';
import { clockOf } from '../invitations/lifecycle';
import { describeRepair, reconcile } from '../invitations/reconcile';
import { cliConfig } from './invite';
import { runMain } from './run';

async function main(): Promise<number> {
  let config: Config;
  try {
    config = cliConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  let db: Database | undefined;
  try {
    db = await connectDatabase(config, logger);
    const report = await reconcile({
      events: productEvents(config, logger),
      clock: () => clockOf(config),
      since: null,
      // Everything pending, however recent: the operator asked for it now.
      graceMs: 0,
    });
    const lines = describeRepair(report);
    if (lines.length === 0) console.log('repair: nothing to repair');
    for (const line of lines) console.log(`repair: ${line}`);
    return report.events.failed ? 1 : 0;
  } finally {
    await db?.close();
  }
}

if (require.main === module) runMain('repair', main);
