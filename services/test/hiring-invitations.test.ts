// The hiring workspace after "create", over HTTP with real sign-ins (dev sign-on: recruiters of two
// companies) and a real SMTP server on loopback: the test catalogue offers only atoms that can be
// taken, described (client description, questions, an estimate from the time limits, five level
// descriptions, beta) and never a question text; each invitation's email status comes from the
// delivery records (failed with the server's reason after a refusal, then sent); resend is limited
// per invitation (429 with Retry-After); the candidate's name and email can be corrected before they
// start (audited; a new address gets the email; 409 once started); another company's invitation is
// 404 on every new route and bad input is a 400 that changes nothing; a withdrawn invitation tells
// the candidate so, with the company's contact address (a setting, defaulting to its support address).
import {
  ContactSettingsResponseSchema,
  EmailStatusListResponseSchema,
  HiringCatalogueResponseSchema,
  InvitationEmailResponseSchema,
  InvitationReportSchema,
  QuizResultSchema,
  RESEND_LIMIT,
} from '@skillquiz/contracts';
import { inviteCandidate, useHiringStack, type Browser } from './helpers/admin-session';
import { until } from './helpers/jobs';

jest.setTimeout(240_000);

const h = useHiringStack({
  smtp: true,
  env: {
    JOBS_PROCESS_EVERY_MS: '200',
    // A refused email is retried after 3 s: long enough to see it failed, short enough to wait for.
    JOBS_RETRY_FIRST_SECONDS: '3',
    SUPPORT_EMAIL: 'help@skillquiz.test',
  },
  signIn: ['acme', 'initech'],
});
const { acme, initech, call, url } = h;

const uniq = () => Math.random().toString(36).slice(2, 8);

const invite = (b: Browser, email: string, name = 'Grace Hopper') =>
  inviteCandidate(b, h.env.baseUrl, {
    candidate_name: name,
    candidate_email: email,
    required_atoms: ['javascript'],
  });

const emailOf = async (b: Browser, id: string) => {
  const r = await call(b, 'GET', `/api/hiring/invitations/${id}/email`);
  expect(r.status).toBe(200);
  return InvitationEmailResponseSchema.parse(r.body).email;
};

/**
 * What a refused call must leave alone. Taken once the emails that earlier steps started have gone
 * out (none is being sent, none is due), so only what the refused calls did can differ; a
 * retry scheduled for later is not due and does not move.
 */
async function snapshot(): Promise<string> {
  await until(
    async () =>
      (await h.db.collection('email_deliveries').countDocuments({ state: 'sending' })) === 0 &&
      (await h.db.collection('jobs').countDocuments({
        name: 'invitation-email',
        $or: [{ lockedAt: { $ne: null } }, { nextRunAt: { $lte: new Date() } }],
      })) === 0,
    'the emails already started to settle',
  );
  const [invitations, deliveries, companies, audit] = await Promise.all([
    h.db.collection('invitations').find().sort({ _id: 1 }).toArray(),
    h.db.collection('email_deliveries').find().sort({ _id: 1 }).toArray(),
    h.db.collection('companies').find().sort({ _id: 1 }).toArray(),
    h.db.collection('audit_logs').countDocuments(),
  ]);
  return JSON.stringify({ invitations, deliveries, companies, audit });
}

