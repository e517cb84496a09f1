// The candidate quiz API over HTTP against the real services process and the embedded engine,
// demo mode OFF: a whole quiz, idempotent and concurrent submits, time-outs, expiry, abandonment,
// bad input, and proof that no candidate response carries a correct flag.
import mongoose from 'mongoose';
import {
  AnswerResponseSchema,
  AnswerResponseStrictSchema,
  CandidateQuestionSchema,
  CandidateQuestionStrictSchema,
  EnvVarsResponseStrictSchema,
  ErrorResponseStrictSchema,
  OkResponseStrictSchema,
  QuizResultSchema,
  QuizResultStrictSchema,
} from '@skillquiz/contracts';
import type { ZodType } from 'zod';
import { toErrorReply } from '../src/platform/http/middleware';
import { Company, Counter, Invitation, QuestionLog, QuizResult, TrackingEvent } from '../src/models';
import { administrationsCounter } from '../src/quiz/store';
import { startStack, type Stack } from './helpers/stack';
import {
  call,
  connect,
  issueQuiz,
  question,
  quizDoc,
  seedFixture,
  totalExposure,
  type Fixture,
  type Reply,
} from './quiz-fixtures';

jest.setTimeout(120_000);

const LIMIT_SECONDS = 1;
const SUPPORT_EMAIL = 'help@quiz-tests.example';
let stack: Stack;
let fx: Fixture;
/** Every JSON body a candidate call returned, for the no-correct-flag check. */
const bodies: { path: string; status: number; body: unknown }[] = [];

async function api<T = any>(method: string, path: string, body?: unknown, raw?: string): Promise<Reply<T>> {
  const r = await call<T>(stack.baseUrl, method, path, body, raw);
  bodies.push({ path: `${method} ${path}`, status: r.status, body: r.body });
  return r;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  stack = await startStack({
    DEMO_MODE_ALLOWED: 'false',
    QUESTION_TIME_LIMIT_SECONDS: String(LIMIT_SECONDS),
    SUPPORT_EMAIL,
  });
  await connect(stack.mongoUri);
  fx = await seedFixture('q');
});
afterAll(async () => {
  await mongoose.disconnect();
  await stack?.stop();
});

/** Fetches the current question and answers it (correctly when `right`). */
async function answerCurrent(token: string, n: number, right = true) {
  const q = await api('GET', `/api/quiz/${token}/question/${n}/`);
  expect(q.status).toBe(200);
  const doc = await quizDoc(token);
  const snap = doc!.served[n - 1].snapshot;
  const idx = snap.answers.findIndex((a) => a.c === right);
  const res = await api('POST', `/api/quiz/${token}/question/${n}/`, {
    answer: snap.answers[idx].hash_id,
    answer_position: idx,
  });
  return { q, res };
}

/** `{ a: { a: ... 1 } }` nested `depth` objects deep. */
function deepJson(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

/** Recursively finds any `c` or `correct` key inside an `answers` array. */
function leaks(value: unknown, inAnswers = false): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => leaks(v, inAnswers));
  if (value && typeof value === 'object') {
    const found: string[] = [];
    for (const [k, v] of Object.entries(value)) {
      if (inAnswers && (k === 'c' || k === 'correct')) found.push(k);
      found.push(...leaks(v, inAnswers || k === 'answers'));
    }
    return found;
  }
  return [];
}

