// Is this request from one of our own pages? For state-changing GETs that must stay plain links
// (GET /logout, SPEC §2), where a CSRF token cannot ride along: another site could otherwise
// trigger them with `<img src="/logout">`. Browsers say where a request comes from in
// Sec-Fetch-Site (all current ones), else Origin, else Referer; a request with none of them (an
// old browser, a typed URL, a stripped Referer) is not proven cross-site and passes.
import type { Context } from 'koa';
import { forbidden } from '../http/errors';

export interface SourceHeaders {
  secFetchSite?: string;
  origin?: string;
  referer?: string;
}

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** True when the headers prove the request came from a page outside `ownOrigins`. */
export function isCrossSite(h: SourceHeaders, ownOrigins: readonly string[]): boolean {
  // 'none' = the user typed the URL or used a bookmark; 'same-site' (a sibling subdomain) is not us.
  if (h.secFetchSite) return h.secFetchSite !== 'same-origin' && h.secFetchSite !== 'none';
  // 'null' (a sandboxed frame, a privacy-sensitive redirect) names no origin of ours either.
  if (h.origin) return !ownOrigins.includes(h.origin);
  if (h.referer) {
    const from = originOf(h.referer);
    return from === undefined || !ownOrigins.includes(from);
  }
  return false;
}

/** Refuses (403) a request the headers prove cross-site; our origin is the request's and PUBLIC_URL's. */
export function assertSameOrigin(ctx: Context): void {
  // Not ctx.origin: koa 3 fills that from the request's own Origin header when there is one.
  const own = [originOf(`${ctx.protocol}://${ctx.host}`), originOf(ctx.config.publicUrl)].filter(
    (o): o is string => !!o,
  );
  const headers: SourceHeaders = {
    secFetchSite: ctx.get('Sec-Fetch-Site') || undefined,
    origin: ctx.get('Origin') || undefined,
    referer: ctx.get('Referer') || undefined,
  };
  if (isCrossSite(headers, own)) throw forbidden('Refused: this request came from another site');
}
