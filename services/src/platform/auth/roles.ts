// Roles (PLAN shape A). Decided on every request from the current configuration and the
// claims the sign-on gave at sign-in, like the admin rule (admin.ts):
//   admin      ADMIN_EMAILS / ADMIN_GROUP: the content API, and every company's hiring data
//   recruiter  one company's hiring data, the company named by configuration:
//                - a `groups` claim `<COMPANY_GROUP_PREFIX><slug>` (e.g. `company:acme-robotics`)
//                - else the email's domain in COMPANY_EMAIL_DOMAINS (`acme.example=acme-robotics`)
//              Groups naming two different companies give no role (a recruiter has one company).
//              A slug that names no company gives no role either.
//   none       signed in, neither: 403 on /me and on every staff route.
import type { Context } from 'koa';
import type { CompanyRef, Role } from '@skillquiz/contracts';
import type { Config } from '../config';
import { forbidden, unauthorized } from '../http/errors';
import { isAdmin } from './admin';
import { signedInUser, type SignedInUser } from './session';

export type RoleRule = Pick<
  Config,
  'adminEmails' | 'adminGroup' | 'companyGroupPrefix' | 'companyEmailDomains'
>;

export type Principal =
  | { role: 'admin'; user: SignedInUser; company: null }
  | { role: 'recruiter'; user: SignedInUser; company: CompanyRef };

/** The company a user's claims name under the configuration: a slug, none, or why it is refused. */
export function claimedCompanySlug(
  user: Pick<SignedInUser, 'email' | 'groups'>,
  rule: Pick<RoleRule, 'companyGroupPrefix' | 'companyEmailDomains'>,
): { slug: string } | { none: string } {
  const prefix = rule.companyGroupPrefix;
  if (prefix) {
    const slugs = new Set(
      user.groups
        .filter((g) => g.startsWith(prefix))
        .map((g) => g.slice(prefix.length).trim().toLowerCase())
        .filter(Boolean),
    );
    if (slugs.size > 1)
      return {
        none: `the sign-on names several companies (${[...slugs].sort().join(', ')}); a recruiter has one`,
      };
    if (slugs.size === 1) return { slug: [...slugs][0] };
  }
  const email = user.email.trim().toLowerCase();
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const slug = email.includes('@') ? rule.companyEmailDomains.get(domain) : undefined;
  if (slug) return { slug };
  return { none: 'neither an admin nor a recruiter of a company' };
}

/** How sign-in finds the company a sign-on claim names (the hiring context's companies, at app.context.companies). */
export interface CompanyDirectory {
  bySlug(slug: string): Promise<CompanyRef | null>;
}

/** The user's role, or the reason they have none (signed in, no role). */
export async function resolvePrincipal(
  user: SignedInUser,
  rule: RoleRule,
  companies: CompanyDirectory,
): Promise<Principal | { none: string }> {
  if (isAdmin(user, rule)) return { role: 'admin', user, company: null };
  const claim = claimedCompanySlug(user, rule);
  if ('none' in claim) return claim;
  const company = await companies.bySlug(claim.slug);
  if (!company) return { none: `the company '${claim.slug}' named by the sign-on does not exist` };
  return { role: 'recruiter', user, company };
}

/** The signed-in admin or recruiter of this request (memoised); 401 signed out, 403 without a role. */
export async function currentPrincipal(ctx: Context): Promise<Principal> {
  const cached = ctx.state.principal as Principal | undefined;
  if (cached) return cached;
  const user = signedInUser(ctx);
  if (!user) throw unauthorized('Not signed in: sign in through the central sign-on at /admin');
  const found = await resolvePrincipal(user, ctx.config, ctx.companies);
  if ('none' in found) throw forbidden(`Signed in as ${user.email}: ${found.none}`);
  ctx.state.principal = found;
  return found;
}

export type { Role };
