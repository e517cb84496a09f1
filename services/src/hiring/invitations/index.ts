// Invitations and the quizzes issued from them. One rule, used by the hiring API, `npm run invite`,
// the seed and the simulated candidates:
//   - an invitation lists required atoms (in order) and optional atoms, for one candidate (name,
//     email), with an expiry (default 7 days), extra time (0/25/50/100 %) and a demo flag;
//   - it yields one quiz (a QuizResult with its own token) per atom, all issued when the
//     invitation is created: required atoms first, in order, then the optional ones; each quiz
//     carries the invitation's expiry, extra time and demo flag;
//   - the candidate's link is the first quiz's; each quiz's `quiz_url` leads to the next quiz of
//     the invitation that is still open (computed by the quiz API: src/quiz/store.ts).
import { randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { EXTRA_TIME_PERCENTS, HIRING } from '@skillquiz/contracts';
import { badRequest, type Events } from '../../platform';
import { insertQuiz, insertQuizzes, quizDocument, quizPath, type QuizResultDoc } from '../../quiz';
import { Atom } from '../../content';
import { type CompanyDoc } from '../models/company';
import { Invitation, type InvitationDoc } from '../models/invitation';
import {
  dispatchIfPossible,
  invitationCreatedEvent,
  invitationEmail,
  mailPolicyFromEnv,
  type InvitationEmail,
  type MailPolicy,
} from './lifecycle';
import { summarizeInvitation } from './summary';

export type { InvitationEmail } from './lifecycle';

export {
  findOrCreateCompany,
  slugify,
  companyRef,
  findCompany,
  listCompanies,
  type CompanyInput,
} from './companies';

/** 192 bits from the OS's cryptographic source, URL-safe (32 characters). */
export const TOKEN_BYTES = 24;

export function newQuizToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The candidate's link for a quiz token: the public origin plus the quiz API's quizPath. */
export function quizLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${quizPath(token)}`;
}

/** Throws a 400 naming every slug that is not an atom. */
export async function assertAtomsExist(slugs: string[]): Promise<void> {
  const unknown = await unknownAtoms(slugs);
  if (unknown.length) {
    const all = (await Atom.find({}, { _id: 1 }).sort({ _id: 1 }).lean().exec()).map((a) => a._id);
    throw badRequest(
      `Unknown atom${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` +
        (all.length ? ` (known atoms: ${all.join(', ')})` : ' (there are no atoms yet)'),
    );
  }
}

/** The slugs of `slugs` that name no atom. */
export async function unknownAtoms(slugs: readonly string[]): Promise<string[]> {
  if (slugs.length === 0) return [];
  const found = await Atom.find({ _id: { $in: [...slugs] } }, { _id: 1 })
    .lean()
    .exec();
  const known = new Set(found.map((a) => a._id));
  return slugs.filter((s) => !known.has(s));
}

export interface CreateInvitationInput {
  company: CompanyDoc | Types.ObjectId;
  requiredAtoms: string[];
  optionalAtoms?: string[];
  candidateEmail?: string | null;
  candidateName?: string | null;
  /** When the link stops working. undefined: HIRING.DEFAULT_EXPIRY_DAYS from now; null: never. */
  expiresAt?: Date | null;
  /** 0 (default), 25, 50 or 100. */
  extraTimePercent?: number;
  /** A demo invitation (the seeded demo link, `npm run invite --demo`). */
  demo?: boolean;
  /** A user's email, 'cli' or 'seed'. */
  createdBy?: string | null;
  /** The role it is for and that role's bars (kept as they are now). */
  role?: Types.ObjectId | null;
  bars?: { atom_id: string; level: number }[];
  now?: Date;
  /**
   * Dispatches the invitation's intent (its email) right after the insert. Without it the intent
   * waits for a services process's reconciliation pass (a few seconds to a minute).
   */
  events?: Events;
  /** Whether this server sends email (default: this process's environment). */
  mail?: MailPolicy;
}

export interface CreatedInvitation {
  invitation: InvitationDoc;
  /** One per atom, in invitation order; the first is the candidate's starting link. */
  quizzes: QuizResultDoc[];
  /** Whether the candidate gets an email (the invitation-email job), for the API's reply. */
  email: InvitationEmail;
}

const DAY_MS = 24 * 3600_000;

/**
 * An expiry as given (API, CLI): an ISO date-time, or a date alone meaning the end of that day
 * (UTC), so "expires 2030-01-31" includes the 31st. 400 when it is not a date.
 */
export function parseExpiry(value: string): Date {
  const s = value.trim();
  const at = /^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T23:59:59.999Z`) : new Date(s);
  if (Number.isNaN(at.getTime())) throw badRequest(`expires_at '${value}' is not a date`);
  return at;
}

