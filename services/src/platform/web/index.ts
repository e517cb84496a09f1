// Serves the front ends the way they are deployed: the shell at the site root (an SPA), each remote
// from its own path under /remotes/<package>/, and the remotes manifest the shell reads at run time.
// The API routes (/api, /auth, /me, /logout) are never answered here.
import fs from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';
import { LiveManifest, REMOTE_PACKAGES } from './remotes-manifest';
import { versionDir } from './remote-versions';
import { NO_CACHE, revalidate, serveStatic } from './static-files';

export {
  defaultRemotesManifest,
  LiveManifest,
  readRemotesManifest,
  remoteOrigins,
  REMOTE_PACKAGES,
} from './remotes-manifest';

export interface ServeWebOptions {
  /** The monorepo root: shell/dist, <remote>/dist and services/public live under it. */
  repoRoot: string;
  /** Remote name -> mf-manifest.json URL, merged over the defaults (the live manifest wins over both). */
  remotes?: Record<string, string>;
  /** Published remote versions (<remotesDir>/<package>/<version>/), served at /remotes/<package>/<version>/. */
  remotesDir?: string;
  /** The live manifest (remotes-manifest.ts); default: env REMOTES_MANIFEST only, checked against remotesDir. */
  liveManifest?: LiveManifest;
}

// Paths the services answer themselves; the SPA fallback must leave their 404s alone.
const NOT_SPA = /^\/(api|auth|me|logout|remotes|assets)(\/|$)/;

/** Runs a koa-static middleware against a path with a prefix stripped, restoring ctx.path afterwards. */
async function serveUnder(ctx: Koa.Context, next: Koa.Next, handler: Koa.Middleware, subPath: string) {
  const original = ctx.path;
  let handled = true;
  ctx.path = subPath;
  try {
    await handler(ctx, async () => {
      handled = false;
    });
  } finally {
    ctx.path = original;
  }
  if (!handled) await next();
}

export function serveWeb(opts: ServeWebOptions): Koa.Middleware {
  const { repoRoot } = opts;
  const shellDist = path.join(repoRoot, 'shell', 'dist');
  const remoteHandlers = new Map<string, Koa.Middleware>(
    REMOTE_PACKAGES.map((pkg) => [pkg, serveStatic(path.join(repoRoot, pkg, 'dist'))]),
  );
  const assets = serveStatic(path.join(repoRoot, 'services', 'public', 'assets'));
  const shellFiles = serveStatic(shellDist);
  const live =
    opts.liveManifest ?? new LiveManifest({ remotesDir: opts.remotesDir, overrides: opts.remotes });

  return async function web(ctx, next) {
    const isRead = ctx.method === 'GET' || ctx.method === 'HEAD';
    if (!isRead) return next();

    if (ctx.path === '/remotes.json') {
      // Always an answer: a bad live manifest file leaves the last good one live (and is logged).
      ctx.set('Cache-Control', NO_CACHE);
      ctx.body = live.read().remotes;
      await revalidate(ctx);
      return;
    }

    const remote = /^\/remotes\/([^/]+)(\/.*)$/.exec(ctx.path);
    if (remote) {
      const version = opts.remotesDir ? /^\/([^/]+)(\/.*)$/.exec(remote[2]) : null;
      const dir = version && versionDir(opts.remotesDir!, remote[1], version[1]);
      // A handler per request (it is only a closure): a cache keyed by requested paths could be grown at will.
      if (dir) return serveUnder(ctx, next, serveStatic(dir), version![2]);
      const handler = remoteHandlers.get(remote[1]);
      if (!handler) return next();
      return serveUnder(ctx, next, handler, remote[2]);
    }
    if (ctx.path.startsWith('/assets/'))
      return serveUnder(ctx, next, assets, ctx.path.slice('/assets'.length));

    if (ctx.path !== '/' && !NOT_SPA.test(ctx.path)) {
      let served = true;
      await shellFiles(ctx, async () => {
        served = false;
      });
      if (served) return;
    }

    // Let the API (mounted before or after us) answer first; only an unanswered page read falls back to the SPA.
    await next();
    if (ctx.status !== 404 || ctx.body != null || NOT_SPA.test(ctx.path)) return;
    if (!ctx.accepts('html') || ctx.accepts('html', 'json') === 'json') return;
    await sendShellIndex(ctx, shellDist);
  };
}

async function sendShellIndex(ctx: Koa.Context, shellDist: string): Promise<void> {
  const indexFile = path.join(shellDist, 'index.html');
  ctx.set('Cache-Control', NO_CACHE);
  try {
    const html = await fs.promises.readFile(indexFile, 'utf8');
    ctx.status = 200;
    ctx.type = 'html';
    ctx.body = html;
  } catch {
    ctx.status = 503;
    ctx.type = 'text';
    ctx.body =
      'The SkillQuiz web front end is not built yet. Run `npm run build` (or `npm start`) from the repository root.';
    return;
  }
  await revalidate(ctx);
}