describe('a whole quiz', () => {
  let token: string;

  it('shows the quiz result before start, with the planned total (beta included)', async () => {
    token = await issueQuiz(fx);
    const r = await api('GET', `/api/quiz/${token}/`);
    expect(r.status).toBe(200);
    const view = QuizResultSchema.parse(r.body);
    expect(view.assessment_token).toBe(token);
    expect(view.started_at).toBeNull();
    expect(view.quiz.company_name).toBe(fx.companyName);
    // The fixture company names no support address: the configured SUPPORT_EMAIL stands in.
    expect(view.quiz.support_email).toBe(SUPPORT_EMAIL);
    expect(view.quiz.atoms.map((a) => [a.id, a.num_questions])).toEqual([
      [fx.atomA, 5],
      [fx.atomB, 2],
    ]);
    expect(view.next_question).toEqual({ number: 1, expires_at: null });
    expect(view.past_questions).toEqual([]);
    // Without the trailing slash too.
    expect((await api('GET', `/api/quiz/${token}`)).status).toBe(200);
  });

  it('serves question 1, starts its clock and started_at, without the correct flag', async () => {
    const before = Date.now();
    const r = await api('GET', `/api/quiz/${token}/question/1/`);
    const after = Date.now();
    expect(r.status).toBe(200);
    const q = CandidateQuestionSchema.parse(r.body);
    expect(q.number).toBe(1);
    expect(q.atom_id).toBe(fx.atomA);
    // The clock is exactly the time limit from the first fetch, and that fetch is this request
    // (the 2 s slack only absorbs a loaded machine, it cannot hide a clock started elsewhen).
    const expires = Date.parse(q.expires_at);
    const servedAt = (await quizDoc(token))!.served[0].served_at!.getTime();
    expect(expires - servedAt).toBe(LIMIT_SECONDS * 1000);
    expect(servedAt).toBeGreaterThanOrEqual(before - 2_000);
    expect(servedAt).toBeLessThanOrEqual(after + 2_000);
    expect(q.answers.length).toBeGreaterThanOrEqual(2);
    for (const a of q.answers) expect(Object.keys(a).sort()).toEqual(['hash_id', 'text']);
    // Fetching again returns the same question and the same clock.
    const again = await api('GET', `/api/quiz/${token}/question/1`);
    expect(again.body).toEqual(r.body);
    const view = (await api('GET', `/api/quiz/${token}/`)).body;
    expect(view.started_at).not.toBeNull();
    expect(view.next_question).toEqual({ number: 1, expires_at: q.expires_at });
    // Exposure is recorded once for the served question.
    const doc = await quizDoc(token);
    expect((await question(doc!.served[0].question_id))!.exposure_count).toBe(1);
  });

  it('a future question number is 404 and cannot be answered', async () => {
    expect((await api('GET', `/api/quiz/${token}/question/2/`)).status).toBe(404);
    expect((await api('GET', `/api/quiz/${token}/question/99/`)).status).toBe(404);
    const r = await api('POST', `/api/quiz/${token}/question/2/`, { answer: 'abcdef', answer_position: 0 });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ success: false, message: expect.stringMatching(/current question/) });
  });

  it('scores an answer on the server; the reply names the next question and nothing about the answer', async () => {
    const { res } = await answerCurrent(token, 1, true);
    expect(res.status).toBe(200);
    const body = AnswerResponseSchema.parse(res.body);
    // Not a demo quiz: no correctness and no estimate (its move would tell).
    expect(body).toEqual({
      post_skill_estimate: null,
      post_skill_estimate_error: null,
      next_question: { number: 2, expires_at: null },
    });
    const served = (await quizDoc(token))!.served[0];
    expect(served.correct).toBe(true);
    expect(served.post_skill_estimate).toBeGreaterThan(0);
    expect(served.post_skill_estimate_error).toBeGreaterThan(0);
    expect(served.post_skill_estimate_error).toBeLessThan(1);
  });

  it('a repeated submit returns the stored result and never scores twice', async () => {
    const doc = await quizDoc(token);
    const wrong = doc!.served[0].snapshot.answers.find((a) => !a.c)!;
    const again = await api('POST', `/api/quiz/${token}/question/1/`, {
      answer: wrong.hash_id,
      answer_position: 0,
    });
    expect(again.status).toBe(200);
    expect(again.body).not.toHaveProperty('correct');
    const after = await quizDoc(token);
    expect(after!.served[0].correct).toBe(true);
    expect(after!.served[0].answer).toBe(doc!.served[0].answer);
    expect(after!.rev).toBe(doc!.rev);
    expect(after!.estimates).toEqual(doc!.estimates);
  });

  it('an empty answer before the question expires is 400; after, it counts as incorrect', async () => {
    const q = await api('GET', `/api/quiz/${token}/question/2/`);
    expect(q.status).toBe(200);
    const early = await api('POST', `/api/quiz/${token}/question/2/`, { answer: '', answer_position: -1 });
    expect(early.status).toBe(400);
    expect((await quizDoc(token))!.served[1].answered_at).toBeNull();
    await sleep(Date.parse(q.body.expires_at) - Date.now() + 50);
    const late = await api('POST', `/api/quiz/${token}/question/2/`, { answer: '', answer_position: -1 });
    expect(late.status).toBe(200);
    expect(late.body).not.toHaveProperty('correct');
    const served = (await quizDoc(token))!.served[1];
    expect(served.timed_out).toBe(true);
    expect(served.correct).toBe(false);
  });

  it('walks the rest of the quiz, the beta question inside atom A, then atom B', async () => {
    for (let n = 3; n <= fx.total; n++) {
      const { q, res } = await answerCurrent(token, n, n % 2 === 1);
      expect(q.body.number).toBe(n);
      expect(res.status).toBe(200);
      if (n < fx.total) expect(res.body.next_question).toEqual({ number: n + 1, expires_at: null });
      else expect(res.body).not.toHaveProperty('next_question');
    }
    const doc = (await quizDoc(token))!;
    expect(doc.served.map((s) => s.atom_id)).toEqual([
      fx.atomA,
      fx.atomA,
      fx.atomA,
      fx.atomA,
      fx.atomA,
      fx.atomB,
      fx.atomB,
    ]);
    // The beta question comes right after atom A's third scored question, unscored.
    expect(doc.served[3].question_id).toBe(fx.betaId);
    expect(doc.served[3].scored).toBe(false);
    expect(doc.served.filter((s) => s.scored).length).toBe(6);
    // Never two questions of one variation family, never a question twice.
    const ids = doc.served.map((s) => s.question_id);
    expect(new Set(ids).size).toBe(ids.length);
    const families = doc.served.map((s) => s.snapshot.original_question_id ?? s.question_id);
    expect(new Set(families).size).toBe(families.length);
    // The beta answer left the estimate as it was.
    expect(doc.served[3].post_skill_estimate).toBe(doc.served[2].post_skill_estimate);
    const aEstimate = doc.estimates.find((e) => e.atom_id === fx.atomA)!;
    expect(aEstimate.answered).toBe(4);

    const view = QuizResultSchema.parse((await api('GET', `/api/quiz/${token}/`)).body);
    expect(view.next_question ?? null).toBeNull();
    expect(view.past_questions.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Past questions say which atom and topic, never whether they were right.
    expect(view.past_questions[0]).toEqual({
      number: 1,
      atom_id: fx.atomA,
      claim: doc.served[0].snapshot.claim,
      difficulty_params: null,
      post_skill_estimate: null,
      post_skill_estimate_error: null,
    });
    expect(doc.served[0].correct).toBe(true);
    expect(doc.served[1].correct).toBe(false);
  });

  it('the survey needs an integer 0..2; finish sets finished_at; both show in the quiz result', async () => {
    for (const bad of [3, -1, 1.5, '1', null, true]) {
      const r = await api('POST', `/api/quiz/${token}/survey`, { content_relevant_rating: bad });
      expect(r.status).toBe(400);
      expect(r.body.success).toBe(false);
    }
    expect((await api('POST', `/api/quiz/${token}/survey`, {})).status).toBe(400);
    expect((await quizDoc(token))!.survey_completed).toBe(false);

    const fin = await api('POST', `/api/quiz/${token}/finish`);
    expect(fin.status).toBe(200);
    expect(fin.body.finished_at).not.toBeNull();
    const fin2 = await api('POST', `/api/quiz/${token}/finish`);
    expect(fin2.body.finished_at).toBe(fin.body.finished_at);

    const s = await api('POST', `/api/quiz/${token}/survey`, { content_relevant_rating: 2 });
    expect(s.status).toBe(200);
    expect(s.body.survey_completed).toBe(true);
    expect((await quizDoc(token))!.content_relevant_rating).toBe(2);
    // Abandon on the done page (page close) does not expire a finished quiz.
    const ab = await api('POST', `/api/quiz/${token}/abandon`);
    expect(ab.body.abandoned_at).toBeNull();
  });
});

