// apiFetch against a real local HTTP server: the §8 mapping, credentials and JSON handling.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, apiCall, apiFetch, messageFrom, readCookie, retryAfterSeconds } from './index';

type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;
let handler: Handler;
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function reply(status: number, body: string, type = 'application/json'): Handler {
  return (_req, _body, res) => {
    res.writeHead(status, { 'Content-Type': type });
    res.end(body);
  };
}

describe('a reply without a message gets the SPEC §8 default (contracts defaultErrorMessage)', () => {
  it.each([
    [404, 'Not found'],
    [500, 'Internal server error'],
    [503, 'Internal server error'],
    [400, 'Bad Request'],
    [401, 'Bad Request'],
    [422, 'Bad Request'],
  ])('%i -> %s', async (status, message) => {
    handler = reply(status, '');
    expect(await apiFetch(`${base}/x`)).toEqual({ success: false, status, message });
  });
});

describe('messageFrom', () => {
  it('takes only a non-empty string message', () => {
    expect(messageFrom({ success: false, message: 'Quiz expired' })).toBe('Quiz expired');
    expect(messageFrom({ message: '' })).toBeUndefined();
    expect(messageFrom({ message: 42 })).toBeUndefined();
    expect(messageFrom('oops')).toBeUndefined();
    expect(messageFrom(null)).toBeUndefined();
  });
});

describe('apiFetch', () => {
  it('returns data on success', async () => {
    handler = reply(200, JSON.stringify({ id: 'q1', n: 3 }));
    await expect(apiFetch(`${base}/api/x`)).resolves.toEqual({ success: true, data: { id: 'q1', n: 3 } });
  });

  it('uses the server message on an error reply', async () => {
    handler = reply(422, JSON.stringify({ success: false, message: 'answer_id is required' }));
    await expect(apiFetch(`${base}/api/x`)).resolves.toEqual({
      success: false,
      status: 422,
      message: 'answer_id is required',
    });
  });

  it.each([
    [404, 'Not found'],
    [500, 'Internal server error'],
    [502, 'Internal server error'],
    [400, 'Bad Request'],
    [403, 'Bad Request'],
  ])('falls back to the default message for %i without a message body', async (status, message) => {
    handler = reply(status, '<html>proxy error</html>', 'text/html');
    await expect(apiFetch(`${base}/api/x`)).resolves.toEqual({ success: false, status, message });
  });

  it('treats an OK reply with success:false as an error', async () => {
    handler = reply(200, JSON.stringify({ success: false, message: 'Not allowed' }));
    await expect(apiFetch(`${base}/api/x`)).resolves.toEqual({
      success: false,
      status: 200,
      message: 'Not allowed',
    });
  });

  it('sends a JSON body with the JSON content type and includes credentials', async () => {
    let seen: { method?: string; type?: string; body?: string } = {};
    handler = (req, body, res) => {
      seen = { method: req.method, type: req.headers['content-type'], body };
      res.writeHead(204);
      res.end();
    };
    const calls: RequestInit[] = [];
    const spy: typeof fetch = (input, init) => {
      calls.push(init ?? {});
      return fetch(input, init);
    };
    const result = await apiFetch(`${base}/api/x`, {
      method: 'POST',
      body: { answer_id: 'a1' },
      fetchImpl: spy,
    });
    expect(result).toEqual({ success: true, data: undefined });
    expect(seen).toEqual({ method: 'POST', type: 'application/json', body: '{"answer_id":"a1"}' });
    expect(calls[0].credentials).toBe('include');
  });

  it("passes a reply's Retry-After on (a 503 while the database is down)", async () => {
    handler = (_req, _body, res) => {
      res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '3' });
      res.end(JSON.stringify({ success: false, message: 'briefly unavailable' }));
    };
    expect(await apiFetch(`${base}/api/x`)).toEqual({
      success: false,
      status: 503,
      message: 'briefly unavailable',
      retryAfterSeconds: 3,
    });
    expect(
      retryAfterSeconds('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')),
    ).toBe(10);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
  });

  it('returns a network failure instead of throwing', async () => {
    const result = await apiFetch('http://127.0.0.1:1/unreachable');
    expect(result).toEqual({ success: false, status: 0, message: 'Network error' });
  });
});

describe('CSRF header (double-submit cookie)', () => {
  const seen: (string | undefined)[] = [];
  beforeEach(() => {
    seen.length = 0;
    handler = (req, _body, res) => {
      seen.push(req.headers['x-csrf-token'] as string | undefined);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{}');
    };
    // The browser's cookie jar, as scripts see it.
    Object.defineProperty(globalThis, 'document', {
      value: { cookie: 'other=1; CSRF-TOKEN=abc%2Edef; x=y' },
      configurable: true,
    });
  });
  afterEach(() => {
    delete (globalThis as { document?: unknown }).document;
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'post'])(
    '%s sends X-CSRF-Token from the CSRF-TOKEN cookie',
    async (method) => {
      await apiFetch(`${base}/w`, { method, body: { a: 1 } });
      expect(seen).toEqual(['abc.def']);
    },
  );

  it.each([undefined, 'GET', 'HEAD'])('%s sends none', async (method) => {
    await apiFetch(`${base}/r`, method ? { method } : {});
    expect(seen).toEqual([undefined]);
  });

  it('sends none when the cookie is not set, and keeps a header the caller set', async () => {
    (globalThis as unknown as { document: { cookie: string } }).document.cookie = 'other=1';
    await apiFetch(`${base}/w`, { method: 'POST' });
    (globalThis as unknown as { document: { cookie: string } }).document.cookie = 'CSRF-TOKEN=abc';
    await apiFetch(`${base}/w`, { method: 'POST', headers: { 'X-CSRF-Token': 'mine' } });
    expect(seen).toEqual([undefined, 'mine']);
  });
});

describe('readCookie', () => {
  it.each([
    ['a=1; CSRF-TOKEN=t%20k', 'CSRF-TOKEN', 't k'],
    ['XCSRF-TOKEN=no', 'CSRF-TOKEN', ''],
    ['CSRF-TOKEN=%E0%A4%A', 'CSRF-TOKEN', '%E0%A4%A'],
    ['', 'CSRF-TOKEN', ''],
  ])('%j %s -> %j', (cookies, name, value) => {
    expect(readCookie(name, cookies)).toBe(value);
  });
});

describe('apiCall', () => {
  it('returns the data of an OK reply', async () => {
    handler = reply(200, '{"question":{"id":1}}');
    await expect(apiCall(`${base}/x`)).resolves.toEqual({ question: { id: 1 } });
  });

  it("throws ApiError with the status and the server's message (409), or the §8 default", async () => {
    handler = reply(409, '{"success":false,"message":"Question 1 was changed by someone else"}');
    const error = await apiCall(`${base}/x`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Question 1 was changed by someone else' });
    handler = reply(404, '');
    await expect(apiCall(`${base}/x`)).rejects.toMatchObject({ status: 404, message: 'Not found' });
  });
});
