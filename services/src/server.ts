// The services, started: database → seed → derived fields (search words, responses) → HTTP → printed
// links → the job worker (emails, webhooks, the expiry sweep, the first start's demo data: src/ops/jobs)
// → the reconciliation pass. The events service and its subscribers are made here (composition.ts).
// main.ts runs this as the process (signals, exit codes); the services tests run it in their own process
// (services/test/helpers/stack.ts), so both go through the same start-up, jobs included.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import {
  withBoundPort,
  type Config,
  connectDatabase,
  type Database,
  type Logger,
  Readiness,
  Metrics,
  startMetricsServer,
  type MetricsServer,
} from './platform';
import { setTimeout as delay } from 'node:timers/promises';
import { backfillSearchWords, timeModelCache } from './content';
import {
  backfillHiringData,
  backfillIntegrityFlags,
  backfillCompanySlugs,
  clockOf,
  Mailer,
  ensureNormIndexes,
} from './hiring';
import { backfillResponses } from './quiz';
import { productEvents, startReconciler, type Reconciler } from './composition';
import { startJobWorker, type JobWorker, JobQueue, demoQuizLink, seedIfEmpty, drainJobs } from './ops';

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
  /** The metrics listener's URL when METRICS_PORT is set. */
  metricsUrl?: string;
  /**
   * Graceful stop: /readyz answers 503 for SHUTDOWN_DRAIN_MS while requests are still served, then
   * stops accepting and lets in-flight requests finish (idle keep-alive sockets are cut at once, the
   * rest after SHUTDOWN_TIMEOUT_MS), lets running jobs finish within the same bound and releases the
   * locks of jobs not started, stops the job worker, and closes the database unless it was handed in.
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
  // This process's objects, made here and handed down (app.context, the worker, the subscribers):
  // the job queue, the outgoing mail, the database's outage monitor (the Database's), the events
  // service with its subscribers (composition.ts).
  const jobQueue = new JobQueue();
  const mailer = new Mailer();
  const outages = db.outages;
  const events = productEvents(config, logger, jobQueue);
  let server: Server | undefined;
  let jobs: JobWorker | undefined;
  let reconciler: Reconciler | undefined;
  let stopping = false;
  let jobsStopping = false;
  const readiness = new Readiness();
  const metrics = new Metrics(outages);
  let metricsServer: MetricsServer | undefined;
  const close = async () => {
    if (stopping) return;
    stopping = true;
    readiness.draining = true;
    if (server && config.shutdownDrainMs > 0) await delay(config.shutdownDrainMs, undefined, { ref: false });
    if (server) {
      const s = server;
      readiness.closing = true;
      const closed = new Promise<void>((resolve) => s.close(() => resolve()));
      s.closeIdleConnections();
      // Keep-alive connections go as soon as their request is answered, not at the bound.
      const idle = setInterval(() => s.closeIdleConnections(), 100);
      const force = setTimeout(() => s.closeAllConnections(), config.shutdownTimeoutMs);
      await closed;
      clearTimeout(force);
      clearInterval(idle);
      if (!(await readiness.settled(config.shutdownTimeoutMs)))
        logger.warn('shutdown: request handlers still running after the bound; closing anyway');
    }
    jobsStopping = true;
    if (jobs)
      await drainJobs(jobs.agenda, config.shutdownTimeoutMs, logger).catch((err: unknown) =>
        logger.warn({ err }, 'shutdown: draining the job worker failed'),
      );
    reconciler?.stop();
    await jobs?.stop().catch((err: unknown) => logger.warn({ err }, 'stopping the job worker failed'));
    await metricsServer?.close();
    mailer.close();
    if (!database)
      await db.close().catch((err: unknown) => logger.warn({ err }, 'closing the database failed'));
  };

  try {
    // Companies stored before slugs existed get the slug recruiters' claims name (quick, before serving).
    await backfillCompanySlugs();
    const seed = await seedIfEmpty(logger);
    if (seed.seeded) logger.info('seeded the demo content');
    else if (seed.reason === 'not-empty')
      logger.info('the database already has content: not seeding the demo bank');
    // Fields derived from stored data, for data written before them or around the product: each a
    // no-op read of an index (or of two small fields per quiz) once everything has them.
    await ensureNormIndexes();
    await backfillSearchWords(logger);
    await backfillResponses(logger);

    // Bind first, so PORT=0 gets a real port before links are built from it.
    const app = createApp({ config, logger, events, metrics, readiness, outages, jobs: jobQueue });
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

    // Invitations and quizzes from before the hiring summary existed get it, in the background; then
    // those from before the integrity count was stored get theirs.
    backfillHiringData(clockOf(config), logger)
      .then(async () => {
        const counted = await backfillIntegrityFlags(timeModelCache());
        if (counted) logger.info(`hiring data: counted the integrity signals of ${counted} invitations`);
      })
      .catch((err: unknown) => {
        if (!stopping)
          logger.warn(
            `hiring data: the backfill stopped (${err instanceof Error ? err.message : String(err)})`,
          );
      });

    // Background jobs (src/ops/jobs): emails, webhooks, the expiry sweep and, after the first seed, the
    // demo data for the content analytics (simulated candidates calling this process's quiz API).
    jobs = await startJobWorker({
      config,
      logger,
      selfUrl: url,
      justSeeded: seed.seeded,
      events,
      queue: jobQueue,
      mailer,
      outages,
    });
    metrics.watchJobs(jobs.agenda);
    readiness.jobsRunning = () => !jobsStopping;
    // What a process that died left undone (intents not dispatched, summaries and norms behind their
    // quizzes): repaired now, in the background, and every RECONCILE_EVERY_MS (hiring/invitations/reconcile.ts).
    reconciler = startReconciler(events, config, logger);
    if (config.metricsPort !== undefined) {
      metricsServer = await startMetricsServer(metrics, config.metricsPort, config.metricsHost, logger);
      print(`SkillQuiz metrics on ${metricsServer.url}`);
    }
    return { url, config, metricsUrl: metricsServer?.url, close };
  } catch (err) {
    await close();
    throw err;
  }
}
