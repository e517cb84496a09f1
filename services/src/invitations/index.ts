// Invitations and the quizzes issued from them. One rule, used by `npm run invite`, the seed and
// the quiz API:
//   - an invitation lists required atoms (in order) and optional atoms;
//   - it yields one quiz (a QuizResult with its own token) per atom, all issued when the
//     invitation is created: required atoms first, in order, then the optional ones;
//   - the candidate's link is the first quiz's; each quiz's `quiz_url` leads to the next quiz of
//     the invitation that is still open (computed by the quiz API: src/quiz/store.ts).
import { randomBytes } from 'node:crypto';
import type { Types } from 'mongoose';
import { badRequest } from '../http/errors';
import { onInvitationCreated, type InvitationEmail } from '../jobs/hooks';
import { quizPath } from '../quiz/store';
import {
  Atom,
  Company,
  Invitation,
  QuizResult,
  type CompanyDoc,
  type InvitationDoc,
  type QuizResultDoc,
} from '../models';

/** 192 bits from the OS's cryptographic source, URL-safe (32 characters). */
export const TOKEN_BYTES = 24;

export function newQuizToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The candidate's link for a quiz token: the public origin plus the quiz API's quizPath. */
export function quizLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${quizPath(token)}`;
}

export interface CompanyInput {
  name: string;
  logo_url?: string | null;
  support_email?: string | null;
}

/** Finds the company by name (names are unique) or creates it. Safe under concurrent calls. */
export async function findOrCreateCompany(input: CompanyInput): Promise<CompanyDoc> {
  const name = input.name.trim();
  if (!name) throw badRequest('A company needs a name');
  const insert = { name, logo_url: input.logo_url ?? null, support_email: input.support_email ?? null };
  try {
    const doc = await Company.findOneAndUpdate(
      { name },
      { $setOnInsert: insert },
      { upsert: true, returnDocument: 'after', lean: true },
    ).exec();
    return doc!;
  } catch (err) {
    // Two upserts raced on the unique name: the other one created it.
    if ((err as { code?: number }).code === 11000) return (await Company.findOne({ name }).lean().exec())!;
    throw err;
  }
}

/** Throws a 400 naming every slug that is not an atom. */
export async function assertAtomsExist(slugs: string[]): Promise<void> {
  if (slugs.length === 0) return;
  const found = await Atom.find({ _id: { $in: slugs } }, { _id: 1 })
    .lean()
    .exec();
  const known = new Set(found.map((a) => a._id));
  const unknown = slugs.filter((s) => !known.has(s));
  if (unknown.length) {
    const all = (await Atom.find({}, { _id: 1 }).sort({ _id: 1 }).lean().exec()).map((a) => a._id);
    throw badRequest(
      `Unknown atom${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` +
        (all.length ? ` (known atoms: ${all.join(', ')})` : ' (there are no atoms yet)'),
    );
  }
}

export interface CreateInvitationInput {
  company: CompanyDoc | Types.ObjectId;
  requiredAtoms: string[];
  optionalAtoms?: string[];
  candidateEmail?: string | null;
  candidateName?: string | null;
}

export interface CreatedInvitation {
  invitation: InvitationDoc;
  /** One per atom, in invitation order; the first is the candidate's starting link. */
  quizzes: QuizResultDoc[];
  /** Whether the candidate gets an email (issue 20: the invitation-email job), for the API's reply. */
  email: InvitationEmail;
}

/** Creates an invitation and issues its quizzes (one per atom, required first). */
export async function createInvitation(input: CreateInvitationInput): Promise<CreatedInvitation> {
  const requiredAtoms = [...new Set(input.requiredAtoms)];
  const optionalAtoms = [...new Set(input.optionalAtoms ?? [])].filter((s) => !requiredAtoms.includes(s));
  if (requiredAtoms.length === 0) throw badRequest('An invitation needs at least one required atom');
  await assertAtomsExist([...requiredAtoms, ...optionalAtoms]);

  const companyId = '_id' in input.company ? input.company._id : input.company;
  const invitation = (
    await Invitation.create({
      company: companyId,
      required_atoms: requiredAtoms,
      optional_atoms: optionalAtoms,
      candidate_email: input.candidateEmail ?? null,
      candidate_name: input.candidateName ?? null,
    })
  ).toObject();

  const quizzes: QuizResultDoc[] = [];
  for (const atom of [...requiredAtoms, ...optionalAtoms]) {
    quizzes.push(await createQuizForInvitation(invitation, [atom]));
  }
  const email = await onInvitationCreated(invitation);
  return { invitation, quizzes, email };
}

/**
 * Issues one quiz of `invitation` over `atomIds` (served in that order), with a fresh token.
 * A token collision (2^-192) would surface as a duplicate-key error and is retried once.
 */
export async function createQuizForInvitation(
  invitation: Pick<InvitationDoc, '_id' | 'company'>,
  atomIds: string[],
  opts: { token?: string } = {},
): Promise<QuizResultDoc> {
  if (atomIds.length === 0) throw badRequest('A quiz needs at least one atom');
  const create = (token: string) =>
    QuizResult.create({ token, invitation: invitation._id, company: invitation.company, atom_ids: atomIds });
  try {
    return (await create(opts.token ?? newQuizToken())).toObject();
  } catch (err) {
    if ((err as { code?: number }).code !== 11000 || opts.token) throw err;
    return (await create(newQuizToken())).toObject();
  }
}
