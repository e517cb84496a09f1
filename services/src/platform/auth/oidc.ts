// The relying-party side of the central sign-on: OpenID Connect authorization code flow with PKCE
// (S256), state and nonce, through openid-client. openid-client is ESM-only, so it is loaded with
// a dynamic import() (tsc keeps import() as is in our CommonJS output under module nodenext).
import type { Config } from '../config';
import { HttpError } from '../http/errors';
import type { PendingLogin, SignedInUser } from './session-data';

type OpenIdClient = typeof import('openid-client');
type Configuration = import('openid-client').Configuration;

/** A pending sign-in older than this is refused at the callback (the user starts again). */
export const LOGIN_TIMEOUT_MS = 10 * 60 * 1000;
export const CALLBACK_PATH = '/auth/central/callback';

/** The library, loaded on first use (Node and jest keep the loaded module: no cache of ours). */
const openIdClient = (): Promise<OpenIdClient> => import('openid-client');

export class SignOnNotConfigured extends HttpError {
  constructor() {
    super(
      503,
      'The central sign-on is not configured (set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET)',
    );
  }
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Plain http issuers are accepted only outside production (the local dev provider). */
  allowHttp: boolean;
}

function settingsOf(config: Config): OidcSettings {
  const { issuer, clientId, clientSecret } = config.oidc;
  if (!issuer || !clientId || !clientSecret) throw new SignOnNotConfigured();
  return { issuer, clientId, clientSecret, allowHttp: !config.isProduction };
}

/**
 * The app's sign-on client state: the discovery result per issuer+client, fetched once per app
 * (app.context.signOn, made by createApp). A failed discovery is forgotten so the next sign-in tries
 * again (the provider may have been down for a moment).
 */
export class SignOnClient {
  private readonly discovered = new Map<string, Promise<Configuration>>();

  async discover(s: OidcSettings): Promise<Configuration> {
    const key = `${s.issuer} ${s.clientId}`;
    let found = this.discovered.get(key);
    if (!found) {
      found = (async () => {
        const oidc = await openIdClient();
        const url = new URL(s.issuer);
        if (url.protocol === 'http:' && !s.allowHttp) {
          throw new HttpError(503, 'OIDC_ISSUER must be an https URL in production');
        }
        const insecure = url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined;
        return oidc.discovery(url, s.clientId, s.clientSecret, undefined, insecure);
      })();
      this.discovered.set(key, found);
      found.catch(() => this.discovered.delete(key));
    }
    try {
      return await found;
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw new HttpError(
        502,
        `The central sign-on at ${s.issuer} could not be reached: ${(err as Error).message}`,
      );
    }
  }
}

/** Whether a group claim decides anything: who is an admin, or which company a recruiter is in. */
function usesGroups(config: Config): boolean {
  return Boolean(config.adminGroup || config.companyGroupPrefix);
}

function scopeFor(config: Config): string {
  // Ask for the groups claim only when a group decides a role.
  return usesGroups(config) ? 'openid email profile groups' : 'openid email profile';
}

export function redirectUri(config: Config): string {
  return `${config.publicUrl}${CALLBACK_PATH}`;
}

/** Starts a sign-in: the provider URL to send the browser to, and what the callback must check. */
export async function beginLogin(
  signOn: SignOnClient,
  config: Config,
): Promise<{ url: string; pending: PendingLogin }> {
  const oidc = await openIdClient();
  const configuration = await signOn.discover(settingsOf(config));
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const pending: PendingLogin = {
    codeVerifier,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    startedAt: Date.now(),
  };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri(config),
    scope: scopeFor(config),
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
  });
  return { url: url.href, pending };
}

const asString = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v : undefined;

function groupsOf(v: unknown): string[] {
  if (Array.isArray(v)) return v.filter((g): g is string => typeof g === 'string');
  return typeof v === 'string' ? [v] : [];
}

/**
 * Completes a sign-in at the callback: exchanges the code (checking state, nonce and the PKCE
 * verifier), and reads who signed in from the ID token, or from userinfo when the ID token does
 * not carry the email (providers that conform to the spec keep scope claims out of the ID token).
 */
export async function completeLogin(
  signOn: SignOnClient,
  config: Config,
  callbackQuery: string,
  pending: PendingLogin | undefined,
): Promise<SignedInUser> {
  if (!pending || Date.now() - pending.startedAt > LOGIN_TIMEOUT_MS) {
    throw new HttpError(
      400,
      'Sign-in failed: no sign-in is in progress in this browser (or it took too long); start again at /admin',
    );
  }
  const oidc = await openIdClient();
  const configuration = await signOn.discover(settingsOf(config));
  const currentUrl = new URL(`${redirectUri(config)}${callbackQuery ? `?${callbackQuery}` : ''}`);
  let tokens;
  try {
    tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
  } catch (err) {
    const e = err as { error?: string; error_description?: string; message?: string };
    const why = e.error
      ? `${e.error}${e.error_description ? `: ${e.error_description}` : ''}`
      : (e.message ?? 'unknown error');
    throw new HttpError(400, `Sign-in failed: ${why}`);
  }
  const idClaims = tokens.claims();
  if (!idClaims) throw new HttpError(400, 'Sign-in failed: the sign-on returned no ID token');
  let claims: Record<string, unknown> = { ...idClaims };
  if (!asString(claims.email) || (usesGroups(config) && claims.groups === undefined)) {
    const info = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
    claims = { ...info, ...claims, email: claims.email ?? info.email, groups: claims.groups ?? info.groups };
  }
  const email = asString(claims.email);
  if (!email) throw new HttpError(400, 'Sign-in failed: the sign-on did not share an email address');
  return {
    sub: idClaims.sub,
    email: email.toLowerCase(),
    name: asString(claims.name) ?? null,
    groups: groupsOf(claims.groups),
    signedInAt: new Date().toISOString(),
  };
}
