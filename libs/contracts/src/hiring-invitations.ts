// The hiring workspace after "create": the test catalogue the invite page offers, an invitation's
// email status, resending it, editing the candidate's name and email before they start, and the
// company's contact address that a withdrawn candidate is pointed to. Rules: services/README.md,
// "Hiring API"; why each is shaped so: docs/DECISIONS.md, "Invitations after create".
import { z } from 'zod';
import { IsoDateSchema } from './entities';
import { HIRING } from './hiring';

// ---------------------------------------------------------------------------------------------
// The test catalogue (GET /api/hiring/catalogue)

/**
 * One atom a company may invite candidates to take, as the catalogue describes it. Only atoms a
 * quiz can be served from are listed (content still in review is never offered). No question text
 * or answer is part of it.
 */
export const CatalogueAtomSchema = z.object({
  id: z.string(),
  name: z.string(),
  beta: z.boolean(),
  client_description: z.string(),
  /** Questions the candidate answers: the scored ones, plus the one unscored beta question when the atom has one. */
  num_questions: z.number().int(),
  /** The longest the quiz can take: num_questions times the time limit of one question, in whole minutes. */
  estimated_minutes: z.number().int(),
  /** The time limit of one question, in seconds (without extra time). */
  seconds_per_question: z.number(),
  /** level_1_description .. level_5_description, in order (empty strings where the content team wrote none). */
  level_descriptions: z.array(z.string()).length(5),
});
export type CatalogueAtom = z.infer<typeof CatalogueAtomSchema>;
export const HiringCatalogueResponseSchema = z.object({ atoms: z.array(CatalogueAtomSchema) });
export type HiringCatalogueResponse = z.infer<typeof HiringCatalogueResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Email status

export const EMAIL_STATES = ['queued', 'sent', 'failed', 'none'] as const;
export type EmailState = (typeof EMAIL_STATES)[number];

/**
 * Where the invitation's latest email stands, from the durable delivery records: 'queued' (a job
 * will send it; also while the SMTP conversation runs), 'sent' (the mail server answered 250),
 * 'failed' (the last attempt was refused or could not connect: `reason`; the job retries with
 * backoff), 'none' (nothing will be sent: `reason` says why).
 */
export const EmailStatusSchema = z.object({
  state: z.enum(EMAIL_STATES),
  /** The address of the latest email (the candidate's address when it was queued). */
  to: z.string().nullable(),
  /** When it was sent, or when the last attempt failed; null while queued. */
  at: IsoDateSchema.nullable(),
  reason: z.string().nullable(),
  /** SMTP conversations begun for the latest email. */
  attempts: z.number().int(),
  /** Emails requested for this invitation: 1 for the first, one more per resend or changed address. */
  sends: z.number().int(),
});
export type EmailStatus = z.infer<typeof EmailStatusSchema>;

/** GET /api/hiring/email-status?ids=a,b,c: the status of each id in the scope (others absent). */
export const EmailStatusQuerySchema = z.object({
  ids: z
    .string()
    .max(25 * 100)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.string().regex(/^[0-9a-f]{24}$/i, 'ids are invitation ids')).max(100, 'at most 100 ids')),
});
export const EmailStatusListResponseSchema = z.object({ items: z.record(z.string(), EmailStatusSchema) });
export type EmailStatusListResponse = z.infer<typeof EmailStatusListResponseSchema>;

/** GET /api/hiring/invitations/{id}/email, and the 202 of POST .../{id}/resend. */
export const InvitationEmailResponseSchema = z.object({ email: EmailStatusSchema });
export type InvitationEmailResponse = z.infer<typeof InvitationEmailResponseSchema>;

/** Resends one invitation may have in one window (POST .../{id}/resend: 429 beyond). */
export const RESEND_LIMIT = { max: 3, windowMs: 60 * 60_000 } as const;

// ---------------------------------------------------------------------------------------------
// Editing the candidate before they start (PATCH /api/hiring/invitations/{id})

const editName = z.string().trim().min(1, 'name is required').max(HIRING.NAME_MAX, 'name is too long');
const editEmail = z
  .string()
  .trim()
  .max(HIRING.EMAIL_MAX, 'email is too long')
  .pipe(z.email({ message: 'email is not a valid email address' }))
  .transform((s) => s.toLowerCase());

/** At least one field; a changed email sends the invitation to the new address. Replies with the report. */
export const InvitationEditSchema = z
  .strictObject({ candidate_name: editName.optional(), candidate_email: editEmail.optional() })
  .refine((v) => v.candidate_name !== undefined || v.candidate_email !== undefined, {
    message: 'give candidate_name, candidate_email or both',
  });
export type InvitationEdit = z.input<typeof InvitationEditSchema>;

// ---------------------------------------------------------------------------------------------
// The company's contact (GET/PUT /api/hiring/settings/contact)

/** `contact_email: null` goes back to the default (the company's support address, else the service's). */
export const ContactSettingsUpdateSchema = z.strictObject({ contact_email: editEmail.nullable() });
export type ContactSettingsUpdate = z.input<typeof ContactSettingsUpdateSchema>;

export const ContactSettingsResponseSchema = z.object({
  /** As set; null: the default is used. */
  contact_email: z.string().nullable(),
  /** What candidates are shown now (the set address, else the default). */
  effective: z.string().nullable(),
  /** Used while none is set. */
  default: z.string().nullable(),
});
export type ContactSettingsResponse = z.infer<typeof ContactSettingsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The candidate's withdrawn invitation (beside SPEC §3's quiz result)

/** On a quiz result whose invitation the company revoked: who withdrew it and whom to ask. */
export const WithdrawnSchema = z.object({
  company_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  at: IsoDateSchema,
});
export type Withdrawn = z.infer<typeof WithdrawnSchema>;
