// Tenancy of the hiring API: every call is scoped on the server to a company.
//   - A recruiter's scope is their own company (platform/auth/roles.ts). `?company=` may only name it;
//     any other value is 404, as if no such company existed.
//   - An admin chooses one with `?company=<id or slug>` (the company switcher); without it, every
//     company (lists and exports; creating an invitation needs a company).
// Another company's invitation is then 404 everywhere: by id, and it never matches a list or CSV
// filter, because the company is part of every query (companyFilter).
import type { Context, Middleware } from 'koa';
import { Types } from 'mongoose';
import type { CompanyRef } from '@skillquiz/contracts';
import { currentPrincipal, type Principal, badRequest, notFound } from '../platform';
import { companyRef, findCompany } from './invitations/companies';
import { Invitation, type InvitationDoc } from './models/invitation';

export interface HiringScope {
  principal: Principal;
  /** The company every query is limited to; null: every company (an admin who chose none). */
  company: CompanyRef | null;
}

const companyNotFound = () => notFound('Company not found');

/** The scope for a principal and the request's `company` parameter (see the top of this file). */
export async function resolveScope(principal: Principal, companyParam: unknown): Promise<HiringScope> {
  const wanted = typeof companyParam === 'string' && companyParam.trim() !== '' ? companyParam.trim() : null;
  if (principal.role === 'recruiter') {
    const own = principal.company;
    if (wanted !== null && wanted !== own.id && wanted !== own.slug) throw companyNotFound();
    return { principal, company: own };
  }
  if (wanted === null) return { principal, company: null };
  if (wanted.length > 100) throw companyNotFound();
  const company = await findCompany(wanted);
  if (!company || !company.slug) throw companyNotFound();
  return { principal, company: companyRef(company) };
}

/** Route guard: a signed-in admin or recruiter (401/403 otherwise); the scope in ctx.state.hiring. */
export function requireHiringScope(): Middleware {
  return async (ctx, next) => {
    const principal = await currentPrincipal(ctx);
    ctx.state.hiring = await resolveScope(principal, ctx.query.company);
    await next();
  };
}

export function scopeOf(ctx: Context): HiringScope {
  const scope = ctx.state.hiring as HiringScope | undefined;
  if (!scope) throw new Error('requireHiringScope() is not installed on this route');
  return scope;
}

/** The company a new invitation belongs to: the scope's (an admin must have chosen one). */
export function companyForWrite(scope: HiringScope): CompanyRef {
  if (scope.company) return scope.company;
  throw badRequest('Choose a company first: add ?company=<id or slug> (see GET /api/hiring/me)');
}

/** The part of every invitation query that keeps it inside the scope. */
export function companyFilter(scope: HiringScope): { company?: Types.ObjectId } {
  return scope.company ? { company: new Types.ObjectId(scope.company.id) } : {};
}

/** An invitation id from a path: 24 hex digits, else null (no such invitation). */
export function parseInvitationId(id: unknown): Types.ObjectId | null {
  return typeof id === 'string' && /^[0-9a-f]{24}$/i.test(id) ? new Types.ObjectId(id) : null;
}

/**
 * The invitation with this id inside the scope. Malformed, unknown and another company's ids are
 * the same 404, so a recruiter cannot even learn that an id exists elsewhere.
 */
export async function findScopedInvitation(scope: HiringScope, id: unknown): Promise<InvitationDoc> {
  const _id = parseInvitationId(id);
  const inv = _id
    ? await Invitation.findOne({ _id, ...companyFilter(scope) })
        .lean()
        .exec()
    : null;
  if (!inv) throw notFound('Invitation not found');
  return inv;
}
