// Putting jobs on the queue. Every enqueue is idempotent: a job that must exist once carries a
// unique key (agenda's unique(), an upsert that only inserts), so an event dispatched again (after a
// crash, by the reconciliation pass, by two processes) enqueues the same job only once.
import mongoose from 'mongoose';
import { JOBS_COLLECTION, type JobQueue } from './queue';
import {
  JOB,
  type DemoCandidatesData,
  type InvitationEmailData,
  type InvitationReminderData,
  type QuizEndStatus,
  type ResultWebhookData,
  type StageWebhookData,
} from './names';
import { quizEndedEventId } from '../../quiz';

const nowIso = () => new Date().toISOString();

async function enqueueOnce<T extends object>(
  queue: JobQueue,
  name: string,
  data: T,
  unique: Record<string, unknown>,
  runAt: Date = new Date(),
): Promise<void> {
  const agenda = queue.agenda();
  await Promise.all([agenda.ready, queue.ready()]);
  const job = agenda.create(name, data);
  job.schedule(runAt);
  // agenda adds the job's name to the key, which leads the uniqueness indexes (queue.ts)
  job.unique(unique, { insertOnly: true });
  await job.save();
}

export async function enqueueInvitationEmail(queue: JobQueue, invitationId: string, send = 0): Promise<void> {
  if (send > 0) {
    // A resend or a changed address: one job per send number.
    const data: InvitationEmailData = { invitation_id: invitationId, send, enqueued_at: nowIso() };
    await enqueueOnce(queue, JOB.invitationEmail, data, {
      'data.invitation_id': invitationId,
      'data.send': send,
    });
    return;
  }
  const data: InvitationEmailData = { invitation_id: invitationId, enqueued_at: nowIso() };
  await enqueueOnce(queue, JOB.invitationEmail, data, { 'data.invitation_id': invitationId });
}

export async function enqueueInvitationReminder(
  queue: JobQueue,
  invitationId: string,
  expiresAt: Date,
  runAt: Date,
): Promise<void> {
  const data: InvitationReminderData = {
    invitation_id: invitationId,
    expires_at: expiresAt.toISOString(),
    enqueued_at: runAt.toISOString(),
  };
  await enqueueOnce(
    queue,
    JOB.invitationReminder,
    data,
    { 'data.invitation_id': invitationId, 'data.expires_at': data.expires_at },
    runAt,
  );
}

export async function enqueueResultWebhook(
  queue: JobQueue,
  input: {
    quizId: string;
    companyId: string;
    status: QuizEndStatus;
    occurredAt: Date;
  },
): Promise<void> {
  const data: ResultWebhookData = {
    event_id: quizEndedEventId(input.quizId, input.status),
    quiz_id: input.quizId,
    company_id: input.companyId,
    status: input.status,
    occurred_at: input.occurredAt.toISOString(),
    enqueued_at: nowIso(),
  };
  await enqueueOnce(queue, JOB.resultWebhook, data, { 'data.event_id': data.event_id });
}

/** A pipeline stage change's webhook job: one per event id. */
export async function enqueueStageWebhook(
  queue: JobQueue,
  data: Omit<StageWebhookData, 'enqueued_at'>,
): Promise<void> {
  const job: StageWebhookData = { ...data, enqueued_at: nowIso() };
  await enqueueOnce(queue, JOB.stageWebhook, job, { 'data.event_id': job.event_id });
}

/** The first-run demo data as one job (one ever: its progress shows in /sidekiq). */
export async function enqueueDemoCandidates(queue: JobQueue, perAtom: number): Promise<void> {
  const data: DemoCandidatesData = { per_atom: perAtom };
  await enqueueOnce(queue, JOB.demoCandidates, data, {});
  // A run that ended without finishing (failed after its retries, or completed before a crash
  // could mark it done) is due again; a locked one is left to its lock.
  await mongoose.connection
    .db!.collection(JOBS_COLLECTION)
    .updateOne(
      { name: JOB.demoCandidates, nextRunAt: null, lockedAt: null },
      { $set: { nextRunAt: new Date() } },
    );
}

/** The sweep runs every minute in whichever process locks it first (one job of type 'single'). */
export async function scheduleExpirySweep(queue: JobQueue, every: string): Promise<void> {
  const agenda = queue.agenda();
  await agenda.ready;
  await agenda.every(every, JOB.expirySweep);
}
