// The security headers of every response (API, pages and static files alike), from helmet through
// koa-helmet; those only a document acts on are left off a page's scripts, styles, fonts and pictures. The Content-Security-Policy follows the remotes manifest: a remote served from another
// origin may load its scripts, styles, fonts and images and be fetched from there, and nothing else
// may. Company logos may come from LOGO_ORIGINS. HSTS only in production (development is plain http).
import helmet from 'koa-helmet';
import type { Context, Middleware } from 'koa';
import { type Config, originOf } from '../config';
import { isApiPath } from './middleware';

export interface SecurityHeaderOptions {
  config: Pick<Config, 'isProduction' | 'logoOrigins' | 'oidc'>;
  /** Origins of remotes not served by this site; asked on each request (the manifest can change). */
  remoteOrigins?: () => string[];
}

/** The CSP directives for a set of remote origins. Exported for tests and the README. */
export function cspDirectives(
  config: SecurityHeaderOptions['config'],
  remotes: string[],
): Record<string, string[]> {
  const signOn = config.oidc.issuer ? originOf(config.oidc.issuer) : null;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    // The login form posts to /auth/central, which redirects to the sign-on: both must be allowed.
    'form-action': ["'self'", ...(signOn ? [signOn] : [])],
    // No inline script and no eval, anywhere: webpack and the federation runtime load files only.
    'script-src': ["'self'", ...remotes],
    'script-src-attr': ["'none'"],
    // 'unsafe-inline' for styles only: style-loader and react-toastify add <style> elements at run
    // time (see docs/DECISIONS.md, "Content-Security-Policy").
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    // In development a remote may be a dev server (`npm run dev`) whose live reload talks over a
    // WebSocket on the same host and port; CSP 3 does not let an http: source stand for ws:.
    'connect-src': ["'self'", ...remotes, ...(config.isProduction ? [] : remotes.map(socketOrigin))],
    'img-src': ["'self'", 'data:', ...remotes, ...config.logoOrigins],
    'font-src': ["'self'", 'data:', ...remotes],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
  };
  if (config.isProduction) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** http://host:port -> ws://host:port (https -> wss). */
function socketOrigin(origin: string): string {
  return origin.replace(/^http/, 'ws');
}

const MAX_CACHED_POLICIES = 16;

/**
 * Headers only a document (or a worker's script) acts on: on a script, style, font or picture fetched
 * by a page the browser ignores them, so they are left off those responses (about 0.6 KB on each of
 * the dozen files a candidate's first question loads). nosniff, the resource and referrer policies
 * and HSTS stay on every response.
 */
const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
];
/** Response types that are never rendered as a page (an SVG can be: it keeps the headers). */
const SUBRESOURCE_TYPE =
  /^(text\/javascript|application\/javascript|text\/css|font\/|image\/(png|jpeg|gif|webp|avif))/;
/** Fetch destinations whose script runs under the policy it is served with. */
const WORKER_DEST = new Set(['worker', 'sharedworker', 'serviceworker']);

/** True when the response is a page's subresource (a script, not a worker's; a style, a font...). */
function isSubresource(ctx: Context): boolean {
  return SUBRESOURCE_TYPE.test(ctx.response.type) && !WORKER_DEST.has(ctx.get('Sec-Fetch-Dest'));
}

export function securityHeaders({ config, remoteOrigins = () => [] }: SecurityHeaderOptions): Middleware {
  // One helmet middleware per set of remote origins: the manifest changes rarely, so this stays tiny.
  const byOrigins = new Map<string, Middleware>();
  const helmetFor = (remotes: string[]) => {
    const key = remotes.join(' ');
    let mw = byOrigins.get(key);
    if (!mw) {
      if (byOrigins.size >= MAX_CACHED_POLICIES) byOrigins.clear();
      mw = helmet({
        contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, remotes) },
        strictTransportSecurity: config.isProduction
          ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true }
          : false,
        xFrameOptions: { action: 'deny' },
        // Quiz tokens live in URLs: never send them to another origin in a Referer header.
        referrerPolicy: { policy: 'same-origin' },
        crossOriginOpenerPolicy: { policy: 'same-origin' },
        crossOriginResourcePolicy: { policy: 'same-origin' },
      });
      byOrigins.set(key, mw);
    }
    return mw;
  };

  return async (ctx, next) => {
    await helmetFor(remoteOrigins())(ctx, async () => {
      // A remote's files may be loaded by a shell on another origin (they also carry CORS headers).
      if (ctx.path.startsWith('/remotes/')) ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
      if (isApiPath(ctx.path)) ctx.set('Cache-Control', 'no-store');
      await next();
      if (isSubresource(ctx)) for (const name of DOCUMENT_ONLY_HEADERS) ctx.remove(name);
    });
  };
}
