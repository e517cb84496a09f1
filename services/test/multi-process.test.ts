// Two services processes on one database, as behind a load balancer: candidates alternate between
// them (and submit the same answer to both at once), limits hold across both, and killing one
// under load loses no acknowledged answer while the other keeps serving.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { EVENT_WRITES_PER_MINUTE } from '../src/quiz/event-limits';
import { UNKNOWN_TOKEN_LIMIT } from '../src/quiz/rate-limit';
import { startServices, startStack, type Services, type Stack } from './helpers/stack';
import { call, connect, issueQuiz, quizDoc, seedFixture, totalExposure, type Fixture } from './quiz-fixtures';

jest.setTimeout(180_000);

const ENV = {
  DEMO_MODE_ALLOWED: 'false',
  QUESTION_TIME_LIMIT_SECONDS: '600',
  SESSION_SECRET: 'multi-process-session-secret-0123456789ab',
};

let stack: Stack;
let second: Services;
let secondDir: string;
let fx: Fixture;
const servers = () => [stack.services, second];

beforeAll(async () => {
  // Real processes: what is tested is two of them on one database, and a kill -9 of one.
  stack = await startStack(ENV, { mode: 'process' });
  secondDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillquiz-second-'));
  second = await startServices(stack.mongoUri, secondDir, ENV, { mode: 'process' });
  await connect(stack.mongoUri);
  fx = await seedFixture('mp');
});
afterAll(async () => {
  await mongoose.disconnect();
  await second?.stop();
  await stack?.stop();
  if (secondDir) fs.rmSync(secondDir, { recursive: true, force: true });
});

/** The correct answer of served question `n`, read from the quiz's snapshot. */
async function rightAnswer(token: string, n: number) {
  const doc = await quizDoc(token);
  const answers = doc!.served[n - 1].snapshot.answers;
  const idx = answers.findIndex((a) => a.c);
  return { answer: answers[idx].hash_id, answer_position: idx };
}

/** What every quiz must look like once its candidate answered all `fx.total` questions once. */
async function expectAnsweredOnce(token: string, submitted: Map<number, string>) {
  const doc = (await quizDoc(token))!;
  expect(doc.served.map((q) => q.number)).toEqual(Array.from({ length: fx.total }, (_, i) => i + 1));
  for (const q of doc.served) {
    expect([q.number, q.answer]).toEqual([q.number, submitted.get(q.number)]);
    expect(q.answered_at).toBeInstanceOf(Date);
  }
  // Scored once: each atom's estimate counts exactly its scored answers (the beta one is not).
  const scored = (atom: string) => doc.served.filter((q) => q.atom_id === atom && q.scored).length;
  expect(doc.estimates.map((e) => [e.atom_id, e.answered])).toEqual([
    [fx.atomA, scored(fx.atomA)],
    [fx.atomB, scored(fx.atomB)],
  ]);
  expect(scored(fx.atomA) + scored(fx.atomB)).toBe(fx.total - 1);
}

