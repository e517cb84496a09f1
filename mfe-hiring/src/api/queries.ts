// The hiring remote's data as TanStack Query `queryOptions` factories over a HiringApi: one place for
// each key, its fetch, its cache rule and its toast (raised by the admin query client of
// @skillquiz/admin-ui from `meta`; a query without errorToast fails silently and its page says so).
// Mutations' toasts are in mutationMeta below, so every page raises them the same way.
//   const q = hiringQueries(useHiringApi());  useQuery(q.report(id));
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { showErrorToast, type AdminMutationMeta } from '@skillquiz/admin-ui';
import { CONSTANTS, MESSAGES } from '@skillquiz/contracts/constants';
import type {
  BulkCreatedResponse,
  InvitationCreate,
  InvitationReport,
  InvitationResponse,
  PipelineNoteCreate,
  PipelineRatingUpdate,
  PipelineStageUpdate,
  PipelineView,
  WebhookSettingsUpdate,
} from '@skillquiz/contracts';
import { ApiError } from '@skillquiz/http-client';
import type { BulkInviteInput, HiringApi, InvitationFilters } from './hiringApi';

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

export function hiringQueries(api: HiringApi) {
  return {
    /** Who is signed in; rarely changes. */
    me: () =>
      queryOptions({
        queryKey: hiringKeys.me,
        queryFn: ({ signal }) => api.me(signal),
        staleTime: 10 * 60_000,
        meta: { errorToast: { title: MESSAGES.ERROR_LOADING_ACCOUNT, durationMs: LOAD_MS, id: 'hiring-me' } },
      }),
    atoms: () =>
      queryOptions({
        queryKey: hiringKeys.atoms,
        queryFn: ({ signal }) => api.atoms(signal),
        staleTime: 5 * 60_000,
        meta: {
          errorToast: { title: MESSAGES.ERROR_LOADING_ATOMS, durationMs: LOAD_MS, id: 'hiring-atoms' },
        },
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
        meta: {
          errorToast: { title: MESSAGES.ERROR_LOADING_CANDIDATES, durationMs: LOAD_MS, id: 'hiring-list' },
        },
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
        meta: {
          errorToast: { title: MESSAGES.ERROR_LOADING_SETTINGS, durationMs: LOAD_MS, id: 'hiring-settings' },
        },
      }),
    /** One page of webhook attempts; fetched again whenever shown (deliveries happen all the time). */
    attempts: (company: string, page: number) =>
      queryOptions({
        queryKey: hiringKeys.attempts(company, page),
        queryFn: ({ signal }) => api.webhookAttempts(page, company || undefined, signal),
        placeholderData: keepPreviousData,
        meta: {
          errorToast: {
            title: MESSAGES.ERROR_LOADING_WEBHOOK_ATTEMPTS,
            durationMs: LOAD_MS,
            id: 'hiring-attempts',
          },
        },
      }),
  };
}

const name = (r: InvitationResponse | InvitationReport) =>
  r.invitation.candidate_name ?? r.invitation.candidate_email ?? 'the candidate';

