// Rolling restart behind a real reverse proxy: three services processes on one embedded engine
// behind nginx (Debian's /usr/sbin/nginx, a temp config on loopback), 200 simulated candidates
// answering through it, and each instance SIGTERM-ed and started again in turn. Asserts: 0 answers
// lost, 0 answers scored twice, 0 errors reaching a candidate after the client's retries, and each
// finished quiz's result webhook delivered exactly once.
// Run with `npm run test:rolling` (builds the services first); skipped, saying so, without nginx.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import mongoose from 'mongoose';
import { Company } from '../src/models';
import { startServices, startStack, stopChild, type Services, type Stack } from './helpers/stack';
import { connect, issueQuiz, quizDoc, seedFixture, type Fixture } from './quiz-fixtures';

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const HAVE_NGINX = fs.existsSync(NGINX);
if (!HAVE_NGINX)
  console.warn(
    `rolling restart test SKIPPED: no nginx at ${NGINX} (apt-get install nginx, or set NGINX_BIN)`,
  );

jest.setTimeout(300_000);

const CANDIDATES = 200;
const INSTANCES = 3;
/** Candidates start this far apart, so that the run outlasts the three restarts. */
const START_SPREAD_MS = 130;
const ENV = {
  DEMO_MODE_ALLOWED: 'false',
  QUESTION_TIME_LIMIT_SECONDS: '600',
  SESSION_SECRET: 'rolling-restart-session-secret-0123456789',
  JOBS_PROCESS_EVERY_MS: '200',
  SHUTDOWN_DRAIN_MS: '500',
  SHUTDOWN_TIMEOUT_MS: '10000',
  TRUSTED_PROXY_COUNT: '1',
  // The receiver shares this loaded machine: a slow answer must not count as a failed attempt.
  WEBHOOK_TIMEOUT_MS: '30000',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The proxy as docs/DEPLOY.md configures it: round robin over the instances, keep-alive to them,
 * and a request that fails to connect or gets no answer is sent to the next instance, POSTs
 * included (`non_idempotent`): every candidate call is idempotent (an answer already recorded is
 * answered again from the record; fetching a served question serves the same one).
 */
function nginxConfig(dir: string, listen: number, upstreams: number[]): string {
  return `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream skillquiz {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://skillquiz;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 1s;
      proxy_read_timeout 30s;
      proxy_next_upstream error timeout non_idempotent;
      proxy_next_upstream_tries 3;
    }
  }
}
`;
}

async function startNginx(dir: string, config: string): Promise<{ stop(): Promise<void>; log(): string }> {
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, config);
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  readline.createInterface({ input: child.stderr! }).on('line', (l) => output.push(l));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const log = () => {
    const f = path.join(dir, 'error.log');
    return [...output, fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : ''].join('\n');
  };
  return { stop: () => stopChild(child, exited), log };
}

