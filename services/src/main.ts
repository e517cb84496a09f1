// The services process: config → startServices (server.ts) → run until SIGINT/SIGTERM. Prints the
// lines that tools parse (server.ts):
//   SkillQuiz services listening on <url>
// and stops cleanly on SIGINT/SIGTERM.
import { ConfigError, loadConfig, createLogger } from './platform';
import { startServices, type RunningServices } from './server';

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
  const logger = createLogger(config.logLevel, { format: config.logFormat });
  // Whatever LOG_LEVEL says: an operator must see this before a candidate does.
  if (config.isProduction && config.demoModeAllowed) console.error(DEMO_MODE_IN_PRODUCTION_WARNING);

  let running: RunningServices | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, shutting down`);
    // The graceful stop has its own bounds (server.ts close); should something still hang (a database
    // that never answers), the process ends anyway rather than holding its port.
    const bound = config.shutdownDrainMs + 2 * config.shutdownTimeoutMs + 5000;
    setTimeout(() => {
      logger.error(`shutdown did not finish within ${bound} ms; exiting`);
      process.exit(1);
    }, bound).unref();
    // Still starting: nothing is served yet, and the database connection ends with the process.
    await running?.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  running = await startServices({ config, logger });
}

main().catch((err) => {
  console.error('SkillQuiz services failed to start:', err instanceof Error ? err.message : err);
  if (process.env.LOG_LEVEL === 'debug' && err instanceof Error) console.error(err.stack);
  process.exit(1);
});
