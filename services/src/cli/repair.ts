// `npm run repair`: the services' reconciliation pass (src/hiring/invitations/reconcile.ts), once, over
// everything, printing what it fixed: pending intents (emails, webhooks, norms, summaries) that a
// process which died left undispatched, invitation summaries that disagree with their quizzes,
// finished quizzes missing from the percentile norms and norm histograms that disagree with their
// entries. The quiz results are the source of truth; everything it writes is derived from them.
// The services run the same pass at start and every RECONCILE_EVERY_MS. Talks to the same database
// as `npm run invite` (MONGODB_URI, else the engine of a running `npm start`).
import { productEvents } from '../composition';
import { clockOf, describeRepair, reconcile } from '../hiring';
import { withCliDatabase } from './database';
import { runMain } from './run';

async function main(): Promise<number> {
  return withCliDatabase(async ({ config, logger }) => {
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
  });
}

if (require.main === module) runMain('repair', main);
