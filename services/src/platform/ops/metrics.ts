// The services' Prometheus metrics (prom-client), one registry per app (app.context.metrics), never
// prom-client's global one: two apps in one process (tests) keep their own counts.
// Names and labels are listed in services/README.md ("Metrics"). Labels hold route patterns, job
// names and fixed outcome words only: never a token, an address, an email or an id.
import type { Agenda, Job } from 'agenda';
import type { Middleware } from 'koa';
import mongoose from 'mongoose';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { OutageMonitor } from '../db/outages';
import { safeEqual } from '../auth/safe-equal';

/** The job names whose runs are deliveries, and of what. */
const DELIVERY_CHANNEL: Record<string, 'email' | 'webhook'> = {
  'invitation-email': 'email',
  'invitation-reminder': 'email',
  'result-webhook': 'webhook',
  'stage-webhook': 'webhook',
};

/** A route label for requests no router matched (static files, unknown paths): never the raw URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** How long a scrape waits for the job queue's depth before reporting the last figures. */
const QUEUE_DEPTH_TIMEOUT_MS = 1000;

export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route'>;
  readonly answers: Counter<'kind' | 'result'>;
  readonly answerDuration: Histogram;
  readonly outageCredited: Counter;
  readonly rateLimited: Counter<'route'>;
  readonly jobRuns: Counter<'job' | 'outcome'>;
  readonly deliveries: Counter<'channel' | 'outcome'>;
  private readonly watchedQueues = new WeakSet<Agenda>();
  private lastDepth = new Map<string, number>();

  /** `outages`: the app's view of the database (the database_up and outage-seconds series read it). */
  constructor(private readonly outages: OutageMonitor = new OutageMonitor()) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'skillquiz_' });
    this.httpRequests = new Counter({
      name: 'skillquiz_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'skillquiz_http_request_duration_seconds',
      help: 'Time from arrival to the response, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.answers = new Counter({
      name: 'skillquiz_answers_total',
      help: 'Answers recorded (a repeated submission of the same answer is not counted again), by kind (scored or beta) and result (in_time or timed_out)',
      labelNames: ['kind', 'result'],
      registers,
    });
    this.answerDuration = new Histogram({
      name: 'skillquiz_answer_duration_seconds',
      help: 'Time from an answer reaching the services to its write being committed',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.outageCredited = new Counter({
      name: 'skillquiz_answers_outage_credited_total',
      help: "Answers in time only because a database outage's time was credited to the question",
      registers,
    });
    this.rateLimited = new Counter({
      name: 'skillquiz_rate_limited_total',
      help: 'Requests refused by a rate limit (429), by route pattern',
      labelNames: ['route'],
      registers,
    });
    this.jobRuns = new Counter({
      name: 'skillquiz_job_runs_total',
      help: 'Job runs in this process, by job name and outcome (succeeded or failed; a failed delivery job is retried with backoff)',
      labelNames: ['job', 'outcome'],
      registers,
    });
    this.deliveries = new Counter({
      name: 'skillquiz_deliveries_total',
      help: 'Email and webhook delivery job runs, by channel and outcome (succeeded: sent or nothing to send; failed: will be retried)',
      labelNames: ['channel', 'outcome'],
      registers,
    });
    new Gauge({
      name: 'skillquiz_database_up',
      help: '1 while the database answers, 0 during an outage or stall',
      registers,
      collect() {
        this.set(outages.isDown() ? 0 : 1);
      },
    });
    new Counter({
      name: 'skillquiz_database_outage_seconds_total',
      help: 'Seconds the database was unreachable or stalled, as this process saw it (the ongoing outage included)',
      registers,
      collect() {
        this.reset();
        this.inc(outages.downSecondsTotal());
      },
    });
    const depth = this.lastDepth;
    const readDepth = () => this.readQueueDepth();
    new Gauge({
      name: 'skillquiz_jobs_waiting',
      help: 'Jobs due to run and not yet picked up, by job name (the shared queue, as one process reads it)',
      labelNames: ['job'],
      registers,
      async collect() {
        await readDepth();
        this.reset();
        for (const [job, n] of depth) this.set({ job }, n);
      },
    });
  }

  /** Counts every request by @koa/router's matched pattern (outermost, after the arrival stamp). */
  middleware(): Middleware {
    return async (ctx, next) => {
      const started = process.hrtime.bigint();
      try {
        await next();
      } finally {
        const matched = ctx._matchedRoute;
        const route = typeof matched === 'string' ? matched : UNMATCHED_ROUTE;
        const status = String(ctx.status);
        this.httpRequests.inc({ method: ctx.method, route, status });
        this.httpDuration.observe(
          { method: ctx.method, route },
          Number(process.hrtime.bigint() - started) / 1e9,
        );
        if (ctx.status === 429) this.rateLimited.inc({ route });
      }
    };
  }

  /** One answer a quiz write recorded (the quiz router tells, after each write that won). */
  answerRecorded(answer: {
    scored: boolean;
    timedOut: boolean;
    outageCredited: boolean;
    seconds: number;
  }): void {
    this.answers.inc({
      kind: answer.scored ? 'scored' : 'beta',
      result: answer.timedOut ? 'timed_out' : 'in_time',
    });
    this.answerDuration.observe(answer.seconds);
    if (answer.outageCredited) this.outageCredited.inc();
  }

  /** Follows a job worker's runs (once per queue). */
  watchJobs(agenda: Agenda): void {
    if (this.watchedQueues.has(agenda)) return;
    this.watchedQueues.add(agenda);
    const count = (job: Job, outcome: 'succeeded' | 'failed') => {
      const name = job.attrs.name;
      this.jobRuns.inc({ job: name, outcome });
      const channel = DELIVERY_CHANNEL[name];
      if (channel) this.deliveries.inc({ channel, outcome });
    };
    agenda.on('success', (job: Job) => count(job, 'succeeded'));
    agenda.on('fail', (_err: Error, job: Job) => count(job, 'failed'));
  }

  /** Due, unlocked jobs per name, from the `jobs` collection; the last figures if it does not answer. */
  private async readQueueDepth(): Promise<void> {
    const db = mongoose.connection.db;
    if (!db || this.outages.isDown()) return;
    const query = db
      .collection('jobs')
      .aggregate<{ _id: string; n: number }>([
        { $match: { nextRunAt: { $lte: new Date() }, lockedAt: null, disabled: { $ne: true } } },
        { $group: { _id: '$name', n: { $sum: 1 } } },
      ])
      .toArray();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), QUEUE_DEPTH_TIMEOUT_MS);
    });
    try {
      const rows = await Promise.race([query, timeout]);
      if (!rows) return;
      const next = new Map<string, number>();
      for (const name of this.lastDepth.keys()) next.set(name, 0);
      for (const row of rows) next.set(String(row._id), row.n);
      this.lastDepth.clear();
      for (const [k, v] of next) this.lastDepth.set(k, v);
    } catch {
      // the last figures stand; the database's own metrics say why
    } finally {
      clearTimeout(timer);
      query.catch(() => undefined);
    }
  }
}

/**
 * GET /metrics on the main listener: with METRICS_TOKEN as a bearer token; without a token, only
 * outside production (in production the path is left to the rest of the app: use METRICS_PORT or METRICS_TOKEN).
 */
export function metricsEndpoint(
  metrics: Metrics,
  options: { token?: string; isProduction: boolean; path?: string },
): Middleware {
  const path = options.path ?? '/metrics';
  return async (ctx, next) => {
    if (ctx.path !== path || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    if (options.token) {
      const m = /^Bearer (.+)$/.exec(ctx.get('authorization'));
      if (!m || !safeEqual(m[1], options.token)) {
        ctx.status = 401;
        ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
        ctx.body = { message: 'Metrics need the bearer token (METRICS_TOKEN)' };
        return;
      }
    } else if (options.isProduction) {
      return next();
    }
    ctx.set('Content-Type', metrics.registry.contentType);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await metrics.registry.metrics();
  };
}
