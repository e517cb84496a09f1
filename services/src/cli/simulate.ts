// `npm run simulate -- --atom <slug> [--candidates N] [--mean M] [--sd S] [--seed K]`
// Drives simulated candidates of known ability through the real quiz API of a running `npm start`
// (or PUBLIC_URL), as demo data for the content analytics. See ops/seed/simulated-candidates.ts.
import { parseArgs } from 'node:util';
import { connectDatabase, type Database, createLogger } from '../platform';
import { assertAtomsExist } from '../hiring';
import { runSimulatedCandidates } from '../ops';
import { DEMO_DATA_COMPANY } from '../content';
import { cliConfig } from './database';
import { readRunning } from './running';
import { runMain } from './run';

const USAGE =
  'Usage: npm run simulate -- --atom <slug> [--candidates 200] [--mean 0] [--sd 1] [--seed K]\n' +
  '  Simulated candidates of known ability take real quizzes of the atom through the quiz API of the\n' +
  '  running `npm start`; their quizzes are marked as demo data. The same --seed gives the same\n' +
  '  abilities and answer draws (a run without it uses a fixed one): pass another to add new candidates.';

/**
 * Candidates at once: this process, the services and the database then work side by side instead of
 * in turn (300 candidates of a 4-question atom: see DECISIONS, "npm run simulate runs four candidates
 * at once").
 */
const CONCURRENT_CANDIDATES = 4;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        atom: { type: 'string' },
        candidates: { type: 'string', default: '200' },
        mean: { type: 'string', default: '0' },
        sd: { type: 'string', default: '1' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (err) {
    console.error(`simulate: ${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const candidates = Number(values.candidates);
  const mean = Number(values.mean);
  const sd = Number(values.sd);
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (
    values.help ||
    !values.atom ||
    !Number.isInteger(candidates) ||
    candidates < 1 ||
    !(sd > 0) ||
    !Number.isFinite(mean) ||
    (seed !== undefined && !Number.isInteger(seed))
  ) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const config = cliConfig();
  const running = readRunning(config.dataDir);
  if (!running && !config.mongodbUri) {
    console.error('simulate: start the product first (`npm start`): simulated candidates use its quiz API.');
    return 1;
  }
  const logger = createLogger('warn');
  let db: Database | undefined;
  try {
    db = await connectDatabase(config, logger);
    await assertAtomsExist([values.atom]);
    const started = Date.now();
    const summary = await runSimulatedCandidates({
      baseUrl: running?.publicUrl ?? config.publicUrl,
      atom: values.atom,
      candidates,
      company: DEMO_DATA_COMPANY,
      population: { mean, sd },
      seed,
      concurrency: CONCURRENT_CANDIDATES,
      onProgress: (done, total) => {
        if (done % 25 === 0 || done === total) console.log(`  ${done}/${total} candidates`);
      },
    });
    console.log(
      `Simulated ${summary.candidates} candidates (${summary.answers} answers) on '${values.atom}' ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s, marked as demo data.`,
    );
    return 0;
  } finally {
    await db?.close();
  }
}

if (require.main === module) runMain('simulate', main);
