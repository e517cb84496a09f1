// The hiring remote's data as TanStack Query `queryOptions` and `mutationOptions` factories over a
// HiringApi, side by side: one place for each key, its fetch (with the query's `signal`), its cache
// rule, its toasts (raised by the admin query client of @skillquiz/admin-ui from `meta`, titles from
// the contracts' MESSAGES; a query without errorToast fails silently and its page says so) and what a
// write makes out of date. The list, invite, report and settings; after create (the test catalogue,
// email status, resend, edit, the company's contact); roles, decisions and the comparison.
//   const q = hiringQueries(useHiringApi());  useQuery(q.report(id));
//   const m = hiringMutations(useHiringApi(), useQueryClient());  useMutation(m.create(company));
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { showErrorToast, type AdminMutationMeta } from '@skillquiz/admin-ui';
import { CONSTANTS, MESSAGES } from '@skillquiz/contracts/constants';
import type {
  BulkCreatedResponse,
  CompanyStagesUpdate,
  ContactSettingsUpdate,
  EmailStatusListResponse,
  InvitationCreate,
  InvitationEdit,
  InvitationReport,
  InvitationResponse,
  RoleCreate,
  RoleUpdate,
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
  catalogue: ['hiring', 'catalogue'] as const,
  /** Every email status key starts with this, so a resend or an edit can refresh them all. */
  emails: ['hiring', 'email'] as const,
  email: (id: string) => ['hiring', 'email', id] as const,
  emailsOf: (ids: readonly string[]) => ['hiring', 'email', 'list', ...ids] as const,
  contact: (company: string) => ['hiring', 'contact', company] as const,
  stages: (company: string) => ['hiring', 'stages', company] as const,
  roles: (company: string) => ['hiring', 'roles', company] as const,
  decision: (id: string) => ['hiring', 'report', id, 'decision'] as const,
  compare: (roleId: string, ids: readonly string[]) => ['hiring', 'compare', roleId, ...ids] as const,
};

/** SPEC §9's durations: a load error stays 9 s, a write's result 5 s. */
const LOAD_MS = CONSTANTS.TOAST_MS.LOAD_ERROR;
const WRITE_MS = CONSTANTS.TOAST_MS.QUESTION;
/** An email still queued (or retrying after a failure) is looked at again this often. */
const EMAIL_POLL_MS = 5_000;

