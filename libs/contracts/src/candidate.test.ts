import {
  AnswerResponseStrictSchema,
  CandidateQuestionStrictSchema,
  QuizResultStrictSchema,
  AnswerRequestSchema,
  CandidateQuestionSchema,
  LogEventRequestSchema,
  PositiveIntParamSchema,
  QuizResultSchema,
  SurveyRequestSchema,
  TokenSchema,
  TrackingEventSchema,
  TRACKING_EVENTS,
  isErrorResponse,
  DEFAULT_LEVELS_THRESHOLDS,
} from './index';

describe('SurveyRequestSchema', () => {
  it.each([0, 1, 2])('accepts %d', (n) => {
    expect(SurveyRequestSchema.parse({ content_relevant_rating: n })).toEqual({ content_relevant_rating: n });
  });
  it.each([-1, 3, 1.5, '1', null, true])('rejects %j', (v) => {
    expect(SurveyRequestSchema.safeParse({ content_relevant_rating: v }).success).toBe(false);
  });
  it('rejects a missing field and unknown fields', () => {
    expect(SurveyRequestSchema.safeParse({}).success).toBe(false);
    expect(SurveyRequestSchema.safeParse({ content_relevant_rating: 1, extra: 1 }).success).toBe(false);
  });
});

describe('AnswerRequestSchema', () => {
  it('accepts a hash_id or the empty timed-out answer', () => {
    expect(AnswerRequestSchema.safeParse({ answer: 'a1B2-c_3', answer_position: 2 }).success).toBe(true);
    expect(AnswerRequestSchema.safeParse({ answer: '', answer_position: -1 }).success).toBe(true);
  });
  it.each([
    ['a number answer', { answer: 5, answer_position: 0 }],
    ['position below -1', { answer: 'abc', answer_position: -2 }],
    ['fractional position', { answer: 'abc', answer_position: 0.5 }],
    ['string position', { answer: 'abc', answer_position: '0' }],
    ['missing position', { answer: 'abc' }],
    ['answer with odd characters', { answer: '{"$gt":""}', answer_position: 0 }],
    ['an object answer', { answer: { $ne: null }, answer_position: 0 }],
    ['unknown key', { answer: 'abc', answer_position: 0, correct: true }],
  ])('rejects %s', (_n, body) => {
    expect(AnswerRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('LogEventRequestSchema', () => {
  it('accepts a name with JSON details', () => {
    expect(
      LogEventRequestSchema.safeParse({ eventName: 'answerSelected', eventDetails: { i: 1 } }).success,
    ).toBe(true);
  });
  it('rejects an empty or long name and oversized details', () => {
    expect(LogEventRequestSchema.safeParse({ eventName: '', eventDetails: null }).success).toBe(false);
    expect(LogEventRequestSchema.safeParse({ eventName: 'x'.repeat(101) }).success).toBe(false);
    expect(
      LogEventRequestSchema.safeParse({ eventName: 'big', eventDetails: 'x'.repeat(5000) }).success,
    ).toBe(false);
  });

  it('limits nesting to 8 levels and refuses $-prefixed or dotted keys at any depth', () => {
    const nest = (n: number): unknown => (n === 0 ? 1 : { a: nest(n - 1) });
    const ok = (eventDetails: unknown) =>
      LogEventRequestSchema.safeParse({ eventName: 'e', eventDetails }).success;
    expect(ok(nest(8))).toBe(true);
    expect(ok(nest(9))).toBe(false);
    expect(ok(nest(150))).toBe(false);
    expect(ok([[[[[[[[1]]]]]]]])).toBe(true);
    expect(ok([[[[[[[[[1]]]]]]]]])).toBe(false);
    expect(ok({ $where: 'x' })).toBe(false);
    expect(ok({ a: [{ b: { $gt: 1 } }] })).toBe(false);
    expect(ok({ 'a.b': 1 })).toBe(false);
    expect(ok({ 'a\u0000b': 1 })).toBe(false);
    expect(ok([{ x: { '\u0000': 1 } }])).toBe(false);
    expect(ok({ s: 'a NUL \u0000 in a value is fine' })).toBe(true);
    expect(ok({ a$: 1, 'a-b': 'x.y', s: '$ok in values' })).toBe(true);
  });
});

describe('TrackingEventSchema', () => {
  const token = 'A'.repeat(22);
  it('accepts every event type with l, r, t details', () => {
    for (const event of Object.values(TRACKING_EVENTS)) {
      const r = TrackingEventSchema.safeParse({
        token,
        questionId: 3,
        event,
        eventDetails: { l: 1, r: 5, t: 4 },
      });
      expect(r.success).toBe(true);
    }
    expect(TRACKING_EVENTS).toEqual({
      switchedTabs: 0,
      wentOffline: 1,
      devToolsOpened: 2,
      devToolsClosed: 3,
      usedClipboard: 4,
    });
  });
  it.each([
    ['event 5', { token, questionId: 1, event: 5 }],
    ['event as string', { token, questionId: 1, event: '0' }],
    ['negative duration', { token, questionId: 1, event: 0, eventDetails: { t: -1 } }],
    ['unknown detail', { token, questionId: 1, event: 0, eventDetails: { x: 1 } }],
    ['short token', { token: 'abc', questionId: 1, event: 0 }],
  ])('rejects %s', (_n, body) => {
    expect(TrackingEventSchema.safeParse(body).success).toBe(false);
  });
});

describe('path parameters', () => {
  it('accepts URL-safe tokens of 16..128 characters', () => {
    expect(TokenSchema.safeParse('abcDEF123_-abcDEF123_').success).toBe(true);
    expect(TokenSchema.safeParse('short').success).toBe(false);
    expect(TokenSchema.safeParse('a'.repeat(20) + '/').success).toBe(false);
  });
  it('turns digit strings into positive integers and rejects the rest', () => {
    expect(PositiveIntParamSchema.parse('12')).toBe(12);
    for (const bad of ['0', '-1', '01', '1.5', 'abc', '', '1e3', '9999999999']) {
      expect(PositiveIntParamSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('CandidateQuestionSchema', () => {
  const view = {
    number: 1,
    expires_at: new Date().toISOString(),
    difficulty_params: { a: 1.2, d: -0.3 },
    atom_id: 'javascript',
    claim: 'closures',
    question_text: 'What?',
    code_block: '',
    code_language: null,
    answers: [
      { text: 'A', hash_id: 'h1' },
      { text: 'B', hash_id: 'h2', correct: true as const },
    ],
  };
  it('accepts the candidate view, with the demo correct label', () => {
    expect(CandidateQuestionSchema.parse(view)).toEqual(view);
  });
  it('refuses an answer carrying the correct flag c', () => {
    const leaking = { ...view, answers: [{ text: 'A', hash_id: 'h1', c: true }] };
    expect(CandidateQuestionSchema.safeParse(leaking).success).toBe(false);
  });
  it('refuses correct: false (only the right answer is ever marked)', () => {
    const marked = { ...view, answers: [{ text: 'A', hash_id: 'h1', correct: false }] };
    expect(CandidateQuestionSchema.safeParse(marked).success).toBe(false);
  });
});

describe('QuizResultSchema', () => {
  it('accepts a result without a next question', () => {
    const result = {
      assessment_token: 't'.repeat(22),
      started_at: null,
      finished_at: null,
      survey_completed: false,
      abandoned_at: null,
      blur_on_window_blur: false,
      quiz: {
        company_logo_url: null,
        company_name: 'Acme',
        atoms: [{ id: 'js', name: 'JS', num_questions: 10, levels_thresholds: DEFAULT_LEVELS_THRESHOLDS }],
      },
      past_questions: [],
      required_atoms_left: 0,
      max_atoms_left: 0,
      quiz_url: null,
    };
    expect(QuizResultSchema.safeParse(result).success).toBe(true);
    expect(QuizResultSchema.safeParse({ ...result, next_question: null }).success).toBe(true);
  });
});

describe('isErrorResponse', () => {
  it('recognises the generic error shape only', () => {
    expect(isErrorResponse({ success: false, message: 'Not found' })).toBe(true);
    expect(isErrorResponse({ success: true })).toBe(false);
    expect(isErrorResponse({ message: 'x' })).toBe(false);
  });
});

describe('strict candidate response schemas', () => {
  const q = {
    number: 1,
    expires_at: '2026-01-01T00:00:00.000Z',
    difficulty_params: null,
    atom_id: 'python',
    claim: null,
    question_text: 'Q',
    code_block: '',
    code_language: null,
    answers: [{ text: 'a', hash_id: 'abcdefghijkl' }],
  };
  it('refuse a correct flag or any extra key in an answer, even correct: true', () => {
    expect(CandidateQuestionStrictSchema.safeParse(q).success).toBe(true);
    for (const extra of [{ correct: true }, { c: true }, { c: false }, { x: 1 }]) {
      expect(
        CandidateQuestionStrictSchema.safeParse({ ...q, answers: [{ ...q.answers[0], ...extra }] }).success,
      ).toBe(false);
    }
    // The lenient schema still allows the demo-mode label.
    expect(
      CandidateQuestionSchema.safeParse({ ...q, answers: [{ ...q.answers[0], correct: true }] }).success,
    ).toBe(true);
  });
  it('refuse item parameters outside a demo quiz (only the demo sidebar uses them)', () => {
    expect(CandidateQuestionStrictSchema.safeParse({ ...q, difficulty_params: { a: 1, d: 0 } }).success).toBe(
      false,
    );
  });
  it('are strict at every depth of the quiz result', () => {
    const view = {
      assessment_token: 't',
      started_at: null,
      finished_at: null,
      survey_completed: false,
      abandoned_at: null,
      blur_on_window_blur: false,
      quiz: { company_logo_url: null, company_name: null, atoms: [] },
      next_question: { number: 1, expires_at: null },
      past_questions: [],
      required_atoms_left: 0,
      max_atoms_left: 0,
      quiz_url: null,
      demo_mode_allowed: false,
    };
    expect(QuizResultStrictSchema.safeParse(view).success).toBe(true);
    expect(QuizResultStrictSchema.safeParse({ ...view, demo_mode_allowed: true }).success).toBe(false);
    const past = {
      number: 1,
      atom_id: 'python',
      claim: null,
      difficulty_params: null,
      post_skill_estimate: null,
      post_skill_estimate_error: null,
    };
    expect(QuizResultStrictSchema.safeParse({ ...view, past_questions: [past] }).success).toBe(true);
    for (const leak of [{ correct: true }, { correct: false }, { post_skill_estimate: 0.4 }])
      expect(
        QuizResultStrictSchema.safeParse({ ...view, past_questions: [{ ...past, ...leak }] }).success,
      ).toBe(false);
    expect(
      QuizResultStrictSchema.safeParse({ ...view, next_question: { number: 1, expires_at: null, c: 1 } })
        .success,
    ).toBe(false);
    expect(QuizResultStrictSchema.safeParse({ ...view, quiz: { ...view.quiz, secret: 1 } }).success).toBe(
      false,
    );
    expect(
      AnswerResponseStrictSchema.safeParse({
        correct: true,
        post_skill_estimate: 0,
        post_skill_estimate_error: 1,
        extra: 1,
      }).success,
    ).toBe(false);
    // Outside a demo quiz an answer's reply says nothing about the answer.
    const reply = { post_skill_estimate: null, post_skill_estimate_error: null };
    expect(AnswerResponseStrictSchema.safeParse(reply).success).toBe(true);
    expect(AnswerResponseStrictSchema.safeParse({ ...reply, correct: false }).success).toBe(false);
  });
});
