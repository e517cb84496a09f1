// Unit tests of the quiz API's pure rules: numbering, answer order, clocks, scoring.
import { estimateFromResponses } from '@skillquiz/adaptive';
import { servedOrder } from './answer-order';
import { slotsOf, totalQuestions, truncateAtom, dropBeta, type AtomPlan } from './plan';
import { estimateAtom, scoreAnswer } from './scoring';
import {
  ANSWER_GRACE_MS,
  creditedDeadline,
  isQuizExpired,
  lapseLeave,
  questionTimeLimitSeconds,
} from './timing';
import { candidateQuestionView } from './view';

describe('plan', () => {
  const plan: AtomPlan[] = [
    { atom_id: 'a', scored: 5, beta_question_id: 42 },
    { atom_id: 'b', scored: 2, beta_question_id: 43 },
    { atom_id: 'c', scored: 0, beta_question_id: 44 },
  ];
  it('numbers every served question; beta after the 3rd scored one (or the last)', () => {
    expect(slotsOf(plan).map((s) => `${s.number}${s.atom_id}${s.kind === 'beta' ? '*' : ''}`)).toEqual([
      '1a',
      '2a',
      '3a',
      '4a*',
      '5a',
      '6a',
      '7b',
      '8b',
      '9b*',
    ]);
    expect(totalQuestions(plan)).toBe(9);
  });
  it('an atom that runs dry shortens the quiz without gaps; a vanished beta is dropped', () => {
    const cut = truncateAtom(plan, 'a', 2);
    expect(slotsOf(cut).map((s) => s.atom_id + (s.kind === 'beta' ? '*' : ''))).toEqual([
      'a',
      'a',
      'a*',
      'b',
      'b',
      'b*',
    ]);
    expect(totalQuestions(dropBeta(plan, 'b'))).toBe(8);
  });
});

