// One way for the front ends to call the SkillQuiz API, with SPEC §8's error mapping written once:
// any non-OK reply becomes { success: false, status, message }, where message is the server's own
// when the body carries one, else 'Not found' (404), 'Internal server error' (>= 500) or 'Bad Request'.
// Network failures are also returned (status 0), never thrown, so callers handle one shape.

export type ApiResult<T> = { success: true; data: T } | { success: false; status: number; message: string };

/** SPEC §8: the message when the server's reply does not carry one. */
export function defaultMessage(status: number): string {
  if (status === 404) return 'Not found';
  if (status >= 500) return 'Internal server error';
  return 'Bad Request';
}

/** The server's message from an error body ({ success: false, message }), if it has a usable one. */
export function messageFrom(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

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
  const sendAsIs = body === undefined || typeof body === 'string' || (typeof FormData !== 'undefined' && body instanceof FormData);
  const requestHeaders = new Headers(headers);
  if (!requestHeaders.has('Accept')) requestHeaders.set('Accept', 'application/json');
  if (!sendAsIs && !requestHeaders.has('Content-Type')) requestHeaders.set('Content-Type', 'application/json');

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
    return { success: false, status: res.status, message: messageFrom(parsed) ?? defaultMessage(res.status) };
  }
  // An OK reply that says it failed ({ success: false, message }) is an error too.
  if (parsed && typeof parsed === 'object' && (parsed as { success?: unknown }).success === false) {
    return { success: false, status: res.status, message: messageFrom(parsed) ?? defaultMessage(res.status) };
  }
  return { success: true, data: parsed as T };
}
