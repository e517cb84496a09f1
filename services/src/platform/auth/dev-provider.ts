// Development stand-in for the central sign-on: a local OpenID provider (oidc-provider) with one
// registered client (the SkillQuiz services) and the accounts of dev-accounts.ts (an admin, a
// non-admin and two recruiters of different companies).
// A standalone process, started by `npm start` when OIDC_ISSUER is unset (scripts/start.js).
//
//   env: DEV_SIGNON_PORT (0 = a free port), PUBLIC_URL (the services' origin: the redirect URI is
//        PUBLIC_URL/auth/central/callback), OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, DEV_ADMIN_EMAIL,
//        DEV_ADMIN_PASSWORD, DEV_USER_EMAIL, DEV_USER_PASSWORD, DEV_RECRUITER_PASSWORD,
//        DEV_SECOND_RECRUITER_PASSWORD, DATA_DIR (keeps generated passwords)
//   prints the logins, then: dev sign-on listening on <issuer URL>
//
// It has a real login form that checks the password (not oidc-provider's accept-anything dev
// interactions) and it refuses to start with NODE_ENV=production.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEV_CLIENT_ID, DEV_CLIENT_SECRET, checkLogin, devAccounts, type DevAccount } from './dev-accounts';
import { CALLBACK_PATH } from './oidc';

// oidc-provider ships no types; this is the part of its surface used here.
interface OidcGrant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}
interface OidcProvider {
  proxy: boolean;
  callback(): (req: http.IncomingMessage, res: http.ServerResponse) => void;
  interactionDetails(
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ): Promise<{ uid: string; prompt: { name: string }; params: Record<string, unknown> }>;
  interactionFinished(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    result: unknown,
    opts?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: {
    new (init: { clientId: string; accountId: string }): OidcGrant;
    find(id: string): Promise<OidcGrant | undefined>;
  };
  on(event: string, listener: (...args: unknown[]) => void): void;
}
interface OidcCtx {
  oidc: {
    client: { clientId: string };
    session: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    provider: OidcProvider;
  };
}

const SCOPES = 'openid email profile groups';
const CLAIMS = ['sub', 'email', 'email_verified', 'name', 'groups'];

function env(name: string, fallback?: string): string {
  const v = process.env[name];
  if (v) return v;
  if (fallback !== undefined) return fallback;
  throw new Error(`${name} is required`);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function loginPage(uid: string, email: string, error?: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in - SkillQuiz dev sign-on</title>
<link rel="icon" href="data:,">
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:4rem auto;padding:0 1rem}
label{display:block;margin-top:1rem}input{display:block;width:100%;padding:.5rem;margin-top:.25rem;box-sizing:border-box}
button{margin-top:1.5rem;padding:.6rem 1.2rem}.error{color:#a00000}</style></head>
<body><main>
<h1>Sign in</h1>
<p>SkillQuiz development sign-on. Not for production.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${encodeURIComponent(uid)}/login">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(email)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<p><a href="/interaction/${encodeURIComponent(uid)}/abort">Cancel</a></p>
</main></body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 10_000) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

function send(res: http.ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Frame-Options', 'DENY');
  res.end(html);
}

/** Our own interaction pages: the login form, its post, cancel, and (if ever asked) consent. */
async function interaction(
  provider: OidcProvider,
  accounts: DevAccount[],
  req: http.IncomingMessage,
  res: http.ServerResponse,
  action: string,
) {
  const details = await provider.interactionDetails(req, res);
  if (action === 'abort') {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  if (details.prompt.name === 'login') {
    if (req.method === 'POST' && action === 'login') {
      const form = await readForm(req);
      const account = checkLogin(accounts, form.get('email') ?? '', form.get('password') ?? '');
      if (!account)
        return send(res, 401, loginPage(details.uid, form.get('email') ?? '', 'Wrong email or password.'));
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.id } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    return send(res, 200, loginPage(details.uid, ''));
  }
  // Consent: the only client is our own first-party app, so consent is granted without asking.
  const session = (details as unknown as { session?: { accountId?: string } }).session;
  const grant = new provider.Grant({
    clientId: String(details.params.client_id),
    accountId: session?.accountId ?? '',
  });
  grant.addOIDCScope(SCOPES);
  grant.addOIDCClaims(CLAIMS);
  await provider.interactionFinished(
    req,
    res,
    { consent: { grantId: await grant.save() } },
    { mergeWithLastSubmission: true },
  );
}

async function main(): Promise<void> {
  if (process.env.NODE_ENV === 'production') {
    console.error(
      'dev sign-on refuses to run with NODE_ENV=production: configure OIDC_ISSUER to a real sign-on',
    );
    process.exit(1);
  }
  const port = Number(env('DEV_SIGNON_PORT', '0'));
  const publicUrl = env('PUBLIC_URL').replace(/\/+$/, '');
  const clientId = env('OIDC_CLIENT_ID', DEV_CLIENT_ID);
  const clientSecret = env('OIDC_CLIENT_SECRET', DEV_CLIENT_SECRET);
  const accounts = devAccounts(process.env);

  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { default: Provider } = (await import('oidc-provider')) as unknown as {
    default: new (issuer: string, config: Record<string, unknown>) => OidcProvider;
  };
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${publicUrl}${CALLBACK_PATH}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: async (_ctx: unknown, id: string) => {
      const a = accounts.find((x) => x.id === id);
      if (!a) return undefined;
      return {
        accountId: a.id,
        claims: async () => ({
          sub: a.id,
          email: a.email,
          email_verified: true,
          name: a.name,
          groups: a.groups,
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, i: { uid: string }) => `/interaction/${i.uid}` },
    // First-party client: grant what it asks for without a consent page.
    loadExistingGrant: async (ctx: OidcCtx) => {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      if (oidc.client.clientId !== clientId || !oidc.session.accountId) return undefined;
      const grant = new oidc.provider.Grant({ clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope(SCOPES);
      grant.addOIDCClaims(CLAIMS);
      await grant.save();
      return grant;
    },
    pkce: { required: () => true },
    // Explicit lifetimes (seconds): short-lived codes and tokens; the sign-on session lasts a working day.
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 8 * 60 * 60,
      Grant: 8 * 60 * 60,
    },
    jwks: {
      keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'dev-signon', use: 'sig', alg: 'RS256' }],
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    renderError: async (ctx: { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1><p>${escapeHtml(out.error ?? '')}: ${escapeHtml(out.error_description ?? '')}</p></main></body></html>`;
    },
  });
  provider.on('server_error', (_ctx, err) => console.error('dev sign-on error:', err));

  const oidcHandler = provider.callback();
  server.on('request', (req, res) => {
    const m = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|abort))?\/?(?:\?.*)?$/.exec(req.url ?? '');
    if (!m) return oidcHandler(req, res);
    interaction(provider, accounts, req, res, m[2] ?? '').catch((err: Error) => {
      // Typically an expired or unknown interaction (its cookie is gone): start again.
      if (!res.headersSent)
        send(
          res,
          400,
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1><p>${escapeHtml(err.message)}. Go back to the app and sign in again.</p></main></body></html>`,
        );
    });
  });

  // `npm start` shows these lines in its summary; the test helpers parse them.
  for (const a of accounts)
    console.log(`dev sign-on ${a.label} login: ${a.email} / ${a.password}${a.note ? `   ${a.note}` : ''}`);
  console.log(`dev sign-on listening on ${issuer}`);

  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error('dev sign-on failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