/** The mutations' toasts (raised by the admin query client from `meta`). */
export const mutationMeta = {
  exportCsv: { errorToast: { title: MESSAGES.ERROR_EXPORTING_CANDIDATES, durationMs: WRITE_MS } },
  create: {
    errorToast: { title: MESSAGES.ERROR_CREATING_INVITATION, durationMs: WRITE_MS },
    successToast: {
      title: MESSAGES.INVITATION_CREATED,
      durationMs: WRITE_MS,
      detail: (data) => `For ${name(data as InvitationResponse)}`,
    },
  },
  bulkPreview: { errorToast: { title: MESSAGES.ERROR_CHECKING_FILE, durationMs: WRITE_MS } },
  bulkCreate: {
    errorToast: { title: MESSAGES.ERROR_CREATING_INVITATIONS, durationMs: WRITE_MS },
    successToast: {
      title: MESSAGES.INVITATIONS_CREATED,
      durationMs: WRITE_MS,
      detail: (data) => `${(data as BulkCreatedResponse).created.length} candidates invited`,
    },
  },
  revoke: {
    errorToast: { title: MESSAGES.ERROR_REVOKING_INVITATION, durationMs: WRITE_MS },
    successToast: { title: MESSAGES.INVITATION_REVOKED, durationMs: WRITE_MS },
  },
  extend: {
    errorToast: { title: MESSAGES.ERROR_EXTENDING_INVITATION, durationMs: WRITE_MS },
    successToast: { title: MESSAGES.EXPIRY_EXTENDED, durationMs: WRITE_MS },
  },
  // A refused URL (400) is said at the field and a stale version (409) above the form: no toast for
  // those (see useSaveWebhook); anything else (a fault, the network) raises this one.
  saveWebhook: {
    successToast: { title: MESSAGES.WEBHOOK_SAVED, durationMs: WRITE_MS },
  },
  // The test's outcome, delivered or not, is said on the page (a live region); a refusal too.
  testWebhook: {},
} satisfies Record<string, AdminMutationMeta>;

/**
 * The writes as TanStack Query `mutationOptions` factories, beside the queries: each with its
 * function, its toasts (`meta`) and what it makes out of date.
 *   const m = hiringMutations(useHiringApi(), useQueryClient());  useMutation(m.create(company));
 */
export function hiringMutations(api: HiringApi, queryClient: QueryClient) {
  /** After a write: the lists are out of date (not awaited: the page need not wait for them). */
  const refreshLists = () => void queryClient.invalidateQueries({ queryKey: hiringKeys.lists });
  /** Revoke and extend answer with the report as it stands: it replaces the cached one. */
  const reportWrite = (id: string, report: InvitationReport) => {
    queryClient.setQueryData(hiringKeys.report(id), report);
    refreshLists();
  };
  return {
    create: (company: string | undefined) =>
      mutationOptions({
        mutationFn: (input: InvitationCreate) => api.create(input, company),
        meta: mutationMeta.create,
        onSuccess: refreshLists,
      }),
    bulkPreview: (company: string | undefined) =>
      mutationOptions({
        mutationFn: (input: BulkInviteInput) => api.bulkPreview(input, company),
        meta: mutationMeta.bulkPreview,
      }),
    bulkCreate: (company: string | undefined) =>
      mutationOptions({
        mutationFn: (input: BulkInviteInput) => api.bulkCreate(input, company),
        meta: mutationMeta.bulkCreate,
        onSuccess: refreshLists,
      }),
    exportCsv: () =>
      mutationOptions({
        mutationFn: (filters: InvitationFilters) => api.exportCsv(filters),
        meta: mutationMeta.exportCsv,
      }),
    revoke: (id: string) =>
      mutationOptions({
        mutationFn: () => api.revoke(id),
        meta: mutationMeta.revoke,
        onSuccess: (report: InvitationReport) => reportWrite(id, report),
      }),
    extend: (id: string) =>
      mutationOptions({
        mutationFn: (expiresAt: string) => api.extend(id, expiresAt),
        meta: mutationMeta.extend,
        onSuccess: (report: InvitationReport) => reportWrite(id, report),
      }),
    /**
     * Saving the webhook: the reply is the settings as stored (it replaces the cached ones). A stale
     * version (409) reloads the settings, so the form shows what the other person saved; nothing is
     * sent again. Both 400 and 409 are said on the page; only other failures raise a toast.
     */
    saveWebhook: (company: string) =>
      mutationOptions({
        mutationFn: (input: WebhookSettingsUpdate) => api.saveWebhook(input, company || undefined),
        meta: mutationMeta.saveWebhook,
        onSuccess: (settings) => queryClient.setQueryData(hiringKeys.settings(company), settings),
        onError: (error: Error) => {
          const status = error instanceof ApiError ? error.status : 0;
          if (status === 409) void queryClient.invalidateQueries({ queryKey: hiringKeys.settings(company) });
          else if (status !== 400)
            showErrorToast(MESSAGES.ERROR_SAVING_WEBHOOK, { durationMs: WRITE_MS, detail: error.message });
        },
      }),
    /** A test event: one delivery now; every attempts page is out of date after it. */
    testWebhook: (company: string) =>
      mutationOptions({
        mutationFn: () => api.testWebhook(company || undefined),
        meta: mutationMeta.testWebhook,
        onSettled: () => void queryClient.invalidateQueries({ queryKey: hiringKeys.attemptsOf(company) }),
      }),
  };
}

