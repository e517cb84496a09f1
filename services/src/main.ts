// The services process: config → database → seed → HTTP. Prints one line that tools parse:
//   SkillQuiz services listening on <url>
// and stops cleanly on SIGINT/SIGTERM.
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { ConfigError, loadConfig, withBoundPort } from './config';
import { connectDatabase, type Database } from './db/connect';
import { startExpirySweep } from './db/sweep';
import { createLogger } from './http/logger';
import { backfillHiringData } from './invitations/backfill';
import { backfillCompanySlugs } from './invitations/companies';
import { clockOf } from './invitations/lifecycle';
import { demoQuizLink, seedIfEmpty } from './seed';
import { seedDemoCandidates } from './seed/demo-candidates';

const DEMO_MODE_IN_PRODUCTION_WARNING = [
  '',
  '!'.repeat(78),
  '!! WARNING: DEMO MODE IS ON IN PRODUCTION (DEMO_MODE_ALLOWED is set, NODE_ENV=production).',
  "!! Every candidate's browser receives the correct answers and pass_243 finishes any quiz.",
  '!! Unset DEMO_MODE_ALLOWED unless this deployment is a public demo.',
  '!'.repeat(78),
  '',
].join('\n');

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  // Whatever LOG_LEVEL says: an operator must see this before a candidate does.
  if (config.isProduction && config.demoModeAllowed) console.error(DEMO_MODE_IN_PRODUCTION_WARNING);

  let db: Database | undefined;
  let server: import('node:http').Server | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, shutting down`);
    // Stop accepting, let in-flight requests finish briefly, then cut idle keep-alive sockets.
    const closed = server
      ? new Promise<void>((resolve) => server!.close(() => resolve()))
      : Promise.resolve();
    server?.closeIdleConnections();
    const force = setTimeout(() => server?.closeAllConnections(), 3000);
    await closed;
    clearTimeout(force);
    await db?.close().catch((err) => logger.warn('closing the database failed', err));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  db = await connectDatabase(config, logger);
  startExpirySweep(logger);
  // Companies stored before issue 19 get the slug recruiters' claims name (quick, before serving).
  await backfillCompanySlugs();
  const seed = await seedIfEmpty(logger);
  if (seed.seeded) logger.info('seeded the demo content');
  else if (seed.reason === 'not-empty')
    logger.info('the database already has content: not seeding the demo bank');

  // Bind first, so PORT=0 gets a real port before links are built from it.
  const app0 = createApp({ config, logger });
  server = app0.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server!.once('listening', resolve);
    server!.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  config = withBoundPort(config, port);
  app0.context.config = config;

  // `npm start` picks this line up for its summary.
  const demoLink = await demoQuizLink(config.publicUrl, { abandonGraceMinutes: config.abandonGraceMinutes });
  if (demoLink) console.log(`Demo candidate link: ${demoLink}`);

  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  console.log(`SkillQuiz services listening on http://${shownHost}:${port}`);

  // Invitations and quizzes from before issue 19 get their hiring summary, in the background.
  backfillHiringData(clockOf(config), logger).catch((err: unknown) => {
    if (!stopping)
      logger.warn(`hiring data: the backfill stopped (${err instanceof Error ? err.message : String(err)})`);
  });

  // Demo data for the content analytics, in the background: the product is usable meanwhile.
  if (config.seedDemoCandidates > 0) {
    seedDemoCandidates({
      baseUrl: `http://${shownHost}:${port}`,
      perAtom: config.seedDemoCandidates,
      justSeeded: seed.seeded,
      logger,
    }).catch((err: unknown) => {
      if (!stopping)
        logger.warn(
          `demo data: the simulated candidates stopped (${err instanceof Error ? err.message : String(err)}); ` +
            'the next start resumes them',
        );
    });
  }
}

main().catch((err) => {
  console.error('SkillQuiz services failed to start:', err instanceof Error ? err.message : err);
  if (process.env.LOG_LEVEL === 'debug' && err instanceof Error) console.error(err.stack);
  process.exit(1);
});
