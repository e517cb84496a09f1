// A company's roles (GET/POST /api/hiring/roles, GET/PUT/DELETE /api/hiring/roles/{id}): always
// inside the scope's company (another company's role is the same 404 as an unknown one), every change
// conditional on the version the recruiter read (a stale one is 409: reload, never a silent
// overwrite) and recorded in the audit trail (entity 'role').
import { Types } from 'mongoose';
import { ROLE_LIMITS, type RoleAtom, type RoleView } from '@skillquiz/contracts';
import { auditCreated, auditDeleted, auditUpdated, badRequest, conflict, notFound } from '../platform';
import { assertAtomsExist } from './invitations';
import { Role, type RoleDoc } from './models/role';
import { companyForWrite, companyFilter, parseInvitationId, type HiringScope } from './scope';
import { atomNames } from './views';

export interface RoleInput {
  name: string;
  atoms: RoleAtom[];
}

const roleNotFound = () => notFound('Role not found');
const iso = (d: Date | undefined) => (d ?? new Date(0)).toISOString();

export function toRoleView(doc: RoleDoc, names: ReadonlyMap<string, string>): RoleView {
  return {
    id: String(doc._id),
    name: doc.name,
    atoms: doc.atoms.map((a) => ({
      atom_id: a.atom_id,
      atom_name: names.get(a.atom_id) ?? a.atom_id,
      required: a.required,
      bar: a.bar ?? null,
    })),
    version: doc.version,
    created_at: iso(doc.created_at),
    updated_at: iso(doc.updated_at),
    updated_by: doc.updated_by ?? null,
  };
}

async function viewOf(doc: RoleDoc): Promise<RoleView> {
  return toRoleView(doc, await atomNames(doc.atoms.map((a) => a.atom_id)));
}

/** A role's bars as an invitation keeps them. */
export function barsOf(role: Pick<RoleDoc, 'atoms'>): { atom_id: string; level: number }[] {
  return role.atoms.filter((a) => a.bar != null).map((a) => ({ atom_id: a.atom_id, level: a.bar! }));
}

/** What the audit records of a role. */
const audited = (r: Pick<RoleDoc, 'name' | 'atoms'>) => ({
  name: r.name,
  atoms: r.atoms.map((a) => ({ atom_id: a.atom_id, required: a.required, bar: a.bar ?? null })),
});

const isDuplicate = (err: unknown) => (err as { code?: number }).code === 11000;
const duplicateName = (name: string) => conflict(`A role named '${name}' exists already`);

/** The role with this id inside the scope, or 404. */
export async function findScopedRole(scope: HiringScope, id: unknown): Promise<RoleDoc> {
  const _id = parseInvitationId(id);
  const role = _id
    ? await Role.findOne({ _id, ...companyFilter(scope) })
        .lean<RoleDoc>()
        .exec()
    : null;
  if (!role) throw roleNotFound();
  return role;
}

export async function listRoles(scope: HiringScope): Promise<{ roles: RoleView[] }> {
  const docs = await Role.find(companyFilter(scope)).sort({ name: 1, _id: 1 }).lean<RoleDoc[]>().exec();
  const names = await atomNames(docs.flatMap((d) => d.atoms.map((a) => a.atom_id)));
  return { roles: docs.map((d) => toRoleView(d, names)) };
}

export async function getRole(scope: HiringScope, id: unknown): Promise<RoleView> {
  return viewOf(await findScopedRole(scope, id));
}

export async function createRole(scope: HiringScope, input: RoleInput): Promise<RoleView> {
  const company = companyForWrite(scope);
  await assertAtomsExist(input.atoms.map((a) => a.atom_id));
  const count = await Role.countDocuments({ company: new Types.ObjectId(company.id) }).exec();
  if (count >= ROLE_LIMITS.PER_COMPANY_MAX)
    throw badRequest(`A company may hold at most ${ROLE_LIMITS.PER_COMPANY_MAX} roles`);
  const actor = scope.principal.user.email;
  let doc: RoleDoc;
  try {
    doc = (
      await Role.create({
        company: new Types.ObjectId(company.id),
        name: input.name,
        atoms: input.atoms,
        version: 1,
        updated_by: actor,
      })
    ).toObject();
  } catch (err) {
    if (isDuplicate(err)) throw duplicateName(input.name);
    throw err;
  }
  await auditCreated(actor, 'role', String(doc._id), { company: company.id, ...audited(doc) });
  return viewOf(doc);
}

/** Replaces the role's name and atoms if it is still at `version` (409 otherwise). */
export async function updateRole(
  scope: HiringScope,
  id: unknown,
  input: RoleInput & { version: number },
): Promise<RoleView> {
  const before = await findScopedRole(scope, id);
  if (before.version !== input.version) throw staleRole(before.version);
  await assertAtomsExist(input.atoms.map((a) => a.atom_id));
  const actor = scope.principal.user.email;
  let after: RoleDoc | null;
  try {
    after = await Role.findOneAndUpdate(
      { _id: before._id, company: before.company, version: input.version },
      { $set: { name: input.name, atoms: input.atoms, updated_by: actor }, $inc: { version: 1 } },
      { returnDocument: 'after' },
    )
      .lean<RoleDoc>()
      .exec();
  } catch (err) {
    if (isDuplicate(err)) throw duplicateName(input.name);
    throw err;
  }
  // Someone else saved between the read and the write.
  if (!after) throw staleRole(null);
  await auditUpdated(actor, 'role', String(after._id), audited(before), audited(after));
  return viewOf(after);
}

/** Deletes the role if it is still at `version`. Its invitations keep their role id and bars. */
export async function deleteRole(scope: HiringScope, id: unknown, version: number): Promise<void> {
  const before = await findScopedRole(scope, id);
  if (before.version !== version) throw staleRole(before.version);
  const res = await Role.deleteOne({ _id: before._id, company: before.company, version }).exec();
  if (res.deletedCount !== 1) throw staleRole(null);
  await auditDeleted(scope.principal.user.email, 'role', String(before._id), audited(before));
}

function staleRole(current: number | null) {
  return conflict(
    `This role was changed by someone else${current ? ` (now version ${current})` : ''}: reload it and make your change again`,
  );
}