describe('answers', () => {
  it('concurrent submits of one question score it once', async () => {
    const token = await issueQuiz(fx);
    await api('GET', `/api/quiz/${token}/question/1/`);
    const doc = (await quizDoc(token))!;
    const exposureBefore = await totalExposure();
    const answers = doc.served[0].snapshot.answers;
    const replies = await Promise.all(
      answers.flatMap((a, i) =>
        [0, 1, 2].map(() =>
          call(stack.baseUrl, 'POST', `/api/quiz/${token}/question/1/`, {
            answer: a.hash_id,
            answer_position: i,
          }),
        ),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    const after = (await quizDoc(token))!;
    expect(after.served.length).toBe(2); // question 2 chosen exactly once
    // Every reply is the same stored result (whose correctness stays on the server).
    for (const r of replies) expect(r.body).toEqual(replies[0].body);
    expect(after.estimates.find((e) => e.atom_id === fx.atomA)!.answered).toBe(1);
    expect(await totalExposure()).toBe(exposureBefore + 1);
  });

  it('an answer that has to build the plan records the administration, as a question fetch does', async () => {
    const token = await issueQuiz(fx);
    await api('GET', `/api/quiz/${token}/question/1/`);
    // A quiz whose plan is not stored yet (written before plans were frozen at question 1).
    await QuizResult.updateOne({ token }, { $set: { plan: null } });
    const administrations = async () =>
      (await Counter.findById(administrationsCounter(fx.atomA)).lean())?.seq ?? 0;
    const before = await administrations();
    const snap = (await quizDoc(token))!.served[0].snapshot;
    expect(
      (
        await api('POST', `/api/quiz/${token}/question/1/`, {
          answer: snap.answers[0].hash_id,
          answer_position: 0,
        })
      ).status,
    ).toBe(200);
    expect((await quizDoc(token))!.plan).not.toBeNull();
    expect(await administrations()).toBe(before + 1);
  });

  it('an answer after the deadline plus grace counts as timed out', async () => {
    const token = await issueQuiz(fx);
    await api('GET', `/api/quiz/${token}/question/1/`);
    const snap = (await quizDoc(token))!.served[0].snapshot;
    const right = snap.answers.findIndex((a) => a.c);
    await sleep(LIMIT_SECONDS * 1000 + 5_000 + 300);
    const r = await api('POST', `/api/quiz/${token}/question/1/`, {
      answer: snap.answers[right].hash_id,
      answer_position: right,
    });
    expect(r.status).toBe(200);
    expect((await quizDoc(token))!.served[0]).toMatchObject({ timed_out: true, correct: false });
  });

  it('rejects bad input with 4xx and changes nothing', async () => {
    const token = await issueQuiz(fx);
    await api('GET', `/api/quiz/${token}/question/1/`);
    const before = await quizDoc(token);
    const cases: [string, string, unknown, string | undefined, number][] = [
      ['POST', '/question/1/', undefined, '{"answer": "x",', 400],
      ['POST', '/question/1/', { answer: 12, answer_position: 0 }, undefined, 400],
      ['POST', '/question/1/', { answer: 'abc' }, undefined, 400],
      ['POST', '/question/1/', { answer: 'notAnAnswer', answer_position: 0 }, undefined, 400],
      ['POST', '/question/1/', { answer: 'bad hash!', answer_position: 0 }, undefined, 400],
      ['POST', '/question/1/', { answer: 'abc', answer_position: 1.5 }, undefined, 400],
      ['POST', '/question/1/', { answer: 'abc', answer_position: 0, extra: 1 }, undefined, 400],
      ['POST', '/question/1/', ['abc'], undefined, 400],
      ['POST', '/question/0/', { answer: 'abc', answer_position: 0 }, undefined, 404],
      ['POST', '/question/-1/', { answer: 'abc', answer_position: 0 }, undefined, 404],
      ['POST', '/question/1.5/', { answer: 'abc', answer_position: 0 }, undefined, 404],
      ['POST', '/question/abc/', { answer: 'abc', answer_position: 0 }, undefined, 404],
      ['POST', '/question/99999999999/', { answer: 'abc', answer_position: 0 }, undefined, 404],
      ['POST', '/question/50/', { answer: 'abc', answer_position: 0 }, undefined, 404],
      ['GET', '/question/0/', undefined, undefined, 404],
      ['GET', '/question/1e3/', undefined, undefined, 404],
      ['POST', '/question/1/log/', { eventDetails: {} }, undefined, 400],
      ['POST', '/question/1/log/', { eventName: 'x'.repeat(500) }, undefined, 400],
      ['POST', '/question/5/log/', { eventName: 'focus' }, undefined, 404],
      // Deep nesting within the byte limit: the database refuses depth > 100 (BadValue), so the schema stops it first.
      ['POST', '/question/1/log/', { eventName: 'deep', eventDetails: deepJson(150) }, undefined, 400],
      ['POST', '/question/1/log/', { eventName: 'deep', eventDetails: deepJson(9) }, undefined, 400],
      [
        'POST',
        '/question/1/log/',
        { eventName: 'op', eventDetails: { $where: 'sleep(1000)' } },
        undefined,
        400,
      ],
      [
        'POST',
        '/question/1/log/',
        { eventName: 'op', eventDetails: [{ nested: { $set: 1 } }] },
        undefined,
        400,
      ],
      ['POST', '/question/1/log/', { eventName: 'dot', eventDetails: { 'a.b': 1 } }, undefined, 400],
      // A NUL byte in a key: BSON field names are C strings, so the driver refuses to send it.
      ['POST', '/question/1/log/', { eventName: 'nul', eventDetails: { 'a\u0000b': 1 } }, undefined, 400],
      [
        'POST',
        '/question/1/log/',
        { eventName: 'nul', eventDetails: [{ ok: { '\u0000': 1 } }] },
        undefined,
        400,
      ],
      ['POST', '/tracking', { token, questionId: 1, event: 7 }, undefined, 400],
      ['POST', '/tracking', { token, questionId: -1, event: 0 }, undefined, 400],
      ['POST', '/tracking', { token, questionId: 1, event: 0, eventDetails: { l: 'x' } }, undefined, 400],
      ['POST', '/tracking', { token: 'someoneElsesTokenXYZ', questionId: 1, event: 0 }, undefined, 400],
      ['POST', '/survey', { content_relevant_rating: 1 }, undefined, 409],
      ['POST', '/finish', undefined, undefined, 409],
      ['POST', '/pass_243', undefined, undefined, 403],
    ];
    for (const [method, path, body, raw, status] of cases) {
      const r = await api(method, `/api/quiz/${token}${path}`, body, raw);
      expect({ method, path, body, status: r.status }).toEqual({ method, path, body, status });
      expect(r.body).toEqual({ success: false, message: expect.any(String) });
    }
    const after = await quizDoc(token);
    expect(after).toEqual(before);
    expect(await QuestionLog.countDocuments({ token })).toBe(0);
    expect(await TrackingEvent.countDocuments({ token })).toBe(0);
  });

  it("the database's own refusal of a too-deep document maps to 400, not 500", async () => {
    const err = await QuestionLog.collection
      .insertOne({ token: 'deepTokenXXXXXXXXXXXX', eventDetails: deepJson(150) })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).not.toBeNull();
    expect(toErrorReply(err)).toEqual({
      status: 400,
      message: 'Invalid request: the value cannot be stored',
    });
  });

  it("the driver's refusal of a NUL byte in a field name maps to 400, not 500", async () => {
    const err = await QuestionLog.collection
      .insertOne({ token: 'nulTokenXXXXXXXXXXXXX', eventDetails: { 'a\u0000b': 1 } })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).not.toBeNull();
    expect(toErrorReply(err)).toEqual({
      status: 400,
      message: 'Invalid request: the value cannot be stored',
    });
  });

  it('stores per-question logs and tracking events', async () => {
    const token = await issueQuiz(fx);
    await api('GET', `/api/quiz/${token}/question/1/`);
    const log = await api('POST', `/api/quiz/${token}/question/1/log/`, {
      eventName: 'answer_selected',
      eventDetails: { index: 2 },
    });
    expect(log.status).toBe(201);
    const tr = await api('POST', `/api/quiz/${token}/tracking`, {
      token,
      questionId: 1,
      event: 0,
      eventDetails: { l: 1000, r: 4000, t: 3000 },
    });
    expect(tr.status).toBe(201);
    const logs = await QuestionLog.find({ token }).lean();
    expect(logs).toMatchObject([
      { question_number: 1, eventName: 'answer_selected', eventDetails: { index: 2 } },
    ]);
    const events = await TrackingEvent.find({ token }).lean();
    expect(events).toMatchObject([{ questionId: 1, event: 0, eventDetails: { l: 1000, r: 4000, t: 3000 } }]);
  });
});

