import {
  AtomCreateSchema,
  AtomListQuerySchema,
  AtomUpdateSchema,
  QuestionListQuerySchema,
  QuestionWritePayloadSchema,
  decodeQuestionPayload,
  encodeQuestionPayload,
  newQuestion,
  newAtom,
  atomIdMatchesPath,
  DEFAULT_LEVELS_THRESHOLDS,
  type QuestionWritePayload,
} from './index';

describe('AtomCreateSchema', () => {
  it('fills the SPEC §3 defaults', () => {
    const atom = AtomCreateSchema.parse({ id: 'javascript', name: 'JavaScript' });
    expect(atom).toMatchObject({
      id: 'javascript',
      format: 'Multiple Choice',
      eta_minutes: 0,
      beta: false,
      beta_question_ordering: [],
      levels_thresholds: DEFAULT_LEVELS_THRESHOLDS,
    });
  });
  it('accepts what the new-atom form sends back', () => {
    expect(AtomCreateSchema.safeParse(newAtom({ id: 'sql', name: 'SQL' })).success).toBe(true);
  });
  it.each([
    ['bad slug', { id: 'Not A Slug', name: 'x' }],
    ['reserved slug', { id: 'new', name: 'x' }],
    ['missing name', { id: 'ok' }],
    ['blank name', { id: 'ok', name: '   ' }],
    ['unknown format', { id: 'ok', name: 'x', format: 'Essay' }],
    ['beta as string', { id: 'ok', name: 'x', beta: 'true' }],
    ['negative eta', { id: 'ok', name: 'x', eta_minutes: -1 }],
    ['fractional beta id', { id: 'ok', name: 'x', beta_question_ordering: [1.5] }],
    ['string beta id', { id: 'ok', name: 'x', beta_question_ordering: ['3'] }],
    ['duplicate beta id', { id: 'ok', name: 'x', beta_question_ordering: [3, 3] }],
    ['bad thresholds', { id: 'ok', name: 'x', levels_thresholds: ['-inf', 1, 0, 2, 3] }],
    ['unknown key', { id: 'ok', name: 'x', owner: 'me' }],
  ])('rejects %s', (_n, body) => {
    expect(AtomCreateSchema.safeParse(body).success).toBe(false);
  });
});

describe('AtomUpdateSchema', () => {
  it('keeps only what was sent (no defaults that would reset fields)', () => {
    expect(AtomUpdateSchema.parse({ name: 'New name' })).toEqual({ name: 'New name' });
  });
  it('is strict and type-checked', () => {
    expect(AtomUpdateSchema.safeParse({ nmae: 'typo' }).success).toBe(false);
    expect(AtomUpdateSchema.safeParse({ num_questions: 0 }).success).toBe(false);
  });
  it('lets the path decide the slug', () => {
    expect(atomIdMatchesPath({ id: 'a' }, 'a')).toBe(true);
    expect(atomIdMatchesPath({}, 'a')).toBe(true);
    expect(atomIdMatchesPath({ id: 'b' }, 'a')).toBe(false);
  });
});

describe('list queries', () => {
  it('defaults the questions query', () => {
    expect(QuestionListQuerySchema.parse({})).toEqual({
      page: 1,
      search: '',
      only_administered: false,
      atom: 'all',
    });
  });
  it('parses query-string values', () => {
    expect(
      QuestionListQuerySchema.parse({ page: '3', search: ' map ', only_administered: 'true', atom: 'sql' }),
    ).toEqual({
      page: 3,
      search: 'map',
      only_administered: true,
      atom: 'sql',
    });
    expect(QuestionListQuerySchema.parse({ atom: '' }).atom).toBe('all');
  });
  it.each([
    { page: '0' },
    { page: '-1' },
    { page: 'x' },
    { page: ['1', '2'] },
    { atom: 'Bad Atom' },
    { only_administered: 'maybe' },
    { search: 'x'.repeat(201) },
  ])('rejects %j', (q) => {
    expect(QuestionListQuerySchema.safeParse(q).success).toBe(false);
  });
  it('reads include_beta', () => {
    expect(AtomListQuerySchema.parse({})).toEqual({ include_beta: false });
    expect(AtomListQuerySchema.parse({ include_beta: 'true' })).toEqual({ include_beta: true });
  });
});