describe('two services processes on one database', () => {
  it('candidates alternating between them, submitting each answer to both at once: every answer stored and scored once', async () => {
    const exposureBefore = await totalExposure();
    const tokens = await Promise.all(Array.from({ length: 6 }, () => issueQuiz(fx)));
    await Promise.all(
      tokens.map(async (token, c) => {
        const submitted = new Map<number, string>();
        for (let n = 1; n <= fx.total; n++) {
          const [here, there] = n % 2 === c % 2 ? servers() : [...servers()].reverse();
          const q = await call(here.baseUrl, 'GET', `/api/quiz/${token}/question/${n}/`);
          expect([n, q.status]).toEqual([n, 200]);
          const body = await rightAnswer(token, n);
          submitted.set(n, body.answer);
          const [a, b] = await Promise.all([
            call(there.baseUrl, 'POST', `/api/quiz/${token}/question/${n}/`, body),
            call(here.baseUrl, 'POST', `/api/quiz/${token}/question/${n}/`, body),
          ]);
          expect([n, a.status, b.status]).toEqual([n, 200, 200]);
          expect(b.body).toEqual(a.body);
          // Not a demo quiz: the reply says nothing about the answer; the record does.
          expect(a.body).not.toHaveProperty('correct');
        }
        const finished = await call(servers()[c % 2].baseUrl, 'POST', `/api/quiz/${token}/finish`);
        expect(finished.status).toBe(200);
        await expectAnsweredOnce(token, submitted);
      }),
    );
    // Each serving counted exposure exactly once, whichever process chose the question.
    expect((await totalExposure()) - exposureBefore).toBe(tokens.length * fx.total);
  });

  it('the unknown-token limit holds across both: half the budget on each, then 429 on either', async () => {
    const lookup = (s: Services) =>
      call(s.baseUrl, 'GET', `/api/quiz/${randomBytes(16).toString('base64url')}/`);
    const statuses: number[] = [];
    for (let i = 0; i < UNKNOWN_TOKEN_LIMIT; i++) statuses.push((await lookup(servers()[i % 2])).status);
    expect(statuses).toEqual(Array(UNKNOWN_TOKEN_LIMIT).fill(404));
    expect((await lookup(stack.services)).status).toBe(429);
    expect((await lookup(second)).status).toBe(429);
  });

  it("a quiz's event limit holds across both", async () => {
    const token = await issueQuiz(fx);
    expect((await call(stack.baseUrl, 'GET', `/api/quiz/${token}/question/1/`)).status).toBe(200);
    const log = (s: Services, i: number) =>
      call(s.baseUrl, 'POST', `/api/quiz/${token}/question/1/log/`, { eventName: `e${i}` });
    const statuses = await Promise.all(
      Array.from({ length: EVENT_WRITES_PER_MINUTE }, (_, i) => log(servers()[i % 2], i)),
    );
    expect(statuses.map((r) => r.status)).toEqual(Array(EVENT_WRITES_PER_MINUTE).fill(201));
    expect((await log(stack.services, -1)).status).toBe(429);
    expect((await log(second, -2)).status).toBe(429);
  });
});

describe('one of two processes killed under load', () => {
  it('the other keeps serving and no acknowledged answer is lost', async () => {
    const tokens = await Promise.all(Array.from({ length: 10 }, () => issueQuiz(fx)));
    const victim = stack.services;
    const survivor = second;
    let killed = false;
    let acknowledged = 0;
    const killAt = (tokens.length * fx.total) / 3;
    const failuresAfterKillOnSurvivor: string[] = [];

    /**
     * A load balancer's view: alternate between the two; a request the killed process could not
     * answer (connection refused or reset) goes to the other one. Answers are idempotent, so
     * resending one is safe.
     */
    let turn = 0;
    async function send(method: string, p: string, body?: unknown) {
      const first = killed ? survivor : servers()[turn++ % 2];
      try {
        return await call(first.baseUrl, method, p, body);
      } catch {
        const r = await call(survivor.baseUrl, method, p, body);
        return r;
      }
    }

    const acked = new Map<string, Map<number, string>>();
    await Promise.all(
      tokens.map(async (token) => {
        const mine = new Map<number, string>();
        acked.set(token, mine);
        for (let n = 1; n <= fx.total; n++) {
          const q = await send('GET', `/api/quiz/${token}/question/${n}/`);
          expect([n, q.status]).toEqual([n, 200]);
          const body = await rightAnswer(token, n);
          const res = await send('POST', `/api/quiz/${token}/question/${n}/`, body);
          if (killed && res.status !== 200) failuresAfterKillOnSurvivor.push(`${token} ${n}: ${res.status}`);
          expect([n, res.status]).toEqual([n, 200]);
          mine.set(n, body.answer);
          if (++acknowledged >= killAt && !killed) {
            killed = true;
            await victim.kill();
          }
        }
      }),
    );
    expect(killed).toBe(true);
    expect(failuresAfterKillOnSurvivor).toEqual([]);
    for (const [token, answers] of acked) await expectAnsweredOnce(token, answers);
    // The survivor still answers new work.
    const fresh = await issueQuiz(fx);
    expect((await call(survivor.baseUrl, 'GET', `/api/quiz/${fresh}/question/1/`)).status).toBe(200);
  });
});
