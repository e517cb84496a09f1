// Serves the front ends the way they are deployed: the shell at the site root (an SPA), each remote
// from its own path under /remotes/<package>/, and the remotes manifest the shell reads at run time.
// The API routes (/api, /auth, /me, /logout) are never answered here.
import fs from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';
import serve from 'koa-static';
import { readRemotesManifest, REMOTE_PACKAGES } from './remotes-manifest';
import { versionDir } from './remote-versions';

export {
  defaultRemotesManifest,
  readRemotesManifest,
  remoteOrigins,
  REMOTE_PACKAGES,
} from './remotes-manifest';

export interface ServeWebOptions {
  /** The monorepo root: shell/dist, <remote>/dist and services/public live under it. */
  repoRoot: string;
  /** Remote name -> mf-manifest.json URL, merged over the defaults (env REMOTES_MANIFEST wins over both). */
  remotes?: Record<string, string>;
  /** Published remote versions (<remotesDir>/<package>/<version>/), served at /remotes/<package>/<version>/. */
  remotesDir?: string;
}

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Paths the services answer themselves; the SPA fallback must leave their 404s alone.
const NOT_SPA = /^\/(api|auth|me|logout|remotes|assets)(\/|$)/;
// webpack writes [contenthash] into file names; those can be cached forever.
const HASHED = /[.-][0-9a-f]{8,}\.(js|css|mjs|map|woff2?|png|svg|jpe?g|gif|webp)$/i;

type ResLike = { setHeader(name: string, value: string): void };

function cacheHeaders(res: ResLike, filePath: string): void {
  const base = path.basename(filePath);
  if (base === 'mf-manifest.json' || base === 'remoteEntry.js' || base === 'mf-stats.json') {
    res.setHeader('Cache-Control', NO_CACHE);
    // A remote may be served from another origin than the shell; the runtime fetches these.
    res.setHeader('Access-Control-Allow-Origin', '*');
  } else if (HASHED.test(base)) {
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('Access-Control-Allow-Origin', '*');
  } else {
    res.setHeader('Cache-Control', NO_CACHE);
  }
}

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
  const staticOpts = { index: false as const, setHeaders: cacheHeaders, hidden: false };
  const remoteHandlers = new Map<string, Koa.Middleware>(
    REMOTE_PACKAGES.map((pkg) => [pkg, serve(path.join(repoRoot, pkg, 'dist'), staticOpts)]),
  );
  const assets = serve(path.join(repoRoot, 'services', 'public', 'assets'), staticOpts);
  const shellFiles = serve(shellDist, staticOpts);

  return async function web(ctx, next) {
    const isRead = ctx.method === 'GET' || ctx.method === 'HEAD';
    if (!isRead) return next();

    if (ctx.path === '/remotes.json') {
      const manifest = readRemotesManifest(opts.remotes);
      ctx.set('Cache-Control', NO_CACHE);
      if (!manifest.ok) {
        ctx.status = 500;
        ctx.body = { success: false, message: manifest.message };
        return;
      }
      ctx.body = manifest.remotes;
      return;
    }

    const remote = /^\/remotes\/([^/]+)(\/.*)$/.exec(ctx.path);
    if (remote) {
      const version = opts.remotesDir ? /^\/([^/]+)(\/.*)$/.exec(remote[2]) : null;
      const dir = version && versionDir(opts.remotesDir!, remote[1], version[1]);
      // A handler per request (it is only a closure): a cache keyed by requested paths could be grown at will.
      if (dir) return serveUnder(ctx, next, serve(dir, staticOpts), version![2]);
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
  }
}
