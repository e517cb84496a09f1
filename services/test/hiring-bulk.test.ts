// A bulk invite larger than one insert batch (createInvitations writes 100 invitations per round
// trip), over HTTP: every row is created in order with its own quizzes and links, each invitation
// was inserted with its email intent and that intent was dispatched (its email and reminder jobs
// queued, nothing left pending), and another company sees none of it.
import type { InvitationResponse } from '@skillquiz/contracts';
import { useHiringStack } from './helpers/admin-session';
import { until } from './helpers/jobs';

jest.setTimeout(240_000);

const h = useHiringStack({ signIn: ['acme', 'initech'] });
const { acme, initech, call } = h;

it('250 rows (three insert batches): every row created in order with its own quizzes, each email queued once', async () => {
  const ROWS = 250;
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    candidate_name: `Batch Person ${i}`,
    candidate_email: `batch${i}@example.com`,
    // every seventh row has two atoms: each row's links must be its own quizzes
    required_atoms: i % 7 === 0 ? ['javascript', 'python'] : ['sql'],
  }));
  const r = await call(acme, 'POST', '/api/hiring/invitations/bulk', { rows });
  expect(r.status).toBe(201);
  const created = r.body.created as InvitationResponse[];
  expect(created.map((c) => c.invitation.candidate_email)).toEqual(rows.map((x) => x.candidate_email));
  expect(created.every((c) => c.email?.status === 'queued')).toBe(true);

  const ids = created.map((c) => c.invitation.id);
  const invitations = await h.db
    .collection('invitations')
    .find({ candidate_email: /^batch\d+@example\.com$/ })
    .toArray();
  expect(invitations.map((i) => String(i._id)).sort()).toEqual([...ids].sort());
  for (const [i, c] of created.entries()) {
    expect(c.links.map((l) => l.atom_id)).toEqual(rows[i].required_atoms);
    for (const link of c.links) {
      const quiz = await h.db.collection('quiz_results').findOne({ token: link.url.split('/quiz/')[1] });
      expect({ row: i, invitation: String(quiz?.invitation), atoms: quiz?.atom_ids }).toEqual({
        row: i,
        invitation: c.invitation.id,
        atoms: [link.atom_id],
      });
    }
  }
  expect(
    await h.db
      .collection('quiz_results')
      .countDocuments({ invitation: { $in: invitations.map((i) => i._id) } }),
  ).toBe(rows.reduce((n, x) => n + x.required_atoms.length, 0));

  // each invitation's intent was dispatched: one email job (and one reminder) per invitation, none pending
  await until(
    async () =>
      (await h.db.collection('invitations').countDocuments({
        _id: { $in: invitations.map((i) => i._id) },
        'pending_events.0': { $exists: true },
      })) === 0,
    'every intent to be dispatched',
  );
  for (const name of ['invitation-email', 'invitation-reminder']) {
    const jobs = await h.db
      .collection('jobs')
      .find({ name, 'data.invitation_id': { $in: ids } })
      .toArray();
    expect({ name, invitations: jobs.map((j) => j.data.invitation_id).sort() }).toEqual({
      name,
      invitations: [...ids].sort(),
    });
  }

  // another company sees none of them
  const theirs = await call(initech, 'GET', '/api/hiring/invitations?q=batch');
  expect(theirs.status).toBe(200);
  expect(theirs.body.total).toBe(0);
  const mine = await call(acme, 'GET', '/api/hiring/invitations?q=batch');
  expect(mine.body.total).toBe(ROWS);
});