export { decideKeys, decideMutationMeta, decideMutations, decideQueries } from './decideQueries';

// ---------------------------------------------------------------------------------------------
// The pipeline of one invitation (./pipelineApi.ts): its stage, notes and ratings on the report page.

export const pipelineKeys = {
  pipeline: (id: string) => ['hiring', 'report', id, 'pipeline'] as const,
};

export function pipelineQueries(api: HiringApi) {
  return {
    /** Silent on failure: the report's pipeline section says so. */
    pipeline: (id: string) =>
      queryOptions({
        queryKey: pipelineKeys.pipeline(id),
        queryFn: ({ signal }) => api.pipeline!(id, signal),
        enabled: api.pipeline !== undefined,
      }),
  };
}

// A stale version (409) is said in the section's live region and the pipeline is reloaded: no toast
// for that (see pipelineMutations); a refusal of the input (400) is said there too.
export const pipelineMutationMeta = {
  setStage: { successToast: { title: MESSAGES.STAGE_SAVED, durationMs: WRITE_MS } },
  addNote: { successToast: { title: MESSAGES.NOTE_ADDED, durationMs: WRITE_MS } },
  setRating: { successToast: { title: MESSAGES.RATING_SAVED, durationMs: WRITE_MS } },
} satisfies Record<string, AdminMutationMeta>;

/**
 * The pipeline's writes: each answers with the pipeline as stored (it replaces the cached one); the
 * lists are out of date (stage and rating are columns). A 409 reloads the pipeline, so the section
 * shows what the other recruiter saved; anything but a 400 or 409 raises the write's error toast.
 */
export function pipelineMutations(api: HiringApi, queryClient: QueryClient) {
  const saved = (id: string) => (view: PipelineView) => {
    queryClient.setQueryData(pipelineKeys.pipeline(id), view);
    void queryClient.invalidateQueries({ queryKey: hiringKeys.lists });
  };
  const failed = (id: string, title: string) => (error: Error) => {
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 409) void queryClient.invalidateQueries({ queryKey: pipelineKeys.pipeline(id) });
    else if (status !== 400) showErrorToast(title, { durationMs: WRITE_MS, detail: error.message });
  };
  return {
    setStage: (id: string) =>
      mutationOptions({
        mutationFn: (input: PipelineStageUpdate) => api.setStage!(id, input),
        meta: pipelineMutationMeta.setStage,
        onSuccess: saved(id),
        onError: failed(id, MESSAGES.ERROR_SAVING_STAGE),
      }),
    addNote: (id: string) =>
      mutationOptions({
        mutationFn: (input: PipelineNoteCreate) => api.addNote!(id, input),
        meta: pipelineMutationMeta.addNote,
        onSuccess: saved(id),
        onError: failed(id, MESSAGES.ERROR_ADDING_NOTE),
      }),
    setRating: (id: string) =>
      mutationOptions({
        mutationFn: (input: PipelineRatingUpdate) => api.setRating!(id, input),
        meta: pipelineMutationMeta.setRating,
        onSuccess: saved(id),
        onError: failed(id, MESSAGES.ERROR_SAVING_RATING),
      }),
  };
}
