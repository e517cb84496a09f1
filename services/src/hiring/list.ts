// The candidates list (GET /api/hiring/invitations) and the filters it shares with the CSV export.
// One query on `invitations`, always scoped to the company first, so each filter and sort has an
// index that begins with the company (hiring/models/invitation.ts): an engine that counts and pages from
// indexes answers it without reading the company's other invitations.
import { Types, type SortOrder } from 'mongoose';

/** A filter on invitations (MongoDB query operators; the tests check what it matches). */
export type InvitationFilter = Record<string, unknown>;
import {
  HIRING,
  type InvitationListQuery,
  type InvitationListResponse,
  type InvitationSort,
  type InvitationStatus,
  type PipelineStage,
} from '@skillquiz/contracts';
import { Invitation, type InvitationDoc } from './models/invitation';
import { settleLapsedInvitations } from './invitations/summary';
import { companyFilter, type HiringScope } from './scope';
import { atomNames, companiesOf, toRow } from './views';

/** The parsed query (InvitationListQuerySchema's output). */
export interface ListQuery {
  page: number;
  q?: string;
  status?: InvitationStatus;
  atom?: string;
  /** A role id (24 hex digits) and a floor on P(every bar met). */
  role?: string;
  meets_min?: number;
  /** A pipeline stage. */
  stage?: PipelineStage;
  sort: InvitationSort;
  /** Also demo invitations and simulated candidates (hidden by default). */
  include_demo?: boolean;
  /** Only candidates with an integrity signal raised (the stored flags, hiring/integrity/at-quiz-end.ts). */
  needs_a_look?: boolean;
}
export type { InvitationListQuery };

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** At most this many search words count (the rest are ignored). */
const MAX_SEARCH_WORDS = 5;

/**
 * Search: every word must start one of the invitation's search terms (summary.ts searchTerms):
 * anchored prefixes, which an index on the terms can answer as ranges.
 */
export function searchFilter(q: string | undefined): InvitationFilter {
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return {};
  const clauses = words.map((w) => ({ search_terms: { $regex: `^${escapeRegex(w)}` } }));
  return clauses.length === 1 ? clauses[0] : { $and: clauses };
}

/**
 * A status filter: the stored status (summary.ts), one range of { company, status, created_at, _id }.
 * It agrees with effectiveStatus once the company's lapsed invitations are written down
 * (settleForList), which the list and the export do before they read.
 */
export function statusFilter(status: InvitationStatus | undefined): InvitationFilter {
  return status ? { status } : {};
}

/**
 * Before a status filter: the scope's open invitations whose deadline has passed by `now` take the
 * status they lapsed into (settleLapsedInvitations; the expiry sweep does the same every minute),
 * so the stored status is the status as of `now` and the filter is an equality.
 */
export async function settleForList(
  scope: HiringScope,
  query: Pick<ListQuery, 'status'>,
  now: Date,
): Promise<void> {
  if (!query.status) return;
  await settleLapsedInvitations(now, scope.company ? new Types.ObjectId(scope.company.id) : undefined);
}

/** Real candidates only: no demo invitation, no simulated candidate (the list's default). */
export const REAL_ONLY: InvitationFilter = { demo: { $ne: true }, simulated: { $ne: true } };

/** The filters of the list other than the status, inside the scope. */
function baseParts(
  scope: HiringScope,
  query: Omit<ListQuery, 'page' | 'sort' | 'status'>,
): InvitationFilter[] {
  return [
    companyFilter(scope),
    query.atom ? { atoms: query.atom } : {},
    roleFilter(query.role, query.meets_min),
    stageFilter(query.stage),
    searchFilter(query.q),
    query.include_demo ? {} : REAL_ONLY,
    query.needs_a_look ? { needs_a_look: true } : {},
  ];
}

/** The role filter and the meets floor (a range of meets_all in the meets indexes). */
function roleFilter(role: string | undefined, meetsMin: number | undefined): InvitationFilter {
  return {
    ...(role ? { role: new Types.ObjectId(role) } : {}),
    ...(meetsMin !== undefined ? { has_meets: true, meets_all: { $gte: meetsMin } } : {}),
  };
}

/** The stage filter: 'new' also matches invitations stored before stages existed (no stage field). */
export function stageFilter(stage: PipelineStage | undefined): InvitationFilter {
  if (!stage) return {};
  return stage === 'new' ? { stage: { $in: ['new', null] } } : { stage };
}

