// koa-session's external store on the product's database (platform/models/session.ts). The cookie holds a
// random id; the database holds the data under a hash of that id, with the deadline the session
// policy gives it, so logout, the idle timeout and the absolute limit hold for every copy of the
// cookie and for every services process.
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import { Session } from '../models/session';
import type { SessionData } from './session-data';

export interface SessionPolicy {
  /** A signed-in session ends this long after its last request. */
  idleMs: number;
  /** ...and at the latest this long after the sign-in, however active. */
  absoluteMs: number;
  /** A session holding only a pending sign-in ends this long after the sign-in started. */
  pendingMs: number;
}

/** When a session with `data` ends (epoch ms). Pure: the rule the store writes down. */
export function sessionDeadline(data: SessionData, now: number, policy: SessionPolicy): number {
  if (data.user) {
    const signedIn = Date.parse(data.user.signedInAt);
    const absolute = (Number.isFinite(signedIn) ? signedIn : now) + policy.absoluteMs;
    return Math.min(absolute, (data.lastSeenAt ?? now) + policy.idleMs);
  }
  if (data.pendingLogin) return data.pendingLogin.startedAt + policy.pendingMs;
  return now + policy.idleMs;
}

/** A new session id: 256 random bits (koa-session's default, a UUID, has 122). */
export const newSessionId = (): string => randomBytes(32).toString('base64url');

const storedId = (id: string): string => createHash('sha256').update(id).digest('base64url');

/** Which session id this request loaded from (or wrote to) the store. */
const IN_STORE = 'sessionIdInStore';

interface StoreOptions {
  /** koa-session always passes the request's context. */
  ctx?: Context;
}

export function mongoSessionStore(policy: SessionPolicy) {
  return {
    async get(id: string, _maxAge: number, { ctx }: StoreOptions): Promise<SessionData | undefined> {
      const doc = await Session.findOne({ _id: storedId(id) })
        .lean()
        .exec();
      if (!doc || doc.expires_at.getTime() <= Date.now()) return undefined;
      if (ctx) ctx.state[IN_STORE] = id;
      return doc.data as SessionData;
    },

    async set(id: string, data: SessionData, _maxAge: number, { ctx }: StoreOptions): Promise<void> {
      const expires_at = new Date(sessionDeadline(data, Date.now(), policy));
      const stored = { data: data as Record<string, unknown>, expires_at };
      if (ctx?.state[IN_STORE] === id) {
        // An existing session is only ever updated, never re-created: a request still running
        // when the session was destroyed (logout) must not bring it back.
        await Session.updateOne({ _id: storedId(id) }, { $set: stored }).exec();
        return;
      }
      await Session.create({ _id: storedId(id), ...stored });
      if (ctx) ctx.state[IN_STORE] = id;
    },

    async destroy(id: string, { ctx }: StoreOptions): Promise<void> {
      await Session.deleteOne({ _id: storedId(id) }).exec();
      if (ctx?.state[IN_STORE] === id) delete ctx.state[IN_STORE];
    },
  };
}
