import type { CandidateQuestion } from '@skillquiz/contracts';
import { quizResult } from '@skillquiz/contracts/testing';
import { addServedQuestion, applyAnswer, wantedQuestionNumber } from './questionFlow';

const q = (number: number): CandidateQuestion => ({
  number,
  expires_at: '2026-01-01T12:05:00Z',
  difficulty_params: { a: 1.2, d: -0.3 },
  atom_id: 'javascript',
  claim: 'closures',
  question_text: 'What does `typeof null` return?',
  code_block: '',
  code_language: null,
  answers: [
    { text: '"object"', hash_id: 'h1' },
    { text: '"null"', hash_id: 'h2' },
  ],
});

describe('question flow (SPEC §4)', () => {
  it('wants question 1 before the start, then the next question, then nothing', () => {
    expect(wantedQuestionNumber(quizResult())).toBe(1);
    expect(
      wantedQuestionNumber(quizResult({ started_at: 'x', next_question: { number: 3, expires_at: null } })),
    ).toBe(3);
    expect(wantedQuestionNumber(quizResult({ started_at: 'x' }))).toBeNull();
  });

  it('wants no question of a quiz that has none to serve yet (the welcome page says so)', () => {
    expect(wantedQuestionNumber(quizResult({ unavailable: true }))).toBeNull();
  });

  it('adds a served question to past questions as incorrect, once, and sets started_at', () => {
    const r1 = addServedQuestion(quizResult(), q(1), '2026-01-01T12:00:00Z');
    expect(r1.started_at).toBe('2026-01-01T12:00:00Z');
    expect(r1.next_question).toEqual({ number: 1, expires_at: '2026-01-01T12:05:00Z' });
    expect(r1.past_questions).toEqual([
      {
        number: 1,
        correct: false,
        atom_id: 'javascript',
        claim: 'closures',
        difficulty_params: { a: 1.2, d: -0.3 },
        post_skill_estimate: null,
        post_skill_estimate_error: null,
      },
    ]);
    const again = addServedQuestion(r1, q(1), '2026-01-01T12:09:00Z');
    expect(again.past_questions).toHaveLength(1);
    expect(again.started_at).toBe('2026-01-01T12:00:00Z');
  });

  it('gives the answered question its result and moves next_question on', () => {
    const served = addServedQuestion(addServedQuestion(quizResult(), q(1), 't'), q(2), 't');
    const after = applyAnswer(served, 2, {
      correct: true,
      post_skill_estimate: 0.4,
      post_skill_estimate_error: 0.7,
      next_question: { number: 3, expires_at: null },
    });
    expect(after.past_questions[1]).toMatchObject({
      number: 2,
      correct: true,
      post_skill_estimate: 0.4,
      post_skill_estimate_error: 0.7,
    });
    expect(after.past_questions[0].correct).toBe(false);
    expect(after.next_question).toEqual({ number: 3, expires_at: null });
    const last = applyAnswer(after, 3, {
      correct: false,
      post_skill_estimate: 0.1,
      post_skill_estimate_error: 0.6,
    });
    expect(last.next_question).toBeNull();
  });
});
