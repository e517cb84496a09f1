// Editing a candidate's name and email races the candidate's start, over HTTP against the real
// services: many invitations, each edited while its candidate fetches the first question at the same
// moment. Exactly one of the two may win each race: afterwards every started invitation still names
// the candidate it had when the candidate started (recorded by the start), every edit that
// succeeded is in the invitation and was made before the start, and every refused edit is a 409
// that changed nothing.
import { ObjectId } from 'mongodb';
import { inviteCandidate, useHiringStack } from './helpers/admin-session';

jest.setTimeout(240_000);

const h = useHiringStack({ smtp: true, env: { JOBS_PROCESS_EVERY_MS: '200' }, signIn: ['acme'] });
const { acme } = h;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('an edit and the start racing it: one wins, and a started invitation keeps the candidate it started as', async () => {
  // Rounds of pairs: one round missed the window now and then before the start claimed the invitation.
  let refused = 0;
  for (let round = 0; round < 3; round++) refused += await raceRound(round);
  // Both kinds of outcome happened, so the race was run (not all edits before or all after).
  expect(refused).toBeGreaterThan(0);
  expect(refused).toBeLessThan(3 * PAIRS);
});

const PAIRS = 40;

/** One round of PAIRS invitations, each edited while its candidate starts; returns how many edits lost. */
async function raceRound(round: number): Promise<number> {
  const run = `${round}${Math.random().toString(36).slice(2, 8)}`;
  const created = await Promise.all(
    Array.from({ length: PAIRS }, (_, i) =>
      inviteCandidate(acme, h.env.baseUrl, {
        candidate_name: `Racer ${i}`,
        candidate_email: `racer${i}.${run}@example.com`,
        required_atoms: ['javascript'],
      }),
    ),
  );
  // Half the edits change the address too (that edit also asks for a new email in its write).
  const edits = created.map((_, i) =>
    i % 2
      ? { candidate_name: `Edited ${i}` }
      : { candidate_name: `Edited ${i}`, candidate_email: `edited${i}.${run}@example.com` },
  );
  const outcomes = await Promise.all(
    created.map(async (c, i) => {
      // A few milliseconds either way, so some edits land just before, during and after the start.
      const lead = (i % 5) - 2;
      const [edit, start] = await Promise.all([
        (async () => {
          if (lead > 0) await sleep(lead);
          return h.call(acme, 'PATCH', `/api/hiring/invitations/${c.invitation.id}`, edits[i]);
        })(),
        (async () => {
          if (lead < 0) await sleep(-lead);
          return (await fetch(`${h.env.baseUrl}/api/quiz/${c.token}/question/1/`)).status;
        })(),
      ]);
      return { edit: edit.status, start, message: (edit.body as { message?: string } | undefined)?.message };
    }),
  );

  let refused = 0;
  for (const [i, c] of created.entries()) {
    const { edit, start, message } = outcomes[i];
    // The start always goes ahead; the edit either wins (200) or is told the candidate started (409).
    expect([i, start]).toEqual([i, 200]);
    expect([i, edit]).toEqual([i, edit === 409 ? 409 : 200]);
    if (edit === 409) {
      refused++;
      expect(message).toMatch(/has started/);
    }
    const inv = (await h.db.collection('invitations').findOne({ _id: new ObjectId(c.invitation.id) }))!;
    const original = { candidate_name: `Racer ${i}`, candidate_email: `racer${i}.${run}@example.com` };
    const edited = { ...original, ...edits[i] };
    const now = { candidate_name: inv.candidate_name, candidate_email: inv.candidate_email };
    // What the invitation names is what the edit's reply said: the edit if it won, else the original.
    expect([i, now]).toEqual([i, edit === 200 ? edited : original]);
    // The candidate started as the invitation stands: no edit after the start.
    expect([i, inv.started_as]).toEqual([i, now]);
  }
  return refused;
}
