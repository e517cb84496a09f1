// The hiring remote's data after "create" (the test catalogue, email status, resend, edit, the
// company's contact), as queries.ts does it: `queryOptions`/`mutationOptions` factories over the
// HiringApi, each with its key, its fetch (with `signal`), its cache rule and its toasts from the
// contracts' table. Each is disabled when the backend lacks the call (an older or fake backend).
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AdminMutationMeta } from '@skillquiz/admin-ui';
import { CONSTANTS, MESSAGES } from '@skillquiz/contracts/constants';
import type {
  ContactSettingsUpdate,
  EmailStatusListResponse,
  InvitationEdit,
  InvitationReport,
} from '@skillquiz/contracts';
import type { HiringApi } from './hiringApi';
import { hiringKeys } from './queries';

export const afterCreateKeys = {
  catalogue: ['hiring', 'catalogue'] as const,
  /** Every email status key starts with this, so a resend or an edit can refresh them all. */
  emails: ['hiring', 'email'] as const,
  email: (id: string) => ['hiring', 'email', id] as const,
  emailsOf: (ids: readonly string[]) => ['hiring', 'email', 'list', ...ids] as const,
  contact: (company: string) => ['hiring', 'contact', company] as const,
};

const LOAD_MS = CONSTANTS.TOAST_MS.LOAD_ERROR;
const WRITE_MS = CONSTANTS.TOAST_MS.QUESTION;
/** An email still queued (or retrying after a failure) is looked at again this often. */
const EMAIL_POLL_MS = 5_000;

const unsent = (states: readonly string[]) => states.some((s) => s === 'queued' || s === 'failed');

export function afterCreateQueries(api: HiringApi) {
  return {
    catalogue: () =>
      queryOptions({
        queryKey: afterCreateKeys.catalogue,
        queryFn: ({ signal }) => api.catalogue!(signal),
        enabled: api.catalogue !== undefined,
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
        queryKey: afterCreateKeys.email(id),
        queryFn: ({ signal }) => api.invitationEmail!(id, signal),
        enabled: api.invitationEmail !== undefined,
        refetchInterval: (q) => (q.state.data && unsent([q.state.data.email.state]) ? EMAIL_POLL_MS : false),
      }),
    /** The email status of a list page's rows; refreshed while one is not sent yet. Silent on failure. */
    emailsOf: (ids: readonly string[]) =>
      queryOptions({
        queryKey: afterCreateKeys.emailsOf(ids),
        queryFn: ({ signal }): Promise<EmailStatusListResponse> => api.emailStatuses!(ids, signal),
        enabled: api.emailStatuses !== undefined && ids.length > 0,
        refetchInterval: (q) =>
          q.state.data && unsent(Object.values(q.state.data.items).map((s) => s.state))
            ? EMAIL_POLL_MS
            : false,
      }),
    contact: (company: string) =>
      queryOptions({
        queryKey: afterCreateKeys.contact(company),
        queryFn: ({ signal }) => api.contact!(company || undefined, signal),
        enabled: api.contact !== undefined,
        meta: {
          errorToast: { title: MESSAGES.ERROR_LOADING_SETTINGS, durationMs: LOAD_MS, id: 'hiring-contact' },
        },
      }),
  };
}

export const afterCreateMutationMeta = {
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
} satisfies Record<string, AdminMutationMeta>;

export function afterCreateMutations(api: HiringApi, queryClient: QueryClient) {
  const refreshEmails = () => void queryClient.invalidateQueries({ queryKey: afterCreateKeys.emails });
  return {
    resend: (id: string) =>
      mutationOptions({
        mutationFn: () => api.resend!(id),
        meta: afterCreateMutationMeta.resend,
        onSuccess: (data) => {
          queryClient.setQueryData(afterCreateKeys.email(id), data);
          refreshEmails();
        },
      }),
    /** The reply is the report as it stands: it replaces the cached one; lists and emails are out of date. */
    edit: (id: string) =>
      mutationOptions({
        mutationFn: (input: InvitationEdit) => api.edit!(id, input),
        meta: afterCreateMutationMeta.edit,
        onSuccess: (report: InvitationReport) => {
          queryClient.setQueryData(hiringKeys.report(id), report);
          void queryClient.invalidateQueries({ queryKey: hiringKeys.lists });
          refreshEmails();
        },
      }),
    saveContact: (company: string) =>
      mutationOptions({
        mutationFn: (input: ContactSettingsUpdate) => api.saveContact!(input, company || undefined),
        meta: afterCreateMutationMeta.saveContact,
        onSuccess: (data) => queryClient.setQueryData(afterCreateKeys.contact(company), data),
      }),
  };
}
