import { quizResult } from '@skillquiz/contracts/testing';
import { briefingOf, spokenDuration } from './briefing';

it('says durations in words', () => {
  expect(spokenDuration(45)).toBe('45 seconds');
  expect(spokenDuration(1)).toBe('1 second');
  expect(spokenDuration(60)).toBe('1 minute');
  expect(spokenDuration(135)).toBe('2 minutes 15 seconds');
  expect(spokenDuration(61.4)).toBe('1 minute 1 second');
});

it('counts every question and gives the time per question with the extra time the server applied', () => {
  const atoms = quizResult().quiz.atoms;
  const r = quizResult({
    quiz: {
      ...quizResult().quiz,
      atoms: atoms.map((a) => ({ ...a, seconds_per_question: 135 })),
    },
  });
  expect(briefingOf(r)).toEqual({
    questions: 18,
    time: '2 minutes 15 seconds for each question.',
    company: 'Acme',
  });
});

it('names each atom when their times differ, and leaves the time out when the server does not say', () => {
  const base = quizResult();
  const [js, sql] = base.quiz.atoms;
  const mixed = quizResult({
    quiz: {
      ...base.quiz,
      atoms: [
        { ...js, seconds_per_question: 90 },
        { ...sql, seconds_per_question: 120 },
      ],
    },
  });
  expect(briefingOf(mixed).time).toBe(
    'Time for each question: 1 minute 30 seconds in JavaScript, 2 minutes in SQL.',
  );
  expect(briefingOf(base).time).toBeNull();
  expect(briefingOf(quizResult({ quiz: { ...base.quiz, company_name: null } })).company).toBe(
    'the company that invited you',
  );
});
