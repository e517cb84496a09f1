// Enqueueing is idempotent per job, and one job's key never stands in for another's: an invitation's
// email and its reminder are keyed by the same invitation id (agenda adds the job's name to the key).
// The uniqueness check has indexes (name, then the invitation or event id), so an enqueue does not read
// every job: a bulk invite of 500 enqueues 1,000.
import { Types } from 'mongoose';
import mongoose from 'mongoose';
import { JOB_UNIQUE_INDEXES, JobQueue } from '../src/ops/jobs/queue';
import { enqueueInvitationEmail, enqueueInvitationReminder } from '../src/ops/jobs/enqueue';
import { startStack, type Stack } from './helpers/stack';

jest.setTimeout(120_000);

let stack: Stack;
beforeAll(async () => {
  // the services in this process: mongoose is connected to the stack's database
  stack = await startStack({ JOBS_PROCESS_EVERY_MS: '600000' });
});
afterAll(async () => {
  await stack?.stop();
});

const jobs = () => mongoose.connection.db!.collection('jobs');

it('an email enqueued after its invitation reminder is a job of its own, and each is enqueued once', async () => {
  const queue = new JobQueue();
  const invitation = new Types.ObjectId().toHexString();
  const expiresAt = new Date(Date.now() + 7 * 24 * 3600_000);
  const remindAt = new Date(expiresAt.getTime() - 24 * 3600_000);

  await enqueueInvitationReminder(queue, invitation, expiresAt, remindAt);
  await enqueueInvitationEmail(queue, invitation);
  // delivered again (a crash, the reconciliation pass, a second process): nothing new
  await enqueueInvitationEmail(queue, invitation);
  await enqueueInvitationReminder(queue, invitation, expiresAt, remindAt);

  const mine = await jobs().find({ 'data.invitation_id': invitation }).toArray();
  expect(mine.map((j) => j.name).sort()).toEqual(['invitation-email', 'invitation-reminder']);
});

it('the uniqueness check has its indexes', async () => {
  await new JobQueue().ready();
  const names = (await jobs().indexes()).map((i) => i.name);
  expect(names).toEqual(expect.arrayContaining(JOB_UNIQUE_INDEXES.map((i) => i.name)));
});
