// The ops context's public face: the job queue and its jobs (which hear the other contexts' events),
// the jobs dashboard, shipping remotes, and the seed. Other contexts import it only through this file.
export { drainJobs } from './jobs/drain';
export { enqueueRequestedEmail } from './jobs/email-requested';
export { enqueueInvitationMail, enqueueQuizWebhook, enqueueStageChangeWebhook } from './jobs/hooks';
export { JobQueue } from './jobs/queue';
export { startJobWorker, type JobWorker } from './jobs/worker';
export { remotesRouter } from './remotes/router';
export { ShipError, rollbackRemote, shipRemote, type ShipResult } from './remotes/shipping';
export { demoQuizLink, seedIfEmpty } from './seed/index';
export { runSimulatedCandidates } from './seed/simulated-candidates';
export { sidekiqRouter } from './sidekiq/router';