it('the catalogue offers only takeable atoms, described, with an estimate from the time limits and no question text', async () => {
  // An atom still being written: no question ready to serve. Never offered.
  await h.db.collection('atoms').insertOne({
    _id: 'draft-atom' as never,
    name: 'Draft Atom',
    client_description: 'not ready',
    num_questions: 5,
    beta: false,
  });
  const r = await call(acme, 'GET', '/api/hiring/catalogue');
  expect(r.status).toBe(200);
  const { atoms } = HiringCatalogueResponseSchema.parse(r.body);
  expect(atoms.map((a) => a.id)).not.toContain('draft-atom');
  const js = atoms.find((a) => a.id === 'javascript')!;
  const stored = (await h.db.collection('atoms').findOne({ _id: 'javascript' as never }))!;
  expect(js.client_description).toBe(stored.client_description);
  expect(js.level_descriptions).toEqual([1, 2, 3, 4, 5].map((l) => stored[`level_${l}_description`] ?? ''));
  expect(js.level_descriptions.every((d) => d.length > 0)).toBe(true);
  expect(js.beta).toBe(stored.beta === true);
  // Questions: the scored ones plus the unscored beta one when the atom has beta questions.
  const scored = stored.num_questions > 0 ? stored.num_questions : 10;
  const beta = (stored.beta_question_ordering ?? []).length > 0 ? 1 : 0;
  expect(js.num_questions).toBe(scored + beta);
  expect(js.estimated_minutes).toBe(Math.ceil((js.num_questions * js.seconds_per_question) / 60));
  // The same time limit the quiz gives a question of this atom (its briefing says it to the candidate).
  const created = await invite(acme, `cat${uniq()}@example.com`);
  const quiz = (await (await fetch(url(`/api/quiz/${created.link.split('/quiz/')[1]}/`))).json()) as any;
  expect(quiz.quiz.atoms[0].seconds_per_question).toBe(js.seconds_per_question);
  // No question text or answer of the bank.
  const questions = await h.db.collection('questions').find({ atoms: 'javascript' }).limit(50).toArray();
  for (const q of questions) {
    expect(r.text).not.toContain(q.question_text);
    for (const a of q.answers ?? []) if (a.text.length > 12) expect(r.text).not.toContain(a.text);
  }
  // Signed out: 401.
  expect((await fetch(url('/api/hiring/catalogue'))).status).toBe(401);
});

it('email status: failed with the reason after the mail server refused once, then sent; in the list call too', async () => {
  const email = `refused${uniq()}@example.com`;
  h.smtp.refuse.set(email, 1);
  const created = await invite(acme, email);
  const id = created.invitation.id;
  const failed = await until(async () => {
    const s = await emailOf(acme, id);
    return s.state === 'failed' ? s : null;
  }, 'the email status to say failed');
  expect(failed.reason).toMatch(/451.*Mailbox busy/);
  expect(failed.to).toBe(email);
  expect(h.smtp.refused.map((m) => m.to[0])).toContain(email);
  const sent = await until(
    async () => {
      const s = await emailOf(acme, id);
      return s.state === 'sent' ? s : null;
    },
    'the retried email to be sent',
    60_000,
  );
  expect(sent).toMatchObject({ to: email, reason: null, attempts: 2, sends: 1 });
  // The list page's call: the statuses of the page's ids in the scope, another company's absent.
  const theirs = await invite(initech, `other${uniq()}@initech.example`);
  const list = await call(acme, 'GET', `/api/hiring/email-status?ids=${id},${theirs.invitation.id}`);
  expect(list.status).toBe(200);
  const items = EmailStatusListResponseSchema.parse(list.body).items;
  expect(Object.keys(items)).toEqual([id]);
  expect(items[id].state).toBe('sent');
  expect((await call(acme, 'GET', '/api/hiring/email-status?ids=nope')).status).toBe(400);
});

it('a resend while the first email is failing goes out once: the older send, retried later, skips itself', async () => {
  const email = `retrying${uniq()}@example.com`;
  h.smtp.refuse.set(email, 1);
  const created = await invite(acme, email);
  const id = created.invitation.id;
  await until(async () => (await emailOf(acme, id)).state === 'failed', 'the first send to fail');
  const r = await call(acme, 'POST', `/api/hiring/invitations/${id}/resend`);
  expect(r.status).toBe(202);
  await until(async () => (await emailOf(acme, id)).state === 'sent', 'the resend to be sent');
  // The first send's retry is due 3 s after its failure: it runs, finds a later send, and sends nothing.
  await until(
    async () =>
      (
        await h.db
          .collection('jobs')
          .findOne({ name: 'invitation-email', 'data.invitation_id': id, 'data.send': { $exists: false } })
      )?.failCount === 0 ||
      (
        await h.db
          .collection('jobs')
          .findOne({ name: 'invitation-email', 'data.invitation_id': id, 'data.send': { $exists: false } })
      )?.nextRunAt === null,
    'the first send to run again',
  );
  await new Promise((res) => setTimeout(res, 500));
  expect(h.smtp.accepted.filter((m) => m.to.includes(email))).toHaveLength(1);
  expect(await emailOf(acme, id)).toMatchObject({ state: 'sent', sends: 2, attempts: 1 });
});