/** The webhook receiver: every delivery's quiz id, in order of arrival. */
async function startReceiver(): Promise<{ url: string; quizIds: string[]; close(): Promise<void> }> {
  const quizIds: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      try {
        quizIds.push(String((JSON.parse(body) as { data: { quiz_id: string } }).data.quiz_id));
      } catch {
        quizIds.push('(unreadable)');
      }
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    quizIds,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Tally {
  requests: number;
  retried: number;
  /** Calls that still failed after the client's retries: what a candidate would see. */
  errors: string[];
}

/**
 * The candidate client's retry rule (as the quiz page retries): a network failure or 502/503/504
 * is sent again, after the Retry-After the services give (3 s while the database is stalled or
 * down) or a growing pause, for up to about a minute.
 */
async function send(base: string, method: string, p: string, tally: Tally, body?: unknown) {
  tally.requests++;
  const shown = `${method} ${p.replace(/[\w-]{22,}/, ':token')}`;
  const giveUpAt = Date.now() + 60_000;
  for (let attempt = 1; ; attempt++) {
    let status = 0;
    let text = '';
    let retryAfter = 0;
    let failure = '';
    try {
      const res = await fetch(base + p, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      status = res.status;
      retryAfter = Number(res.headers.get('retry-after') ?? 0) || 0;
      text = await res.text();
    } catch (err) {
      failure = String((err as { cause?: { code?: string } }).cause?.code ?? err);
    }
    const retryable = failure !== '' || status === 502 || status === 503 || status === 504;
    if (!retryable) {
      if (status !== 200) tally.errors.push(`${shown}: ${status} ${text}`);
      return status === 200 ? (JSON.parse(text) as unknown) : null;
    }
    if (Date.now() >= giveUpAt) {
      tally.errors.push(`${shown}: ${failure || status} after retries`);
      return null;
    }
    tally.retried++;
    await sleep(retryAfter ? retryAfter * 1000 : Math.min(2000, 150 * attempt));
  }
}

const describeIf = HAVE_NGINX ? describe : describe.skip;

describeIf('rolling restart of three instances behind nginx', () => {
  let stack: Stack;
  let fx: Fixture;
  let tmp: string;
  let nginx: { stop(): Promise<void>; log(): string } | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const ports: number[] = [];
  const instances: Services[] = [];
  /** Every instance's output, restarted ones included (printed when a check fails). */
  const outputs: string[][] = [];

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-rolling-'));
    for (let i = 0; i < INSTANCES; i++) ports.push(await freePort());
    stack = await startStack({ ...ENV, PORT: String(ports[0]) }, { mode: 'process' });
    instances.push(stack.services);
    for (let i = 1; i < INSTANCES; i++)
      instances.push(
        await startServices(
          stack.mongoUri,
          path.join(tmp, `data${i}`),
          { ...ENV, PORT: String(ports[i]) },
          {
            mode: 'process',
          },
        ),
      );
    await connect(stack.mongoUri);
    fx = await seedFixture('roll');
    receiver = await startReceiver();
    await Company.updateOne(
      { _id: fx.companyId },
      { $set: { webhook_url: receiver.url, webhook_secret: 'rolling-restart-webhook-secret' } },
    ).exec();
  });
  afterAll(async () => {
    await nginx?.stop();
    await mongoose.disconnect();
    for (const s of instances.slice(1)) await s.stop();
    await stack?.stop();
    await receiver?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('200 candidates answering while each instance is restarted in turn: nothing lost, scored twice, or seen failing', async () => {
    const listen = await freePort();
    nginx = await startNginx(tmp, nginxConfig(tmp, listen, ports));
    const base = `http://127.0.0.1:${listen}`;
    for (let i = 0; ; i++) {
      const ok = await fetch(base + '/healthz').then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 50) throw new Error(`nginx did not start:\n${nginx.log()}`);
      await sleep(100);
    }

    // Half the candidates take atom A (4 scored questions and a beta one), half atom B (2 scored):
    // a load this machine's one embedded engine carries while instances restart.
    const tokens = await Promise.all(
      Array.from({ length: CANDIDATES }, (_, k) => issueQuiz(fx, { atoms: [k % 2 ? fx.atomA : fx.atomB] })),
    );
    const tally: Tally = { requests: 0, retried: 0, errors: [] };
    const submitted = new Map<string, Map<number, string>>();

    const candidate = async (token: string, k: number) => {
      await sleep(k * START_SPREAD_MS);
      const answers = new Map<number, string>();
      submitted.set(token, answers);
      for (let n = 1; ; n++) {
        const q = (await send(base, 'GET', `/api/quiz/${token}/question/${n}/`, tally)) as {
          answers?: Array<{ hash_id: string }>;
        } | null;
        if (!q?.answers?.length) return;
        const position = (k + n) % q.answers.length;
        answers.set(n, q.answers[position].hash_id);
        // Reading the question.
        await sleep(150 + ((k * 7 + n * 13) % 250));
        const a = (await send(base, 'POST', `/api/quiz/${token}/question/${n}/`, tally, {
          answer: q.answers[position].hash_id,
          answer_position: position,
        })) as { next_question?: unknown } | null;
        if (!a) return;
        if (!a.next_question) break;
      }
      await send(base, 'POST', `/api/quiz/${token}/finish`, tally);
    };

    /** Each instance in turn: SIGTERM (graceful stop, exit 0 asserted), then started on its port again. */
    const restarts: string[] = [];
    const roll = async () => {
      await sleep(2500);
      for (let i = 0; i < INSTANCES; i++) {
        const old = instances[i];
        outputs.push(old.output);
        const t0 = Date.now();
        old.signal!('SIGTERM');
        const code = await old.exited!;
        const stoppedMs = Date.now() - t0;
        if (code !== 0) console.log(`instance ${i} exited ${code}:\n${old.output.slice(-15).join('\n')}`);
        const env = { ...ENV, PORT: String(ports[i]) };
        if (i === 0) {
          await stack.restartServices(env);
          instances[0] = stack.services;
        } else {
          instances[i] = await startServices(stack.mongoUri, path.join(tmp, `data${i}`), env, {
            mode: 'process',
          });
        }
        restarts.push(
          `instance ${i}: exit ${code}, stopped in ${stoppedMs} ms, back after ${Date.now() - t0} ms`,
        );
        expect(code).toBe(0);
        await sleep(2000);
      }
    };

    const started = Date.now();
    const [, ...rest] = await Promise.all([roll(), ...tokens.map((t, k) => candidate(t, k))]);
    void rest;
    const elapsed = Date.now() - started;
    console.log(
      `rolling restart: ${CANDIDATES} candidates, ${tally.requests} calls (${tally.retried} retried by the client) in ${(elapsed / 1000).toFixed(1)} s\n  ${restarts.join('\n  ')}`,
    );

    // 0 errors reaching a candidate.
    expect(tally.errors).toEqual([]);
    expect(restarts).toHaveLength(INSTANCES);

    // 0 answers lost, 0 double-scored: every quiz has each question answered once, with the answer
    // its candidate sent, and each atom's estimate counts exactly its scored answers.
    const problems: string[] = [];
    for (const token of tokens) {
      const doc = (await quizDoc(token))!;
      const sent = submitted.get(token)!;
      if (!doc.finished_at) problems.push(`${token}: not finished`);
      const expected = doc.atom_ids[0] === fx.atomA ? 5 : 2;
      if (doc.served.length !== expected || sent.size !== expected)
        problems.push(`${token}: ${doc.served.length} served, ${sent.size} sent, ${expected} expected`);
      for (const q of doc.served)
        if (!q.answered_at || q.answer !== sent.get(q.number))
          problems.push(`${token} q${q.number}: answer lost`);
      for (const e of doc.estimates) {
        const scored = doc.served.filter((q) => q.atom_id === e.atom_id && q.scored && q.answered_at).length;
        if (e.answered !== scored)
          problems.push(`${token} ${e.atom_id}: ${e.answered} counted, ${scored} scored`);
      }
    }
    expect(problems).toEqual([]);

    // Job deliveries once each: one result webhook per finished quiz, none twice.
    const ids = new Set<string>();
    for (const token of tokens) ids.add(String((await quizDoc(token))!._id));
    const deadline = Date.now() + 60_000;
    while (receiver.quizIds.length < ids.size && Date.now() < deadline) await sleep(250);
    await sleep(1500); // a duplicate would arrive about now
    const missing = [...ids].filter((id) => !receiver.quizIds.includes(id));
    if (missing.length) {
      const jobs = await mongoose.connection
        .db!.collection('jobs')
        .find({ name: 'result-webhook', 'data.quiz_id': { $in: missing } })
        .project({
          lockedAt: 1,
          lastModifiedBy: 1,
          nextRunAt: 1,
          failCount: 1,
          failReason: 1,
          lastFinishedAt: 1,
        })
        .toArray();
      const warnings = [...outputs, ...instances.map((x) => x.output)]
        .flat()
        .filter((l) => /fail|could not|error/i.test(l));
      console.log(
        `undelivered after 60 s: ${missing.length}\n${JSON.stringify(jobs, null, 1)}\n${warnings.slice(-30).join('\n')}`,
      );
    }
    const counts = new Map<string, number>();
    for (const id of receiver.quizIds) counts.set(id, (counts.get(id) ?? 0) + 1);
    const twice = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
    if (twice.length) {
      const attempts = await mongoose.connection
        .db!.collection('webhook_attempts')
        .find({ quiz: { $in: twice.map((id) => new mongoose.Types.ObjectId(id)) } })
        .toArray();
      console.log(`delivered twice: ${twice.join(', ')}\n${JSON.stringify(attempts, null, 1)}`);
    }
    expect([...counts.values()].filter((n) => n > 1)).toEqual([]);
    expect([...counts.keys()].sort()).toEqual([...ids].sort());
  });
});
