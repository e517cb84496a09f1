// The candidates list's state lives in the URL (page, q, status, atom, role, stage, sort, company,
// needs a look), so a reload, the back button or a shared link shows the same list. These are the pure rules: reading and
// writing that query and the API filters it becomes.
import { STAGE_KEY_RE, STAGE_LIMITS } from '@skillquiz/contracts';
import type { InvitationSort, InvitationStatus, PipelineStage } from '@skillquiz/contracts';
import type { InvitationFilters } from '../api/hiringApi';

/** Every status with its label, in the order a person follows an invitation. */
export const STATUS_LABELS: Record<InvitationStatus, string> = {
  invited: 'Invited',
  in_progress: 'In progress',
  finished: 'Finished',
  abandoned: 'Abandoned',
  expired: 'Expired',
  revoked: 'Revoked',
};
export const STATUSES = Object.keys(STATUS_LABELS) as InvitationStatus[];

export const SORT_LABELS: Record<InvitationSort, string> = {
  date_desc: 'Newest first',
  date_asc: 'Oldest first',
  level_desc: 'Highest level first',
  level_asc: 'Lowest level first',
  meets_desc: 'Most likely to meet the bars first',
  meets_asc: 'Least likely to meet the bars first',
};
export const SORTS = Object.keys(SORT_LABELS) as InvitationSort[];
export const DEFAULT_SORT: InvitationSort = 'date_desc';

export interface ListQuery {
  page: number;
  q: string;
  /** '' for every status. */
  status: InvitationStatus | '';
  /** An atom slug, '' for every atom. */
  atom: string;
  /** A role's id, '' for every role (and none). */
  role: string;
  sort: InvitationSort;
  /** An admin's company (slug), '' for every company (a recruiter's is always their own). */
  company: string;
  /** Also demo invitations and simulated candidates (hidden by default). */
  includeDemo: boolean;
  /** A pipeline stage, '' for every stage. */
  stage: PipelineStage | '';
  /** Only candidates with an integrity signal raised. */
  needsALook: boolean;
}

export const DEFAULT_LIST_QUERY: ListQuery = {
  page: 1,
  q: '',
  status: '',
  atom: '',
  role: '',
  sort: DEFAULT_SORT,
  company: '',
  includeDemo: false,
  stage: '',
  needsALook: false,
};

const isStatus = (s: string): s is InvitationStatus => s in STATUS_LABELS;
const isSort = (s: string): s is InvitationSort => s in SORT_LABELS;
/** A stage key (the company's list is the server's to check: an unknown key is a 400 there). */
const isStage = (s: string): s is PipelineStage => STAGE_KEY_RE.test(s) && s.length <= STAGE_LIMITS.KEY_MAX;

/** The list state a URL query names; anything malformed falls back to its default. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const rawPage = params.get('page') ?? '';
  const status = params.get('status') ?? '';
  const sort = params.get('sort') ?? '';
  const stage = params.get('stage') ?? '';
  return {
    page: /^[1-9][0-9]{0,5}$/.test(rawPage) ? Number(rawPage) : 1,
    q: params.get('q') ?? '',
    status: isStatus(status) ? status : '',
    atom: params.get('atom') ?? '',
    role: /^[0-9a-f]{24}$/i.test(params.get('role') ?? '') ? params.get('role')! : '',
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    company: params.get('company') ?? '',
    includeDemo: params.get('include_demo') === 'true',
    stage: isStage(stage) ? stage : '',
    needsALook: params.get('needs_a_look') === 'true',
  };
}

/** The URL query of a list state: defaults are left out, so the plain list is plain /hiring. */
export function listSearchParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.company) params.set('company', query.company);
  if (query.q !== '') params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  if (query.atom) params.set('atom', query.atom);
  if (query.role) params.set('role', query.role);
  if (query.stage) params.set('stage', query.stage);
  if (query.sort !== DEFAULT_SORT) params.set('sort', query.sort);
  if (query.includeDemo) params.set('include_demo', 'true');
  if (query.needsALook) params.set('needs_a_look', 'true');
  if (query.page !== 1) params.set('page', String(query.page));
  return params;
}

/** A change of filter or order starts again at page 1; only a change of page keeps the page. */
export function changeListQuery(current: ListQuery, change: Partial<ListQuery>): ListQuery {
  const next = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

/** The API's filters of a list state (the CSV export takes the same without the page). */
export function apiFilters(query: ListQuery): InvitationFilters {
  const filters: InvitationFilters = { sort: query.sort };
  if (query.q.trim()) filters.q = query.q.trim();
  if (query.status) filters.status = query.status;
  if (query.atom) filters.atom = query.atom;
  if (query.role) filters.role = query.role;
  if (query.stage) filters.stage = query.stage;
  if (query.company) filters.company = query.company;
  if (query.includeDemo) filters.include_demo = true;
  if (query.needsALook) filters.needs_a_look = true;
  return filters;
}

/** How many pages `total` matches make (at least 1, so an empty list still reads 'page 1 of 1'). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** `?company=<slug>` to carry an admin's choice from page to page ('' when none). */
export function companySuffix(company: string): string {
  return company ? `?${new URLSearchParams({ company }).toString()}` : '';
}

/** The CSV's file name, as the services name it: candidates-<company slug or all-companies>-<YYYY-MM-DD>.csv */
export function csvFileName(company: string, now: Date): string {
  return `candidates-${company || 'all-companies'}-${now.toISOString().slice(0, 10)}.csv`;
}
