// The queue's guarantees: jobs survive a kill -9 of the services (those due, and those
// cut off mid-run) and each still runs once after the restart; two services processes on one
// database never run a job twice. Observed through result-webhook jobs, which keep no state of their
// own: every run is one POST to the receiver and one recorded attempt.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import { inServices, startReceiver, until, type TestReceiver } from './helpers/jobs';
import { startServices, startStack, type Services, type Stack } from './helpers/stack';

jest.setTimeout(180_000);

let stack: Stack | undefined;
let second: Services | undefined;
let secondDir: string | undefined;
let receiver: TestReceiver;
let client: MongoClient | undefined;

beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  await client?.close();
  await second?.stop();
  await stack?.stop();
  await receiver.stop();
  if (secondDir) fs.rmSync(secondDir, { recursive: true, force: true });
  client = stack = second = secondDir = undefined;
});

/**
 * Writes a company whose webhook is the receiver, `count` quizzes of it, and one result-webhook job
 * per quiz (the first `dueNow` due now, the rest `laterMs` later), from a process of its own.
 */
function enqueueWebhooks(
  mongoUri: string,
  count: number,
  dueNow: number,
  laterMs: number,
): Promise<string[]> {
  return inServices<string[]>(
    mongoUri,
    `
    const { Company, QuizResult } = svc('models.js');
    const { JobQueue } = svc('ops/jobs/queue.js');
    const { quizEndedEventId } = svc('quiz/ended.js');
    const company = await Company.create({ name: 'Acme Queue ' + Date.now(), webhook_url: ${JSON.stringify(receiver.url)}, webhook_secret: 'whsec_durability' });
    const agenda = new JobQueue().agenda();
    await agenda.ready;
    const ids = [];
    for (let i = 0; i < ${count}; i++) {
      const quiz = await QuizResult.create({ token: 'durability' + i + '-' + Date.now() + 'x'.repeat(8), company: company._id, atom_ids: ['javascript'], finished_at: new Date() });
      const eventId = quizEndedEventId(String(quiz._id), 'finished');
      const job = agenda.create('result-webhook', { event_id: eventId, quiz_id: String(quiz._id), company_id: String(company._id), status: 'finished', occurred_at: new Date().toISOString(), enqueued_at: new Date().toISOString() });
      job.schedule(new Date(Date.now() + (i < ${dueNow} ? 0 : ${laterMs})));
      await job.save();
      ids.push(eventId);
    }
    return ids;
    `,
  );
}

const eventOf = (r: { headers: Record<string, unknown> }) => r.headers['x-skillquiz-event-id'] as string;

async function expectEachDeliveredOnce(db: Db, eventIds: string[]): Promise<void> {
  await until(
    async () => (await db.collection('webhook_attempts').countDocuments({ ok: true })) >= eventIds.length,
    `${eventIds.length} delivered events`,
    60_000,
  );
  // Time for a second run to show itself, if there were one (several polls and lock lifetimes).
  await new Promise((r) => setTimeout(r, 2500));
  for (const id of eventIds) {
    const answered = receiver.requests.filter((r) => eventOf(r) === id && r.answered !== null);
    const attempts = await db.collection('webhook_attempts').find({ event_id: id }).toArray();
    expect([id, answered.map((r) => r.answered), attempts.map((a) => a.ok)]).toEqual([id, [200], [true]]);
  }
  const jobs = await db.collection('jobs').find({ name: 'result-webhook' }).toArray();
  expect(jobs).toHaveLength(eventIds.length);
  for (const job of jobs) {
    expect(job.lastFinishedAt).toBeInstanceOf(Date);
    expect(job.lockedAt ?? null).toBeNull();
    expect(job.failReason ?? null).toBeNull();
  }
}

it('runs every job once after a kill -9: those cut off mid-run and those that were due', async () => {
  // A process of its own: this test kills it.
  stack = await startStack(
    { JOBS_PROCESS_EVERY_MS: '200', WEBHOOK_TIMEOUT_MS: '60000' },
    { mode: 'process' },
  );
  client = await MongoClient.connect(stack.mongoUri);
  const db = client.db();
  // The receiver does not answer: the first three jobs hang mid-run in this process.
  receiver.reply = () => 'hang';
  const events = await enqueueWebhooks(stack.mongoUri, 6, 3, 2500);
  await until(() => receiver.requests.length >= 3, 'the first three deliveries to be under way');
  const locked = await db
    .collection('jobs')
    .countDocuments({ name: 'result-webhook', lockedAt: { $ne: null } });
  expect(locked).toBeGreaterThanOrEqual(3);
  await stack.services.kill(); // SIGKILL: no shutdown code runs, the locks stay
  expect(await db.collection('webhook_attempts').countDocuments({})).toBe(0);

  // The receiver is back; the restarted services (locks lapse after 2 s) run all six, once each.
  receiver.reply = () => ({ status: 200 });
  await stack.restartServices({ JOBS_PROCESS_EVERY_MS: '200', JOBS_LOCK_LIFETIME_MS: '2000' });
  await expectEachDeliveredOnce(db, events);
  // The three cut off mid-run reached the receiver twice (the killed attempt was never answered).
  for (const id of events.slice(0, 3))
    expect(receiver.requests.filter((r) => eventOf(r) === id).map((r) => r.answered)).toEqual([null, 200]);
  for (const id of events.slice(3))
    expect(receiver.requests.filter((r) => eventOf(r) === id)).toHaveLength(1);
});

it('runs a job once with two services processes polling one database', async () => {
  const env = { JOBS_PROCESS_EVERY_MS: '100' };
  stack = await startStack(env, { mode: 'process' });
  secondDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-jobs-second-'));
  second = await startServices(stack.mongoUri, secondDir, env, { mode: 'process' });
  client = await MongoClient.connect(stack.mongoUri);
  const db = client.db();
  // Both poll every 100 ms while a third process writes the jobs; each lock is one atomic
  // findOneAndUpdate, so whichever process locks a job first runs it and the other never does. A
  // slow receiver widens every window in which both could hold it.
  receiver.reply = () => ({ status: 200, delayMs: 150 });
  const events = await enqueueWebhooks(stack.mongoUri, 24, 24, 0);
  await expectEachDeliveredOnce(db, events);
});