describe('question write payload', () => {
  const draft = {
    ...newQuestion(),
    question_text: 'What does `typeof null` return? ✓',
    code_block: 'console.log(typeof null); // "object"',
    code_language: 'javascript' as const,
    administered: true,
    all_atoms: ['javascript'],
    claim: 'Types And Values',
    answers: [
      { text: '"object"', hash_id: 'h1', c: true },
      { text: '"null" — ünïcode', hash_id: 'h2', c: false, position: 1 },
    ],
  };

  it('encode/decode are inverses and encode only the free-text fields', () => {
    const wire = encodeQuestionPayload(draft);
    expect(wire.question_text).toBe(Buffer.from(draft.question_text).toString('base64'));
    expect(wire.answers[1].text).toBe(Buffer.from(draft.answers[1].text).toString('base64'));
    expect(wire.claim).toBe(draft.claim);
    expect(decodeQuestionPayload(wire)).toEqual(draft);
  });

  it('the schema decodes, normalises the claim and fills defaults', () => {
    const parsed = QuestionWritePayloadSchema.parse(encodeQuestionPayload(draft) as QuestionWritePayload);
    expect(parsed.question_text).toBe(draft.question_text);
    expect(parsed.code_block).toBe(draft.code_block);
    expect(parsed.answers.map((a) => a.text)).toEqual(draft.answers.map((a) => a.text));
    expect(parsed.claim).toBe('types_and_values');
    expect(parsed.language).toBeNull();
    expect(parsed.answers[0].position).toBeUndefined();
    expect(parsed.answers[1].position).toBe(1);
  });

  it('accepts a minimal draft and an original_question_id given as a digit string', () => {
    const parsed = QuestionWritePayloadSchema.parse({
      question_text: '',
      original_question_id: '42',
      code_language: '',
    });
    expect(parsed).toMatchObject({
      administered: false,
      answers: [],
      all_atoms: [],
      original_question_id: 42,
      code_language: null,
      claim: null,
    });
  });

  const valid = () => encodeQuestionPayload(draft) as QuestionWritePayload;
  it.each<[string, (p: QuestionWritePayload) => unknown]>([
    ['question_text not base64', (p) => ({ ...p, question_text: 'plain text!' })],
    ['code_block not base64', (p) => ({ ...p, code_block: 'a b' })],
    ['answer text not base64', (p) => ({ ...p, answers: [{ text: '%%%' }] })],
    [
      'base64 of invalid UTF-8',
      (p) => ({ ...p, question_text: Buffer.from([0xc3, 0x28]).toString('base64') }),
    ],
    ['question_text a number', (p) => ({ ...p, question_text: 5 })],
    ['missing question_text', ({ question_text: _q, ...rest }) => rest],
    ['unknown code_language', (p) => ({ ...p, code_language: 'cobol' })],
    ['unknown language', (p) => ({ ...p, language: 'klingon' })],
    ['two correct answers', (p) => ({ ...p, answers: p.answers!.map((a) => ({ ...a, c: true })) })],
    [
      'administered without a correct answer',
      (p) => ({ ...p, answers: p.answers!.map((a) => ({ ...a, c: false })) }),
    ],
    ['duplicate hash_id', (p) => ({ ...p, answers: p.answers!.map((a) => ({ ...a, hash_id: 'same' })) })],
    [
      'position past the last answer',
      (p) => ({ ...p, answers: [p.answers![0], { ...p.answers![1], position: 5 }] }),
    ],
    ['negative position', (p) => ({ ...p, answers: [p.answers![0], { ...p.answers![1], position: -1 }] })],
    ['bad atom slug', (p) => ({ ...p, all_atoms: ['Java Script'] })],
    ['fractional original id', (p) => ({ ...p, original_question_id: 1.5 })],
    ['administered as string', (p) => ({ ...p, administered: 'yes' })],
    ['unknown key', (p) => ({ ...p, secret: 1 })],
    ['a negative discrimination', (p) => ({ ...p, difficulty_params: { a: -1, d: 0 } })],
  ])('rejects %s', (_n, mutate) => {
    expect(QuestionWritePayloadSchema.safeParse(mutate(valid())).success).toBe(false);
  });
});