describe('event limits', () => {
  it('event writes are limited per token: 120 per minute (log and tracking together), then 429; other tokens unaffected', async () => {
    const token = await issueQuiz(fx);
    const other = await issueQuiz(fx);
    await api('GET', `/api/quiz/${token}/question/1/`);
    const send = (i: number) =>
      i % 2
        ? call(stack.baseUrl, 'POST', `/api/quiz/${token}/question/1/log/`, { eventName: `e${i}` })
        : call(stack.baseUrl, 'POST', `/api/quiz/${token}/tracking`, { token, questionId: 1, event: 4 });
    const statuses: number[] = [];
    for (let i = 0; i < 120; i += 20) {
      statuses.push(
        ...(await Promise.all(Array.from({ length: 20 }, (_, j) => send(i + j)))).map((r) => r.status),
      );
    }
    expect(statuses).toEqual(statuses.map(() => 201));
    const over = await api('POST', `/api/quiz/${token}/tracking`, { token, questionId: 1, event: 4 });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ success: false, message: expect.stringMatching(/120 per minute/) });
    expect((await api('POST', `/api/quiz/${token}/question/1/log/`, { eventName: 'late' })).status).toBe(429);
    expect(
      (await QuestionLog.countDocuments({ token })) + (await TrackingEvent.countDocuments({ token })),
    ).toBe(120);
    // The quiz itself still works, and another token has its own budget.
    expect((await api('GET', `/api/quiz/${token}/`)).status).toBe(200);
    expect(
      (await api('POST', `/api/quiz/${other}/tracking`, { token: other, questionId: 0, event: 0 })).status,
    ).toBe(201);
  });

  it('at most 5000 events are stored per quiz; beyond, 429 and nothing stored; events are still accepted after the quiz ended', async () => {
    const token = await issueQuiz(fx);
    await api('GET', `/api/quiz/${token}/question/1/`);
    // Queued events replayed after the quiz ended are still kept (within the cap).
    expect((await api('POST', `/api/quiz/${token}/abandon`)).status).toBe(200);
    expect((await api('POST', `/api/quiz/${token}/question/1/log/`, { eventName: 'replayed' })).status).toBe(
      201,
    );
    const quizId = (await quizDoc(token))!._id;
    const at = new Date();
    await QuestionLog.insertMany(
      Array.from({ length: 2999 }, () => ({
        quiz_result: quizId,
        token,
        question_number: 1,
        eventName: 'x',
        at,
      })),
    );
    await TrackingEvent.insertMany(
      Array.from({ length: 1999 }, () => ({ quiz_result: quizId, token, questionId: 1, event: 4, at })),
    );
    // 4999 stored: one more fits, then the cap holds for both routes.
    expect(
      (await api('POST', `/api/quiz/${token}/tracking`, { token, questionId: 1, event: 4 })).status,
    ).toBe(201);
    const full = await api('POST', `/api/quiz/${token}/question/1/log/`, { eventName: 'one too many' });
    expect(full.status).toBe(429);
    expect(full.body).toEqual({
      success: false,
      message: expect.stringMatching(/most events .*5000.*not stored/),
    });
    expect(
      (await api('POST', `/api/quiz/${token}/tracking`, { token, questionId: 1, event: 4 })).status,
    ).toBe(429);
    expect(
      (await QuestionLog.countDocuments({ token })) + (await TrackingEvent.countDocuments({ token })),
    ).toBe(5000);
  });
});

