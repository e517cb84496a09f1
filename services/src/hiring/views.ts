// Stored invitations → the hiring API's payloads (contracts: libs/contracts/src/hiring.ts).
import type { CompanyRef, InvitationLink, InvitationRow } from '@skillquiz/contracts';
import { Types } from 'mongoose';
import { companyRef } from './invitations/companies';
import { quizLink } from './invitations';
import { effectiveStatus } from './invitations/summary';
import { Atom } from '../content';
import { Company } from './models/company';
import { type AtomProgressDoc, type InvitationDoc } from './models/invitation';
import { type QuizResultDoc } from '../quiz';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** Names of atoms (and the slug itself for an atom deleted since). */
export async function atomNames(ids: Iterable<string>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  const docs = wanted.length
    ? await Atom.find({ _id: { $in: wanted } })
        .select({ name: 1 })
        .lean()
        .exec()
    : [];
  const names = new Map(docs.map((a) => [a._id, a.name]));
  for (const id of wanted) if (!names.has(id)) names.set(id, id);
  return names;
}

/** The companies of these invitations, by id (one query). */
export async function companiesOf(
  invitations: readonly Pick<InvitationDoc, 'company'>[],
): Promise<Map<string, CompanyRef>> {
  const ids = [...new Set(invitations.map((i) => String(i.company)))];
  const docs = ids.length
    ? await Company.find({ _id: { $in: ids.map((id) => new Types.ObjectId(id)) } })
        .select({ name: 1, slug: 1 })
        .lean()
        .exec()
    : [];
  return new Map(docs.map((c) => [String(c._id), companyRef(c)]));
}

/** The per-atom progress, for invitations stored before summaries existed too. */
export function progressOf(inv: InvitationDoc): AtomProgressDoc[] {
  if (inv.progress?.length) return inv.progress;
  const required = inv.required_atoms ?? [];
  return [...required, ...(inv.optional_atoms ?? []).filter((a) => !required.includes(a))].map((a) => ({
    atom_id: a,
    required: required.includes(a),
    state: 'invited',
    lapses_at: null,
    lapses_to: null,
    started_at: null,
    finished_at: null,
    level: null,
    estimate: null,
    error: null,
  }));
}

export function toRow(
  inv: InvitationDoc,
  company: CompanyRef,
  names: ReadonlyMap<string, string>,
  now: Date,
): InvitationRow {
  return {
    id: String(inv._id),
    candidate_name: inv.candidate_name ?? null,
    candidate_email: inv.candidate_email ?? null,
    company,
    atoms: progressOf(inv).map((p) => ({
      id: p.atom_id,
      name: names.get(p.atom_id) ?? p.atom_id,
      required: p.required,
      level: p.state === 'finished' ? (p.level ?? null) : null,
      finished_at: iso(p.finished_at),
      bar: p.bar ?? null,
      meets: p.state === 'finished' ? (p.meets ?? null) : null,
    })),
    status: effectiveStatus(
      { status: inv.status, lapses_at: inv.lapses_at ?? null, lapses_to: inv.lapses_to ?? null },
      now,
    ),
    invited_at: inv.created_at.toISOString(),
    started_at: iso(inv.started_at),
    finished_at: iso(inv.finished_at),
    expires_at: iso(inv.expires_at),
    revoked_at: iso(inv.revoked_at),
    extra_time_percent: inv.extra_time_percent ?? 0,
    demo: inv.demo === true,
    simulated: inv.simulated === true,
    role_id: inv.role ? String(inv.role) : null,
    meets_all: inv.meets_all ?? null,
    stage: inv.stage ?? 'new',
    rating: inv.rating ?? null,
    integrity_flags: inv.integrity_flags ?? null,
  };
}

/**
 * The candidate links of an invitation: one per atom (its newest quiz), required atoms first.
 * Relative quiz paths become absolute with PUBLIC_URL.
 */
export function linksOf(
  inv: Pick<InvitationDoc, 'required_atoms' | 'optional_atoms'>,
  quizzes: readonly Pick<QuizResultDoc, 'token' | 'atom_ids' | 'created_at'>[],
  names: ReadonlyMap<string, string>,
  publicUrl: string,
): InvitationLink[] {
  const required = inv.required_atoms ?? [];
  const atoms = [...required, ...(inv.optional_atoms ?? []).filter((a) => !required.includes(a))];
  const links: InvitationLink[] = [];
  for (const atom of atoms) {
    const newest = quizzes
      .filter((q) => (q.atom_ids ?? []).includes(atom))
      .sort((a, b) => (b.created_at?.getTime() ?? 0) - (a.created_at?.getTime() ?? 0))[0];
    if (newest)
      links.push({
        atom_id: atom,
        atom_name: names.get(atom) ?? atom,
        required: required.includes(atom),
        url: quizLink(publicUrl, newest.token),
      });
  }
  return links;
}
