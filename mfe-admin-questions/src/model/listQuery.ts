// The questions list's state lives in the URL (SPEC §2: page, q, atom, includeNonAdministered=true),
// so a reload, the back button or a shared link shows the same list. These are the pure rules:
// reading and writing that query, the API query it becomes (SPEC §7), and what may be cached (§4).
import { CONSTANTS } from '@skillquiz/contracts/constants';
import type { QuestionStatus } from '@skillquiz/contracts';

const STATUSES: readonly string[] = ['draft', 'in_review', 'ready'];

export interface ListQuery {
  page: number;
  q: string;
  /** An atom slug, or CONSTANTS.ALL_ATOMS_KEY for no filter. */
  atom: string;
  includeNonAdministered: boolean;
  /** The review status filter ('' for any). */
  status: QuestionStatus | '';
  /** 'Show statistics' (off by default, so SPEC's list is unchanged). Not part of the API query. */
  statistics: boolean;
  /** 'Needs review' (only with statistics shown): the flagged questions instead of the page. */
  needsReview: boolean;
}

export const DEFAULT_LIST_QUERY: ListQuery = {
  page: 1,
  q: '',
  atom: CONSTANTS.ALL_ATOMS_KEY,
  includeNonAdministered: false,
  status: '',
  statistics: false,
  needsReview: false,
};

/** The list state a URL query names; anything malformed falls back to its default. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const rawPage = params.get('page') ?? '';
  const page = /^[1-9][0-9]{0,6}$/.test(rawPage) ? Number(rawPage) : 1;
  const statistics = params.get('statistics') === 'true';
  return {
    page,
    q: params.get('q') ?? '',
    atom: params.get('atom') || CONSTANTS.ALL_ATOMS_KEY,
    includeNonAdministered: params.get('includeNonAdministered') === 'true',
    status: STATUSES.includes(params.get('status') ?? '') ? (params.get('status') as QuestionStatus) : '',
    statistics,
    needsReview: statistics && params.get('needsReview') === 'true',
  };
}

/** The URL query of a list state: defaults are left out, so the plain list is plain /admin/questions. */
export function listSearchParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.q !== '') params.set('q', query.q);
  if (query.atom !== CONSTANTS.ALL_ATOMS_KEY) params.set('atom', query.atom);
  if (query.includeNonAdministered) params.set('includeNonAdministered', 'true');
  if (query.status) params.set('status', query.status);
  if (query.statistics) params.set('statistics', 'true');
  if (query.statistics && query.needsReview) params.set('needsReview', 'true');
  return params;
}

/**
 * A change of filter starts again at page 1 (page 4 of one search means nothing for the next);
 * only a change of page itself keeps the page.
 */
export function changeListQuery(current: ListQuery, change: Partial<ListQuery>): ListQuery {
  const next = { ...current, ...change };
  // Drafts and questions in review are never administered, so choosing one of those
  // statuses includes the non-administered questions (else the list would always be empty).
  if (change.status === 'draft' || change.status === 'in_review') next.includeNonAdministered = true;
  const filterChanged =
    next.q !== current.q ||
    next.atom !== current.atom ||
    next.includeNonAdministered !== current.includeNonAdministered ||
    next.status !== current.status;
  if (filterChanged && change.page === undefined) next.page = 1;
  // The review filter belongs to the statistics: hiding them turns it off too.
  if (!next.statistics) next.needsReview = false;
  return next;
}

/**
 * The list's filters as the API reads them (SPEC §7; the status filter), shared by the list
 * and its export: only_administered is the checkbox's inverse.
 */
export function listFilterParams(query: ListQuery): [string, string][] {
  const params: [string, string][] = [
    ['search', query.q.trim()],
    ['only_administered', String(!query.includeNonAdministered)],
    ['atom', query.atom],
  ];
  if (query.status) params.push(['status', query.status]);
  return params;
}

/** GET /api/questions/'s query string: the page and the filters. */
export function apiQueryString(query: ListQuery): string {
  return new URLSearchParams([['page', String(query.page)], ...listFilterParams(query)]).toString();
}

/**
 * SPEC §4: results per atom and page are cached, except while a search, the non-administered
 * toggle or a status filter is active (those are looked at once and change as people edit).
 */
export function isCacheable(query: ListQuery): boolean {
  return query.q.trim() === '' && !query.includeNonAdministered && query.status === '';
}

/** The cache key of a list fetch; every list key starts with LIST_KEY_ROOT so a save can refresh them all. */
export const LIST_KEY_ROOT = 'questions';
export function listKey(query: ListQuery) {
  return [
    LIST_KEY_ROOT,
    {
      page: query.page,
      q: query.q.trim(),
      atom: query.atom,
      all: query.includeNonAdministered,
      status: query.status,
    },
  ] as const;
}

/** How many pages `total` matches make (at least 1, so an empty list still reads 'Page 1 of 1'). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