describe('starting', () => {
  it('concurrent first fetches of question 1 choose it once', async () => {
    const token = await issueQuiz(fx);
    const exposureBefore = await totalExposure();
    const replies = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(() => call(stack.baseUrl, 'GET', `/api/quiz/${token}/question/1/`)),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
    const doc = (await quizDoc(token))!;
    expect(doc.served).toHaveLength(1);
    expect(await totalExposure()).toBe(exposureBefore + 1);
  });

  it('starting a quiz issued without an expiry gives it QUIZ_EXPIRY_HOURS (72 h) from the start', async () => {
    const token = await issueQuiz(fx, { expiresInHours: null });
    expect((await api('GET', `/api/quiz/${token}/`)).body.expires_at).toBeNull();
    await api('GET', `/api/quiz/${token}/question/1/`);
    const view = (await api('GET', `/api/quiz/${token}/`)).body;
    expect(Date.parse(view.expires_at) - Date.parse(view.started_at)).toBe(72 * 3600_000);
  });
});

describe('expiry and abandonment', () => {
  it('an abandoned quiz is expired: no question can be fetched or answered (410)', async () => {
    const token = await issueQuiz(fx);
    await api('GET', `/api/quiz/${token}/question/1/`);
    const ab = await api('POST', `/api/quiz/${token}/abandon`);
    expect(ab.status).toBe(200);
    expect(ab.body.abandoned_at).not.toBeNull();
    const snap = (await quizDoc(token))!.served[0].snapshot;
    const r = await api('POST', `/api/quiz/${token}/question/1/`, {
      answer: snap.answers[0].hash_id,
      answer_position: 0,
    });
    expect(r.status).toBe(410);
    expect(r.body.message).toMatch(/expired/);
    expect((await api('GET', `/api/quiz/${token}/question/1/`)).status).toBe(410);
    expect((await quizDoc(token))!.served[0].answered_at).toBeNull();
  });

  it('a quiz unfinished past its expiry is expired', async () => {
    const token = await issueQuiz(fx);
    await api('GET', `/api/quiz/${token}/question/1/`);
    await QuizResult.updateOne({ token }, { $set: { expires_at: new Date(Date.now() - 1000) } });
    const snap = (await quizDoc(token))!.served[0].snapshot;
    const r = await api('POST', `/api/quiz/${token}/question/1/`, {
      answer: snap.answers[0].hash_id,
      answer_position: 0,
    });
    expect(r.status).toBe(410);
    expect((await api('POST', `/api/quiz/${token}/finish`)).status).toBe(410);
    const view = (await api('GET', `/api/quiz/${token}/`)).body;
    expect(Date.parse(view.expires_at)).toBeLessThan(Date.now());
  });
});

