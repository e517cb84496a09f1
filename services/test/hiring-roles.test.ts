// Roles and decisions of the hiring API over HTTP with real sign-ins (two companies' recruiters):
// role CRUD (validation 400 changes nothing, another company's role is 404 on every route, a stale
// version is 409 and nothing is overwritten, every change in the audit trail), inviting to a role,
// the list's role filter and meets sort/floor from the stored summary, the decision view (meets
// matches a brute-force integration of the posterior, the percentile interval, topics without
// question texts) and the comparison.
import { ObjectId } from 'mongodb';
import {
  CompareResponseSchema,
  DecisionSchema,
  InvitationListResponseSchema,
  InvitationResponseSchema,
  RoleListResponseSchema,
  RoleSchema,
  type RoleView,
} from '@skillquiz/contracts';
import { useHiringStack } from './helpers/admin-session';
import { takeQuiz } from './helpers/take-quiz';

jest.setTimeout(180_000);

const h = useHiringStack({ env: { QUESTION_TIME_LIMIT_SECONDS: '20' }, signIn: ['acme', 'initech'] });
const { acme, initech, call } = h;

async function snapshot(): Promise<string> {
  const dump: Record<string, unknown> = {};
  for (const c of ['roles', 'invitations', 'audit_logs'])
    dump[c] = await h.db.collection(c).find().sort({ _id: 1 }).toArray();
  return JSON.stringify(dump);
}

/** P(theta >= t) for the scored answers of `atom` in a stored quiz, by Simpson's rule on [-8, 8]. */
function bruteMeets(served: any[], atom: string, t: number): number {
  const rs = served.filter((s) => s.atom_id === atom && s.scored !== false && s.answered_at);
  const f = (x: number) =>
    rs.reduce(
      (l, s) => {
        const p = 1 / (1 + Math.exp(-(s.snapshot.difficulty_params.a * x + s.snapshot.difficulty_params.d)));
        return l * (s.correct ? p : 1 - p);
      },
      Math.exp(-0.5 * x * x),
    );
  const simpson = (lo: number, hi: number, n = 8000) => {
    const h = (hi - lo) / n;
    let s = f(lo) + f(hi);
    for (let i = 1; i < n; i++) s += (i % 2 ? 4 : 2) * f(lo + i * h);
    return (s * h) / 3;
  };
  return simpson(t, 8) / simpson(-8, 8);
}

const roleBody = (name: string, bar: number | null = 3) => ({
  name,
  atoms: [{ atom_id: 'javascript', required: true, bar }],
});