/** Several filters as one ($and of those that filter at all). */
function allOf(parts: InvitationFilter[]): InvitationFilter {
  const used = parts.filter((p) => Object.keys(p).length > 0);
  if (used.length === 0) return {};
  return used.length === 1 ? used[0] : { $and: used };
}

/** Every filter of the list and the export, inside the scope (after settleForList). */
export function listFilter(scope: HiringScope, query: Omit<ListQuery, 'page' | 'sort'>): InvitationFilter {
  return allOf([...baseParts(scope, query), statusFilter(query.status)]);
}

/** The parts as one object when no two share a field (an engine counts pure equalities from keys). */
function merged(parts: InvitationFilter[]): InvitationFilter {
  const out: InvitationFilter = {};
  for (const p of parts)
    for (const [k, v] of Object.entries(p)) {
      if (k in out) return allOf(parts);
      out[k] = v;
    }
  return out;
}

/**
 * How many invitations listFilter matches (after settleForList). The real candidates' total is
 * every invitation the other filters match less the demo and the simulated ones among them: the
 * first, equalities only for a status or atom filter, is the size of an index prefix (no document
 * read); the others are the few documents `{ demo }` and `{ simulated }` point to. Counting with
 * the "not demo, not simulated" test in the filter read every invitation of the company.
 */
export async function countInvitations(
  scope: HiringScope,
  query: Omit<ListQuery, 'page' | 'sort'>,
): Promise<number> {
  if (query.include_demo) return Invitation.countDocuments(listFilter(scope, query)).exec();
  const parts = [...baseParts(scope, { ...query, include_demo: true }), statusFilter(query.status)];
  const count = (extra: InvitationFilter) => Invitation.countDocuments(merged([...parts, extra])).exec();
  const [all, demo, simulated] = await Promise.all([
    count({}),
    count({ demo: true }),
    count({ demo: { $ne: true }, simulated: true }),
  ]);
  return all - demo - simulated;
}

/**
 * The order of each sort; ties by invited date, newest first, then id. The level sorts follow
 * `level_score`, which ranks by the level the page shows before the estimate (summary.ts levelScore).
 */
export function listSort(sort: InvitationSort): Record<string, SortOrder> {
  switch (sort) {
    case 'date_asc':
      return { created_at: 1, _id: 1 };
    case 'level_desc':
      return { has_level: -1, level_score: -1, created_at: -1, _id: -1 };
    case 'level_asc':
      return { has_level: -1, level_score: 1, created_at: -1, _id: -1 };
    case 'meets_desc':
      return { has_meets: -1, meets_all: -1, created_at: -1, _id: -1 };
    case 'meets_asc':
      return { has_meets: -1, meets_all: 1, created_at: -1, _id: -1 };
    default:
      return { created_at: -1, _id: -1 };
  }
}

/** Fields the rows need (not the search terms, nor the pipeline's notes and ratings: the mean is enough). */
export const ROW_FIELDS = {
  search_terms: 0,
  summary_rev: 0,
  notes: 0,
  ratings: 0,
} as const;

/** One page of the candidates list. */
export async function listInvitations(
  scope: HiringScope,
  query: ListQuery,
  now = new Date(),
): Promise<InvitationListResponse> {
  await settleForList(scope, query, now);
  const filter = listFilter(scope, query);
  const pageSize = HIRING.PAGE_SIZE;
  const [docs, total] = await Promise.all([
    Invitation.find(filter)
      .select(ROW_FIELDS)
      .sort(listSort(query.sort))
      .skip((query.page - 1) * pageSize)
      .limit(pageSize)
      .lean<InvitationDoc[]>()
      .exec(),
    countInvitations(scope, query),
  ]);
  const [names, companies] = await Promise.all([
    atomNames(
      docs.flatMap((d) =>
        d.atoms?.length ? d.atoms : [...(d.required_atoms ?? []), ...(d.optional_atoms ?? [])],
      ),
    ),
    scope.company ? Promise.resolve(null) : companiesOf(docs),
  ]);
  const items = docs.map((d) =>
    toRow(
      d,
      scope.company ?? companies!.get(String(d.company)) ?? { id: String(d.company), name: '', slug: '' },
      names,
      now,
    ),
  );
  return { items, total, page: query.page, page_size: pageSize };
}
