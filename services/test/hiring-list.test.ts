// The candidates list's queries (hiring/list.ts) against the rule they implement, computed here from the
// documents themselves: whichever index answers a page or the total (a walk along the sort's index, a search
// range, a date range for the statuses that change by time, or a sort of the candidates; 2,400 invitations
// so that broad searches take the walk), the rows, their order and the total are what the rule says, and
// another company's invitations never appear. With mongoose on the embedded
// engine, or a real MongoDB with MONGODB_TEST_URI.
import { Types } from 'mongoose';
import {
  HIRING,
  INVITATION_SORTS,
  PIPELINE_STAGES,
  type InvitationSort,
  type InvitationStatus,
} from '@skillquiz/contracts';
import { useMongooseDatabase } from './helpers/mongoose-db';
import { listFilter, listInvitations, countInvitations, type ListQuery } from '../src/hiring/list';
import type { HiringScope } from '../src/hiring/scope';
import { effectiveStatus, searchTerms } from '../src/hiring/invitations/summary';
import { Invitation, type InvitationDoc } from '../src/models';

jest.setTimeout(120_000);

useMongooseDatabase('hiring_list', () => Invitation.init());

const NOW = new Date('2026-11-20T12:00:00Z');
const HOUR = 3_600_000;
const ACME = new Types.ObjectId();
const OTHER = new Types.ObjectId();
const ROLE = new Types.ObjectId();
const scope: HiringScope = {
  principal: { role: 'recruiter' } as HiringScope['principal'],
  company: { id: String(ACME), name: 'Acme', slug: 'acme' },
};

const NAMES = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Adam Smith', "Mary-Jo O'Neil", 'Lova Adams'];
const STATUSES: InvitationStatus[] = [
  'invited',
  'in_progress',
  'finished',
  'expired',
  'abandoned',
  'revoked',
];

/** Invitations of every state, with deadlines on both sides of NOW and created_at ties (the _id breaks them). */
function invitation(i: number, company: Types.ObjectId): Record<string, unknown> {
  const name = `${NAMES[i % NAMES.length]} ${i % 7}`;
  const email = `p${i}@${['acme.test', 'mail.test'][i % 2]}`;
  const status = STATUSES[(i * 5) % STATUSES.length];
  const open = status === 'invited' || status === 'in_progress';
  // open ones: a deadline passed (lapsed), still ahead, or none; a few lapsed with nothing to become
  const lapse = open ? i % 4 : -1;
  const lapsesAt =
    lapse === 0
      ? new Date(NOW.getTime() - (i % 5) * HOUR)
      : lapse === 1 || lapse === 3
        ? new Date(NOW.getTime() + HOUR)
        : null;
  const lapsesTo = lapse === 3 && i % 5 === 0 ? null : lapsesAt ? (i % 2 ? 'expired' : 'abandoned') : null;
  const finished = status === 'finished' && i % 5 !== 0;
  const atoms = i % 3 === 0 ? ['js', 'sql'] : [['js', 'py'][i % 2]];
  return {
    _id: new Types.ObjectId(),
    company,
    candidate_name: name,
    candidate_email: email,
    required_atoms: atoms,
    optional_atoms: [],
    atoms,
    status,
    lapses_at: lapse === 3 && lapsesTo === null ? new Date(NOW.getTime() - HOUR) : lapsesAt,
    lapses_to: lapsesTo,
    has_level: finished,
    level_score: finished ? ((i * 37) % 41) / 10 - 2 : null,
    role: i % 4 === 0 ? ROLE : null,
    has_meets: finished && i % 2 === 0,
    meets_all: finished && i % 2 === 0 ? ((i * 53) % 97) / 96 : null,
    search_terms: searchTerms(name, email),
    // the pipeline stage; every 7th has none (stored before stages existed: reads as 'new')
    ...(i % 7 === 0 ? {} : { stage: PIPELINE_STAGES[i % PIPELINE_STAGES.length] }),
    // every 3 share a creation time: the tie-break by _id decides their order
    created_at: new Date(NOW.getTime() - Math.floor(i / 3) * HOUR),
    updated_at: NOW,
  };
}

let acme: InvitationDoc[] = [];

beforeAll(async () => {
  // every 40th a demo invitation, every 45th a simulated candidate: neither in the list nor its total
  const docs = Array.from({ length: 2400 }, (_, i) => ({
    ...invitation(i, ACME),
    ...(i % 40 === 7 ? { demo: true } : {}),
    ...(i % 45 === 11 ? { simulated: true } : {}),
  }));
  // the other company: the same names and states, interleaved in time
  const others = Array.from({ length: 120 }, (_, i) => invitation(i, OTHER));
  await Invitation.collection.insertMany([...docs, ...others]);
  acme = await Invitation.find({ company: ACME }).lean<InvitationDoc[]>().exec();
});

