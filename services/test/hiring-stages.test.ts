// A company's own pipeline stages over HTTP with real sign-ins (two companies' recruiters and the
// admin): the default set until a company saves its own; rename, add, reorder and remove an unused
// stage with stable keys; a stage candidates are in is a 409 that names them; a stale version is a
// 409; bad input is a 400; nothing refused changes anything; every save is audited; another
// company's stages are 404 and stay as they were; the pipeline picker, the list's stage filter and
// the CSV's stage column follow the company's list.
import { parse } from 'csv-parse/sync';
import { CompanyStagesSchema, DEFAULT_PIPELINE_STAGES, PipelineViewSchema } from '@skillquiz/contracts';
import { inviteCandidate, useHiringStack, type Browser } from './helpers/admin-session';

jest.setTimeout(180_000);

const h = useHiringStack({ signIn: ['acme', 'admin', 'initech'] });
const { acme, admin, initech, call } = h;

const STAGES = '/api/hiring/settings/stages';

async function snapshot(): Promise<string> {
  const dump: Record<string, unknown> = {};
  for (const c of ['companies', 'invitations', 'audit_logs'])
    dump[c] = await h.db.collection(c).find().sort({ _id: 1 }).toArray();
  return JSON.stringify(dump);
}

async function stagesOf(b: Browser, path = STAGES) {
  const r = await call(b, 'GET', path);
  expect(r.status).toBe(200);
  return CompanyStagesSchema.parse(r.body);
}

