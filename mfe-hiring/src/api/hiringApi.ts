// The hiring remote's backend: every call of the hiring API (services/README.md, "Hiring API")
// behind one interface, HiringApi. The exposed HiringApp takes an `api` prop (default: httpHiringApi
// below) and hands it to the pages through context (./context.ts); the app tests and the standalone
// dev page use that default too, on the real services.
// A failed call throws ApiError (@skillquiz/http-client) carrying its status and the server's
// message (SPEC §8), which is what TanStack Query expects of a query or mutation function.
// `company` is the admins' company switcher (`?company=<slug>`); recruiters never send it (the
// server scopes every call to their own company).
import { apiCall } from '@skillquiz/http-client';
import type {
  CompanyStages,
  CompanyStagesUpdate,
  ContactSettingsResponse,
  ContactSettingsUpdate,
  EmailStatusListResponse,
  HiringCatalogueResponse,
  InvitationEdit,
  InvitationEmailResponse,
  BulkCreatedResponse,
  BulkPreviewResponse,
  HiringAtomsResponse,
  HiringMeResponse,
  InvitationCreate,
  InvitationIntegrityResponse,
  InvitationListResponse,
  InvitationReport,
  InvitationResponse,
  InvitationSort,
  InvitationStatus,
  HiringSettingsResponse,
  PipelineStage,
  SurveyResponse,
  WebhookAttemptsResponse,
  WebhookSettingsUpdate,
  WebhookTestResponse,
} from '@skillquiz/contracts';
import { httpDecideApi, type DecideApi } from './decideApi';
import { httpPipelineApi, type PipelineApi } from './pipelineApi';

/** The candidates list's filters as the API takes them (GET /api/hiring/invitations). */
export interface InvitationFilters {
  /** Words that must each start a word of the name or email. */
  q?: string;
  status?: InvitationStatus;
  /** An atom slug. */
  atom?: string;
  sort?: InvitationSort;
  /** An admin's chosen company (slug); absent: a recruiter's own, or every company for an admin. */
  company?: string;
  /** Also demo invitations and simulated candidates (hidden by default). */
  include_demo?: boolean;
  /** Only candidates with an integrity signal raised. */
  needs_a_look?: boolean;
  /** A role id, and a floor on P(every bar of the role is met). */
  role?: string;
  meets_min?: number;
  /** A pipeline stage. */
  stage?: PipelineStage;
}

/** A bulk invite: the CSV file's text and the settings every row gets. */
export interface BulkInviteInput {
  csv: string;
  /** YYYY-MM-DD (the end of that day, UTC) or an ISO time. */
  expires_at?: string;
  extra_time_percent?: 0 | 25 | 50 | 100;
}

/** Every call of the hiring API; roles, decisions and the comparison are in ./decideApi.ts, the pipeline in ./pipelineApi.ts. */
export interface HiringApi extends DecideApi, PipelineApi {
  /** GET /api/hiring/me: role, company, and (admins) every company for the switcher. */
  me(signal?: AbortSignal): Promise<HiringMeResponse>;
  /** GET /api/hiring/atoms: the atoms candidates can be invited to take. */
  atoms(signal?: AbortSignal): Promise<HiringAtomsResponse>;
  /** GET /api/hiring/invitations?page&q&status&atom&sort&company */
  list(filters: InvitationFilters & { page: number }, signal?: AbortSignal): Promise<InvitationListResponse>;
  /** GET /api/hiring/invitations.csv?… (the list's filters, every page): the CSV text. */
  exportCsv(filters: InvitationFilters): Promise<string>;
  /** POST /api/hiring/invitations: the invitation and its links (201). */
  create(input: InvitationCreate, company?: string): Promise<InvitationResponse>;
  /** POST /api/hiring/invitations/bulk with dry_run: every row and its problems; nothing is created. */
  bulkPreview(input: BulkInviteInput, company?: string): Promise<BulkPreviewResponse>;
  /** POST /api/hiring/invitations/bulk: every row created, or (400) none when any row has a problem. */
  bulkCreate(input: BulkInviteInput, company?: string): Promise<BulkCreatedResponse>;
  /** GET /api/hiring/invitations/{id}: the report (404 for an unknown id or another company's). */
  report(id: string, signal?: AbortSignal): Promise<InvitationReport>;
  /** GET /api/hiring/survey: the relevance survey in aggregate (per atom and month, once enough answered). */
  survey(company: string | undefined, signal?: AbortSignal): Promise<SurveyResponse>;
  /** GET /api/hiring/invitations/{id}/integrity: what the answers and their times say (404 like the report). */
  answerSignals(id: string, signal?: AbortSignal): Promise<InvitationIntegrityResponse>;
  /** POST /api/hiring/invitations/{id}/revoke: the report after it (409 once finished). */
  revoke(id: string): Promise<InvitationReport>;
  /** POST /api/hiring/invitations/{id}/extend { expires_at }: the report after it. */
  extend(id: string, expiresAt: string): Promise<InvitationReport>;

