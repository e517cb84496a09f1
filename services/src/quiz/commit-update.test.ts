// Unit tests of the quiz write as a change: what an answer, a fetch and a page-close each send.
import { quizUpdate } from './commit-update';
import { responseOf, responsesOf } from './models/quiz-result';
import type { QuizState, ServedQuestion } from './types';

const served = (number: number, extra: Partial<ServedQuestion> = {}) =>
  ({
    number,
    atom_id: 'a',
    question_id: number,
    scored: true,
    snapshot: {
      question_text: 'q'.repeat(300),
      difficulty_params: { a: 1, d: 0 },
      version: 1,
      answers: [{ text: 'x', hash_id: 'h', c: true }],
    },
    served_at: new Date(1000),
    expires_at: new Date(2000),
    answered_at: null,
    ...extra,
  }) as unknown as ServedQuestion;

const state = (over: Partial<QuizState> = {}) =>
  ({
    id: 'q1',
    token: 't',
    rev: 7,
    plan: [{ atom_id: 'a', scored: 3, beta_question_id: null }],
    served: [served(1, { answered_at: new Date(1500) }), served(2)],
    estimates: [{ atom_id: 'a', estimate: 0.1, error: 1, answered: 1 }],
    started_at: new Date(900),
    finished_at: null,
    abandoned_at: null,
    left_at: null,
    expires_at: new Date(9000),
    survey_completed: false,
    content_relevant_rating: null,
    simulated: false,
    ...over,
  }) as unknown as QuizState;

describe('quizUpdate', () => {
  it('an answer sets the answered fields and the next record by index, never the served list', () => {
    const prev = state();
    const next = state({
      served: [prev.served[0], served(2, { answered_at: new Date(1800), correct: true }), served(3)],
      estimates: [{ atom_id: 'a', estimate: 0.5, error: 0.8, answered: 2 }],
    });
    const u = quizUpdate(prev, next, true);
    expect(Object.keys(u.$set).sort()).toEqual(
      [
        'estimates',
        'rev',
        'responses_rev',
        'served.1.answered_at',
        'served.1.correct',
        'served.2',
        'responses.1',
        'responses.2',
      ].sort(),
    );
    expect(u.$set.rev).toBe(8);
    expect(u.$set.responses_rev).toBe(8);
    expect(u.$set['served.2']).toBe(next.served[2]);
    expect(u.$set['responses.1']).toEqual(responseOf(next.served[1]));
    expect(u.$set['responses.1']).toMatchObject({ q: 2, c: true, ms: 800, a: 1, d: 0, v: 1 });
    expect(u.$push).toBeUndefined();
    // a few hundred bytes: the new record and two small analytics records, not every stored snapshot again
    const { 'responses.1': r1, 'responses.2': r2, ...rest } = u.$set;
    expect(JSON.stringify({ ...u, $set: rest }).length).toBeLessThan(JSON.stringify(next.served).length / 2);
    expect(JSON.stringify([r1, r2]).length).toBeLessThan(300);
  });

  it('choosing the next question pushes it, and its analytics record', () => {
    const prev = state({ served: [served(1, { answered_at: new Date(1500) })] });
    const next = state({ served: [...prev.served, served(2)] });
    expect(quizUpdate(prev, next, true)).toEqual({
      $set: { rev: 8, responses_rev: 8 },
      $push: { served: { $each: [served(2)] }, responses: { $each: [responseOf(served(2))] } },
    });
  });

  it('writes scalar changes such as a lapsed page-close, and removes cleared record fields', () => {
    const prev = state({ left_at: new Date(3000) });
    const next = state({ left_at: null, abandoned_at: new Date(4000) });
    next.served[1] = { ...next.served[1] };
    delete (next.served[1] as Partial<ServedQuestion>).expires_at;
    expect(quizUpdate(prev, next, true)).toEqual({
      $set: { rev: 8, responses_rev: 8, left_at: null, abandoned_at: new Date(4000) },
      $unset: { 'served.1.expires_at': '' },
    });
  });

  it('a shorter served list is written whole', () => {
    const prev = state();
    const next = state({ served: [prev.served[0]] });
    expect(quizUpdate(prev, next).$set.served).toEqual([prev.served[0]]);
    expect(quizUpdate(prev, next).$set.responses).toEqual(responsesOf([prev.served[0]]));
  });

  it('sets the analytics records whole when the stored ones did not match the quiz read', () => {
    const prev = state({ served: [served(1, { answered_at: new Date(1500) })] });
    const next = state({ served: [...prev.served, served(2)] });
    expect(quizUpdate(prev, next, false)).toEqual({
      $set: { rev: 8, responses_rev: 8, responses: responsesOf(next.served) },
      $push: { served: { $each: [served(2)] } },
    });
  });
});
