// One way for the front ends to call the SkillQuiz API, with SPEC §8's error mapping written once:
// any non-OK reply becomes { success: false, status, message }, where message is the server's own
// when the body carries one, else 'Not found' (404), 'Internal server error' (>= 500) or 'Bad Request'.
// Network failures are also returned (status 0), never thrown, so callers handle one shape.

// The default messages are the contracts' defaultErrorMessage (the zod-free constants subpath).
import { defaultErrorMessage } from '@skillquiz/contracts/constants';

export type ApiResult<T> =
  | { success: true; data: T }
  | {
      success: false;
      status: number;
      message: string;
      /** The reply's Retry-After in seconds (503 while the database is down, 429), when it gave one. */
      retryAfterSeconds?: number;
    };

/** Retry-After as seconds from now: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The server's message from an error body ({ success: false, message }), if it has a usable one. */
export function messageFrom(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

/** Name of the double-submit CSRF cookie the server sets, and the header writes echo it in. */
export const CSRF_COOKIE = 'CSRF-TOKEN';
export const CSRF_HEADER = 'X-CSRF-Token';

/** The value of one cookie (decoded), or '' when it is not set or there is no document. */
export function readCookie(
  name: string,
  cookieString: string | undefined = globalThis.document?.cookie,
): string {
  for (const part of (cookieString ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return '';
}

/** Methods that change nothing need no CSRF token. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

export interface ApiFetchInit extends Omit<RequestInit, 'body'> {
  /** Sent as JSON (Content-Type set for you). A string or FormData is sent as is. */
  body?: unknown;
  /** The fetch to use (tests, or a base URL wrapper). Defaults to the global fetch. */
  fetchImpl?: typeof fetch;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function apiFetch<T = unknown>(path: string, init: ApiFetchInit = {}): Promise<ApiResult<T>> {
  const { body, fetchImpl = fetch, headers, ...rest } = init;
  const sendAsIs =
    body === undefined ||
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData);
  const requestHeaders = new Headers(headers);
  if (!requestHeaders.has('Accept')) requestHeaders.set('Accept', 'application/json');
  if (!sendAsIs && !requestHeaders.has('Content-Type'))
    requestHeaders.set('Content-Type', 'application/json');
  // Every write echoes the CSRF cookie (the admin API requires it; candidate calls ignore it).
  const method = (rest.method ?? 'GET').toUpperCase();
  if (!SAFE_METHODS.has(method) && !requestHeaders.has(CSRF_HEADER)) {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) requestHeaders.set(CSRF_HEADER, csrf);
  }

  let res: Response;
  try {
    res = await fetchImpl(path, {
      credentials: 'include',
      ...rest,
      headers: requestHeaders,
      body: sendAsIs ? (body as BodyInit | undefined) : JSON.stringify(body),
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    return { success: false, status: 0, message: 'Network error' };
  }

  const parsed = await readBody(res).catch(() => undefined);
  if (!res.ok) {
    const retryAfter = retryAfterSeconds(res.headers.get('Retry-After'));
    return {
      success: false,
      status: res.status,
      message: messageFrom(parsed) ?? defaultErrorMessage(res.status),
      ...(retryAfter === undefined ? {} : { retryAfterSeconds: retryAfter }),
    };
  }
  // An OK reply that says it failed ({ success: false, message }) is an error too.
  if (parsed && typeof parsed === 'object' && (parsed as { success?: unknown }).success === false) {
    return {
      success: false,
      status: res.status,
      message: messageFrom(parsed) ?? defaultErrorMessage(res.status),
    };
  }
  return { success: true, data: parsed as T };
}

/** A failed call as an exception (status and the SPEC §8 message), for callers such as TanStack Query that expect a throw. */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** apiFetch that returns the data or throws ApiError (an AbortError from `signal` is rethrown as is). */
export async function apiCall<T = unknown>(path: string, init?: ApiFetchInit): Promise<T> {
  const result = await apiFetch<T>(path, init);
  if (!result.success) throw new ApiError(result.status, result.message);
  return result.data;
}
