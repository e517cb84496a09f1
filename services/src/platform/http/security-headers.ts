// The security headers of every response (API, pages and static files alike), from helmet through
// koa-helmet. The Content-Security-Policy follows the remotes manifest: a remote served from another
// origin may load its scripts, styles, fonts and images and be fetched from there, and nothing else
// may. Company logos may come from LOGO_ORIGINS. HSTS only in production (development is plain http).
import helmet from 'koa-helmet';
import type { Middleware } from 'koa';
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
    });
  };
}