/** The checked expiry: in the future and at most HIRING.MAX_EXPIRY_DAYS away (400 otherwise). */
export function checkedExpiry(expiresAt: Date | null | undefined, now: Date): Date | null {
  if (expiresAt === null) return null;
  const at = expiresAt ?? new Date(now.getTime() + HIRING.DEFAULT_EXPIRY_DAYS * DAY_MS);
  if (Number.isNaN(at.getTime())) throw badRequest('expires_at is not a date');
  if (at.getTime() <= now.getTime()) throw badRequest('expires_at must be in the future');
  if (at.getTime() > now.getTime() + HIRING.MAX_EXPIRY_DAYS * DAY_MS)
    throw badRequest(`expires_at must be at most ${HIRING.MAX_EXPIRY_DAYS} days from now`);
  return at;
}

/** The two atom lists as stored: no duplicates, an optional atom that is also required is required. */
export function atomLists(required: readonly string[], optional: readonly string[] = []) {
  const requiredAtoms = [...new Set(required)];
  const optionalAtoms = [...new Set(optional)].filter((s) => !requiredAtoms.includes(s));
  return { requiredAtoms, optionalAtoms };
}

/** Every check of createInvitation but the atoms' existence, and what it writes (not yet written). */
function prepareInvitation(input: CreateInvitationInput, now: Date) {
  const { requiredAtoms, optionalAtoms } = atomLists(input.requiredAtoms, input.optionalAtoms);
  if (requiredAtoms.length === 0) throw badRequest('An invitation needs at least one required atom');
  const extra = input.extraTimePercent ?? 0;
  if (!(EXTRA_TIME_PERCENTS as readonly number[]).includes(extra))
    throw badRequest(`extra_time_percent must be one of ${EXTRA_TIME_PERCENTS.join(', ')}`);
  const expiresAt = checkedExpiry(input.expiresAt, now);
  const fields = {
    company: '_id' in input.company ? input.company._id : input.company,
    required_atoms: requiredAtoms,
    optional_atoms: optionalAtoms,
    atoms: [...requiredAtoms, ...optionalAtoms],
    candidate_email: input.candidateEmail?.trim().toLowerCase() || null,
    candidate_name: input.candidateName?.trim() || null,
    expires_at: expiresAt,
    extra_time_percent: extra,
    demo: input.demo === true,
    revoked_at: null,
    created_by: input.createdBy ?? null,
    role: input.role ?? null,
    bars: (input.bars ?? []).filter(
      (b) => requiredAtoms.includes(b.atom_id) || optionalAtoms.includes(b.atom_id),
    ),
  };
  // Its summary as it will stand with its quizzes issued and none started (summary.ts).
  const summary = summarizeInvitation(fields, [], new Map(), { now, abandonGraceMinutes: 0 });
  // The environment is read only when it matters (a CLI run given no mail settings).
  const email = invitationEmail(
    fields.candidate_email,
    fields.candidate_email
      ? (input.mail ?? mailPolicyFromEnv())
      : { smtpUrl: undefined, isProduction: false },
  );
  const _id = new Types.ObjectId();
  const pending =
    email.status === 'queued' ? [invitationCreatedEvent(String(_id), expiresAt, now)] : undefined;
  return { _id, fields, summary, email, pending };
}

