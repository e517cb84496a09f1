// Who is an admin, and the guard every admin call goes through.
//
// Admin = the signed-in email is in ADMIN_EMAILS (case-insensitive), or one of the user's groups
// (the sign-on's `groups` claim) equals ADMIN_GROUP. Decided on every request from the current
// configuration, so removing someone from the allowlist takes effect without waiting for their
// session to end.
import type { Context, Middleware } from 'koa';
import type { Config } from '../config';
import { forbidden, unauthorized } from '../http/errors';
import { signedInUser, type SignedInUser } from './session';

export type AdminRule = Pick<Config, 'adminEmails' | 'adminGroup'>;

export function isAdmin(user: Pick<SignedInUser, 'email' | 'groups'>, rule: AdminRule): boolean {
  const email = user.email.trim().toLowerCase();
  if (email && rule.adminEmails.includes(email)) return true;
  return rule.adminGroup !== undefined && user.groups.includes(rule.adminGroup);
}

/** The signed-in admin of this request; 401 when nobody is signed in, 403 for a non-admin. */
export function currentAdmin(ctx: Context): SignedInUser {
  const user = signedInUser(ctx);
  if (!user) throw unauthorized('Not signed in: sign in through the central sign-on at /admin');
  if (!isAdmin(user, ctx.config)) throw forbidden(`Signed in as ${user.email}, who is not an admin`);
  return user;
}

/** Route guard: only admins pass; the admin is left in ctx.state.admin for the handler. */
export function requireAdmin(): Middleware {
  return async (ctx, next) => {
    ctx.state.admin = currentAdmin(ctx);
    await next();
  };
}

/** The acting admin's email, for the audit log. */
export function actorOf(ctx: Context): string {
  return (ctx.state.admin as SignedInUser | undefined)?.email ?? currentAdmin(ctx).email;
}
