import { quizEndEvents } from './ended';
import type { QuizState, ServedQuestion } from './types';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, s));

function served(n: number, answered: boolean): ServedQuestion {
  return { number: n, atom_id: 'sql', answered_at: answered ? at(n) : null } as unknown as ServedQuestion;
}

function quiz(answered: number, over: Partial<QuizState> = {}): QuizState {
  return {
    id: 'q1',
    invitation_id: 'i1',
    company_id: 'c1',
    demo_data: false,
    plan: [{ atom_id: 'sql', scored: 2, beta_question_id: null }],
    served: [served(1, answered >= 1), served(2, answered >= 2)],
    finished_at: null,
    abandoned_at: null,
    ...over,
  } as unknown as QuizState;
}

it('the write that answers the last planned question carries quiz.ended (finished), once', () => {
  const [event] = quizEndEvents(quiz(1), quiz(2), at(99));
  expect(event).toMatchObject({
    id: 'evt_q1_finished',
    type: 'quiz.ended',
    at: at(2), // the last answer, not the write
    data: { quiz_id: 'q1', status: 'finished', invitation_id: 'i1', company_id: 'c1', demo_data: false },
  });
  expect(quizEndEvents(quiz(1), quiz(2), at(99))).toHaveLength(1);
  // The finish call after it, and any later write, end nothing more.
  expect(quizEndEvents(quiz(2), quiz(2, { finished_at: at(50) }))).toEqual([]);
  expect(quizEndEvents(quiz(2, { finished_at: at(50) }), quiz(2, { finished_at: at(50) }))).toEqual([]);
});

it('a finish call and an abandon (or a lapsed page-close) carry theirs; other writes none', () => {
  expect(quizEndEvents(quiz(1), quiz(1, { finished_at: at(40) }))[0]).toMatchObject({
    id: 'evt_q1_finished',
    at: at(40),
  });
  expect(quizEndEvents(quiz(1), quiz(1, { abandoned_at: at(30) }))[0]).toMatchObject({
    id: 'evt_q1_abandoned',
    at: at(30),
    data: { status: 'abandoned', occurred_at: at(30).toISOString() },
  });
  expect(quizEndEvents(quiz(0), quiz(1))).toEqual([]);
  expect(quizEndEvents(quiz(1, { abandoned_at: at(30) }), quiz(1, { abandoned_at: at(30) }))).toEqual([]);
});
