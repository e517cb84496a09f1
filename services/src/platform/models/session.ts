// Admin sessions, kept on the server (koa-session's external store, platform/auth/session-store.ts): the
// cookie holds only a random id, so logout and expiry end a session for every copy of the cookie.
import { Schema, model } from 'mongoose';

export interface SessionDoc {
  /** sha256 of the cookie's id (base64url): the database never holds a usable session id. */
  _id: string;
  /** The session's data (platform/auth/session.ts SessionData, plus koa-session's own _expire/_maxAge). */
  data: Record<string, unknown>;
  /** Idle or absolute deadline, whichever comes first; reads ignore a session past it. */
  expires_at: Date;
}

const sessionSchema = new Schema<SessionDoc>(
  {
    _id: { type: String, required: true },
    data: { type: Schema.Types.Mixed, required: true },
    expires_at: { type: Date, required: true },
  },
  { collection: 'sessions', versionKey: false, minimize: false },
);
// MongoDB deletes a session once its deadline has passed (reads check the deadline themselves:
// the TTL monitor runs about once a minute, and the embedded engine has none).
sessionSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

export const Session = model<SessionDoc>('Session', sessionSchema);
