// Inviting one candidate (POST /api/hiring/invitations) through createInvitation, the one function
// every invitation is made by, and the reply with the candidate's links.
import { Types } from 'mongoose';
import type { CompanyRef, ExtraTimePercent, InvitationResponse } from '@skillquiz/contracts';
import type { Config, Events } from '../platform';
import { assertAtomsExist, createInvitation, parseExpiry, type CreatedInvitation } from './invitations';
import { assertAtomsTakeable } from './invitations/availability';
import { barsOf, findScopedRole } from './roles';
import { companyForWrite, type HiringScope } from './scope';
import { atomNames, linksOf, toRow } from './views';

export interface InviteInput {
  candidate_name: string;
  candidate_email: string;
  required_atoms: string[];
  optional_atoms: string[];
  expires_at?: string;
  extra_time_percent: number;
  role_id?: string;
}

/** The reply for a created invitation: the row, its links, the starting link. */
export function createdResponse(
  created: CreatedInvitation,
  company: CompanyRef,
  names: ReadonlyMap<string, string>,
  publicUrl: string,
  now: Date,
): InvitationResponse {
  const links = linksOf(created.invitation, created.quizzes, names, publicUrl);
  return {
    invitation: toRow(created.invitation, company, names, now),
    link: links[0]?.url ?? '',
    links,
    email: created.email,
  };
}

/** Invites one candidate for the scope's company (an admin must have chosen one). */
export async function inviteCandidate(
  scope: HiringScope,
  input: InviteInput,
  config: Pick<Config, 'publicUrl' | 'smtpUrl' | 'isProduction'>,
  events?: Events,
  now = new Date(),
): Promise<InvitationResponse> {
  const company = companyForWrite(scope);
  const atoms = [...input.required_atoms, ...input.optional_atoms];
  // Another company's role is 404, as if it did not exist.
  const role = input.role_id ? await findScopedRole(scope, input.role_id) : null;
  await assertAtomsExist(atoms);
  await assertAtomsTakeable(atoms);
  const created = await createInvitation({
    company: new Types.ObjectId(company.id),
    requiredAtoms: input.required_atoms,
    optionalAtoms: input.optional_atoms,
    candidateName: input.candidate_name,
    candidateEmail: input.candidate_email,
    expiresAt: input.expires_at === undefined ? undefined : parseExpiry(input.expires_at),
    extraTimePercent: input.extra_time_percent as ExtraTimePercent,
    createdBy: scope.principal.user.email,
    ...(role ? { role: role._id, bars: barsOf(role) } : {}),
    now,
    events,
    mail: config,
  });
  const names = await atomNames(created.invitation.atoms);
  return createdResponse(created, company, names, config.publicUrl, now);
}
