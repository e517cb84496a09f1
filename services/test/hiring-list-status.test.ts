// The candidates list's status filter over HTTP, as invitations move: each filter returns exactly the
// invitations in that status (the rows and the total) after an invite, a start, a finish, a revoke and
// a deadline passing, the last before the expiry sweep has written it down (the list writes down the
// lapsed ones itself before it filters on the stored status). An email-prefix search finds exactly the
// invitations whose address starts with it, and another company's never appear.
import { ObjectId } from 'mongodb';
import {
  INVITATION_STATUSES,
  InvitationListResponseSchema,
  type InvitationStatus,
} from '@skillquiz/contracts';
import { inviteCandidate, useHiringStack, type Browser } from './helpers/admin-session';
import { until } from './helpers/jobs';
import { takeQuiz as takeWholeQuiz } from './helpers/take-quiz';

jest.setTimeout(240_000);

const h = useHiringStack({ signIn: ['acme', 'initech'] });
const { acme, initech, call, url } = h;

async function invite(b: Browser, name: string, email: string) {
  const created = await inviteCandidate(b, h.env.baseUrl, {
    candidate_name: name,
    candidate_email: email,
    required_atoms: ['javascript'],
  });
  return { id: created.invitation.id, token: created.token };
}

/** The ids and total of one filtered list (every page). */
async function list(
  b: Browser,
  query: string,
): Promise<{ ids: string[]; total: number; statuses: string[] }> {
  const r = await call(b, 'GET', `/api/hiring/invitations?${query}`);
  expect(r.status).toBe(200);
  const page = InvitationListResponseSchema.parse(r.body);
  return {
    ids: page.items.map((i) => i.id).sort(),
    total: page.total,
    statuses: page.items.map((i) => i.status),
  };
}

/** Every status filter returns exactly the invitations `want` puts in it (and no other company's). */
async function expectStatuses(want: Record<string, InvitationStatus>): Promise<void> {
  for (const status of INVITATION_STATUSES) {
    const ids = Object.keys(want)
      .filter((id) => want[id] === status)
      .sort();
    const got = await list(acme, `status=${status}`);
    expect({ status, ids: got.ids, total: got.total }).toEqual({ status, ids, total: ids.length });
    // each row shows the status it was filtered by
    expect(got.statuses.every((s) => s === status)).toBe(true);
    expect((await list(initech, `status=${status}`)).ids.filter((id) => id in want)).toEqual([]);
  }
}

/** Takes the whole quiz through the quiz API (any answer), then finishes it. */
const takeQuiz = (token: string) => takeWholeQuiz(h.env.baseUrl, h.db, token, { right: () => true });

it('each status filter returns exactly the right rows after an invite, a start, a finish, a revoke and a deadline passing', async () => {
  // another company's invitations in every state the test reaches, with the same names
  await invite(initech, 'Ada Other', 'ada.other@initech.example');
  const revokedElsewhere = await invite(initech, 'Bob Other', 'bob.other@initech.example');
  expect((await call(initech, 'POST', `/api/hiring/invitations/${revokedElsewhere.id}/revoke`)).status).toBe(
    200,
  );

  const a = await invite(acme, 'Ada Invited', 'ada@acme.example');
  const b = await invite(acme, 'Bea Started', 'bea@acme.example');
  const c = await invite(acme, 'Cy Finished', 'cy@acme.example');
  const d = await invite(acme, 'Di Revoked', 'di@acme.example');
  const e = await invite(acme, 'Ed Expired', 'ed@acme.example');
  const want: Record<string, InvitationStatus> = {
    [a.id]: 'invited',
    [b.id]: 'invited',
    [c.id]: 'invited',
    [d.id]: 'invited',
    [e.id]: 'invited',
  };
  await expectStatuses(want);

  // a start
  expect((await fetch(url(`/api/quiz/${b.token}/question/1/`))).status).toBe(200);
  want[b.id] = 'in_progress';
  await expectStatuses(want);

  // a finish
  await takeQuiz(c.token);
  want[c.id] = 'finished';
  await expectStatuses(want);

  // a revoke
  expect((await call(acme, 'POST', `/api/hiring/invitations/${d.id}/revoke`)).status).toBe(200);
  want[d.id] = 'revoked';
  await expectStatuses(want);

  // time passing: e's deadline (its expiry, and its quiz's) is now a second ago, as if it had been
  // sent a week ago; nothing has written it down: the expiry sweep is switched off (agenda skips a
  // disabled job), so the list alone must see the deadline pass
  await until(
    async () => (await h.db.collection('jobs').countDocuments({ name: 'expiry-sweep' })) === 1,
    'the sweep',
  );
  await h.db.collection('jobs').updateOne({ name: 'expiry-sweep' }, { $set: { disabled: true } });
  await until(
    async () => (await h.db.collection('jobs').findOne({ name: 'expiry-sweep' }))!.lockedAt == null,
    'the sweep to be idle',
  );
  const past = new Date(Date.now() - 1000);
  const eId = new ObjectId(e.id);
  await h.db.collection('quiz_results').updateMany({ invitation: eId }, { $set: { expires_at: past } });
  await h.db
    .collection('invitations')
    .updateOne({ _id: eId }, { $set: { expires_at: past, lapses_at: past, 'progress.0.lapses_at': past } });
  expect((await h.db.collection('invitations').findOne({ _id: eId }))!.status).toBe('invited');
  want[e.id] = 'expired';
  await expectStatuses(want);
  // and the list wrote it down: the stored status is what the next filter reads
  expect((await h.db.collection('invitations').findOne({ _id: eId }))!.status).toBe('expired');
});

it('an email-prefix search finds exactly the addresses that start with it, in this company only', async () => {
  const mine = [
    await invite(acme, 'Pat One', 'cand4242@acme.example'),
    await invite(acme, 'Pat Two', 'Cand42420@Acme.example'),
    await invite(acme, 'Pat Three', 'cand4242.x@mail.example'),
  ];
  await invite(acme, 'Pat Four', 'cand4243@acme.example');
  await invite(acme, 'Pat Five', 'xcand4242@acme.example');
  await invite(initech, 'Pat Six', 'cand4242@initech.example');
  const want = mine.map((m) => m.id).sort();
  for (const q of ['cand4242', 'CAND4242'])
    expect(await list(acme, `q=${q}`)).toMatchObject({ ids: want, total: want.length });
  expect(await list(acme, `q=cand42420`)).toMatchObject({ ids: [mine[1].id], total: 1 });
  expect(await list(acme, `q=cand4242@acme.example`)).toMatchObject({ ids: [mine[0].id], total: 1 });
  // the other company's address with the same prefix is theirs alone
  const theirs = await list(initech, 'q=cand4242');
  expect(theirs.total).toBe(1);
  expect(theirs.ids.filter((id) => want.includes(id))).toEqual([]);
});