  // The company's settings (services/src/hiring/webhooks/router.ts). `company`: an admin's
  // switcher choice (400 without one); a recruiter passes none.
  /** GET /api/hiring/settings: the webhook (URL, secret, version), the signature scheme, email. */
  settings(company: string | undefined, signal?: AbortSignal): Promise<HiringSettingsResponse>;
  /** PUT /api/hiring/settings/webhook: 400 for a URL it refuses, 409 when `version` is stale. */
  saveWebhook(input: WebhookSettingsUpdate, company: string | undefined): Promise<HiringSettingsResponse>;
  /** POST /api/hiring/settings/webhook/test: one delivery now, recorded (400 with no URL). */
  testWebhook(company: string | undefined): Promise<WebhookTestResponse>;
  /** GET /api/hiring/settings/webhook/attempts?page=N: every delivery attempt, newest first, 50 a page. */
  webhookAttempts(
    page: number,
    company: string | undefined,
    signal?: AbortSignal,
  ): Promise<WebhookAttemptsResponse>;

  // After create (services/src/hiring/after-create-router.ts): the catalogue, the email status,
  // resend, edit and the contact setting.
  /** GET /api/hiring/catalogue: the takeable atoms, described (no question text). */
  catalogue(signal?: AbortSignal): Promise<HiringCatalogueResponse>;
  /** GET /api/hiring/email-status?ids=…: the email status of each of these invitations. */
  emailStatuses(ids: readonly string[], signal?: AbortSignal): Promise<EmailStatusListResponse>;
  /** GET /api/hiring/invitations/{id}/email */
  invitationEmail(id: string, signal?: AbortSignal): Promise<InvitationEmailResponse>;
  /** POST /api/hiring/invitations/{id}/resend: 202, 409 when it cannot be sent, 429 over the budget. */
  resend(id: string): Promise<InvitationEmailResponse>;
  /** PATCH /api/hiring/invitations/{id}: the report after it (409 once the candidate started). */
  edit(id: string, input: InvitationEdit): Promise<InvitationReport>;
  /** GET /api/hiring/settings/contact */
  contact(company: string | undefined, signal?: AbortSignal): Promise<ContactSettingsResponse>;
  /** PUT /api/hiring/settings/contact */
  saveContact(input: ContactSettingsUpdate, company: string | undefined): Promise<ContactSettingsResponse>;
  /** GET /api/hiring/settings/stages: the company's pipeline stages (the default set until it saves its own) */
  stages(company: string | undefined, signal?: AbortSignal): Promise<CompanyStages>;
  /** PUT /api/hiring/settings/stages: 409 when stale or when a removed stage has candidates */
  saveStages(input: CompanyStagesUpdate, company: string | undefined): Promise<CompanyStages>;
}

/** `?a=1&b=2` of the defined, non-empty values (an empty string when there are none). */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

const companyQuery = (company?: string) => queryString({ company });
/** The filters as query values: include_demo and needs_a_look only when true. */
const flat = ({ include_demo, needs_a_look, ...rest }: InvitationFilters & { page?: number }) => ({
  ...rest,
  include_demo: include_demo ? 'true' : undefined,
  needs_a_look: needs_a_look ? 'true' : undefined,
});
const SETTINGS = '/api/hiring/settings';
const idPath = (id: string) => `/api/hiring/invitations/${encodeURIComponent(id)}`;

