import {
  AtomSchema,
  DEFAULT_LEVELS_THRESHOLDS,
  LevelThresholdsSchema,
  QuestionDraftSchema,
  SlugSchema,
  CODE_BLOCK_OPTIONS,
  CodeLanguageSchema,
  newAtom,
  newQuestion,
  normalizeClaim,
} from './index';

describe('newQuestion', () => {
  it('has the SPEC §3 defaults', () => {
    const q = newQuestion();
    expect(q).toMatchObject({
      question_text: '',
      code_block: '',
      administered: false,
      answers: [],
      all_atoms: [],
      number: 0,
      language: null,
      code_language: null,
      expires_at: null,
    });
    expect(q.id).toBeUndefined();
    expect(QuestionDraftSchema.parse(q)).toEqual(q);
  });

  it('returns fresh arrays each time', () => {
    const a = newQuestion();
    a.answers.push({ text: 'x', hash_id: 'h', c: true });
    expect(newQuestion().answers).toEqual([]);
  });
});

describe('newAtom', () => {
  it('has the SPEC §3 defaults and validates as an atom', () => {
    const atom = newAtom({ id: 'js', name: 'JavaScript' });
    expect(atom).toMatchObject({ format: 'Multiple Choice', eta_minutes: 0, beta: false });
    expect(atom.levels_thresholds[0]).toBe('-inf');
    expect(atom.levels_thresholds).toEqual(DEFAULT_LEVELS_THRESHOLDS);
    expect(AtomSchema.parse(atom)).toEqual(atom);
  });

  it('does not share the default thresholds array', () => {
    const atom = newAtom();
    atom.levels_thresholds[1] = 99;
    expect(newAtom().levels_thresholds[1]).toBe(DEFAULT_LEVELS_THRESHOLDS[1]);
  });
});

describe('SlugSchema', () => {
  it.each(['javascript', 'sql-basics', 'python_3', '9lives'])('accepts %s', (s) => {
    expect(SlugSchema.safeParse(s).success).toBe(true);
  });
  it.each(['', 'Java', 'has space', 'a/b', '-lead', 'é', 'new', 'x'.repeat(65), 'a?b'])('rejects %j', (s) => {
    expect(SlugSchema.safeParse(s).success).toBe(false);
  });
  it('rejects non-strings', () => {
    expect(SlugSchema.safeParse(12).success).toBe(false);
  });
});

describe('LevelThresholdsSchema', () => {
  it('accepts the default set and an all-numeric set', () => {
    expect(LevelThresholdsSchema.safeParse(DEFAULT_LEVELS_THRESHOLDS).success).toBe(true);
    expect(LevelThresholdsSchema.safeParse([-2, -1, 0, 1, 2]).success).toBe(true);
  });
  it.each([
    ['four values', ['-inf', -1, 0, 1]],
    ['six values', ['-inf', -1, 0, 1, 2, 3]],
    ['-inf not first', [-2, '-inf', 0, 1, 2]],
    ['not increasing', ['-inf', 0, -1, 1, 2]],
    ['equal neighbours', [-2, -1, -1, 1, 2]],
    ['a string number', ['-inf', '-1', 0, 1, 2]],
    ['inf spelled differently', ['-Infinity', -1, 0, 1, 2]],
    ['Infinity', ['-inf', -1, 0, 1, Infinity]],
    ['NaN', ['-inf', -1, 0, NaN, 2]],
  ])('rejects %s', (_name, value) => {
    expect(LevelThresholdsSchema.safeParse(value).success).toBe(false);
  });
});

describe('option lists', () => {
  it('has the 26 highlighter languages with distinct values', () => {
    expect(CODE_BLOCK_OPTIONS).toHaveLength(26);
    expect(new Set(CODE_BLOCK_OPTIONS.map((o) => o.value)).size).toBe(26);
    expect(CODE_BLOCK_OPTIONS.map((o) => o.label)).toEqual(
      expect.arrayContaining(['JavaScript', 'C#', 'Objective-C', 'C++', 'Shell', 'plain', 'diff']),
    );
    expect(CodeLanguageSchema.safeParse('javascript').success).toBe(true);
    expect(CodeLanguageSchema.safeParse('cobol').success).toBe(false);
  });
});

describe('normalizeClaim', () => {
  it('lowercases and replaces whitespace runs with underscores', () => {
    expect(normalizeClaim('  Closures And\tScope ')).toBe('closures_and_scope');
  });
});
