// The candidates list (GET /api/hiring/invitations) and the filters it shares with the CSV export.
// One query on `invitations`, always scoped to the company first, so each filter and sort has an
// index that begins with the company (models/invitation.ts): an engine that counts and pages from
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
import { Invitation, type InvitationDoc } from '../models';
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
  /** Only candidates with an integrity signal raised (the stored flags, integrity/at-quiz-end.ts). */
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

/** The statuses that change by time alone (summary.ts): their deadline is `lapses_at`. */
const OPEN_STATUSES = ['invited', 'in_progress'] as const;
const LAPSES_TO = ['expired', 'abandoned'] as const;

/**
 * A status as of `now`: the recorded one, or an open one ('invited', 'in_progress') whose deadline
 * has passed and what it turned into (summary.ts effectiveStatus, as a query). An open one whose
 * deadline has passed but names nothing to become stays what it is, as effectiveStatus reads it.
 */
export function statusFilter(status: InvitationStatus | undefined, now: Date): InvitationFilter {
  if (!status) return {};
  if (status === 'finished' || status === 'revoked') return { status };
  if (status === 'expired' || status === 'abandoned')
    return {
      $or: [{ status }, { status: { $in: [...OPEN_STATUSES] }, lapses_to: status, lapses_at: { $lte: now } }],
    };
  return { status, $or: [{ lapses_at: null }, { lapses_at: { $gt: now } }, { lapses_to: null }] };
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
  // $or appears in two parts at most (status, search never uses it): merge them under $and.
  return used.length === 1 ? used[0] : { $and: used };
}

/** Every filter of the list and the export, inside the scope. */
export function listFilter(
  scope: HiringScope,
  query: Omit<ListQuery, 'page' | 'sort'>,
  now: Date,
): InvitationFilter {
  return allOf([...baseParts(scope, query), statusFilter(query.status, now)]);
}

/**
 * How many invitations listFilter matches, counted from index prefixes and ranges rather than by
 * testing each one: a status that changes by time is the recorded status, less the open ones
 * whose deadline (a date range of `{ company, status, lapses_to, lapses_at, _id }`) has passed, or plus
 * those that lapsed into it. Equal to countDocuments(listFilter(...)) (hiring-list tests).
 */
export async function countInvitations(
  scope: HiringScope,
  query: Omit<ListQuery, 'page' | 'sort'>,
  now: Date,
): Promise<number> {
  const status = query.status;
  if (!status || status === 'finished' || status === 'revoked')
    return Invitation.countDocuments(listFilter(scope, query, now)).exec();
  const base = baseParts(scope, query);
  const count = (f: InvitationFilter) => Invitation.countDocuments(allOf([...base, f])).exec();
  const lapsed = (from: InvitationStatus, to: (typeof LAPSES_TO)[number]) =>
    count({ status: from, lapses_to: to, lapses_at: { $lte: now } });
  if (status === 'expired' || status === 'abandoned') {
    const [recorded, ...into] = await Promise.all([
      count({ status }),
      ...OPEN_STATUSES.map((from) => lapsed(from, status)),
    ]);
    return recorded + into.reduce((a, b) => a + b, 0);
  }
  const [recorded, ...out] = await Promise.all([
    count({ status }),
    ...LAPSES_TO.map((to) => lapsed(status, to)),
  ]);
  return recorded - out.reduce((a, b) => a + b, 0);
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
  const filter = listFilter(scope, query, now);
  const pageSize = HIRING.PAGE_SIZE;
  const [docs, total] = await Promise.all([
    Invitation.find(filter)
      .select(ROW_FIELDS)
      .sort(listSort(query.sort))
      .skip((query.page - 1) * pageSize)
      .limit(pageSize)
      .lean<InvitationDoc[]>()
      .exec(),
    countInvitations(scope, query, now),
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
