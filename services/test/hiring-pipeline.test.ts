// The hiring pipeline over HTTP with real sign-ins (two companies' recruiters) and a real webhook
// receiver on loopback: stage, notes and ratings round trip (author, time, the mean); a stale
// version is 409 and nothing is overwritten; bad input is a 400 that changes nothing; another
// company's invitation is 404 on every pipeline route; every write is in the audit trail; a stage
// change reaches the company's webhook once (opt-in, signed, a stable event id) and never without
// the opt-in; the list's stage filter and the CSV's stage and rating columns; the candidate's quiz
// API never carries any of it.
import { createHmac } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { MongoClient, type Db } from 'mongodb';
import {
  DEFAULT_PIPELINE_STAGES,
  InvitationListResponseSchema,
  InvitationResponseSchema,
  PIPELINE_LIMITS,
  PipelineViewSchema,
  STAGE_CHANGED_EVENT,
  type InvitationResponse,
  type PipelineView,
} from '@skillquiz/contracts';
import { Browser, callJson, signIn, startAdminStack, type AdminStack } from './helpers/admin-session';
import { startReceiver, until, type TestReceiver } from './helpers/jobs';

jest.setTimeout(180_000);

let env: AdminStack;
let receiver: TestReceiver;
let client: MongoClient;
let db: Db;
const acme = new Browser(); // recruiter of Acme Robotics
const acme2 = new Browser(); // a second Acme recruiter (the admin, scoped to Acme)
const initech = new Browser(); // recruiter of Initech
let acmeId: string;
let candidate: InvitationResponse;

const call = <T = any>(b: Browser, method: string, path: string, body?: unknown) =>
  callJson<T>(b, env.baseUrl, method, path, body, true);

const pipe = (id: string, p = '') => `/api/hiring/invitations/${id}/pipeline${p}`;
/** The admin acts inside Acme: the company switcher's parameter. */
const asAdmin = (path: string) => `${path}${path.includes('?') ? '&' : '?'}company=${acmeId}`;

async function snapshot(): Promise<string> {
  const dump: Record<string, unknown> = {};
  for (const c of ['invitations', 'audit_logs', 'webhook_attempts'])
    dump[c] = await db.collection(c).find().sort({ _id: 1 }).toArray();
  return JSON.stringify(dump);
}

async function invite(b: Browser, name: string, email: string): Promise<InvitationResponse> {
  const r = await call(b, 'POST', '/api/hiring/invitations', {
    candidate_name: name,
    candidate_email: email,
    required_atoms: ['javascript'],
  });
  if (r.status !== 201) throw new Error(`invite: ${r.status} ${r.text}`);
  return InvitationResponseSchema.parse(r.body);
}

async function pipeline(id: string): Promise<PipelineView> {
  const r = await call(acme, 'GET', pipe(id));
  expect(r.status).toBe(200);
  return PipelineViewSchema.parse(r.body);
}

const stageRequests = () =>
  receiver.requests.filter((r) => r.headers['x-skillquiz-event'] === STAGE_CHANGED_EVENT);

beforeAll(async () => {
  receiver = await startReceiver();
  env = await startAdminStack({ JOBS_PROCESS_EVERY_MS: '200', JOBS_RETRY_FIRST_SECONDS: '0.3' });
  client = await MongoClient.connect(env.stack.mongoUri);
  db = client.db();
  await signIn(acme, env.baseUrl, env.provider.recruiter);
  await signIn(acme2, env.baseUrl, env.provider.admin);
  await signIn(initech, env.baseUrl, env.provider.secondRecruiter);
  acmeId = String((await db.collection('companies').findOne({ slug: 'acme-robotics' }))!._id);
  candidate = await invite(acme, 'Pipeline Candidate', 'pipeline@example.com');
});
afterAll(async () => {
  await client?.close();
  await env?.stop();
  await receiver?.stop();
});