it('resend: a new email each time, then 429 with Retry-After; not for a withdrawn invitation', async () => {
  const email = `resend${uniq()}@example.com`;
  const created = await invite(acme, email);
  const id = created.invitation.id;
  await until(() => h.smtp.accepted.find((m) => m.to.includes(email)), 'the first email');
  for (let i = 1; i <= RESEND_LIMIT.max; i++) {
    const r = await call(acme, 'POST', `/api/hiring/invitations/${id}/resend`);
    expect(r.status).toBe(202);
    expect(InvitationEmailResponseSchema.parse(r.body).email.sends).toBe(i + 1);
    await until(() => h.smtp.accepted.filter((m) => m.to.includes(email)).length === i + 1, `email ${i + 1}`);
  }
  const mails = h.smtp.accepted.filter((m) => m.to.includes(email));
  expect(new Set(mails.map((m) => m.messageId)).size).toBe(RESEND_LIMIT.max + 1);
  expect(mails.every((m) => m.text.includes(created.link))).toBe(true);
  const before = await snapshot();
  const over = await call(acme, 'POST', `/api/hiring/invitations/${id}/resend`);
  expect(over.status).toBe(429);
  expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(over.body.message).toMatch(/resent 3 times/);
  expect(await snapshot()).toBe(before);
  expect((await emailOf(acme, id)).state).toBe('sent');

  // Another company's invitation: 404, nothing sent, nothing counted.
  const theirs = await invite(initech, `theirs${uniq()}@initech.example`);
  await until(async () => (await emailOf(initech, theirs.invitation.id)).state === 'sent', 'their email');
  const b2 = await snapshot();
  expect((await call(acme, 'POST', `/api/hiring/invitations/${theirs.invitation.id}/resend`)).status).toBe(
    404,
  );
  expect((await call(acme, 'GET', `/api/hiring/invitations/${theirs.invitation.id}/email`)).status).toBe(404);
  expect((await call(acme, 'POST', `/api/hiring/invitations/not-an-id/resend`)).status).toBe(404);
  expect(await snapshot()).toBe(b2);

  // Withdrawn: 409, nothing sent.
  const other = await invite(acme, `gone${uniq()}@example.com`);
  expect((await call(acme, 'POST', `/api/hiring/invitations/${other.invitation.id}/revoke`)).status).toBe(
    200,
  );
  const refused = await call(acme, 'POST', `/api/hiring/invitations/${other.invitation.id}/resend`);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toMatch(/withdrawn/);
});

it('editing name and email before the start: audited, the new address gets the email; 409 once started; 400s change nothing', async () => {
  const created = await invite(acme, `typo${uniq()}@exmaple.com`, 'Grce Hopper');
  const id = created.invitation.id;
  await until(async () => (await emailOf(acme, id)).state === 'sent', 'the first email');
  // Bad input: 400 and nothing changes.
  const before = await snapshot();
  for (const body of [
    {},
    { candidate_email: 'not an email' },
    { candidate_name: '' },
    { company: 'x' },
    { candidate_name: 'x'.repeat(201) },
  ]) {
    const r = await call(acme, 'PATCH', `/api/hiring/invitations/${id}`, body);
    expect([JSON.stringify(body), r.status]).toEqual([JSON.stringify(body), 400]);
  }
  // Another company's recruiter: 404, nothing changes.
  expect(
    (await call(initech, 'PATCH', `/api/hiring/invitations/${id}`, { candidate_name: 'Mallory' })).status,
  ).toBe(404);
  expect(await snapshot()).toBe(before);

  const fixed = `grace${uniq()}@example.com`;
  const r = await call(acme, 'PATCH', `/api/hiring/invitations/${id}`, {
    candidate_name: 'Grace Hopper',
    candidate_email: fixed.toUpperCase(),
  });
  expect(r.status).toBe(200);
  const report = InvitationReportSchema.parse(r.body);
  expect(report.invitation).toMatchObject({ candidate_name: 'Grace Hopper', candidate_email: fixed });
  const mail = await until(
    () => h.smtp.accepted.find((m) => m.to.includes(fixed)),
    'the email to the new address',
  );
  expect(mail.text).toContain('Hello Grace Hopper,');
  expect(mail.text).toContain(created.link);
  expect(await emailOf(acme, id)).toMatchObject({ state: 'sent', to: fixed, sends: 2 });
  const audit = await h.db.collection('audit_logs').findOne({ entity: 'invitation', entity_id: id });
  expect(audit).toMatchObject({
    actor: h.env.provider.recruiter.email,
    action: 'update',
    changes: { candidate_name: { from: 'Grce Hopper', to: 'Grace Hopper' }, candidate_email: { to: fixed } },
  });
  // The list's search finds the new name.
  const found = await call(acme, 'GET', `/api/hiring/invitations?q=${encodeURIComponent(fixed)}`);
  expect(found.body.items.map((i: { id: string }) => i.id)).toEqual([id]);

  // Once the candidate has started: 409, nothing changes.
  expect((await fetch(url(`/api/quiz/${created.link.split('/quiz/')[1]}/question/1/`))).status).toBe(200);
  const b2 = await snapshot();
  const late = await call(acme, 'PATCH', `/api/hiring/invitations/${id}`, { candidate_name: 'Someone Else' });
  expect(late.status).toBe(409);
  expect(late.body.message).toMatch(/has started/);
  expect(await snapshot()).toBe(b2);
});

