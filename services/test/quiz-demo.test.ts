// Demo mode ON (DEMO_MODE_ALLOWED=true): on a demo invitation's quiz the correct answer carries
// the 'Correct' label flag, answers and past questions say whether they were right, and pass_243
// answers the remaining questions as a strong simulated candidate and finishes the quiz. On any
// other quiz none of that: no correctness, estimates or parameters reach the browser,
// the quiz result says the sidebar is not allowed, and pass_243 is refused.
import mongoose from 'mongoose';
import {
  AnswerResponseStrictSchema,
  CandidateQuestionSchema,
  CandidateQuestionStrictSchema,
  QuizResultSchema,
  QuizResultStrictSchema,
} from '@skillquiz/contracts';
import { startStack, type Stack } from './helpers/stack';
import { call, connect, issueQuiz, quizDoc, seedFixture, type Fixture } from './quiz-fixtures';

jest.setTimeout(60_000);

let stack: Stack;
let fx: Fixture;

beforeAll(async () => {
  stack = await startStack({ DEMO_MODE_ALLOWED: 'true' });
  await connect(stack.mongoUri);
  fx = await seedFixture('demo');
});
afterAll(async () => {
  await mongoose.disconnect();
  await stack?.stop();
});

it('env-vars says demo mode is allowed', async () => {
  expect((await call(stack.baseUrl, 'GET', '/api/env-vars')).body).toEqual({ demoModeAllowed: true });
});

it('marks exactly the correct answer with correct: true on a demo quiz', async () => {
  const token = await issueQuiz(fx, { demo: true });
  expect((await call(stack.baseUrl, 'GET', `/api/quiz/${token}/`)).body.demo_mode_allowed).toBe(true);
  const r = await call(stack.baseUrl, 'GET', `/api/quiz/${token}/question/1/`);
  const q = CandidateQuestionSchema.parse(r.body);
  const marked = q.answers.filter((a) => a.correct === true);
  expect(marked).toHaveLength(1);
  const snap = (await quizDoc(token))!.served[0].snapshot;
  expect(marked[0].hash_id).toBe(snap.answers.find((a) => a.c)!.hash_id);
  // The time limit without an override: 90 s for an atom with eta_minutes 0.
  expect(Date.parse(q.expires_at) - Date.now()).toBeGreaterThan(85_000);
  expect(Date.parse(q.expires_at) - Date.now()).toBeLessThanOrEqual(90_000);
});

it('a demo quiz reports each answer, its estimate and parameters, for the sidebar', async () => {
  const token = await issueQuiz(fx, { demo: true });
  const q = await call(stack.baseUrl, 'GET', `/api/quiz/${token}/question/1/`);
  expect(q.body.difficulty_params).toEqual(expect.objectContaining({ a: expect.any(Number) }));
  const right = q.body.answers.find((a: { correct?: boolean }) => a.correct === true);
  const r = await call(stack.baseUrl, 'POST', `/api/quiz/${token}/question/1/`, {
    answer: right.hash_id,
    answer_position: 0,
  });
  expect(r.body.correct).toBe(true);
  expect(r.body.post_skill_estimate).toBeGreaterThan(0);
  const view = QuizResultSchema.parse((await call(stack.baseUrl, 'GET', `/api/quiz/${token}/`)).body);
  expect(view.past_questions[0]).toMatchObject({ number: 1, correct: true });
  expect(view.past_questions[0].post_skill_estimate).toBeGreaterThan(0);
});

describe('a quiz that is not a demo invitation, with demo mode allowed', () => {
  it('carries no correct flag, estimate or parameters anywhere, and says the sidebar is not allowed', async () => {
    const token = await issueQuiz(fx);
    const before = await call(stack.baseUrl, 'GET', `/api/quiz/${token}/`);
    expect(QuizResultStrictSchema.parse(before.body).demo_mode_allowed).toBe(false);
    for (let n = 1; n <= fx.total; n++) {
      const q = await call(stack.baseUrl, 'GET', `/api/quiz/${token}/question/${n}/`);
      expect(q.status).toBe(200);
      // Strict: an answer with `correct` (even true) or any item parameters fails the parse.
      CandidateQuestionStrictSchema.parse(q.body);
      expect(JSON.stringify(q.body)).not.toMatch(/"(c|correct)"/);
      const snap = (await quizDoc(token))!.served[n - 1].snapshot;
      const right = snap.answers.findIndex((a) => a.c);
      const r = await call(stack.baseUrl, 'POST', `/api/quiz/${token}/question/${n}/`, {
        answer: snap.answers[right].hash_id,
        answer_position: right,
      });
      expect(r.status).toBe(200);
      AnswerResponseStrictSchema.parse(r.body);
      expect(JSON.stringify(r.body)).not.toMatch(/"(c|correct)"/);
    }
    const after = await call(stack.baseUrl, 'GET', `/api/quiz/${token}/`);
    const view = QuizResultStrictSchema.parse(after.body);
    expect(view.past_questions).toHaveLength(fx.total);
    expect(JSON.stringify(after.body)).not.toMatch(/"(c|correct)"/);
    // The answers were scored all the same, on the server.
    expect((await quizDoc(token))!.served.every((s) => s.correct === true)).toBe(true);
  });

  it('refuses pass_243 (403) and changes nothing', async () => {
    const token = await issueQuiz(fx);
    await call(stack.baseUrl, 'GET', `/api/quiz/${token}/question/1/`);
    const before = (await quizDoc(token))!;
    const r = await call(stack.baseUrl, 'POST', `/api/quiz/${token}/pass_243`);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ success: false, message: 'The skip is only available on a demo invitation' });
    const after = (await quizDoc(token))!;
    expect(after.rev).toBe(before.rev);
    expect(after.finished_at).toBeNull();
    expect(after.simulated).toBe(false);
  });
});

it('pass_243 answers every remaining question as a strong candidate and finishes', async () => {
  const token = await issueQuiz(fx, { demo: true });
  await call(stack.baseUrl, 'GET', `/api/quiz/${token}/question/1/`);
  const r = await call(stack.baseUrl, 'POST', `/api/quiz/${token}/pass_243`);
  expect(r.status).toBe(200);
  const view = QuizResultSchema.parse(r.body);
  expect(view.finished_at).not.toBeNull();
  expect(view.next_question ?? null).toBeNull();
  expect(view.past_questions.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  const doc = (await quizDoc(token))!;
  expect(doc.simulated).toBe(true);
  expect(doc.served.every((s) => s.answered_at && !s.timed_out)).toBe(true);
  // Each simulated answer is a real answer of its question, scored against the snapshot.
  for (const s of doc.served) {
    const chosen = s.snapshot.answers.find((a) => a.hash_id === s.answer)!;
    expect(chosen.c).toBe(s.correct);
  }
  // Again: nothing left to do, same result.
  const again = await call(stack.baseUrl, 'POST', `/api/quiz/${token}/pass_243`);
  expect(again.body.finished_at).toBe(view.finished_at);
});