describe('the pipeline of one invitation', () => {
  it("starts at 'new' with no notes or ratings, at version 0", async () => {
    expect(await pipeline(candidate.invitation.id)).toEqual({
      invitation_id: candidate.invitation.id,
      stage: 'new',
      stage_changed_at: null,
      stage_changed_by: null,
      notes: [],
      ratings: [],
      rating: null,
      version: 0,
      // The company has not edited its stages: the picker offers the default set.
      stages: DEFAULT_PIPELINE_STAGES,
    });
  });

  it('moves the stage, adds notes and ratings by each recruiter, all audited', async () => {
    const id = candidate.invitation.id;
    const moved = await call(acme, 'PUT', pipe(id, '/stage'), { stage: 'interview', version: 0 });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      stage: 'interview',
      stage_changed_by: env.provider.recruiter.email,
      version: 1,
    });
    const noted = await call(acme, 'POST', pipe(id, '/notes'), {
      text: '  Strong on closures; ask about testing.  ',
      version: 1,
    });
    expect(noted.status).toBe(201);
    const rated = await call(acme, 'PUT', pipe(id, '/rating'), { rating: 4, version: 2 });
    expect(rated.status).toBe(200);
    // A second recruiter rates too: each keeps their own, the mean is shown.
    const second = await call(acme2, 'PUT', asAdmin(pipe(id, '/rating')), { rating: 5, version: 3 });
    expect(second.status).toBe(200);

    const view = await pipeline(id);
    expect(view.stage).toBe('interview');
    expect(view.version).toBe(4);
    expect(view.notes).toEqual([
      {
        id: expect.any(String),
        author: env.provider.recruiter.email,
        at: expect.any(String),
        text: 'Strong on closures; ask about testing.',
      },
    ]);
    expect(view.ratings.map((r) => [r.author, r.rating])).toEqual([
      [env.provider.recruiter.email, 4],
      [env.provider.admin.email, 5],
    ]);
    expect(view.rating).toBe(4.5);

    // Re-rating replaces one's own; null takes it back.
    await call(acme, 'PUT', pipe(id, '/rating'), { rating: 2, version: 4 });
    expect((await pipeline(id)).rating).toBe(3.5);

    const audit = await db
      .collection('audit_logs')
      .find({ entity: 'invitation', entity_id: id })
      .sort({ _id: 1 })
      .toArray();
    expect(audit.map((a) => [a.actor, Object.keys(a.changes)])).toEqual([
      [env.provider.recruiter.email, ['stage']],
      [env.provider.recruiter.email, ['note']],
      [env.provider.recruiter.email, ['rating']],
      [env.provider.admin.email, ['rating']],
      [env.provider.recruiter.email, ['rating']],
    ]);
    expect(audit[0].changes.stage).toEqual({ from: 'new', to: 'interview' });
    expect(audit[4].changes.rating).toEqual({ from: 4, to: 2 });
  });

  it('refuses a stale version with 409 and keeps the other recruiter’s edit', async () => {
    const id = candidate.invitation.id;
    const { version } = await pipeline(id);
    // The admin moves the candidate; the recruiter, still at the old version, tries to.
    expect((await call(acme2, 'PUT', asAdmin(pipe(id, '/stage')), { stage: 'offer', version })).status).toBe(
      200,
    );
    const before = await snapshot();
    for (const [method, path, body] of [
      ['PUT', '/stage', { stage: 'rejected', version }],
      ['POST', '/notes', { text: 'late note', version }],
      ['PUT', '/rating', { rating: 1, version }],
    ] as const) {
      const r = await call(acme, method, pipe(id, path), body);
      expect([path, r.status]).toEqual([path, 409]);
      expect(r.body.message).toMatch(/changed by someone else/);
    }
    expect(await snapshot()).toBe(before);
    expect((await pipeline(id)).stage).toBe('offer');
  });

  it.each([
    ['an unknown stage', '/stage', 'PUT', { stage: 'shortlisted', version: 0 }],
    ['a stage without a version', '/stage', 'PUT', { stage: 'hired' }],
    ['an unknown key', '/stage', 'PUT', { stage: 'hired', version: 0, by: 'x' }],
    ['an empty note', '/notes', 'POST', { text: '   ', version: 0 }],
    ['a note too long', '/notes', 'POST', { text: 'x'.repeat(PIPELINE_LIMITS.NOTE_MAX + 1), version: 0 }],
    ['a rating of 6', '/rating', 'PUT', { rating: 6, version: 0 }],
    ['a rating of 0', '/rating', 'PUT', { rating: 0, version: 0 }],
    ['a half rating', '/rating', 'PUT', { rating: 3.5, version: 0 }],
    ['a thumbs-up rating', '/rating', 'PUT', { rating: 'up', version: 0 }],
  ])('refuses %s with a 400 that changes nothing', async (_label, path, method, body) => {
    const fresh = (await db.collection('invitations').findOne({ candidate_email: 'pipeline@example.com' }))!;
    const before = await snapshot();
    const r = await call(acme, method, pipe(String(fresh._id), path), body);
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(await snapshot()).toBe(before);
  });

  it("another company's invitation is 404 on every pipeline route, and nothing changes", async () => {
    const id = candidate.invitation.id;
    const before = await snapshot();
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['PUT', '/stage', { stage: 'rejected', version: 6 }],
      ['PUT', '/stage', { stage: 'nonsense' }],
      ['POST', '/notes', { text: 'not yours', version: 6 }],
      ['PUT', '/rating', { rating: 1, version: 6 }],
    ] as const) {
      const r = await call(initech, method, pipe(id, path), body);
      expect([method, path, r.status]).toEqual([method, path, 404]);
    }
    // A malformed id is the same 404.
    expect((await call(acme, 'GET', pipe('not-an-id'))).status).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('a candidate holds at most NOTES_MAX notes', async () => {
    const other = await invite(acme, 'Many Notes', 'many-notes@example.com');
    await db.collection('invitations').updateOne(
      { candidate_email: 'many-notes@example.com' },
      {
        $set: {
          notes: Array.from({ length: PIPELINE_LIMITS.NOTES_MAX }, () => ({
            author: 'x@example.com',
            at: new Date(),
            text: 'n',
          })),
        },
      },
    );
    const before = await snapshot();
    const r = await call(acme, 'POST', pipe(other.invitation.id, '/notes'), { text: 'one more', version: 0 });
    expect(r.status).toBe(400);
    expect(await snapshot()).toBe(before);
  });
});