describe('invitations', () => {
  it("quiz.support_email is the company's own address when it has one", async () => {
    const fx3 = await seedFixture('support');
    await Company.updateOne({ name: fx3.companyName }, { $set: { support_email: 'jobs@acme.example' } });
    const view = QuizResultSchema.parse((await api('GET', `/api/quiz/${await issueQuiz(fx3)}/`)).body);
    expect(view.quiz.support_email).toBe('jobs@acme.example');
  });

  it('required_atoms_left, max_atoms_left and quiz_url follow the invitation', async () => {
    const fx2 = await seedFixture('inv');
    const tA = await issueQuiz(fx2, { atoms: [fx2.atomA] });
    const tB = await issueQuiz(fx2, { atoms: [fx2.atomB] });
    let view = (await api('GET', `/api/quiz/${tA}/`)).body;
    expect(view).toMatchObject({ required_atoms_left: 1, max_atoms_left: 1, quiz_url: `/quiz/${tB}` });
    for (let n = 1; n <= 5; n++) await answerCurrent(tA, n);
    view = (await api('POST', `/api/quiz/${tA}/finish`)).body;
    expect(view).toMatchObject({ required_atoms_left: 0, max_atoms_left: 1, quiz_url: `/quiz/${tB}` });
    for (let n = 1; n <= 2; n++) await answerCurrent(tB, n);
    view = (await api('POST', `/api/quiz/${tB}/finish`)).body;
    expect(view).toMatchObject({ required_atoms_left: 0, max_atoms_left: 0, quiz_url: `/quiz/${tB}/done` });
  });
});

