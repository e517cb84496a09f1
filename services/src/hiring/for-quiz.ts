// What the quiz reads of an invitation and its company (the quiz context's QuizInvitationSource port,
// handed to the quiz router by the composition root).
//
// A withdrawn invitation, as its candidate is told: the company revoked it (not the quiz's own
// expiry, and not an abandonment), with the company's name and contact address (hiring/contact.ts:
// the contact, else its support address, else the service's SUPPORT_EMAIL). The quiz API adds it
// to the quiz result of every quiz of a revoked invitation (candidate.ts `withdrawn`).
import type { Withdrawn } from '@skillquiz/contracts';
import type { QuizInvitationSource } from '../quiz';
import { contactEmailOf } from './contact';
import { Company } from './models/company';
import { Invitation } from './models/invitation';

export async function withdrawalOf(
  invitationId: string,
  serviceSupport: string | null | undefined,
): Promise<Withdrawn | null> {
  const inv = await Invitation.findById(invitationId).select({ revoked_at: 1, company: 1 }).lean().exec();
  if (!inv?.revoked_at) return null;
  const company = await Company.findById(inv.company)
    .select({ name: 1, contact_email: 1, support_email: 1 })
    .lean()
    .exec();
  return {
    company_name: company?.name ?? null,
    contact_email: contactEmailOf(company, serviceSupport),
    at: new Date(inv.revoked_at).toISOString(),
  };
}

/** The invitation and company as the quiz reads them, on the mongoose models. */
export function quizInvitationSource(): QuizInvitationSource {
  return {
    async company(companyId) {
      const c = await Company.findById(companyId).lean().exec();
      return c
        ? { name: c.name ?? null, logo_url: c.logo_url ?? null, support_email: c.support_email ?? null }
        : null;
    },
    async atomsOf(invitationId) {
      const inv = await Invitation.findById(invitationId)
        .select({ required_atoms: 1, optional_atoms: 1 })
        .lean()
        .exec();
      return inv ? { required: inv.required_atoms ?? [], optional: inv.optional_atoms ?? [] } : null;
    },
    withdrawal: withdrawalOf,
  };
}
