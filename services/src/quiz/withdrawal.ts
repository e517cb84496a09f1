// A withdrawn invitation, as its candidate is told: the company revoked it (not the quiz's own
// expiry, and not an abandonment), with the company's name and contact address (hiring/contact.ts:
// the contact, else its support address, else the service's SUPPORT_EMAIL). The quiz API adds it
// to the quiz result of every quiz of a revoked invitation (candidate.ts `withdrawn`).
import type { Withdrawn } from '@skillquiz/contracts';
import { contactEmailOf } from '../hiring/contact';
import { Company } from '../hiring/models/company';
import { Invitation } from '../hiring/models/invitation';
import type { QuizState } from './types';

export async function withdrawalOf(
  state: Pick<QuizState, 'invitation_id' | 'company_id'>,
  serviceSupport: string | null | undefined,
): Promise<Withdrawn | null> {
  if (!state.invitation_id) return null;
  const inv = await Invitation.findById(state.invitation_id)
    .select({ revoked_at: 1, company: 1 })
    .lean()
    .exec();
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
