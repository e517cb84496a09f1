// Operations endpoints over real HTTP: /healthz, /readyz (database stopped and back, a broken live
// manifest), /metrics behind its bearer token and on its own port, parsed with a Prometheus text
// parser, and the series moving after a candidate answers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { startStack, type Stack } from './helpers/stack';
import { parseMetrics, valueOf } from './helpers/prometheus-text';
import { call, connect, issueQuiz, quizDoc, seedFixture, type Fixture } from './quiz-fixtures';

jest.setTimeout(120_000);

const TOKEN = 'metrics-token-0123456789abcdef';
let stack: Stack;
let fx: Fixture;
let manifestDir: string;
let manifestFile: string;
let metricsUrl: string;

beforeAll(async () => {
  manifestDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-ops-'));
  manifestFile = path.join(manifestDir, 'remotes.json');
  fs.writeFileSync(manifestFile, '{}\n');
  stack = await startStack({
    QUESTION_TIME_LIMIT_SECONDS: '600',
    METRICS_TOKEN: TOKEN,
    METRICS_PORT: '0',
    REMOTES_MANIFEST: manifestFile,
    READINESS_DB_TIMEOUT_MS: '500',
  });
  const line = stack.services.output.find((l) => l.startsWith('SkillQuiz metrics on '));
  metricsUrl = line!.slice('SkillQuiz metrics on '.length);
  await connect(stack.mongoUri);
  fx = await seedFixture('ops');
});
afterAll(async () => {
  await mongoose.disconnect();
  await stack?.stop();
  if (manifestDir) fs.rmSync(manifestDir, { recursive: true, force: true });
});

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const scrape = async () => {
  const res = await fetch(stack.baseUrl + '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(await res.text());
};

describe('/healthz and /readyz', () => {
  it('answer 200 when all is well, unauthenticated, without configuration in the body', async () => {
    const health = await call(stack.baseUrl, 'GET', '/healthz');
    expect([health.status, health.body]).toEqual([200, { status: 'ok' }]);
    const ready = await call(stack.baseUrl, 'GET', '/readyz');
    expect([ready.status, ready.body]).toEqual([200, { status: 'ready' }]);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(ready.headers.get('set-cookie')).toBeNull();
  });

  it('/readyz is 503 naming the database while the engine is stopped, and 200 again once it is back', async () => {
    await stack.stopDatabase();
    try {
      const started = Date.now();
      const down = await call(stack.baseUrl, 'GET', '/readyz');
      // Bounded by READINESS_DB_TIMEOUT_MS, not by the driver's 10 s server selection.
      expect(Date.now() - started).toBeLessThan(3000);
      expect(down.status).toBe(503);
      expect(down.body.status).toBe('unavailable');
      expect(down.body.failing).toContain('database');
      expect(down.text).not.toContain('mongodb://');
      expect(down.text).not.toContain(String(new URL(stack.mongoUri).port));
      // Alive all the same.
      expect((await call(stack.baseUrl, 'GET', '/healthz')).status).toBe(200);
      // Down until the outage monitor has seen it too (a candidate call is then refused at once), so
      // the metrics test below finds its seconds counted: a stop shorter than the monitor's heartbeat
      // would otherwise go unseen by it.
      const gated = await until(
        () => call(stack.baseUrl, 'GET', '/api/quiz/no-such-token/'),
        (r) => r.status === 503 && r.headers.get('retry-after') !== null,
      );
      expect(gated.status).toBe(503);
    } finally {
      await stack.startDatabase();
    }
    const back = await until(
      () => call(stack.baseUrl, 'GET', '/readyz'),
      (r) => r.status === 200,
    );
    expect([back.status, back.body]).toEqual([200, { status: 'ready' }]);
  });

  it('/readyz is 503 naming the remotes manifest while the live manifest is broken', async () => {
    fs.writeFileSync(manifestFile, '{ not json');
    try {
      const bad = await call(stack.baseUrl, 'GET', '/readyz');
      expect([bad.status, bad.body]).toEqual([503, { status: 'unavailable', failing: ['remotes_manifest'] }]);
      expect(bad.text).not.toContain(manifestDir);
    } finally {
      fs.writeFileSync(manifestFile, '{}\n');
    }
    expect((await call(stack.baseUrl, 'GET', '/readyz')).status).toBe(200);
  });

  it('is outside the rate limits: a burst of probes is never refused', async () => {
    const replies = await Promise.all(
      Array.from({ length: 60 }, () => call(stack.baseUrl, 'GET', '/readyz')),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(60).fill(200));
  });
});

describe('/metrics', () => {
  it('asks for the bearer token on the main listener', async () => {
    const none = await fetch(stack.baseUrl + '/metrics');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const wrong = await fetch(stack.baseUrl + '/metrics', { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('skillquiz_');
  });

  it('is served on METRICS_PORT without a token, and nothing else is', async () => {
    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    const families = parseMetrics(await res.text());
    expect(families.families.get('skillquiz_http_requests_total')?.type).toBe('COUNTER');
    expect(families.families.get('skillquiz_process_resident_memory_bytes')?.type).toBe('GAUGE');
    expect((await fetch(metricsUrl.replace(/\/metrics$/, '/api/quiz/x'))).status).toBe(404);
  });

  it('counts requests by route pattern, answers, their latency, rate-limit refusals and the database state', async () => {
    const token = await issueQuiz(fx);
    const before = await scrape();
    const route = '/api/quiz/:token/question/:number';

    expect((await call(stack.baseUrl, 'GET', `/api/quiz/${token}/question/1/`)).status).toBe(200);
    const doc = await quizDoc(token);
    const idx = doc!.served[0].snapshot.answers.findIndex((a) => a.c);
    const body = { answer: doc!.served[0].snapshot.answers[idx].hash_id, answer_position: idx };
    expect((await call(stack.baseUrl, 'POST', `/api/quiz/${token}/question/1/`, body)).status).toBe(200);
    // The same answer again (a client's retry): answered once, counted once.
    expect((await call(stack.baseUrl, 'POST', `/api/quiz/${token}/question/1/`, body)).status).toBe(200);
    // Unknown tokens until the per-client limit answers 429.
    let limited = 0;
    for (let i = 0; i < 40 && limited === 0; i++) {
      const r = await call(stack.baseUrl, 'GET', `/api/quiz/unknown${String(i).padStart(20, '0')}/`);
      if (r.status === 429) limited++;
    }
    expect(limited).toBe(1);

    const after = await scrape();
    const diff = (name: string, labels: Record<string, string> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(diff('skillquiz_http_requests_total', { method: 'POST', route, status: '200' })).toBe(2);
    expect(diff('skillquiz_http_requests_total', { method: 'GET', route, status: '200' })).toBe(1);
    expect(diff('skillquiz_http_request_duration_seconds', { method: 'POST', route })).toBe(2);
    expect(diff('skillquiz_answers_total', { kind: 'scored', result: 'in_time' })).toBe(1);
    expect(diff('skillquiz_answers_total')).toBe(1);
    expect(diff('skillquiz_answer_duration_seconds')).toBe(1);
    expect(diff('skillquiz_answers_outage_credited_total')).toBe(0);
    expect(diff('skillquiz_rate_limited_total', { route: '/api/quiz/:token' })).toBe(1);
    expect(valueOf(after, 'skillquiz_database_up')).toBe(1);
    // The earlier test stopped the engine: its seconds are counted.
    expect(valueOf(after, 'skillquiz_database_outage_seconds_total')).toBeGreaterThan(0);
    expect(after.families.get('skillquiz_jobs_waiting')?.type).toBe('GAUGE');

    // No raw URL, token or address in any label.
    const text = await (await fetch(metricsUrl)).text();
    expect(text).not.toContain(token);
    expect(text).not.toContain('unknown0');
    expect(text).not.toContain('127.0.0.1');
  });
});