/**
 * Creates an invitation and issues its quizzes (one per atom, required first). Checks everything
 * before writing: at least one required atom, every atom exists, the expiry and extra time.
 */
export async function createInvitation(input: CreateInvitationInput): Promise<CreatedInvitation> {
  const now = input.now ?? new Date();
  const { _id, fields, summary, email, pending } = prepareInvitation(input, now);
  await assertAtomsExist(fields.atoms);
  // The quizzes first, the invitation last: its insert is the one write that makes the invitation
  // exist, and it carries what must follow (the email) in the same document (platform/models/pending-event.ts).
  // A crash before it leaves only quizzes no one has a link to.
  const quizzes: QuizResultDoc[] = [];
  for (const atom of fields.atoms) quizzes.push(await createQuizForInvitation({ _id, ...fields }, [atom]));
  const invitation = (
    await Invitation.create({ _id, ...fields, ...summary, summary_rev: 1, pending_events: pending })
  ).toObject();
  if (pending) await dispatchIfPossible(input.events, 'invitations', String(_id));
  return { invitation, quizzes, email };
}

/** createInvitations inserts this many invitations (and then their quizzes) per round trip. */
export const INSERT_BATCH = 100;

/**
 * Many invitations at once (the bulk invite): every one checked as createInvitation checks it, the
 * atoms once for all, then the same documents written INSERT_BATCH invitations at a time, in the
 * same order (that batch's quizzes, then its invitations, each carrying its own pending events): two
 * round trips per batch instead of two or more per invitation. A token collision (2^-192) fails the
 * insert and so the call; nothing is dispatched here (the caller does, once its writes are final:
 * Events.dispatchMany). Returns them in input order.
 */
export async function createInvitations(
  inputs: readonly Omit<CreateInvitationInput, 'events'>[],
  now = new Date(),
  written: (ids: Types.ObjectId[]) => void = () => {},
): Promise<CreatedInvitation[]> {
  const prepared = inputs.map((input) => prepareInvitation(input, input.now ?? now));
  await assertAtomsExist([...new Set(prepared.flatMap((p) => p.fields.atoms))]);
  written(prepared.map((p) => p._id));
  const created: CreatedInvitation[] = [];
  for (let from = 0; from < prepared.length; from += INSERT_BATCH) {
    const batch = prepared.slice(from, from + INSERT_BATCH);
    const quizzes = await insertQuizzes(
      batch.flatMap(({ _id, fields }) =>
        fields.atoms.map((atom) => quizDocument({ _id, ...fields }, [atom], newQuizToken())),
      ),
    );
    const invitations = await Invitation.insertMany(
      batch.map(({ _id, fields, summary, pending }) => ({
        _id,
        ...fields,
        ...summary,
        summary_rev: 1,
        pending_events: pending,
      })),
      { ordered: true },
    );
    let q = 0;
    batch.forEach((p, i) => {
      const mine = quizzes.slice(q, q + p.fields.atoms.length);
      q += p.fields.atoms.length;
      created.push({ invitation: invitations[i].toObject() as InvitationDoc, quizzes: mine, email: p.email });
    });
  }
  return created;
}

/**
 * Issues one quiz of `invitation` over `atomIds` (served in that order), with a fresh token and the
 * invitation's expiry, extra time and demo flag. A token collision (2^-192) would surface as a
 * duplicate-key error and is retried once.
 */
export async function createQuizForInvitation(
  invitation: Pick<InvitationDoc, '_id' | 'company'> &
    Partial<Pick<InvitationDoc, 'expires_at' | 'extra_time_percent' | 'demo'>>,
  atomIds: string[],
  opts: { token?: string } = {},
): Promise<QuizResultDoc> {
  if (atomIds.length === 0) throw badRequest('A quiz needs at least one atom');
  const create = (token: string) => insertQuiz(quizDocument(invitation, atomIds, token));
  try {
    return await create(opts.token ?? newQuizToken());
  } catch (err) {
    if ((err as { code?: number }).code !== 11000 || opts.token) throw err;
    return await create(newQuizToken());
  }
}
