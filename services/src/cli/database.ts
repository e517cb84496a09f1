// What every command that works on the product's database does around its own work: the settings
// (a running `npm start` supplies the database and public address unless they are set), a logger
// quieter than the services' own, and a connection that is closed however the work ends. A settings
// error is the command's usage error: printed, exit code 2.
import {
  loadConfig,
  ConfigError,
  type Config,
  connectDatabase,
  type Database,
  createLogger,
  type Logger,
} from '../platform';
import { readRunning } from './running';

/** Config for the CLI: a running `npm start` supplies the database and public URL unless set. */
export function cliConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = loadConfig(env);
  const running = readRunning(config.dataDir);
  if (!running) return config;
  return {
    ...config,
    mongodbUri: config.mongodbUri ?? running.mongodbUri ?? undefined,
    publicUrl: config.publicUrlDerived ? running.publicUrl : config.publicUrl,
  };
}

export interface CliDatabase {
  config: Config;
  logger: Logger;
  db: Database;
}

/**
 * Runs `work` connected to the product's database and returns its exit code. `logger` makes the
 * command's logger from the config (by default the configured level, with info turned down to warn:
 * a command prints its own result).
 */
export async function withCliDatabase(
  work: (cli: CliDatabase) => Promise<number>,
  logger: (config: Config) => Logger = (config) =>
    createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel),
): Promise<number> {
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
  const log = logger(config);
  let db: Database | undefined;
  try {
    db = await connectDatabase(config, log);
    return await work({ config, logger: log, db });
  } finally {
    await db?.close();
  }
}