const unsent = (states: readonly string[]) => states.some((s) => s === 'queued' || s === 'failed');

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
        queryFn: ({ signal }) => api.answerSignals(id, signal),
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
    /** The takeable atoms, described (no question text); rarely changes. */
    catalogue: () =>
      queryOptions({
        queryKey: hiringKeys.catalogue,
        queryFn: ({ signal }) => api.catalogue(signal),
        staleTime: 5 * 60_000,
        meta: {
          errorToast: {
            title: MESSAGES.ERROR_LOADING_CATALOGUE,
            durationMs: LOAD_MS,
            id: 'hiring-catalogue',
          },
        },
      }),
    /** One invitation's email status; refreshed while it is not sent yet. Silent on failure. */
    email: (id: string) =>
      queryOptions({
        queryKey: hiringKeys.email(id),
        queryFn: ({ signal }) => api.invitationEmail(id, signal),
        refetchInterval: (q) => (q.state.data && unsent([q.state.data.email.state]) ? EMAIL_POLL_MS : false),
      }),
    /** The email status of a list page's rows; refreshed while one is not sent yet. Silent on failure. */
    emailsOf: (ids: readonly string[]) =>
      queryOptions({
        queryKey: hiringKeys.emailsOf(ids),
        queryFn: ({ signal }): Promise<EmailStatusListResponse> => api.emailStatuses(ids, signal),
        enabled: ids.length > 0,
        refetchInterval: (q) =>
          q.state.data && unsent(Object.values(q.state.data.items).map((s) => s.state))
            ? EMAIL_POLL_MS
            : false,
      }),
    /** The company's contact for candidates ('' : a recruiter's own company). */
    contact: (company: string) =>
      queryOptions({
        queryKey: hiringKeys.contact(company),
        queryFn: ({ signal }) => api.contact(company || undefined, signal),
        meta: {
          errorToast: { title: MESSAGES.ERROR_LOADING_SETTINGS, durationMs: LOAD_MS, id: 'hiring-contact' },
        },
      }),
    /** The company's pipeline stages ('' : a recruiter's own company): the list's filter, the settings. */
    stages: (company: string) =>
      queryOptions({
        queryKey: hiringKeys.stages(company),
        queryFn: ({ signal }) => api.stages(company || undefined, signal),
        meta: {
          errorToast: { title: MESSAGES.ERROR_LOADING_STAGES, durationMs: LOAD_MS, id: 'hiring-stages' },
        },
      }),
    roles: (company: string) =>
      queryOptions({
        queryKey: hiringKeys.roles(company),
        queryFn: ({ signal }) => api.roles(company || undefined, signal),
        meta: {
          errorToast: { title: MESSAGES.ERROR_LOADING_ROLES, durationMs: LOAD_MS, id: 'hiring-roles' },
        },
      }),
    /** Silent on failure: the report's decision section says so. */
    decision: (id: string) =>
      queryOptions({
        queryKey: hiringKeys.decision(id),
        queryFn: ({ signal }) => api.decision(id, signal),
      }),
    /** Two to four candidates side by side against a role. */
    compare: (roleId: string, ids: readonly string[], company: string) =>
      queryOptions({
        queryKey: hiringKeys.compare(roleId, ids),
        queryFn: ({ signal }) => api.compare(roleId, ids, company || undefined, signal),
        enabled: ids.length >= 2,
        meta: {
          errorToast: { title: MESSAGES.ERROR_LOADING_COMPARISON, durationMs: LOAD_MS, id: 'hiring-compare' },
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
  // A refusal the page explains (409: cannot be sent; 429: the budget) is said beside the button too.
  resend: {
    errorToast: { title: MESSAGES.ERROR_RESENDING_INVITATION, durationMs: WRITE_MS },
    successToast: { title: MESSAGES.INVITATION_RESENT, durationMs: WRITE_MS },
  },
  edit: {
    errorToast: { title: MESSAGES.ERROR_EDITING_INVITATION, durationMs: WRITE_MS },
    successToast: { title: MESSAGES.INVITATION_EDITED, durationMs: WRITE_MS },
  },
  saveContact: {
    errorToast: { title: MESSAGES.ERROR_SAVING_CONTACT, durationMs: WRITE_MS },
    successToast: { title: MESSAGES.CONTACT_SAVED, durationMs: WRITE_MS },
  },
  // A refusal (400, 409: stale, or a removed stage with candidates) is said in the form's live
  // region; other failures toast.
  saveStages: {
    successToast: { title: MESSAGES.STAGES_SAVED, durationMs: WRITE_MS },
  },
  // A stale version (409) is said above the form (the role is reloaded); other failures toast.
  saveRole: {
    errorToast: { title: MESSAGES.ERROR_SAVING_ROLE, durationMs: WRITE_MS },
    successToast: { title: MESSAGES.ROLE_SAVED, durationMs: WRITE_MS },
  },
  deleteRole: {
    errorToast: { title: MESSAGES.ERROR_DELETING_ROLE, durationMs: WRITE_MS },
    successToast: { title: MESSAGES.ROLE_DELETED, durationMs: WRITE_MS },
  },
} satisfies Record<string, AdminMutationMeta>;

/**
 * The writes as TanStack Query `mutationOptions` factories, beside the queries: each with its
 * function, its toasts (`meta`) and what it makes out of date.
 *   const m = hiringMutations(useHiringApi(), useQueryClient());  useMutation(m.create(company));
 */
export function hiringMutations(api: HiringApi, queryClient: QueryClient) {
  /** After a write: the lists are out of date (not awaited: the page need not wait for them). */
  const refreshLists = () => void queryClient.invalidateQueries({ queryKey: hiringKeys.lists });
  const refreshEmails = () => void queryClient.invalidateQueries({ queryKey: hiringKeys.emails });
  const refreshRoles = (company: string) =>
    void queryClient.invalidateQueries({ queryKey: hiringKeys.roles(company) });
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
    resend: (id: string) =>
      mutationOptions({
        mutationFn: () => api.resend(id),
        meta: mutationMeta.resend,
        onSuccess: (data) => {
          queryClient.setQueryData(hiringKeys.email(id), data);
          refreshEmails();
        },
      }),
    /** The reply is the report as it stands: it replaces the cached one; lists and emails are out of date. */
    edit: (id: string) =>
      mutationOptions({
        mutationFn: (input: InvitationEdit) => api.edit(id, input),
        meta: mutationMeta.edit,
        onSuccess: (report: InvitationReport) => {
          reportWrite(id, report);
          refreshEmails();
        },
      }),
    saveContact: (company: string) =>
      mutationOptions({
        mutationFn: (input: ContactSettingsUpdate) => api.saveContact(input, company || undefined),
        meta: mutationMeta.saveContact,
        onSuccess: (data) => queryClient.setQueryData(hiringKeys.contact(company), data),
      }),
    /**
     * The reply is the list as stored (it replaces the cached one); the candidates' stage labels in
     * the lists and reports are out of date. A 409 reloads the list (someone saved first, or a
     * stage is in use: the counts moved).
     */
    saveStages: (company: string) =>
      mutationOptions({
        mutationFn: (input: CompanyStagesUpdate) => api.saveStages(input, company || undefined),
        meta: mutationMeta.saveStages,
        onSuccess: (data) => {
          queryClient.setQueryData(hiringKeys.stages(company), data);
          void queryClient.invalidateQueries({ queryKey: hiringKeys.lists });
          void queryClient.invalidateQueries({ queryKey: ['hiring', 'report'] });
        },
        onError: (error: Error) => {
          const status = error instanceof ApiError ? error.status : 0;
          if (status === 409) void queryClient.invalidateQueries({ queryKey: hiringKeys.stages(company) });
          else if (status !== 400)
            showErrorToast(MESSAGES.ERROR_SAVING_STAGES, { durationMs: WRITE_MS, detail: error.message });
        },
      }),
    saveRole: (company: string) =>
      mutationOptions({
        mutationFn: (input: { id?: string; body: RoleCreate | RoleUpdate }) =>
          input.id
            ? api.updateRole(input.id, input.body as RoleUpdate, company || undefined)
            : api.createRole(input.body as RoleCreate, company || undefined),
        meta: mutationMeta.saveRole,
        onSettled: () => refreshRoles(company),
      }),
    deleteRole: (company: string) =>
      mutationOptions({
        mutationFn: (input: { id: string; version: number }) =>
          api.deleteRole(input.id, input.version, company || undefined),
        meta: mutationMeta.deleteRole,
        onSettled: () => refreshRoles(company),
      }),
  };
}

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
        queryFn: ({ signal }) => api.pipeline(id, signal),
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
  /** One pipeline write: `send` stores `input`, and the stored pipeline replaces the cached one. */
  const write = <I>(
    id: string,
    kind: keyof typeof pipelineMutationMeta,
    errorTitle: string,
    send: (input: I) => Promise<PipelineView>,
  ) =>
    mutationOptions<PipelineView, Error, I>({
      mutationFn: send,
      meta: pipelineMutationMeta[kind],
      onSuccess: (view) => {
        queryClient.setQueryData(pipelineKeys.pipeline(id), view);
        void queryClient.invalidateQueries({ queryKey: hiringKeys.lists });
      },
      onError: (error) => {
        const status = error instanceof ApiError ? error.status : 0;
        if (status === 409) void queryClient.invalidateQueries({ queryKey: pipelineKeys.pipeline(id) });
        else if (status !== 400) showErrorToast(errorTitle, { durationMs: WRITE_MS, detail: error.message });
      },
    });
  return {
    setStage: (id: string) =>
      write(id, 'setStage', MESSAGES.ERROR_SAVING_STAGE, (input: PipelineStageUpdate) =>
        api.setStage(id, input),
      ),
    addNote: (id: string) =>
      write(id, 'addNote', MESSAGES.ERROR_ADDING_NOTE, (input: PipelineNoteCreate) => api.addNote(id, input)),
    setRating: (id: string) =>
      write(id, 'setRating', MESSAGES.ERROR_SAVING_RATING, (input: PipelineRatingUpdate) =>
        api.setRating(id, input),
      ),
  };
}
