import { quizResult } from '@skillquiz/contracts/testing';
import {
  formatCountdown,
  isQuestionExpired,
  isQuizExpired,
  LOW_TIME_SECONDS,
  msToNextTick,
  secondsLeft,
  timeWarning,
  totalQuestions,
} from './time';

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

describe('the countdown tick', () => {
  it.each([
    [10_700, 700], // 00:11 until 10.0 s left
    [10_000, 1000], // on the boundary: the next one
    [999, 999],
    [1, 1],
    [0, 0], // the deadline: one last tick now
    [-50, 0],
  ])('%i ms left -> next tick in %i ms', (left, next) => expect(msToNextTick(left)).toBe(next));

  it('each tick lands on the boundary where the shown second drops, however late the last one ran', () => {
    // A tick that ran 400 ms late still schedules the next one on the boundary.
    const left = 20_000 - 400;
    expect(secondsLeft(left)).toBe(20);
    expect(secondsLeft(left - msToNextTick(left))).toBe(19);
    expect(secondsLeft(left - msToNextTick(left) + 1)).toBe(20);
  });

  it('announces 30 and 10 seconds left once each, as they are reached', () => {
    expect(timeWarning(31, 30)).toBe('30 seconds left');
    expect(timeWarning(30, 29)).toBeNull();
    expect(timeWarning(11, 10)).toBe('10 seconds left');
    expect(timeWarning(10, 9)).toBeNull();
    expect(timeWarning(32, 28)).toBe('30 seconds left'); // a late tick still says it
    expect(timeWarning(31, 9)).toBe('10 seconds left'); // passed both: the one that matters now
    expect(timeWarning(12, 12)).toBeNull();
    expect(LOW_TIME_SECONDS).toBe(30);
  });
});
