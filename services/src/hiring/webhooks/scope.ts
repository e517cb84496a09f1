// Which company a hiring-settings call is about: the hiring API's scope (hiring/scope.ts).
// A recruiter's own company (`?company=` may only name it); an admin chooses one with
// `?company=<id or slug>` (without it: 400 "Choose a company first"). Another company is 404.
import type { Context } from 'koa';
import { companyForWrite, resolveScope } from '../scope';
import { currentPrincipal } from '../../platform';

/** Resolves the company id this request may act on, or throws 401/403/404 (400 for an admin without one). */
export type CompanyScope = (ctx: Context) => Promise<string>;

export const hiringCompanyScope: CompanyScope = async (ctx) => {
  const scope = await resolveScope(await currentPrincipal(ctx), ctx.query.company);
  ctx.state.hiring = scope;
  return companyForWrite(scope).id;
};
