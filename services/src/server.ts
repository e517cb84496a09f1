// The services, started: database → seed → derived fields (search words, responses) → HTTP → printed
// links → the job worker (emails, webhooks, the expiry sweep, the first start's demo data: src/jobs)
// → the reconciliation pass. The events service and its subscribers are made here (composition.ts).
// main.ts runs this as the process (signals, exit codes); the services tests run it in their own process
// (services/test/helpers/stack.ts), so both go through the same start-up, jobs included.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { withBoundPort, type Config } from './config';
import { connectDatabase, type Database } from './db/connect';
import type { Logger } from './http/logger';
import { backfillSearchWords } from './content/questions';
import { backfillHiringData } from './invitations/backfill';
import { backfillCompanySlugs } from './invitations/companies';
import { clockOf } from './invitations/lifecycle';
import { backfillResponses } from './quiz/responses';
import { productEvents, startReconciler, type Reconciler } from './composition';
import { startJobWorker, type JobWorker } from './jobs/worker';
import { closeMail } from './mail/mailer';
import { demoQuizLink, seedIfEmpty } from './seed';

/** How long an idle keep-alive connection stays open (see where the server is made). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface StartOptions {
  config: Config;
  logger: Logger;
  /**
   * Where the lines that tools parse go ("Demo candidate link: <url>", "SkillQuiz services listening
   * on <url>"): console.log in the process, whatever the log level or format.
   */
  print?: (line: string) => void;
  /** An open database to use and leave open on close (tests keep one across restarts). */
  database?: Database;
}

export interface RunningServices {
  /** The bound address, as the listening line prints it: http://127.0.0.1:<port>. */
  url: string;
  /** The configuration with the bound port (and the public URL following it unless PUBLIC_URL was set). */
  config: Config;
  /**
   * Stops accepting, lets in-flight requests finish (idle keep-alive sockets are cut at once, the rest
   * after 3 s), stops the job worker (its running jobs keep their locks), and closes the database
   * unless it was handed in.
   */
  close(): Promise<void>;
}

export async function startServices({
  config: initial,
  logger,
  print = console.log,
  database,
}: StartOptions): Promise<RunningServices> {
  let config = initial;
  const db = database ?? (await connectDatabase(config, logger));
  // The events service of this process with its subscribers (composition.ts), handed down.
  const events = productEvents(config, logger);
  let server: Server | undefined;
  let jobs: JobWorker | undefined;
  let reconciler: Reconciler | undefined;
  let stopping = false;
  const close = async () => {
    stopping = true;
    if (server) {
      const s = server;
      const closed = new Promise<void>((resolve) => s.close(() => resolve()));
      s.closeIdleConnections();
      const force = setTimeout(() => s.closeAllConnections(), 3000);
      await closed;
      clearTimeout(force);
    }
    reconciler?.stop();
    await jobs?.stop().catch((err: unknown) => logger.warn({ err }, 'stopping the job worker failed'));
    closeMail();
    if (!database)
      await db.close().catch((err: unknown) => logger.warn({ err }, 'closing the database failed'));
  };

  try {
    // Companies stored before issue 19 get the slug recruiters' claims name (quick, before serving).
    await backfillCompanySlugs();
    const seed = await seedIfEmpty(logger);
    if (seed.seeded) logger.info('seeded the demo content');
    else if (seed.reason === 'not-empty')
      logger.info('the database already has content: not seeding the demo bank');
    // Fields derived from stored data, for data written before them or around the product (issue 23): each a
    // no-op read of an index (or of two small fields per quiz) once everything has them.
    await backfillSearchWords(logger);
    await backfillResponses(logger);

    // Bind first, so PORT=0 gets a real port before links are built from it.
    const app = createApp({ config, logger, events });
    server = app.listen(config.port, config.host);
    // The client, not the services, closes an idle keep-alive connection: a request sent just as the
    // server closes one meets a reset (ECONNRESET; seen in the browser tests with Node's default of 5 s,
    // which is also a client agent's idle time). Longer than a load balancer's 60 s, for the same reason.
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
    await new Promise<void>((resolve, reject) => {
      server!.once('listening', resolve);
      server!.once('error', reject);
    });
    const port = (server.address() as AddressInfo).port;
    config = withBoundPort(config, port);
    app.context.config = config;

    // `npm start` picks this line up for its summary.
    const demoLink = await demoQuizLink(config.publicUrl, {
      abandonGraceMinutes: config.abandonGraceMinutes,
    });
    if (demoLink) print(`Demo candidate link: ${demoLink}`);

    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const shownHost = host.includes(':') ? `[${host}]` : host;
    const url = `http://${shownHost}:${port}`;
    print(`SkillQuiz services listening on ${url}`);

    // Invitations and quizzes from before issue 19 get their hiring summary, in the background.
    backfillHiringData(clockOf(config), logger).catch((err: unknown) => {
      if (!stopping)
        logger.warn(
          `hiring data: the backfill stopped (${err instanceof Error ? err.message : String(err)})`,
        );
    });

    // Background jobs (src/jobs): emails, webhooks, the expiry sweep and, after the first seed, the
    // demo data for the content analytics (simulated candidates calling this process's quiz API).
    jobs = await startJobWorker({ config, logger, selfUrl: url, justSeeded: seed.seeded, events });
    // What a process that died left undone (intents not dispatched, summaries and norms behind their
    // quizzes): repaired now, in the background, and every RECONCILE_EVERY_MS (invitations/reconcile.ts).
    reconciler = startReconciler(events, config, logger);
    return { url, config, close };
  } catch (err) {
    await close();
    throw err;
  }
}
