// Nothing promised is lost when the services process dies. The real services process (node
// dist/main.js) with a real SMTP server and a real webhook receiver on loopback:
//   1. SIGKILLed in the middle of bursts (recruiters inviting candidates with emails, candidates
//      answering their last question, finishing, abandoning) for 5 rounds, restarted each time: every
//      stored invitation with an email gets its email, every ended quiz its webhook event (repeats of
//      one event id allowed, losses not), every invitation's status agrees with its quizzes, and the
//      norms count every finished quiz exactly once;
//   2. SIGKILLed once the mail server has accepted the message, before it learns of the 250: after the
//      restart the email is sent again with the same Message-ID;
//   3. `npm run repair` on a database with a broken summary, a pending intent and a norm histogram
//      behind its entries fixes them and says so, and a second run finds nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId, type Db } from 'mongodb';
import { effectiveStatus, summarizeInvitation } from '../src/hiring/invitations/summary';
import { isComplete } from '../src/hiring/invitations/results';
import { slotsOf } from '../src/quiz/plan';
import { Browser, jsonCall, signIn, startAdminStack, type AdminStack } from './helpers/admin-session';
import {
  createInvitationInServices,
  startReceiver,
  startSmtp,
  until,
  type TestReceiver,
  type TestSmtp,
} from './helpers/jobs';

jest.setTimeout(240_000);

const ENV = { JOBS_PROCESS_EVERY_MS: '200', RECONCILE_EVERY_MS: '1000', JOBS_RETRY_FIRST_SECONDS: '0.5' };
const ROUNDS = 5;

let admin: AdminStack | undefined;
let smtp: TestSmtp | undefined;
let receiver: TestReceiver | undefined;
let client: MongoClient | undefined;

afterEach(async () => {
  await client?.close();
  await admin?.stop();
  await smtp?.stop();
  await receiver?.stop();
  client = admin = smtp = receiver = undefined;
});

const eventOf = (r: { headers: Record<string, unknown> }) => r.headers['x-skillquiz-event-id'] as string;
const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);
const quizApi = (base: string, token: string, rest = '') => `${base}/api/quiz/${token}/${rest}`;

/** A fetch that a kill may cut off: the outcome is read from the database afterwards. */
async function attempt<T>(f: () => Promise<T>): Promise<T | null> {
  try {
    return await f();
  } catch {
    return null;
  }
}

async function answer(base: string, token: string, n: number): Promise<void> {
  const q = await fetch(quizApi(base, token, `question/${n}/`));
  if (q.status !== 200) throw new Error(`question ${n}: ${q.status} ${await q.text()}`);
  const body = (await q.json()) as { answers: { hash_id: string }[] };
  const res = await fetch(quizApi(base, token, `question/${n}/`), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ answer: body.answers[0].hash_id, answer_position: 0 }),
  });
  if (res.status !== 200) throw new Error(`answer ${n}: ${res.status} ${await res.text()}`);
}

/** How many questions the quiz's frozen plan has (its first question was fetched). */
async function plannedQuestions(db: Db, token: string): Promise<number> {
  const doc = await db.collection('quiz_results').findOne({ token });
  return slotsOf(doc!.plan).length;
}

