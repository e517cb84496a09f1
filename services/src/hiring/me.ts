// Who is using the hiring pages (GET /api/hiring/me) and which atoms they may invite candidates to
// take (GET /api/hiring/atoms: recruiters cannot read the content API).
import type { HiringAtomsResponse, HiringMeResponse } from '@skillquiz/contracts';
import type { Principal } from '../platform';
import { atomAvailability } from './invitations/availability';
import { listCompanies } from './invitations/companies';
import { Atom } from '../content';

/** The role and company; for an admin every company (the switcher), for a recruiter only theirs. */
export async function hiringMe(p: Principal): Promise<HiringMeResponse> {
  return {
    email: p.user.email,
    name: p.user.name,
    role: p.role,
    company: p.company,
    companies: p.role === 'admin' ? await listCompanies() : [p.company],
  };
}

/**
 * The atoms a candidate can take, by name, as the invite form offers them (beta atoms flagged):
 * only those with enough questions ready to serve (hiring/invitations/availability.ts).
 */
export async function hiringAtoms(): Promise<HiringAtomsResponse> {
  const [docs, availability] = await Promise.all([
    Atom.find({})
      .select({ name: 1, beta: 1, client_description: 1, num_questions: 1, eta_minutes: 1 })
      .sort({ name: 1 })
      .lean()
      .exec(),
    atomAvailability(),
  ]);
  const atoms = docs.filter((a) => availability.get(a._id)?.takeable === true);
  return {
    atoms: atoms.map((a) => ({
      id: a._id,
      name: a.name,
      beta: a.beta === true,
      client_description: a.client_description ?? '',
      num_questions: a.num_questions ?? 0,
      eta_minutes: a.eta_minutes ?? 0,
    })),
  };
}