describe('roles', () => {
  let role: RoleView;

  it('creates, reads and lists a role, audited', async () => {
    const r = await call(acme, 'POST', '/api/hiring/roles', roleBody('Backend engineer'));
    expect(r.status).toBe(201);
    role = RoleSchema.parse(r.body);
    expect(role).toMatchObject({ name: 'Backend engineer', version: 1 });
    expect(role.atoms).toEqual([
      { atom_id: 'javascript', atom_name: expect.any(String), required: true, bar: 3 },
    ]);
    const list = RoleListResponseSchema.parse((await call(acme, 'GET', '/api/hiring/roles')).body);
    expect(list.roles.map((x) => x.id)).toContain(role.id);
    const audit = await h.db
      .collection('audit_logs')
      .findOne({ entity: 'role', entity_id: role.id, action: 'create' });
    expect(audit?.actor).toBeTruthy();
  });

  it.each([
    ['no name', { name: '', atoms: roleBody('x').atoms }],
    ['no required atom', { name: 'x', atoms: [{ atom_id: 'javascript', required: false, bar: null }] }],
    ['a bar outside L1-L5', { name: 'x', atoms: [{ atom_id: 'javascript', required: true, bar: 6 }] }],
    ['an unknown key', { ...roleBody('x'), extra: 1 }],
    ['an unknown atom', { name: 'x', atoms: [{ atom_id: 'no-such-atom', required: true, bar: null }] }],
    ['an atom twice', { name: 'x', atoms: [...roleBody('x').atoms, ...roleBody('x').atoms] }],
  ])('refuses %s with a 400 that changes nothing', async (_label, body) => {
    const before = await snapshot();
    const r = await call(acme, 'POST', '/api/hiring/roles', body);
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(await snapshot()).toBe(before);
  });

  it('refuses a stale version with 409 and keeps the newer edit', async () => {
    const first = await call(acme, 'PUT', `/api/hiring/roles/${role.id}`, {
      ...roleBody('Backend engineer', 4),
      version: 1,
    });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);
    const before = await snapshot();
    const stale = await call(acme, 'PUT', `/api/hiring/roles/${role.id}`, {
      ...roleBody('Overwritten', 1),
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(await snapshot()).toBe(before);
    const now = RoleSchema.parse((await call(acme, 'GET', `/api/hiring/roles/${role.id}`)).body);
    expect(now).toMatchObject({ name: 'Backend engineer', version: 2 });
    expect(now.atoms[0].bar).toBe(4);
    const staleDelete = await call(acme, 'DELETE', `/api/hiring/roles/${role.id}?version=1`);
    expect(staleDelete.status).toBe(409);
    expect(await snapshot()).toBe(before);
    const audit = await h.db
      .collection('audit_logs')
      .findOne({ entity: 'role', entity_id: role.id, action: 'update' });
    expect(audit?.changes).toBeTruthy();
    // back to bar L3 for what follows
    expect(
      (
        await call(acme, 'PUT', `/api/hiring/roles/${role.id}`, {
          ...roleBody('Backend engineer', 3),
          version: 2,
        })
      ).status,
    ).toBe(200);
  });

  it('is 404 to another company on every route, and changes nothing', async () => {
    const before = await snapshot();
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/hiring/roles/${role.id}`],
      ['PUT', `/api/hiring/roles/${role.id}`, { ...roleBody('Stolen'), version: 3 }],
      ['DELETE', `/api/hiring/roles/${role.id}?version=3`],
      ['GET', `/api/hiring/roles/${role.id}/compare?ids=${'a'.repeat(24)},${'b'.repeat(24)}`],
    ];
    for (const [method, path, body] of routes) {
      const r = await call(initech, method, path, body);
      expect([method, path, r.status]).toEqual([method, path, 404]);
    }
    const list = RoleListResponseSchema.parse((await call(initech, 'GET', '/api/hiring/roles')).body);
    expect(list.roles.map((x) => x.id)).not.toContain(role.id);
    const invite = await call(initech, 'POST', '/api/hiring/invitations', {
      candidate_name: 'Eve',
      candidate_email: 'eve@example.com',
      required_atoms: ['javascript'],
      role_id: role.id,
    });
    expect(invite.status).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('deletes at the current version, audited', async () => {
    const r = await call(acme, 'POST', '/api/hiring/roles', roleBody('Short-lived'));
    expect((await call(acme, 'DELETE', `/api/hiring/roles/${r.body.id}?version=1`)).status).toBe(204);
    expect((await call(acme, 'GET', `/api/hiring/roles/${r.body.id}`)).status).toBe(404);
    expect(
      await h.db.collection('audit_logs').findOne({ entity: 'role', entity_id: r.body.id, action: 'delete' }),
    ).toBeTruthy();
  });

  describe('invited to a role', () => {
    const ids: string[] = [];

    beforeAll(async () => {
      // Four candidates: all right, all wrong, and two in between.
      const patterns = [() => true, () => false, (n: number) => n % 2 === 0, (n: number) => n % 3 !== 0];
      for (const [i, right] of patterns.entries()) {
        const r = await call(acme, 'POST', '/api/hiring/invitations', {
          candidate_name: `Candidate ${i}`,
          candidate_email: `c${i}@example.com`,
          required_atoms: ['javascript'],
          role_id: role.id,
        });
        expect(r.status).toBe(201);
        const created = InvitationResponseSchema.parse(r.body);
        ids.push(created.invitation.id);
        await takeQuiz(h.env.baseUrl, h.db, created.link.split('/quiz/')[1], { right });
      }
      // the summary is written by the quiz's end (lifecycle): wait until all four have it
      for (let i = 0; i < 100; i++) {
        const n = await h.db
          .collection('invitations')
          .countDocuments({ role: { $exists: true }, has_meets: true });
        if (n >= 4) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    });

    it('filters the list by role and sorts it by the stored probability of meeting the bar', async () => {
      const list = InvitationListResponseSchema.parse(
        (await call(acme, 'GET', `/api/hiring/invitations?role=${role.id}&sort=meets_desc`)).body,
      );
      expect(list.total).toBe(4);
      const meets = list.items.map((x) => x.meets_all!);
      expect(meets.every((m) => typeof m === 'number')).toBe(true);
      expect([...meets].sort((a, b) => b - a)).toEqual(meets);
      expect(list.items[0].id).toBe(ids[0]);
      expect(list.items[0].atoms[0]).toMatchObject({ bar: 3 });
      const floor = InvitationListResponseSchema.parse(
        (await call(acme, 'GET', `/api/hiring/invitations?role=${role.id}&meets_min=0.5`)).body,
      );
      expect(floor.items.every((x) => x.meets_all! >= 0.5)).toBe(true);
      expect(floor.total).toBe(meets.filter((m) => m >= 0.5).length);
      expect((await call(acme, 'GET', `/api/hiring/invitations?meets_min=2`)).status).toBe(400);
      expect((await call(acme, 'GET', `/api/hiring/invitations?role=nope`)).status).toBe(400);
      const other = InvitationListResponseSchema.parse(
        (await call(initech, 'GET', `/api/hiring/invitations?role=${role.id}`)).body,
      );
      expect(other.total).toBe(0);
    });

    it('gives meets probabilities that match a brute-force integration of the posterior', async () => {
      const atom = (await h.db.collection('atoms').findOne({ _id: 'javascript' as never }))!;
      const t3 = atom.levels_thresholds?.length === 5 ? Number(atom.levels_thresholds[2]) : -0.25;
      for (const id of ids) {
        const d = DecisionSchema.parse(
          (await call(acme, 'GET', `/api/hiring/invitations/${id}/decision`)).body,
        );
        const quiz = (await h.db.collection('quiz_results').findOne({ invitation: new ObjectId(id) }))!;
        expect(d.atoms[0].bar).toBe(3);
        expect(d.atoms[0].meets!).toBeCloseTo(bruteMeets(quiz.served, 'javascript', t3), 3);
        expect(d.meets_all).toBeCloseTo(d.atoms[0].meets!, 10);
        // topics: counts add up to the scored answers; no question text or answer anywhere
        const scored = quiz.served.filter((s: any) => s.scored !== false && s.answered_at).length;
        expect(d.atoms[0].topics.reduce((n, t) => n + t.questions, 0)).toBe(scored);
        const text = JSON.stringify(d);
        for (const s of quiz.served) {
          expect(text).not.toContain(s.snapshot.text ?? '\u0000');
          for (const a of s.snapshot.answers) expect(text).not.toContain(a.hash_id);
        }
        // the stored summary agrees with the decision view
        const inv = (await h.db.collection('invitations').findOne({ _id: new ObjectId(id) }))!;
        expect(inv.meets_all).toBeCloseTo(d.meets_all!, 10);
      }
    });

    it('gives the percentile as an interval with the number of candidates behind it', async () => {
      const d = DecisionSchema.parse(
        (await call(acme, 'GET', `/api/hiring/invitations/${ids[2]}/decision`)).body,
      );
      const p = d.atoms[0].percentile_interval!;
      expect(p.mass).toBe(0.8);
      expect(p.low).toBeLessThanOrEqual(p.high);
      expect(p.among).toBeGreaterThanOrEqual(4);
    });

    it('compares up to four candidates of the role, and nothing outside it', async () => {
      const r = await call(acme, 'GET', `/api/hiring/roles/${role.id}/compare?ids=${ids.join(',')}`);
      expect(r.status).toBe(200);
      const c = CompareResponseSchema.parse(r.body);
      expect(c.candidates.map((x) => x.invitation_id)).toEqual(ids);
      for (const x of c.candidates) expect(x.integrity).toHaveProperty('tab_switches');
      expect((await call(acme, 'GET', `/api/hiring/roles/${role.id}/compare?ids=${ids[0]}`)).status).toBe(
        400,
      );
      expect(
        (await call(acme, 'GET', `/api/hiring/roles/${role.id}/compare?ids=${[...ids, ids[0]].join(',')}`))
          .status,
      ).toBe(400);
      const stranger = await call(acme, 'POST', '/api/hiring/invitations', {
        candidate_name: 'No role',
        candidate_email: 'norole@example.com',
        required_atoms: ['javascript'],
      });
      expect(
        (
          await call(
            acme,
            'GET',
            `/api/hiring/roles/${role.id}/compare?ids=${ids[0]},${stranger.body.invitation.id}`,
          )
        ).status,
      ).toBe(404);
      expect((await call(initech, 'GET', `/api/hiring/invitations/${ids[0]}/decision`)).status).toBe(404);
    });
  });
});
