// Which company a hiring-settings call is about. INTERIM, until issue 19's hiring guard lands (it
// gives every hiring route its company: a recruiter's own, or the one an admin picks with
// ?company=<id>). Until then only content admins reach these routes and name the company with
// ?company=<id>; an unknown or malformed id is a 404. When the hiring guard exists, routes.ts hands
// its scope function to hiringSettingsRouter instead of this one (one line).
import type { Context } from 'koa';
import { Types } from 'mongoose';
import { currentAdmin } from '../auth/admin';
import { badRequest, notFound } from '../http/errors';
import { Company } from '../models';

/** Resolves the company id this request may act on, or throws 401/403/404. */
export type CompanyScope = (ctx: Context) => Promise<string>;

export const adminCompanyScope: CompanyScope = async (ctx) => {
  ctx.state.admin = currentAdmin(ctx);
  const id = typeof ctx.query.company === 'string' ? ctx.query.company : '';
  if (!id) throw badRequest('Name the company: ?company=<id>');
  if (!Types.ObjectId.isValid(id) || !(await Company.exists({ _id: id }).exec()))
    throw notFound('Company not found');
  return id;
};
