// The hiring remote's data as TanStack Query `queryOptions` factories over a HiringApi: one place for
// each key, its fetch, its cache rule and its toast (raised by the admin query client of
// @skillquiz/admin-ui from `meta`; a query without errorToast fails silently and its page says so).
// Mutations' toasts are in mutationMeta below, so every page raises them the same way.
//   const q = hiringQueries(useHiringApi());  useQuery(q.report(id));
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminMutationMeta } from '@skillquiz/admin-ui';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import type { BulkCreatedResponse, InvitationReport, InvitationResponse } from '@skillquiz/contracts';
import type { HiringApi, InvitationFilters } from './hiringApi';

export const hiringKeys = {
  me: ['hiring', 'me'] as const,
  atoms: ['hiring', 'atoms'] as const,
  /** Every list key starts with this, so an invite, revoke or extend can refresh them all. */
  lists: ['hiring', 'invitations'] as const,
  list: (filters: InvitationFilters & { page: number }) => ['hiring', 'invitations', filters] as const,
  report: (id: string) => ['hiring', 'report', id] as const,
  answerSignals: (id: string) => ['hiring', 'report', id, 'answer-signals'] as const,
  settings: (company: string) => ['hiring', 'settings', company] as const,
  survey: (company: string) => ['hiring', 'survey', company] as const,
  /** Every attempts page of a company starts with this, so a test event can refresh them all. */
  attemptsOf: (company: string) => ['hiring', 'webhook-attempts', company] as const,
  attempts: (company: string, page: number) => ['hiring', 'webhook-attempts', company, page] as const,
};

/** SPEC §9's durations: a load error stays 9 s, a write's result 5 s. */
const LOAD_MS = CONSTANTS.TOAST_MS.LOAD_ERROR;
const WRITE_MS = CONSTANTS.TOAST_MS.QUESTION;
export const WRITE_TOAST_MS = WRITE_MS;

export const TOASTS = {
  LOAD_CANDIDATES: 'Error loading candidates',
  LOAD_ATOMS: 'Error loading atoms',
  LOAD_ACCOUNT: 'Error loading your account',
  EXPORT: 'Error exporting candidates',
  INVITE: 'Error creating invitation',
  INVITED: 'Invitation created',
  BULK_CHECK: 'Error checking the file',
  BULK: 'Error creating invitations',
  BULK_DONE: 'Invitations created',
  REVOKE: 'Error revoking invitation',
  REVOKED: 'Invitation revoked',
  EXTEND: 'Error extending invitation',
  EXTENDED: 'Expiry extended',
  LOAD_SETTINGS: 'Error loading settings',
  LOAD_ATTEMPTS: 'Error loading webhook attempts',
  SAVE_WEBHOOK: 'Error saving webhook',
  SAVED_WEBHOOK: 'Webhook saved',
  TEST_WEBHOOK: 'Error sending test event',
} as const;

