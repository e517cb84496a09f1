// Demo mode ON: the correct answer carries the 'Correct' label flag, env-vars says so, and
// pass_243 answers the remaining questions as a strong simulated candidate and finishes the quiz.
import mongoose from 'mongoose';
import { CandidateQuestionSchema, QuizResultSchema } from '@skillquiz/contracts';
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

it('marks exactly the correct answer with correct: true', async () => {
  const token = await issueQuiz(fx);
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

it('pass_243 answers every remaining question as a strong candidate and finishes', async () => {
  const token = await issueQuiz(fx);
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
