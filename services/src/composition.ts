// Who reacts to what: the product's events service with its subscribers, made once per process by
// the composition roots (server.ts for the services; the CLI commands that write invitations or
// repair), and handed down (app.context.events, the job worker, function arguments). The modules
// that emit events (invitations, the quiz API, the expiry sweep) only record them
// (platform/models/pending-event.ts); they never import a subscriber.
import { type Config, createEvents, type Events, type Logger } from './platform';
import {
  recordIntegrityFlags,
  recordSetAside,
  clockOf,
  expireRevokedQuizzes,
  recordNorms,
  describeRepair,
  IntegrityWatch,
  reconcile,
  type RepairReport,
  refreshInvitationSummary,
} from './hiring';
import { timeModelCache, type TimeModelCache } from './content';
import type { QuizEndedData } from './quiz';
import {
  enqueueRequestedEmail,
  enqueueInvitationMail,
  enqueueQuizWebhook,
  enqueueStageChangeWebhook,
  JobQueue,
} from './ops';

/**
 * The events service with its subscribers. The job subscribers enqueue on `jobs`: the process's
 * queue, made by the same composition root (server.ts hands the worker the same one); a CLI command
 * lets it default to a queue of its own.
 */
export function productEvents(
  config: Pick<Config, 'abandonGraceMinutes'>,
  logger: Logger,
  jobs: JobQueue = new JobQueue(),
  // the integrity subscriber's time models (its own bounded cache, like the app's)
  timeModels: TimeModelCache = timeModelCache(),
): Events {
  const events = createEvents(logger);
  events.on('invitation.created', 'the invitation email and reminder jobs', enqueueInvitationMail(jobs));
  events.on(
    'invitation.email_requested',
    'the invitation email job of that send',
    enqueueRequestedEmail(jobs),
  );
  events.on('invitation.revoked', 'expiring its open quizzes', (_event, origin) =>
    expireRevokedQuizzes(origin.id, events),
  );
  const ended = (data: unknown) => data as QuizEndedData;
  // first: the effort-aware scoring it decides is what the norms and the summary then score with
  events.on('quiz.ended', 'the integrity signals (effort-aware scoring, the list count)', async (event) => {
    const data = ended(event.data);
    await recordSetAside(data.quiz_id, timeModels);
    if (data.invitation_id) await recordIntegrityFlags(data.invitation_id, timeModels);
  });
  events.on('quiz.ended', 'the percentile norms', async (event) => {
    const data = ended(event.data);
    if (data.status === 'finished') await recordNorms(data.quiz_id);
  });
  events.on('quiz.ended', "the invitation's summary", async (event) => {
    const data = ended(event.data);
    if (data.invitation_id) await refreshInvitationSummary(data.invitation_id, clockOf(config));
  });
  events.on('quiz.ended', 'the result webhook job', enqueueQuizWebhook(jobs));
  events.on('invitation.stage_changed', 'the stage webhook job', enqueueStageChangeWebhook(jobs));
  return events;
}

/** The reconciliation pass every minute (everything once at start), until stop(). */
export interface Reconciler {
  /** The first pass (over everything), for callers that wait for it. */
  first: Promise<RepairReport | null>;
  stop(): void;
}

export function startReconciler(
  events: Events,
  config: Pick<Config, 'abandonGraceMinutes' | 'reconcileEveryMs'>,
  logger: Logger,
  // the integrity counts' time models, kept from pass to pass (recalibrated only when they changed)
  timeModels: TimeModelCache = timeModelCache(),
): Reconciler {
  let stopped = false;
  let since: Date | null = null;
  // which atoms' integrity counts a pass looks at: those whose time model moved (every atom at first)
  const integrityWatch = new IntegrityWatch();
  let running: Promise<RepairReport | null> = Promise.resolve(null);
  const pass = async (): Promise<RepairReport | null> => {
    if (stopped) return null;
    // The window ends a few seconds ago: a write that recent is still followed up by its request.
    const until = new Date(Date.now() - 5000);
    try {
      const report = await reconcile({
        events,
        clock: () => clockOf(config),
        since,
        until: since ? until : undefined,
        timeModels,
        integrityWatch,
      });
      since = since ? until : new Date(until.getTime() - 60_000);
      const lines = describeRepair(report);
      if (lines.length) logger.info(`reconciliation: ${lines.join('; ')}`);
      return report;
    } catch (err) {
      if (!stopped)
        logger.warn(
          `reconciliation pass failed (the next one retries): ${err instanceof Error ? err.message : String(err)}`,
        );
      return null;
    }
  };
  const first = (running = pass());
  const timer = setInterval(() => {
    running = running.then(pass);
  }, config.reconcileEveryMs);
  timer.unref();
  return {
    first,
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