export function hiringQueries(api: HiringApi) {
  return {
    /** Who is signed in; rarely changes. */
    me: () =>
      queryOptions({
        queryKey: hiringKeys.me,
        queryFn: ({ signal }) => api.me(signal),
        staleTime: 10 * 60_000,
        meta: { errorToast: { title: TOASTS.LOAD_ACCOUNT, durationMs: LOAD_MS, id: 'hiring-me' } },
      }),
    atoms: () =>
      queryOptions({
        queryKey: hiringKeys.atoms,
        queryFn: ({ signal }) => api.atoms(signal),
        staleTime: 5 * 60_000,
        meta: { errorToast: { title: TOASTS.LOAD_ATOMS, durationMs: LOAD_MS, id: 'hiring-atoms' } },
      }),
    /**
     * One page of the candidates list. Statuses change by time and by candidates, so a page is
     * fetched again whenever it is shown (no staleTime); the previous page stays on screen,
     * marked busy, while the next one loads.
     */
    list: (filters: InvitationFilters & { page: number }) =>
      queryOptions({
        queryKey: hiringKeys.list(filters),
        queryFn: ({ signal }) => api.list(filters, signal),
        placeholderData: keepPreviousData,
        meta: { errorToast: { title: TOASTS.LOAD_CANDIDATES, durationMs: LOAD_MS, id: 'hiring-list' } },
      }),
    /** One candidate's report; silent on failure (the page says 'not found' or offers a retry). */
    report: (id: string) =>
      queryOptions({
        queryKey: hiringKeys.report(id),
        queryFn: ({ signal }) => api.report(id, signal),
      }),
    /** The relevance survey in aggregate ('' : a recruiter's own company, or every company for an admin). */
    survey: (company: string) =>
      queryOptions({
        queryKey: hiringKeys.survey(company),
        queryFn: ({ signal }) => api.survey(company || undefined, signal),
      }),
    /** What one candidate's answers and times say; silent on failure (the section says so). */
    answerSignals: (id: string) =>
      queryOptions({
        queryKey: hiringKeys.answerSignals(id),
        queryFn: ({ signal }) => api.answerSignals!(id, signal),
        enabled: api.answerSignals !== undefined,
      }),
    /** The company's settings ('' : a recruiter's own company). */
    settings: (company: string) =>
      queryOptions({
        queryKey: hiringKeys.settings(company),
        queryFn: ({ signal }) => api.settings(company || undefined, signal),
        meta: { errorToast: { title: TOASTS.LOAD_SETTINGS, durationMs: LOAD_MS, id: 'hiring-settings' } },
      }),
    /** One page of webhook attempts; fetched again whenever shown (deliveries happen all the time). */
    attempts: (company: string, page: number) =>
      queryOptions({
        queryKey: hiringKeys.attempts(company, page),
        queryFn: ({ signal }) => api.webhookAttempts(page, company || undefined, signal),
        placeholderData: keepPreviousData,
        meta: { errorToast: { title: TOASTS.LOAD_ATTEMPTS, durationMs: LOAD_MS, id: 'hiring-attempts' } },
      }),
  };
}

const name = (r: InvitationResponse | InvitationReport) =>
  r.invitation.candidate_name ?? r.invitation.candidate_email ?? 'the candidate';

/** The mutations' toasts (raised by the admin query client from `meta`). */
export const mutationMeta = {
  exportCsv: { errorToast: { title: TOASTS.EXPORT, durationMs: WRITE_MS } },
  create: {
    errorToast: { title: TOASTS.INVITE, durationMs: WRITE_MS },
    successToast: {
      title: TOASTS.INVITED,
      durationMs: WRITE_MS,
      detail: (data) => `For ${name(data as InvitationResponse)}`,
    },
  },
  bulkPreview: { errorToast: { title: TOASTS.BULK_CHECK, durationMs: WRITE_MS } },
  bulkCreate: {
    errorToast: { title: TOASTS.BULK, durationMs: WRITE_MS },
    successToast: {
      title: TOASTS.BULK_DONE,
      durationMs: WRITE_MS,
      detail: (data) => `${(data as BulkCreatedResponse).created.length} candidates invited`,
    },
  },
  revoke: {
    errorToast: { title: TOASTS.REVOKE, durationMs: WRITE_MS },
    successToast: { title: TOASTS.REVOKED, durationMs: WRITE_MS },
  },
  extend: {
    errorToast: { title: TOASTS.EXTEND, durationMs: WRITE_MS },
    successToast: { title: TOASTS.EXTENDED, durationMs: WRITE_MS },
  },
  // A refused URL (400) is said at the field and a stale version (409) above the form: no toast for
  // those (see useSaveWebhook); anything else (a fault, the network) raises this one.
  saveWebhook: {
    successToast: { title: TOASTS.SAVED_WEBHOOK, durationMs: WRITE_MS },
  },
  // The test's outcome, delivered or not, is said on the page (a live region); a refusal too.
  testWebhook: {},
} satisfies Record<string, AdminMutationMeta>;