describe('servedOrder', () => {
  it('keeps locked answers at their positions and shuffles the rest', () => {
    const answers = [{ id: 'x', position: 2 }, { id: 'y' }, { id: 'z', position: 0 }, { id: 'w' }];
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const order = servedOrder(answers);
      expect(order[0].id).toBe('z');
      expect(order[2].id).toBe('x');
      expect(order.map((a) => a.id).sort()).toEqual(['w', 'x', 'y', 'z']);
      seen.add(order.map((a) => a.id).join(''));
    }
    expect(seen).toEqual(new Set(['zyxw', 'zwxy']));
  });
  it('still shows every answer once when locks collide or overflow', () => {
    const order = servedOrder(
      [
        { id: 'a', position: 0 },
        { id: 'b', position: 0 },
        { id: 'c', position: 9 },
      ],
      () => 0,
    );
    expect(order.map((a) => a.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('timing', () => {
  it('time limit: override, then eta_minutes / num_questions within [30, 600] s, else 90 s', () => {
    expect(questionTimeLimitSeconds({ eta_minutes: 10, num_questions: 10 }, 5)).toBe(5);
    expect(questionTimeLimitSeconds({ eta_minutes: 10, num_questions: 10 })).toBe(60);
    expect(questionTimeLimitSeconds({ eta_minutes: 1, num_questions: 10 })).toBe(30);
    expect(questionTimeLimitSeconds({ eta_minutes: 300, num_questions: 10 })).toBe(600);
    expect(questionTimeLimitSeconds({ eta_minutes: 0, num_questions: 10 })).toBe(90);
  });
  it('a page-close lapses into abandonment at left_at + grace, not before', () => {
    const left_at = new Date('2026-01-01T00:00:00Z');
    const s = { left_at, abandoned_at: null };
    expect(lapseLeave(s, new Date('2026-01-01T01:59:59Z'), 120)).toBe(s);
    expect(lapseLeave(s, new Date('2026-01-01T02:00:00Z'), 120)).toEqual({
      left_at: null,
      abandoned_at: new Date('2026-01-01T02:00:00Z'),
    });
    const abandoned = { left_at, abandoned_at: new Date('2026-01-01T00:30:00Z') };
    expect(lapseLeave(abandoned, new Date('2026-01-02T00:00:00Z'), 120)).toBe(abandoned);
  });
  it('a quiz is expired when abandoned, or unfinished past its expiry', () => {
    const now = new Date('2026-01-02T00:00:00Z');
    const past = new Date('2026-01-01T00:00:00Z');
    expect(isQuizExpired({ abandoned_at: past }, now)).toBe(true);
    expect(isQuizExpired({ expires_at: past }, now)).toBe(true);
    expect(isQuizExpired({ expires_at: past, finished_at: past }, now)).toBe(false);
    expect(isQuizExpired({ expires_at: null }, now)).toBe(false);
  });
});

describe('creditedDeadline', () => {
  // A question served at 0 s with a deadline at 60 s; times in seconds.
  const at = (sec: number) => new Date(Date.UTC(2026, 0, 1) + sec * 1000);
  const w = (a: number, b: number) => ({ started_at: at(a), ended_at: at(b) });
  const deadline = (outages: ReturnType<typeof w>[], now = 1000) =>
    (creditedDeadline(at(0), at(60), outages, at(now)).getTime() - at(0).getTime()) / 1000;

  it('moves the deadline on by each outage while the question was open', () => {
    expect(deadline([])).toBe(60);
    expect(deadline([w(10, 20)])).toBe(70);
    expect(deadline([w(10, 20), w(30, 35)])).toBe(75);
    // Only the part after the question was served counts.
    expect(deadline([w(-30, 5)])).toBe(65);
  });

  it('counts one outage reported by several processes once (overlapping windows merge)', () => {
    expect(deadline([w(10, 20), w(11, 21), w(10, 20)])).toBe(71);
  });

  it('an outage going on is counted up to now', () => {
    expect(deadline([w(50, 5000)], 58)).toBe(68);
  });

  it('an outage that began after the time (and its grace) had run out gives nothing back', () => {
    const grace = ANSWER_GRACE_MS / 1000;
    expect(deadline([w(60 + grace + 1, 100)])).toBe(60);
    // Within the grace it counts: an answer sent in the last seconds met the outage.
    expect(deadline([w(60 + grace - 1, 100)])).toBe(60 + 100 - (60 + grace - 1));
    // An earlier outage moves the deadline, so a later one can still fall inside it.
    expect(deadline([w(10, 40), w(80, 90)])).toBe(100);
  });
});

describe('scoreAnswer', () => {
  const answers = [
    { hash_id: 'r', c: true },
    { hash_id: 'w', c: false },
  ];
  const expires = new Date('2026-01-01T00:01:00Z');
  const at = (ms: number) => new Date(expires.getTime() + ms);
  it('scores by hash against the snapshot', () => {
    expect(scoreAnswer(answers, 'r', expires, at(-1000))).toEqual({ correct: true, timed_out: false });
    expect(scoreAnswer(answers, 'w', expires, at(-1000))).toEqual({ correct: false, timed_out: false });
    expect(() => scoreAnswer(answers, 'nope', expires, at(-1000))).toThrow(/not one of/);
  });
  it('accepts the empty answer only once expired; counts answers after the grace as timed out', () => {
    expect(() => scoreAnswer(answers, '', expires, at(-1))).toThrow(/timed out/);
    expect(scoreAnswer(answers, '', expires, at(0))).toEqual({ correct: false, timed_out: true });
    expect(scoreAnswer(answers, 'r', expires, at(ANSWER_GRACE_MS))).toEqual({
      correct: true,
      timed_out: false,
    });
    expect(scoreAnswer(answers, 'r', expires, at(ANSWER_GRACE_MS + 1))).toEqual({
      correct: false,
      timed_out: true,
    });
  });
  it("the estimate is the adaptive engine's EAP over the scored responses", () => {
    const rs = [
      { difficulty_params: { a: 1.2, d: 0.3 }, correct: true },
      { difficulty_params: { a: 0.8, d: -1 }, correct: false },
    ];
    const expected = estimateFromResponses(rs.map((r) => ({ ...r.difficulty_params, correct: r.correct })));
    expect(estimateAtom(rs)).toEqual(expected);
    expect(estimateAtom([]).estimate).toBeCloseTo(0, 6);
    expect(estimateAtom([]).error).toBeCloseTo(1, 3);
  });
});

describe('candidateQuestionView', () => {
  const served = {
    number: 3,
    question_id: 7,
    atom_id: 'js',
    scored: true,
    snapshot: {
      question_text: 'Q',
      code_block: '',
      code_language: null,
      claim: 'scope',
      difficulty_params: { a: 1, d: 0 },
      original_question_id: null,
      version: 1,
      answers: [
        { text: 'wrong', hash_id: 'w', c: false },
        { text: 'right', hash_id: 'r', c: true },
      ],
    },
    selected_at: new Date(0),
    served_at: new Date(0),
    expires_at: new Date(90_000),
    answered_at: null,
    answer: null,
    answer_position: null,
    correct: null,
    timed_out: false,
    post_skill_estimate: null,
    post_skill_estimate_error: null,
  };
  it('drops the correct flag outside demo mode, keeps the served order', () => {
    const v = candidateQuestionView(served, false);
    expect(v.answers).toEqual([
      { text: 'wrong', hash_id: 'w' },
      { text: 'right', hash_id: 'r' },
    ]);
    expect(v.expires_at).toBe('1970-01-01T00:01:30.000Z');
  });
  it('marks only the correct answer in demo mode', () => {
    expect(candidateQuestionView(served, true).answers).toEqual([
      { text: 'wrong', hash_id: 'w' },
      { text: 'right', hash_id: 'r', correct: true },
    ]);
  });
});
