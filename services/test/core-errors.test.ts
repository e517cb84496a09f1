// The error → reply mapping and the pipeline pieces, in-process (no database needed).
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Router } from '@koa/router';
// The body parser's typing of ctx.request.body (the app gets it through platform/http/middleware.ts).
import type {} from '@koa/bodyparser';
import Koa from 'koa';
import mongoose from 'mongoose';
import { z } from 'zod';
import { HttpError, conflict, tooManyRequests, validate } from '../src/platform/http/errors';
import { Writable } from 'node:stream';
import { createLogger } from '../src/platform/log/logger';
import {
  apiNotFound,
  arrivedAt,
  databaseAvailable,
  errorMiddleware,
  jsonBody,
  stampArrival,
  toErrorReply,
} from '../src/platform/http/middleware';

describe('toErrorReply', () => {
  it('keeps HttpError status and message', () => {
    expect(toErrorReply(conflict('Slug taken'))).toEqual({ status: 409, message: 'Slug taken' });
    expect(toErrorReply(new HttpError(429, 'Slow down'))).toEqual({ status: 429, message: 'Slow down' });
  });

  it('a 429 carries its wait: whole seconds, at least 1', () => {
    expect(toErrorReply(tooManyRequests('Slow down', 12))).toEqual({
      status: 429,
      message: 'Slow down',
      retryAfterSeconds: 12,
    });
    expect(toErrorReply(tooManyRequests('Slow down', 0.2)).retryAfterSeconds).toBe(1);
  });

  it('a bare zod error is an internal strict parse failing (a server bug): 500, not 400', () => {
    // Input goes through validate(), which throws a 400 HttpError naming the fields (tested below).
    const r = z.strictObject({ text: z.string() }).safeParse({ text: 'x', c: true });
    expect(toErrorReply(r.error)).toEqual({ status: 500, message: 'Internal server error' });
  });

  it('maps mongoose cast and validation errors to 400', async () => {
    const Thing = mongoose.model(
      'CoreErrorsThing',
      new mongoose.Schema({ n: { type: Number, required: true } }),
    );
    const validation = await new Thing({}).validate().then(
      () => new Error('expected a validation error'),
      (err: unknown) => err,
    );
    expect(toErrorReply(validation)).toEqual({
      status: 400,
      message: expect.stringMatching(/^Invalid request: n: /),
    });
    const cast = new mongoose.Error.CastError('Number', 'abc', 'n');
    expect(toErrorReply(cast)).toEqual({ status: 400, message: 'Invalid value for n' });
  });

  it('maps a duplicate key to 409 naming the field', () => {
    const dup = Object.assign(new Error('E11000 duplicate key'), {
      code: 11000,
      keyValue: { _id: 'python' },
    });
    expect(toErrorReply(dup)).toEqual({ status: 409, message: 'Already exists: duplicate _id' });
  });

  it('maps database errors caused by the sent value (BadValue, bad field names, too large) to 400', () => {
    const { MongoServerError } = mongoose.mongo;
    for (const [code, codeName] of [
      [2, 'BadValue'],
      [52, 'DollarPrefixedFieldName'],
      [57, 'DottedFieldName'],
      [10334, 'BSONObjectTooLarge'],
    ] as const) {
      const err = new MongoServerError({ message: `${codeName}: internal detail`, code, codeName });
      expect(toErrorReply(err)).toEqual({
        status: 400,
        message: 'Invalid request: the value cannot be stored',
      });
    }
    // Not the client's doing: still a 500.
    expect(toErrorReply(new MongoServerError({ message: 'not primary', code: 10107 })).status).toBe(500);
    // A plain error that happens to carry code 2 is not a database refusal.
    expect(toErrorReply(Object.assign(new Error('x'), { code: 2 })).status).toBe(500);
  });

  it('hides everything else behind a generic 500', () => {
    expect(toErrorReply(new Error('secret connection string mongodb://u:p@h'))).toEqual({
      status: 500,
      message: 'Internal server error',
    });
    expect(toErrorReply(Object.assign(new Error('boom'), { status: 503 }))).toEqual({
      status: 500,
      message: 'Internal server error',
    });
    expect(toErrorReply('a string')).toEqual({ status: 500, message: 'Internal server error' });
    expect(toErrorReply(undefined)).toEqual({ status: 500, message: 'Internal server error' });
  });
});

describe('validate', () => {
  const schema = z.object({ answer: z.string(), answer_position: z.number().int() });
  it('returns the parsed value', () => {
    expect(validate(schema, { answer: 'x', answer_position: 1 })).toEqual({
      answer: 'x',
      answer_position: 1,
    });
  });
  it('throws a 400 HttpError naming the field', () => {
    expect(() => validate(schema, { answer: 'x', answer_position: 'one' })).toThrow(HttpError);
    expect(() => validate(schema, { answer: 'x', answer_position: 'one' })).toThrow(/answer_position/);
  });
});