describe('invitation progress counts only quizzes the candidate can still take', () => {
  const past = () => new Date(Date.now() - 1000);
  /** An invitation with both fixture atoms required, and one quiz per atom. */
  async function twoRequired(tag: string) {
    const f = await seedFixture(tag);
    const inv = await Invitation.create({
      company: f.companyId,
      required_atoms: [f.atomA, f.atomB],
      optional_atoms: [],
    });
    const fi = { ...f, invitationId: inv._id };
    return { tA: await issueQuiz(fi, { atoms: [f.atomA] }), tB: await issueQuiz(fi, { atoms: [f.atomB] }) };
  }
  const progressOf = async (method: string, path: string) => {
    const { required_atoms_left, max_atoms_left, quiz_url } = (await api(method, path)).body;
    return { required_atoms_left, max_atoms_left, quiz_url };
  };

  it('the remaining required quiz expired, abandoned or left past the grace: nothing left, quiz_url the done page', async () => {
    const { tA, tB } = await twoRequired('dead1');
    for (let n = 1; n <= 5; n++) await answerCurrent(tA, n);
    const done = { required_atoms_left: 0, max_atoms_left: 0, quiz_url: `/quiz/${tA}/done` };
    expect(await progressOf('POST', `/api/quiz/${tA}/finish`)).toEqual({
      required_atoms_left: 1,
      max_atoms_left: 0,
      quiz_url: `/quiz/${tB}`,
    });

    await QuizResult.updateOne({ token: tB }, { $set: { expires_at: past() } });
    expect(await progressOf('GET', `/api/quiz/${tA}/`)).toEqual(done);
    // A page close whose grace (120 minutes here) has passed is an abandon, even before anyone wrote it down.
    await QuizResult.updateOne(
      { token: tB },
      { $set: { expires_at: null, left_at: new Date(Date.now() - 3 * 3600_000) } },
    );
    expect(await progressOf('GET', `/api/quiz/${tA}/`)).toEqual(done);
    await QuizResult.updateOne({ token: tB }, { $set: { left_at: null, abandoned_at: past() } });
    expect(await progressOf('GET', `/api/quiz/${tA}/`)).toEqual(done);
    // The dead quiz itself: nothing left, its own done page.
    expect(await progressOf('GET', `/api/quiz/${tB}/`)).toEqual({
      required_atoms_left: 0,
      max_atoms_left: 0,
      quiz_url: `/quiz/${tB}/done`,
    });
  });

  it('a dead current quiz does not count itself; quiz_url leads to the next takeable one', async () => {
    const { tA, tB } = await twoRequired('dead2');
    expect(await progressOf('GET', `/api/quiz/${tA}/`)).toEqual({
      required_atoms_left: 2,
      max_atoms_left: 0,
      quiz_url: `/quiz/${tB}`,
    });
    expect((await api('POST', `/api/quiz/${tA}/abandon`)).status).toBe(200);
    expect(await progressOf('GET', `/api/quiz/${tA}/`)).toEqual({
      required_atoms_left: 1,
      max_atoms_left: 0,
      quiz_url: `/quiz/${tB}`,
    });
  });
});

