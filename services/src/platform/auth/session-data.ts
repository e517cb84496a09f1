// What a session holds. Its own module (types only) so the session middleware, its store and the
// sign-on flow all name it without importing each other.

/** Who signed in, as the central sign-on said. Admin rights are decided per request (admin.ts). */
export interface SignedInUser {
  sub: string;
  email: string;
  name: string | null;
  groups: string[];
  signedInAt: string;
}

/** The sign-in started by POST /auth/central and awaited by the callback. */
export interface PendingLogin {
  codeVerifier: string;
  state: string;
  nonce: string;
  startedAt: number;
}

export interface SessionData {
  user?: SignedInUser;
  pendingLogin?: PendingLogin;
  /** The signed-in session's CSRF token (csrf.ts). */
  csrf?: string;
  /** The last request of a signed-in session (epoch ms), for the idle timeout. */
  lastSeenAt?: number;
}
