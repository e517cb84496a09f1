import { quizResult } from '@skillquiz/contracts/testing';
import { formatCountdown, isQuestionExpired, isQuizExpired, totalQuestions } from './time';

const NOW = Date.parse('2026-01-01T12:00:00Z');

describe('formatCountdown', () => {
  it.each([
    [0, '00:00'],
    [-5000, '00:00'],
    [999, '00:01'],
    [1000, '00:01'],
    [59_000, '00:59'],
    [60_000, '01:00'],
    [61_500, '01:02'],
    [9 * 60_000 + 5_000, '09:05'],
    [75 * 60_000, '75:00'],
  ])('%i ms -> %s', (ms, text) => expect(formatCountdown(ms)).toBe(text));
});

describe('expiry rules', () => {
  it('a question expires once expires_at is past', () => {
    expect(isQuestionExpired(new Date(NOW + 1).toISOString(), NOW)).toBe(false);
    expect(isQuestionExpired(new Date(NOW).toISOString(), NOW)).toBe(true);
    expect(isQuestionExpired(null, NOW)).toBe(false);
  });

  it('a quiz is expired when abandoned, or unfinished past its expiry', () => {
    expect(isQuizExpired(quizResult(), NOW)).toBe(false);
    expect(isQuizExpired(quizResult({ abandoned_at: new Date(NOW).toISOString() }), NOW)).toBe(true);
    expect(isQuizExpired(quizResult({ expires_at: new Date(NOW - 1).toISOString() }), NOW)).toBe(true);
    expect(isQuizExpired(quizResult({ expires_at: new Date(NOW + 1000).toISOString() }), NOW)).toBe(false);
    expect(
      isQuizExpired(
        quizResult({ expires_at: new Date(NOW - 1).toISOString(), finished_at: new Date(NOW).toISOString() }),
        NOW,
      ),
    ).toBe(false);
  });

  it('total questions sums num_questions over the atoms', () => {
    expect(totalQuestions(quizResult())).toBe(18);
  });
});