describe('env-vars and tokens', () => {
  it('env-vars says demo mode is not allowed', async () => {
    expect((await api('GET', '/api/env-vars')).body).toEqual({ demoModeAllowed: false });
  });

  it('an unknown token is 404, and too many unknown tokens from one client are 429', async () => {
    const validToken = await issueQuiz(fx);
    const r = await api('GET', '/api/quiz/AAAAAAAAAAAAAAAAAAAAAA/');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, message: 'Quiz not found' });
    expect((await api('GET', '/api/quiz/short/')).status).toBe(404);
    let status = 0;
    for (let i = 0; i < 30 && status !== 429; i++) {
      status = (await api('POST', `/api/quiz/unknownToken${String(i).padStart(10, '0')}/finish`)).status;
    }
    expect(status).toBe(429);
    const blocked = await api('GET', '/api/quiz/AAAAAAAAAAAAAAAAAAAAAA/');
    expect(blocked.status).toBe(429);
    expect(blocked.body.success).toBe(false);
    // A valid token from the same (blocked) address is still served: only misses are limited.
    expect((await api('GET', `/api/quiz/${validToken}/`)).status).toBe(200);
    expect((await api('GET', `/api/quiz/${validToken}/question/1/`)).status).toBe(200);
  });
});

// Last, so it sees every response the tests above recorded through api().
describe('no correct flag outside demo mode', () => {
  /** The strict schema a candidate response must match, by call and status. */
  function schemaFor(path: string, status: number): { name: string; schema: ZodType } {
    if (status >= 400) return { name: 'error', schema: ErrorResponseStrictSchema };
    const [method, url] = path.split(' ');
    if (url === '/api/env-vars') return { name: 'env-vars', schema: EnvVarsResponseStrictSchema };
    if (/\/log\/?$|\/tracking$/.test(url)) return { name: 'event', schema: OkResponseStrictSchema };
    if (/\/question\/\d+\/?$/.test(url)) {
      return method === 'GET'
        ? { name: 'question', schema: CandidateQuestionStrictSchema }
        : { name: 'answer', schema: AnswerResponseStrictSchema };
    }
    return { name: 'quiz result', schema: QuizResultStrictSchema };
  }

  /** 'GET /api/quiz/<token>/question/3/' → 'GET /question/N', 'GET /api/quiz/<token>/' → 'GET /'. */
  const callOf = (path: string) =>
    path
      .replace(/\/api\/quiz\/[^/]+/, '')
      .replace(/\/\d+/g, '/N')
      .replace(/(\/.+)\/$/, '$1');

  it('every candidate response matches its strict schema and no answer carries c or correct', () => {
    const seen = new Set<string>();
    const failures: string[] = [];
    for (const b of bodies) {
      const { name, schema } = schemaFor(b.path, b.status);
      seen.add(`${callOf(b.path)} ${b.status < 400 ? 'ok' : b.status}`);
      const r = schema.safeParse(b.body);
      if (!r.success) failures.push(`${b.path} (${b.status}, ${name}): ${r.error.message}`);
      failures.push(...leaks(b.body).map((k) => `${b.path}: ${k} in answers`));
    }
    expect(failures).toEqual([]);
    // Every kind of candidate call was checked, the refused pass_243 included.
    const expected = [
      'GET / ok',
      'GET /question/N ok',
      'POST /question/N ok',
      'POST /survey ok',
      'POST /finish ok',
      'POST /abandon ok',
      'POST /question/N/log ok',
      'POST /tracking ok',
      'POST /pass_243 403',
      'GET /api/env-vars ok',
    ];
    expect(expected.filter((k) => !seen.has(k))).toEqual([]);
  });
});