describe('a kill -9 in the middle of invitation and quiz bursts', () => {
  it('loses no email, no webhook event, no summary and no norm over 5 kill rounds', async () => {
    smtp = await startSmtp();
    receiver = await startReceiver();
    admin = await startAdminStack({ SMTP_URL: smtp.url, ...ENV }, { mode: 'process' });
    const stack = admin.stack;
    const base = admin.baseUrl;
    client = await MongoClient.connect(stack.mongoUri);
    const db = client.db();
    const recruiter = new Browser();
    await signIn(recruiter, base, admin.provider.recruiter);
    const call = async (method: string, p: string, body?: unknown) => {
      const res = await recruiter.fetch(`${base}${p}`, jsonCall(recruiter, base, method, body, true));
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any };
    };
    const settings = await call('GET', '/api/hiring/settings');
    const saved = await call('PUT', '/api/hiring/settings/webhook', {
      url: receiver.url,
      version: settings.body.webhook.version,
    });
    expect(saved.status).toBe(200);
    const invite = (email: string) =>
      call('POST', '/api/hiring/invitations', {
        candidate_name: 'Burst Candidate',
        candidate_email: email,
        required_atoms: ['javascript'],
      });

    let killedInFlight = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // Candidates who are one answer from the end (3), one who will abandon, and one whose
      // recruiter revokes the invitation mid-quiz, of this round.
      const ready: string[] = [];
      const invitationIds: string[] = [];
      for (let i = 0; i < 5; i++) {
        const created = await invite(`ready-${round}-${i}@example.com`);
        expect(created.status).toBe(201);
        ready.push(tokenOf(created.body.link));
        invitationIds.push(created.body.invitation.id);
      }
      const last = new Map<string, number>();
      for (const token of ready.slice(0, 3)) {
        await answer(base, token, 1);
        const total = await plannedQuestions(db, token);
        for (let n = 2; n < total; n++) await answer(base, token, n);
        last.set(token, total);
      }
      await answer(base, ready[3], 1);
      await answer(base, ready[4], 1);

      // The burst: new invitations with emails, the last answers and finish calls, an abandon; the
      // process is killed a moment after it starts, with most of it in flight.
      const burst: Promise<unknown>[] = [];
      for (let i = 0; i < 6; i++) burst.push(attempt(() => invite(`burst-${round}-${i}@example.com`)));
      for (const [token, total] of last)
        burst.push(
          attempt(async () => {
            await answer(base, token, total);
            await fetch(quizApi(base, token, 'finish'), { method: 'POST' });
          }),
        );
      burst.push(attempt(() => fetch(quizApi(base, ready[3], 'abandon'), { method: 'POST' })));
      burst.push(attempt(() => call('POST', `/api/hiring/invitations/${invitationIds[4]}/revoke`)));
      // Early in the first rounds (most of the burst cut off), later in the next ones (most of it
      // written); the last round's kill waits for its burst, so that some quiz surely ended by its
      // last answer however slow a loaded machine makes the calls (what is left in flight then is
      // the work the answers queued: the intents and jobs).
      if (round === ROUNDS - 1) await Promise.all(burst);
      else await new Promise((r) => setTimeout(r, 40 + 50 * round + Math.floor(Math.random() * 40)));
      await stack.services.kill();
      killedInFlight += (await Promise.all(burst)).filter((r) => r === null).length;
      await stack.restartServices(); // same port, same database: the recruiter's session holds
    }
    // The kills did cut requests off (else this test would prove nothing).
    expect(killedInFlight).toBeGreaterThan(0);

    // Every invitation stored with an email gets its email (at least one copy, one Message-ID).
    const invitations = await db
      .collection('invitations')
      .find({ candidate_email: { $ne: null } })
      .toArray();
    expect(invitations.length).toBeGreaterThanOrEqual(ROUNDS * 4);
    const messageIds = (id: ObjectId) => `<invitation.${String(id)}@skillquiz>`;
    await until(
      () => invitations.every((inv) => smtp!.accepted.some((m) => m.messageId === messageIds(inv._id))),
      'every stored invitation to have its email',
      60_000,
    );
    for (const m of smtp.accepted) expect(m.messageId).toMatch(/^<invitation\.[0-9a-f]{24}@skillquiz>$/);

    // Every ended quiz gets its event delivered (answered 200) at least once.
    const quizzes = await db
      .collection('quiz_results')
      .find({ invitation: { $ne: null } })
      .toArray();
    const ended = quizzes
      .map((q) => {
        const plain = { ...q, served: q.served ?? [], plan: q.plan ?? null } as never;
        const status = isComplete(plain)
          ? 'finished'
          : q.abandoned_at
            ? 'abandoned'
            : q.expired_at
              ? 'expired'
              : null;
        return status ? `evt_${String(q._id)}_${status}` : null;
      })
      .filter((e): e is string => e !== null);
    // Quizzes ended in each way: finished (the last answer), abandoned, expired (revoked).
    for (const way of ['finished', 'abandoned', 'expired'])
      expect([way, ended.some((e) => e.endsWith(`_${way}`))]).toEqual([way, true]);
    await until(
      () => ended.every((id) => receiver!.requests.some((r) => eventOf(r) === id && r.answered === 200)),
      'every ended quiz to have its webhook event delivered',
      60_000,
    );
    // Nothing was delivered for a quiz that did not end.
    const delivered = new Set(receiver.requests.map(eventOf));
    for (const id of delivered) expect(ended).toContain(id);

    // Every invitation's status agrees with its quizzes, and nothing is left pending.
    await until(
      async () =>
        (await db.collection('invitations').countDocuments({ 'pending_events.0': { $exists: true } })) ===
          0 &&
        (await db.collection('quiz_results').countDocuments({ 'pending_events.0': { $exists: true } })) === 0,
      'no pending events',
      30_000,
    );
    const atoms = await db.collection('atoms').find().toArray();
    const thresholds = new Map(
      atoms.map((a) => [String(a._id), a.levels_thresholds?.length === 5 ? a.levels_thresholds : null]),
    );
    const disagreeing = async () => {
      const now = new Date();
      const out: string[] = [];
      const all = await db.collection('invitations').find().toArray();
      const byInvitation = await db
        .collection('quiz_results')
        .find({ invitation: { $ne: null } })
        .toArray();
      for (const inv of all) {
        const mine = byInvitation.filter((q) => String(q.invitation) === String(inv._id));
        const expected = summarizeInvitation(inv as never, mine as never, thresholds as never, {
          now,
          abandonGraceMinutes: 120,
        });
        const stored = effectiveStatus(inv as never, now);
        if (stored !== expected.status)
          out.push(`${String(inv._id)}: ${stored}, expected ${expected.status}`);
      }
      return out;
    };
    await until(async () => (await disagreeing()).length === 0, 'every summary to agree', 30_000);
    expect(await disagreeing()).toEqual([]);

    // The norms count every finished quiz of a real candidate exactly once.
    const finished = quizzes.filter(
      (q) =>
        isComplete({ ...q, served: q.served ?? [], plan: q.plan ?? null } as never) &&
        !q.simulated &&
        !q.demo_data &&
        !q.demo &&
        (q.atom_ids as string[]).includes('javascript'),
    );
    expect(finished.length).toBeGreaterThan(0);
    await until(
      async () =>
        (await db.collection('atom_norms').findOne({ _id: 'javascript' as never }))?.n === finished.length,
      `the javascript norms to count ${finished.length} candidates`,
      30_000,
    );
    await new Promise((r) => setTimeout(r, 1500)); // another reconciliation pass: still exact
    expect((await db.collection('atom_norms').findOne({ _id: 'javascript' as never }))?.n).toBe(
      finished.length,
    );
  });
});