/** HiringApi over HTTP to the services (same origin, the session cookie, the CSRF header on writes). */
export const httpHiringApi: HiringApi = {
  ...httpDecideApi,
  ...httpPipelineApi,
  me: (signal) => apiCall<HiringMeResponse>('/api/hiring/me', { signal }),
  atoms: (signal) => apiCall<HiringAtomsResponse>('/api/hiring/atoms', { signal }),
  list: (filters, signal) =>
    apiCall<InvitationListResponse>(`/api/hiring/invitations${queryString(flat(filters))}`, { signal }),
  exportCsv: (filters) =>
    apiCall<string>(`/api/hiring/invitations.csv${queryString(flat(filters))}`, {
      headers: { Accept: 'text/csv' },
    }),
  create: (input, company) =>
    apiCall<InvitationResponse>(`/api/hiring/invitations${companyQuery(company)}`, {
      method: 'POST',
      body: input,
    }),
  bulkPreview: (input, company) =>
    apiCall<BulkPreviewResponse>(`/api/hiring/invitations/bulk${companyQuery(company)}`, {
      method: 'POST',
      body: { ...input, dry_run: true },
    }),
  bulkCreate: (input, company) =>
    apiCall<BulkCreatedResponse>(`/api/hiring/invitations/bulk${companyQuery(company)}`, {
      method: 'POST',
      body: input,
    }),
  report: (id, signal) => apiCall<InvitationReport>(idPath(id), { signal }),
  survey: (company, signal) =>
    apiCall<SurveyResponse>(`/api/hiring/survey${companyQuery(company)}`, { signal }),
  answerSignals: (id, signal) => apiCall<InvitationIntegrityResponse>(`${idPath(id)}/integrity`, { signal }),
  revoke: (id) => apiCall<InvitationReport>(`${idPath(id)}/revoke`, { method: 'POST' }),
  extend: (id, expiresAt) =>
    apiCall<InvitationReport>(`${idPath(id)}/extend`, { method: 'POST', body: { expires_at: expiresAt } }),
  settings: (company, signal) =>
    apiCall<HiringSettingsResponse>(`${SETTINGS}${companyQuery(company)}`, { signal }),
  saveWebhook: (input, company) =>
    apiCall<HiringSettingsResponse>(`${SETTINGS}/webhook${companyQuery(company)}`, {
      method: 'PUT',
      body: input,
    }),
  testWebhook: (company) =>
    apiCall<WebhookTestResponse>(`${SETTINGS}/webhook/test${companyQuery(company)}`, { method: 'POST' }),
  webhookAttempts: (page, company, signal) =>
    apiCall<WebhookAttemptsResponse>(`${SETTINGS}/webhook/attempts${queryString({ page, company })}`, {
      signal,
    }),
  catalogue: (signal) => apiCall<HiringCatalogueResponse>('/api/hiring/catalogue', { signal }),
  emailStatuses: (ids, signal) =>
    apiCall<EmailStatusListResponse>(`/api/hiring/email-status${queryString({ ids: ids.join(',') })}`, {
      signal,
    }),
  invitationEmail: (id, signal) => apiCall<InvitationEmailResponse>(`${idPath(id)}/email`, { signal }),
  resend: (id) => apiCall<InvitationEmailResponse>(`${idPath(id)}/resend`, { method: 'POST' }),
  edit: (id, input) => apiCall<InvitationReport>(idPath(id), { method: 'PATCH', body: input }),
  contact: (company, signal) =>
    apiCall<ContactSettingsResponse>(`${SETTINGS}/contact${companyQuery(company)}`, { signal }),
  saveContact: (input, company) =>
    apiCall<ContactSettingsResponse>(`${SETTINGS}/contact${companyQuery(company)}`, {
      method: 'PUT',
      body: input,
    }),
  stages: (company, signal) =>
    apiCall<CompanyStages>(`${SETTINGS}/stages${companyQuery(company)}`, { signal }),
  saveStages: (input, company) =>
    apiCall<CompanyStages>(`${SETTINGS}/stages${companyQuery(company)}`, { method: 'PUT', body: input }),
};