describe('pipeline', () => {
  let server: Server;
  let base: string;
  const logged: string[] = [];
  const logger = createLogger('error', {
    destination: new Writable({
      write(chunk, _enc, done) {
        logged.push(String(chunk));
        done();
      },
    }),
  });

  beforeAll(async () => {
    const app = new Koa();
    app.silent = true;
    const router = new Router();
    router.get('/api/crash', () => {
      throw new Error('database exploded at line 12');
    });
    router.get('/api/leak', () => {
      // What the candidate view does: a strict parse of a response that must not carry `c`.
      z.strictObject({ text: z.string() }).parse({ text: 'x', c: true });
    });
    router.post('/api/echo', (ctx) => {
      ctx.body = validate(z.object({ n: z.number() }), ctx.request.body);
    });
    app.use(errorMiddleware(logger));
    app.use(jsonBody({ limit: 100 }));
    app.use(router.routes());
    app.use(apiNotFound());
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('a failed internal strict parse is a logged 500, not a 400 blaming the client', async () => {
    const res = await fetch(`${base}/api/leak`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ success: false, message: 'Internal server error' });
    expect(JSON.stringify(logged)).toMatch(/GET \/api\/leak failed/);
  });

  it('an unexpected error is a logged 500 without details', async () => {
    const res = await fetch(`${base}/api/crash`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ success: false, message: 'Internal server error' });
    expect(JSON.stringify(logged)).toMatch(/database exploded/);
  });

  it('parses JSON bodies and enforces the configured limit', async () => {
    const post = (body: string) =>
      fetch(`${base}/api/echo`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(await (await post('{"n": 3}')).json()).toEqual({ n: 3 });
    const bad = await post('{"n": "3"}');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/n: /);
    expect((await post(JSON.stringify({ n: 1, pad: 'x'.repeat(200) }))).status).toBe(413);
  });

  it('a wrong method on a known API path is a JSON 404', async () => {
    const res = await fetch(`${base}/api/crash`, { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, message: 'No such API route: DELETE /api/crash' });
  });
});

describe('the database down or stalled (databaseAvailable)', () => {
  let server: Server;
  let base: string;
  /** A stand-in for the outage monitor: tests say when the database goes down and comes back. */
  let down = false;
  const listeners = new Set<() => void>();
  const health = {
    isDown: () => down,
    onDown: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  const goDown = () => {
    down = true;
    for (const l of [...listeners]) l();
  };
  /** Requests to /api/stuck wait on this, as on a frozen database. */
  let release: () => void = () => {};
  let arrivals: Date[] = [];

  beforeAll(async () => {
    const app = new Koa();
    app.silent = true;
    const router = new Router();
    router.get('/api/stuck', async (ctx) => {
      arrivals.push(arrivedAt(ctx));
      await new Promise<void>((r) => (release = r));
      ctx.body = { late: true };
    });
    router.get('/api/slow', async (ctx) => {
      arrivals.push(arrivedAt(ctx));
      await new Promise<void>((r) => (release = r));
      ctx.body = { done: true };
    });
    router.get('/api/429', () => {
      throw tooManyRequests('Slow down', 42);
    });
    router.get('/page', (ctx) => {
      ctx.body = 'a page';
    });
    app.use(stampArrival());
    app.use(errorMiddleware(createLogger('silent')));
    // Only /api/stuck is gated (a candidate call); /api/slow stands for an admin's long read.
    app.use(databaseAvailable(health, (p) => p.startsWith('/api/stuck')));
    app.use(router.routes());
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));
  beforeEach(() => {
    down = false;
    arrivals = [];
  });

  it('a call waiting on the database gets 503 with Retry-After as soon as the outage is found', async () => {
    const sent = Date.now();
    const pending = fetch(`${base}/api/stuck`);
    while (arrivals.length === 0) await new Promise((r) => setTimeout(r, 10));
    expect(arrivals[0].getTime()).toBeGreaterThanOrEqual(sent - 1);
    goDown();
    const res = await pending;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(await res.json()).toEqual({ success: false, message: expect.stringMatching(/unavailable/) });
    release(); // the work finishing later changes nothing that was sent
    expect(listeners.size).toBe(0);
  });

  it('a call that is not gated keeps waiting through the outage and gets its answer', async () => {
    const pending = fetch(`${base}/api/slow`);
    while (arrivals.length === 0) await new Promise((r) => setTimeout(r, 10));
    goDown();
    await new Promise((r) => setTimeout(r, 50));
    release();
    const res = await pending;
    expect([res.status, await res.json()]).toEqual([200, { done: true }]);
  });

  it('while it is down, gated calls are refused at once; others are not touched', async () => {
    down = true;
    const res = await fetch(`${base}/api/stuck`);
    expect([res.status, res.headers.get('retry-after')]).toEqual([503, '3']);
    expect(arrivals).toEqual([]);
    expect(await (await fetch(`${base}/page`)).text()).toBe('a page');
    const admin = fetch(`${base}/api/slow`);
    while (arrivals.length === 0) await new Promise((r) => setTimeout(r, 10));
    release();
    expect((await admin).status).toBe(200);
  });

  it('sends a 429 with its Retry-After header', async () => {
    const res = await fetch(`${base}/api/429`);
    expect([res.status, res.headers.get('retry-after')]).toEqual([429, '42']);
  });
});