describe('a kill right after the mail server accepted the message, and npm run repair', () => {
  it('sends the email again after the restart, with the same Message-ID', async () => {
    smtp = await startSmtp();
    admin = await startAdminStack({ SMTP_URL: smtp.url, ...ENV }, { mode: 'process' });
    const stack = admin.stack;
    client = await MongoClient.connect(stack.mongoUri);
    const db = client.db();
    // The mail server has the message; the sender dies before the 250 reaches it, as a process
    // killed between the server's 250 and its record of it would (the tightest window there is).
    smtp.onAccept = async () => {
      smtp!.onAccept = null;
      await stack.services.kill();
    };
    const created = await createInvitationInServices(stack.mongoUri, {
      company: 'Acme Crash',
      atoms: ['javascript'],
      email: 'twice@example.com',
    });
    const messageId = `<invitation.${created.invitationId}@skillquiz>`;
    await until(() => smtp!.accepted.length === 1, 'the first copy');
    await until(async () => {
      const jobs = await db.collection('jobs').find({ 'data.invitation_id': created.invitationId }).toArray();
      return jobs.length > 0;
    }, 'the job');
    // The services died between the 250 and the record of it: the delivery is still "sending".
    await new Promise((r) => setTimeout(r, 300));
    const sending = await db
      .collection('email_deliveries')
      .findOne({ _id: `invitation:${created.invitationId}` as never });
    expect(sending).toMatchObject({ state: 'sending', attempts: 1, message_id: messageId });

    await stack.restartServices();
    await until(() => smtp!.accepted.length === 2, 'the second copy after the restart', 60_000);
    expect(smtp.accepted.map((m) => [m.to, m.messageId])).toEqual([
      [['twice@example.com'], messageId],
      [['twice@example.com'], messageId],
    ]);
    const sent = await until(
      async () =>
        db.collection('email_deliveries').findOne({
          _id: `invitation:${created.invitationId}` as never,
          state: 'sent',
        }),
      'the delivery recorded as sent',
    );
    expect(sent).toMatchObject({ attempts: 2, message_id: messageId });
    // Sent means sent: no third copy.
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.accepted).toHaveLength(2);
  });

  it('npm run repair fixes a broken summary, a pending intent and the norms, and reports them', async () => {
    smtp = await startSmtp();
    admin = await startAdminStack({ SMTP_URL: smtp.url, ...ENV }, { mode: 'process' });
    const stack = admin.stack;
    const base = admin.baseUrl;
    client = await MongoClient.connect(stack.mongoUri);
    const db = client.db();
    const done = await createInvitationInServices(stack.mongoUri, {
      company: 'Acme Repair',
      atoms: ['javascript'],
    });
    const [token] = done.tokens;
    await answer(base, token, 1);
    const total = await plannedQuestions(db, token);
    for (let n = 2; n <= total; n++) await answer(base, token, n);
    await until(
      async () =>
        (await db.collection('invitations').findOne({ _id: new ObjectId(done.invitationId) }))?.status ===
        'finished',
      'the finished summary',
    );
    await until(
      async () => (await db.collection('atom_norms').findOne({ _id: 'javascript' as never }))?.n === 1,
      'the norm',
    );
    const pending = await createInvitationInServices(stack.mongoUri, {
      company: 'Acme Repair',
      atoms: ['sql'],
    });
    // No services run while the damage is done and repaired (theirs would repair it first).
    await stack.services.stop();
    const invitations = db.collection('invitations');
    await invitations.updateOne(
      { _id: new ObjectId(done.invitationId) },
      { $set: { status: 'invited', finished_at: null, 'progress.0.state': 'invited' } },
    );
    // An invitation whose email intent was written but never dispatched (a process died).
    await invitations.updateOne(
      { _id: new ObjectId(pending.invitationId) },
      {
        $set: {
          candidate_email: 'late@example.com',
          pending_events: [
            {
              id: `invitation.created:${pending.invitationId}`,
              type: 'invitation.created',
              at: new Date(),
              data: { email: true, expires_at: null },
            },
          ],
        },
      },
    );
    // A histogram one short of its entries (a $inc cut off).
    await db.collection('atom_norms').updateOne({ _id: 'javascript' as never }, { $set: { n: 0, bins: {} } });

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-repair-'));
    const repair = () =>
      spawnSync(process.execPath, [path.resolve(__dirname, '..', 'dist', 'cli', 'repair.js')], {
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'test',
          MONGODB_URI: stack.mongoUri,
          DATA_DIR: dataDir,
        },
        encoding: 'utf8',
      });
    const first = repair();
    expect([first.status, first.stderr]).toEqual([0, '']);
    expect(first.stdout).toContain('repair: dispatched 1 pending events');
    expect(first.stdout).toContain(`repair: recomputed 1 invitation summaries: ${done.invitationId}`);
    expect(first.stdout).toContain('repair: rebuilt the norms of javascript from their entries');
    expect(await invitations.findOne({ _id: new ObjectId(done.invitationId) })).toMatchObject({
      status: 'finished',
    });
    const after = await invitations.findOne({ _id: new ObjectId(pending.invitationId) });
    expect(after?.pending_events).toEqual([]);
    expect(
      await db
        .collection('jobs')
        .countDocuments({ name: 'invitation-email', 'data.invitation_id': pending.invitationId }),
    ).toBe(1);
    expect((await db.collection('atom_norms').findOne({ _id: 'javascript' as never }))?.n).toBe(1);

    const second = repair();
    expect([second.status, second.stdout.trim()]).toEqual([0, 'repair: nothing to repair']);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