it('a withdrawn invitation tells the candidate who withdrew it and the company contact; the contact is a setting', async () => {
  // The default: the company's support address, else the service's.
  const acmeId = String((await h.db.collection('companies').findOne({ slug: 'acme-robotics' }))!._id);
  const supportEmail = (await h.db.collection('companies').findOne({ slug: 'acme-robotics' }))!.support_email;
  const initial = ContactSettingsResponseSchema.parse(
    (await call(acme, 'GET', '/api/hiring/settings/contact')).body,
  );
  expect(initial).toEqual({
    contact_email: null,
    effective: supportEmail || 'help@skillquiz.test',
    default: supportEmail || 'help@skillquiz.test',
  });
  const created = await invite(acme, `withdrawn${uniq()}@example.com`);
  const token = created.link.split('/quiz/')[1];
  const open = QuizResultSchema.parse(await (await fetch(url(`/api/quiz/${token}/`))).json());
  expect(open.withdrawn).toBeUndefined();
  expect((await call(acme, 'POST', `/api/hiring/invitations/${created.invitation.id}/revoke`)).status).toBe(
    200,
  );
  const gone = QuizResultSchema.parse(await (await fetch(url(`/api/quiz/${token}/`))).json());
  expect(gone.withdrawn).toMatchObject({ company_name: 'Acme Robotics', contact_email: initial.effective });

  // Set a contact: 400 for a bad address (nothing changes), 404 for another company, then saved and shown.
  const before = await snapshot();
  expect((await call(acme, 'PUT', '/api/hiring/settings/contact', { contact_email: 'nope' })).status).toBe(
    400,
  );
  expect((await call(acme, 'PUT', '/api/hiring/settings/contact', {})).status).toBe(400);
  expect(
    (
      await call(initech, 'PUT', `/api/hiring/settings/contact?company=${acmeId}`, {
        contact_email: 'x@evil.example',
      })
    ).status,
  ).toBe(404);
  expect((await call(initech, 'GET', `/api/hiring/settings/contact?company=${acmeId}`)).status).toBe(404);
  expect(await snapshot()).toBe(before);
  const saved = await call(acme, 'PUT', '/api/hiring/settings/contact', {
    contact_email: 'Talent@Acme.example',
  });
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject({
    contact_email: 'talent@acme.example',
    effective: 'talent@acme.example',
  });
  expect(await h.db.collection('audit_logs').findOne({ entity: 'company', entity_id: acmeId })).toMatchObject(
    {
      changes: { contact_email: { from: null, to: 'talent@acme.example' } },
    },
  );
  const now = QuizResultSchema.parse(await (await fetch(url(`/api/quiz/${token}/`))).json());
  expect(now.withdrawn?.contact_email).toBe('talent@acme.example');
  // Initech's setting is its own.
  expect((await call(initech, 'GET', '/api/hiring/settings/contact')).body.contact_email).toBeNull();
  // A quiz that merely expired is not withdrawn (the SPEC's expired screen stays for it).
  const lapsed = await invite(acme, `lapsed${uniq()}@example.com`);
  const lapsedToken = lapsed.link.split('/quiz/')[1];
  await h.db
    .collection('quiz_results')
    .updateOne({ token: lapsedToken }, { $set: { expires_at: new Date(Date.now() - 1000) } });
  const expired = QuizResultSchema.parse(await (await fetch(url(`/api/quiz/${lapsedToken}/`))).json());
  expect(expired.withdrawn).toBeUndefined();
  expect(Date.parse(expired.expires_at!)).toBeLessThan(Date.now());
});