/** The rule, from the documents: the filters, then the sort with its tie-breaks. */
function expected(query: Omit<ListQuery, 'page'>): InvitationDoc[] {
  const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  const rows = acme.filter(
    (d) =>
      d.demo !== true &&
      d.simulated !== true &&
      (!query.atom || (d.atoms ?? []).includes(query.atom)) &&
      (!query.status ||
        effectiveStatus(
          { status: d.status, lapses_at: d.lapses_at ?? null, lapses_to: d.lapses_to ?? null },
          NOW,
        ) === query.status) &&
      (!query.role || String(d.role) === query.role) &&
      (!query.stage || (d.stage ?? 'new') === query.stage) &&
      (query.meets_min === undefined || (d.has_meets === true && (d.meets_all ?? -1) >= query.meets_min)) &&
      words.every((w) => (d.search_terms ?? []).some((t) => t.startsWith(w))),
  );
  const byDate = (a: InvitationDoc, b: InvitationDoc) =>
    b.created_at.getTime() - a.created_at.getTime() || (String(b._id) < String(a._id) ? -1 : 1);
  const level = (d: InvitationDoc) => d.level_score ?? 0;
  const meets = (d: InvitationDoc) => d.meets_all ?? 0;
  const cmp: Record<InvitationSort, (a: InvitationDoc, b: InvitationDoc) => number> = {
    date_desc: byDate,
    date_asc: (a, b) => -byDate(a, b),
    level_desc: (a, b) => Number(b.has_level) - Number(a.has_level) || level(b) - level(a) || byDate(a, b),
    level_asc: (a, b) => Number(b.has_level) - Number(a.has_level) || level(a) - level(b) || byDate(a, b),
    meets_desc: (a, b) => Number(b.has_meets) - Number(a.has_meets) || meets(b) - meets(a) || byDate(a, b),
    meets_asc: (a, b) => Number(b.has_meets) - Number(a.has_meets) || meets(a) - meets(b) || byDate(a, b),
  };
  return rows.sort(cmp[query.sort]);
}

const QUERIES: Array<Omit<ListQuery, 'page' | 'sort'>> = [
  {},
  ...STATUSES.map((status) => ({ status })),
  { atom: 'js' },
  { atom: 'sql', status: 'finished' as const },
  { q: 'ada' },
  { q: 'ad' },
  { q: 'a' },
  { q: 'LOVE ada' },
  { q: 'mary-jo' },
  { q: 'jo' },
  { q: "o'neil" },
  { q: '@mail.test' },
  { q: 'p1' },
  { q: 'zzz' },
  { q: 'a', status: 'invited' as const, atom: 'py' },
  { q: 'grace', status: 'expired' as const },
  { q: 'hopper', status: 'in_progress' as const },
  { role: String(ROLE) },
  { role: String(ROLE), status: 'finished' as const },
  { meets_min: 0.5 },
  { role: String(ROLE), meets_min: 0.25, atom: 'js' },
  { stage: 'new' as const },
  { stage: 'interview' as const },
  { stage: 'offer' as const, status: 'finished' as const },
  { stage: 'new' as const, q: 'ada', role: String(ROLE) },
];

describe('every page and total is the rule, whichever index answers it', () => {
  it.each(QUERIES.map((q) => [JSON.stringify(q), q] as const))('%s', async (_label, query) => {
    for (const sort of INVITATION_SORTS) {
      const want = expected({ ...query, sort });
      const pages = Math.max(1, Math.ceil(want.length / HIRING.PAGE_SIZE));
      for (const page of [1, 2, pages].filter((p, i, all) => p <= pages && all.indexOf(p) === i)) {
        const got = await listInvitations(scope, { ...query, sort, page }, NOW);
        expect({ sort, page, total: got.total, ids: got.items.map((r) => r.id) }).toEqual({
          sort,
          page,
          total: want.length,
          ids: want.slice((page - 1) * HIRING.PAGE_SIZE, page * HIRING.PAGE_SIZE).map((d) => String(d._id)),
        });
      }
    }
    // the total is the count of the list's own filter, and that filter is the rule's (the stored
    // status, once the lapsed ones are written down)
    expect(await countInvitations(scope, query)).toBe(
      await Invitation.countDocuments(listFilter(scope, query)).exec(),
    );
    expect(await countInvitations(scope, query)).toBe(expected({ ...query, sort: 'date_desc' }).length);
  });

  it('the data covers what the rule distinguishes (lapsed, ahead, no deadline, nothing to become)', () => {
    const counts = (s: InvitationStatus) => expected({ status: s, sort: 'date_desc' }).length;
    for (const s of STATUSES) expect(counts(s)).toBeGreaterThan(5);
    const lapsedOpen = acme.filter(
      (d) => (d.status === 'invited' || d.status === 'in_progress') && d.lapses_at && d.lapses_at <= NOW,
    );
    expect(lapsedOpen.some((d) => d.lapses_to === null)).toBe(true);
    expect(lapsedOpen.some((d) => d.lapses_to !== null)).toBe(true);
  });
});