it('a company edits its own stages: defaults first, stable keys, in-use and stale refusals, audited, tenancy 404', async () => {
  const candidate = await inviteCandidate(acme, h.env.baseUrl, {
    candidate_name: 'Stage Candidate',
    candidate_email: 'stage.candidate@example.com',
    required_atoms: ['javascript'],
  });
  const id = candidate.invitation.id;

  // The default set, with how many candidates each holds.
  const initial = await stagesOf(acme);
  expect(initial.version).toBe(0);
  expect(initial.stages.map(({ key, label }) => ({ key, label }))).toEqual(DEFAULT_PIPELINE_STAGES);
  expect(initial.stages.find((s) => s.key === 'new')!.candidates).toBeGreaterThanOrEqual(1);

  // Move the candidate to interview, so that stage is in use.
  expect(
    (
      await call(acme, 'PUT', `/api/hiring/invitations/${id}/pipeline/stage`, {
        stage: 'interview',
        version: 0,
      })
    ).status,
  ).toBe(200);

  // Bad input: 400, nothing changes.
  const before = await snapshot();
  const keep = initial.stages.map(({ key, label }) => ({ key, label }));
  for (const body of [
    {},
    { stages: keep },
    { stages: [], version: 0 },
    { stages: keep.filter((s) => s.key !== 'new'), version: 0 },
    { stages: [...keep, { label: 'new' }], version: 0 },
    { stages: [...keep, { label: ' ' }], version: 0 },
    { stages: [...keep, { label: 'x'.repeat(41) }], version: 0 },
    { stages: [...keep, { key: 'Bad Key', label: 'Bad' }], version: 0 },
    { stages: [...keep, { key: 'shortlisted', label: 'Shortlisted' }], version: 0 },
    { stages: [...keep, keep[1]], version: 0 },
    { stages: [...keep, ...Array.from({ length: 15 }, (_, i) => ({ label: `S${i}` }))], version: 0 },
    { stages: keep, version: 0, color: 'red' },
  ]) {
    const r = await call(acme, 'PUT', STAGES, body);
    expect([JSON.stringify(body).slice(0, 80), r.status]).toEqual([JSON.stringify(body).slice(0, 80), 400]);
  }
  // Removing the stage the candidate is in: 409 that says so; nothing changes.
  const inUse = await call(acme, 'PUT', STAGES, {
    stages: keep.filter((s) => s.key !== 'interview'),
    version: 0,
  });
  expect(inUse.status).toBe(409);
  expect(inUse.body.message).toMatch(/Interview has 1 candidate.*move them/);
  // Another company's recruiter naming Acme: 404 on both calls, nothing changes.
  expect((await call(initech, 'GET', `${STAGES}?company=acme-robotics`)).status).toBe(404);
  expect(
    (await call(initech, 'PUT', `${STAGES}?company=acme-robotics`, { stages: keep, version: 0 })).status,
  ).toBe(404);
  expect(await snapshot()).toBe(before);

  // Rename reviewing, add Take-home after it, move Rejected first, remove the unused Offer.
  const edited = [
    { key: 'rejected', label: 'Rejected' },
    { key: 'new', label: 'Applied' },
    { key: 'reviewing', label: 'Screening' },
    { label: 'Take-home' },
    { key: 'interview', label: 'Interview' },
    { key: 'hired', label: 'Hired' },
  ];
  const saved = await call(acme, 'PUT', STAGES, { stages: edited, version: 0 });
  expect(saved.status).toBe(200);
  const after = CompanyStagesSchema.parse(saved.body);
  expect(after.version).toBe(1);
  expect(after.stages.map((s) => [s.key, s.label])).toEqual([
    ['rejected', 'Rejected'],
    ['new', 'Applied'],
    ['reviewing', 'Screening'],
    ['take-home', 'Take-home'],
    ['interview', 'Interview'],
    ['hired', 'Hired'],
  ]);
  expect(after.stages.find((s) => s.key === 'interview')!.candidates).toBe(1);
  expect(await stagesOf(acme)).toEqual(after);
  // The admin inside Acme sees the same list; Initech still has the default set.
  expect(await stagesOf(admin, `${STAGES}?company=acme-robotics`)).toEqual(after);
  expect((await stagesOf(initech)).stages.map(({ key, label }) => ({ key, label }))).toEqual(
    DEFAULT_PIPELINE_STAGES,
  );
  // Audited: who, from what, to what.
  const audit = await h.db
    .collection('audit_logs')
    .findOne({ entity: 'company', 'changes.pipeline_stages': { $exists: true } });
  expect(audit).toMatchObject({ actor: h.env.provider.recruiter.email, action: 'update' });
  expect(audit!.changes.pipeline_stages.to).toContain('take-home:Take-home');

  // A stale version: 409, nothing changes.
  const b2 = await snapshot();
  const stale = await call(admin, 'PUT', `${STAGES}?company=acme-robotics`, { stages: edited, version: 0 });
  expect(stale.status).toBe(409);
  expect(stale.body.message).toMatch(/changed by someone else/);
  expect(await snapshot()).toBe(b2);

  // The pipeline picker offers the company's stages; a removed stage is no longer a stage to move to.
  const view = PipelineViewSchema.parse(
    (await call(acme, 'GET', `/api/hiring/invitations/${id}/pipeline`)).body,
  );
  expect(view.stages.map((s) => s.key)).toEqual(after.stages.map((s) => s.key));
  const removed = await call(acme, 'PUT', `/api/hiring/invitations/${id}/pipeline/stage`, {
    stage: 'offer',
    version: view.version,
  });
  expect(removed.status).toBe(400);
  expect(removed.body.message).toMatch(/stage is one of rejected, new, reviewing, take-home/);
  const moved = await call(acme, 'PUT', `/api/hiring/invitations/${id}/pipeline/stage`, {
    stage: 'take-home',
    version: view.version,
  });
  expect(moved.status).toBe(200);

  // The list's filter takes the new key (and refuses the removed one); the CSV shows the labels.
  const listed = await call(acme, 'GET', '/api/hiring/invitations?stage=take-home');
  expect(listed.status).toBe(200);
  expect(listed.body.items.map((i: { id: string }) => i.id)).toEqual([id]);
  expect((await call(acme, 'GET', '/api/hiring/invitations?stage=offer')).status).toBe(400);
  const csv = await call(acme, 'GET', '/api/hiring/invitations.csv');
  const rows = parse(csv.text, { bom: true, columns: true }) as Record<string, string>[];
  expect(rows.find((r) => r.invitation_id === id)!.stage).toBe('Take-home');
  expect(rows.filter((r) => r.invitation_id !== id).every((r) => r.stage === 'Applied')).toBe(true);
  // Initech's candidates keep the default labels in its own CSV.
  const theirs = parse((await call(initech, 'GET', '/api/hiring/invitations.csv')).text, {
    bom: true,
    columns: true,
  }) as Record<string, string>[];
  expect(theirs.every((r) => DEFAULT_PIPELINE_STAGES.some((s) => s.label === r.stage))).toBe(true);
});