describe('stage changes reach the webhook', () => {
  it('not before the company opts in; then once per change, signed, with a stable id', async () => {
    const settings = await call(acme, 'GET', '/api/hiring/settings');
    expect(settings.body.stage_events).toBe(false);
    const saved = await call(acme, 'PUT', '/api/hiring/settings/webhook', {
      url: receiver.url,
      version: settings.body.webhook.version,
    });
    expect(saved.status).toBe(200);
    const hooked = await invite(acme, 'Hooked Candidate', 'hooked@example.com');
    const id = hooked.invitation.id;

    // No opt-in: a stage change records no attempt and sends nothing.
    await call(acme, 'PUT', pipe(id, '/stage'), { stage: 'reviewing', version: 0 });
    await new Promise((r) => setTimeout(r, 1500));
    expect(stageRequests()).toHaveLength(0);
    expect(await db.collection('jobs').countDocuments({ name: 'stage-webhook' })).toBe(0);

    const optIn = await call(acme, 'PUT', '/api/hiring/settings/webhook', {
      url: receiver.url,
      version: saved.body.webhook.version,
      stage_events: true,
    });
    expect(optIn.status).toBe(200);
    expect(optIn.body.stage_events).toBe(true);
    const secret: string = optIn.body.webhook.secret;

    const moved = await call(acme, 'PUT', pipe(id, '/stage'), { stage: 'interview', version: 1 });
    expect(moved.status).toBe(200);
    const req = await until(() => stageRequests()[0], 'the stage webhook');
    const event = JSON.parse(req.body);
    expect(event).toEqual({
      id: `evt_${id}_stage_2`,
      type: STAGE_CHANGED_EVENT,
      created_at: moved.body.stage_changed_at,
      data: {
        invitation_id: id,
        company: { id: acmeId, name: 'Acme Robotics' },
        candidate: { name: 'Hooked Candidate', email: 'hooked@example.com' },
        stage: { from: 'reviewing', to: 'interview' },
        changed_by: env.provider.recruiter.email,
        changed_at: moved.body.stage_changed_at,
        report_url: `${env.baseUrl}/hiring/invitations/${id}`,
      },
    });
    // Notes never go out.
    expect(req.body).not.toContain('Strong on closures');
    // Signed as the result events are.
    const sig = String(req.headers['x-skillquiz-signature']);
    const t = /t=(\d+)/.exec(sig)![1];
    const v1 = /v1=([0-9a-f]+)/.exec(sig)![1];
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${req.body}`).digest('hex'));
    expect(req.headers['x-skillquiz-event-id']).toBe(`evt_${id}_stage_2`);

    // The event left the invitation's pending events; dispatching again (the reconciliation pass)
    // enqueues nothing new, so the receiver has it exactly once.
    const stored = (await db.collection('invitations').findOne({ candidate_email: 'hooked@example.com' }))!;
    expect(stored.pending_events ?? []).toEqual([]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(stageRequests()).toHaveLength(1);
    const attempts = await db
      .collection('webhook_attempts')
      .find({ event_id: `evt_${id}_stage_2` })
      .toArray();
    expect(attempts.map((a) => [a.event_type, a.ok])).toEqual([[STAGE_CHANGED_EVENT, true]]);
  });
});

describe('the list and the CSV', () => {
  it('filter by stage and carry the stage and the mean rating', async () => {
    const fresh = await invite(acme, 'Fresh Candidate', 'fresh@example.com');
    const list = async (q: string) =>
      InvitationListResponseSchema.parse((await call(acme, 'GET', `/api/hiring/invitations?${q}`)).body);
    const offer = await list('stage=offer');
    expect(offer.items.map((i) => i.id)).toEqual([candidate.invitation.id]);
    expect(offer.items[0]).toMatchObject({ stage: 'offer', rating: 3.5 });
    // 'new' includes invitations stored before stages existed (no stage field at all).
    await db
      .collection('invitations')
      .updateOne({ candidate_email: 'fresh@example.com' }, { $unset: { stage: 1 } });
    const fresh_ = await list('stage=new');
    expect(fresh_.items.map((i) => i.id)).toContain(fresh.invitation.id);
    expect(fresh_.items.map((i) => i.id)).not.toContain(candidate.invitation.id);
    expect(fresh_.items.find((i) => i.id === fresh.invitation.id)).toMatchObject({
      stage: 'new',
      rating: null,
    });
    expect(fresh_.total).toBe(fresh_.items.length);
    // A stage that is not one is a 400.
    expect((await call(acme, 'GET', '/api/hiring/invitations?stage=shortlisted')).status).toBe(400);

    const csv = await call(acme, 'GET', '/api/hiring/invitations.csv?stage=offer');
    expect(csv.status).toBe(200);
    const rows = parse(csv.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.invitation_id, r.stage, r.rating])).toEqual([
      [candidate.invitation.id, 'Offer', '3.5'],
    ]);
    const all = parse((await call(acme, 'GET', '/api/hiring/invitations.csv')).text, {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(all.find((r) => r.invitation_id === fresh.invitation.id)).toMatchObject({
      stage: 'New',
      rating: '',
    });
    // Another company's export holds no Acme pipeline.
    const theirs = await call(initech, 'GET', '/api/hiring/invitations.csv?stage=offer');
    expect(parse(theirs.text, { bom: true, columns: true })).toEqual([]);
  });

  it("the candidate's quiz API never carries the stage, notes or ratings", async () => {
    const token = candidate.link.split('/quiz/')[1];
    const r = await fetch(`${env.baseUrl}/api/quiz/${token}/`);
    const text = await r.text();
    expect(r.status).toBe(200);
    expect(text).not.toMatch(/Strong on closures|"stage"|"rating"|"notes"/i);
  });
});
