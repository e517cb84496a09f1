// What the quiz reads of an invitation and its company (the quiz context's QuizInvitationSource port,
// handed to the quiz router by the composition root).
//
// A withdrawn invitation, as its candidate is told: the company revoked it (not the quiz's own
// expiry, and not an abandonment), with the company's name and contact address (hiring/contact.ts:
// the contact, else its support address, else the service's SUPPORT_EMAIL). The quiz API adds it
// to the quiz result of every quiz of a revoked invitation (candidate.ts `withdrawn`).
import type { Withdrawn } from '@skillquiz/contracts';
import { Types } from 'mongoose';
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
    async claimStart(invitationId, at) {
      const _id = new Types.ObjectId(invitationId);
      // Read, then claim only if the name and email are still as read: an edit that lands between
      // makes the claim miss, and the next round records the edited ones. An edit can only land
      // before the claim (it is conditional on no claim), so a few rounds always settle it.
      for (let round = 0; round < 10; round++) {
        const inv = await Invitation.findById(_id)
          .select({ start_claimed_at: 1, candidate_name: 1, candidate_email: 1 })
          .lean()
          .exec();
        if (!inv || inv.start_claimed_at) return;
        const as = {
          candidate_name: inv.candidate_name ?? null,
          candidate_email: inv.candidate_email ?? null,
        };
        const won = await Invitation.updateOne(
          { _id, start_claimed_at: null, ...as },
          { $set: { start_claimed_at: at, started_as: as } },
        ).exec();
        if (won.matchedCount === 1) return;
      }
      throw new Error(`claimStart: the invitation ${invitationId} kept changing`);
    },
  };
}
