// How the services send built front-end files: the .br/.gz the build wrote beside each file when the
// browser accepts it (no compression per request), content-hashed files cached for a year, and
// everything else (remoteEntry.js, mf-manifest.json, index.html, remotes.json) revalidated with an
// ETag and answered 304 when unchanged. Which files exist and where they live is index.ts's business.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type Koa from 'koa';
import etag from '@koa/etag';
import serve from 'koa-static';
import { LRUCache } from 'lru-cache';

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
// webpack writes [contenthash] into file names; those can be cached forever.
const HASHED = /[.-][0-9a-f]{8,}\.(js|css|mjs|map|woff2?|png|svg|jpe?g|gif|webp)$/i;
// The federation runtime fetches these, possibly from another origin than the shell's.
const FEDERATION_FILES = new Set(['mf-manifest.json', 'remoteEntry.js', 'mf-stats.json']);

type ResLike = { setHeader(name: string, value: string): void };

/** Headers for a file koa-send is about to stream; `filePath` may be the .br or .gz sibling. */
export function cacheHeaders(res: ResLike, filePath: string): void {
  const base = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (FEDERATION_FILES.has(base)) {
    res.setHeader('Cache-Control', NO_CACHE);
    res.setHeader('Access-Control-Allow-Origin', '*');
  } else if (HASHED.test(base)) {
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('Access-Control-Allow-Origin', '*');
  } else {
    res.setHeader('Cache-Control', NO_CACHE);
  }
}

const addEtag = etag();

/**
 * Gives the response an ETag (a file's size and mtime, else a hash of the body) and turns it into a
 * 304 when the request's If-None-Match (or If-Modified-Since) says the browser has it already. Call
 * it after setting a 200 body; each encoding of a file has its own ETag, as each is its own file.
 */
export async function revalidate(ctx: Koa.Context): Promise<void> {
  await addEtag(ctx, async () => undefined);
  if (ctx.fresh) {
    ctx.status = 304;
    ctx.body = null;
  }
}

/**
 * Serves the files under `root` (koa-static: a `.br` or `.gz` beside the file is sent with its
 * Content-Encoding when the request accepts it) with the headers above, `Vary: Accept-Encoding` and
 * revalidation. Calls `next` only when there is no such file.
 */
export function serveStatic(root: string): Koa.Middleware {
  const options = { index: false as const, hidden: false, setHeaders: cacheHeaders };
  const compressed = serve(root, { ...options, brotli: true, gzip: true });
  const identity = serve(root, { ...options, brotli: false, gzip: false });
  // This middleware's verdicts, per file (so per app: each app makes its own middleware).
  const verdicts: Verdicts = new LRUCache({ max: MAX_VERDICTS_KEPT });
  return async function staticFiles(ctx, next) {
    let missing = false;
    const send = (await siblingsAreStale(verdicts, root, ctx.path)) ? identity : compressed;
    await send(ctx, async () => {
      missing = true;
    });
    if (missing) return next();
    // The same URL answers brotli, gzip or identity by Accept-Encoding: caches must key on it.
    ctx.vary('Accept-Encoding');
    await revalidate(ctx);
  };
}

const brotliDecompress = promisify(zlib.brotliDecompress);
const gunzip = promisify(zlib.gunzip);

/** Per file: the stats its verdict was reached at, and the verdict. */
type Verdicts = LRUCache<string, { stats: string; stale: boolean }>;
/** Files whose verdicts are kept: more than the built front ends hold. */
const MAX_VERDICTS_KEPT = 10_000;

/**
 * True when a .br or .gz beside the requested file does not hold the file's bytes: it was edited after
 * the build (a manifest rewritten in place, a version folder copied and changed), so the siblings are
 * old. Times cannot tell (a copy and an edit within one clock tick have the same mtime), so the
 * siblings are unpacked and compared, once per change of the files' sizes and mtimes. Anything
 * unusual (no file, a path outside root) is left to koa-send to answer.
 */
async function siblingsAreStale(verdicts: Verdicts, root: string, urlPath: string): Promise<boolean> {
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath);
  } catch {
    return false;
  }
  const file = path.join(root, path.posix.normalize(`/${rel}`));
  if (!file.startsWith(root + path.sep)) return false;
  const stat = (f: string) => fs.promises.stat(f).catch(() => null);
  const original = await stat(file);
  if (!original?.isFile()) return false;
  const siblings = (
    await Promise.all(
      (['br', 'gz'] as const).map(async (ext) => ({
        ext,
        at: `${file}.${ext}`,
        stat: await stat(`${file}.${ext}`),
      })),
    )
  ).filter((s) => s.stat?.isFile());
  if (siblings.length === 0) return false;
  const stats = [original, ...siblings.map((s) => s.stat!)].map((st) => `${st.size}:${st.mtimeMs}`).join('|');
  const known = verdicts.get(file);
  if (known?.stats === stats) return known.stale;
  const bytes = await fs.promises.readFile(file);
  let stale = false;
  for (const sibling of siblings) {
    const packed = await fs.promises.readFile(sibling.at);
    const unpacked = await (sibling.ext === 'br' ? brotliDecompress(packed) : gunzip(packed)).catch(
      () => null,
    );
    if (!unpacked?.equals(bytes)) stale = true;
  }
  verdicts.set(file, { stats, stale });
  return stale;
}
