// Schema rules checked without a database (validation runs in process). Round trips through
// the embedded engine live in services/test/models.test.ts.
import { QuestionSchema, AtomSchema } from '@skillquiz/contracts';
import {
  Atom,
  AuditLog,
  Question,
  QuizResult,
  TrackingEvent,
  diffFields,
  isContentChange,
  newHashId,
  toAtom,
  toQuestion,
} from './models';

async function validationError(doc: { validate(): Promise<void> }): Promise<string | null> {
  try {
    await doc.validate();
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('Atom', () => {
  it('fills the SPEC §3 defaults', async () => {
    const atom = new Atom({ _id: 'javascript', name: 'JavaScript' });
    expect(await validationError(atom)).toBeNull();
    expect(atom.toObject()).toMatchObject({
      format: 'Multiple Choice',
      eta_minutes: 0,
      beta: false,
      num_questions: 10,
      beta_question_ordering: [],
      levels_thresholds: ['-inf', -1, -0.25, 0.5, 1.25],
    });
  });

  it.each([
    ['a bad slug', { _id: 'Java Script', name: 'x' }],
    ['four thresholds', { _id: 'a', name: 'x', levels_thresholds: ['-inf', 0, 1, 2] }],
    ['decreasing thresholds', { _id: 'a', name: 'x', levels_thresholds: ['-inf', 2, 1, 3, 4] }],
    ['-inf not first', { _id: 'a', name: 'x', levels_thresholds: [0, '-inf', 1, 2, 3] }],
    ['a fractional beta id', { _id: 'a', name: 'x', beta_question_ordering: [1.5] }],
    ['an unknown format', { _id: 'a', name: 'x', format: 'Essay' }],
    ['no name', { _id: 'a' }],
  ])('rejects %s', async (_n, doc) => {
    expect(await validationError(new Atom(doc))).not.toBeNull();
  });

  it('maps to the contracts Atom', () => {
    const view = toAtom(new Atom({ _id: 'sql', name: 'SQL', beta_question_ordering: [3, 1] }).toObject(), 7);
    expect(AtomSchema.parse(view)).toEqual(view);
    expect(view).toMatchObject({ id: 'sql', num_bank_questions: 7, beta_question_ordering: [3, 1] });
  });
});

describe('Question', () => {
  it('generates distinct URL-safe hash_ids for answers that have none', async () => {
    const q = new Question({ _id: 1, answers: [{ text: 'a', c: true }, { text: 'b' }] });
    expect(await validationError(q)).toBeNull();
    const [a, b] = q.answers;
    expect(a.hash_id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(a.hash_id).not.toBe(b.hash_id);
    expect(new Set(Array.from({ length: 1000 }, newHashId)).size).toBe(1000);
  });

  it('has the SPEC §3 defaults and version 1', () => {
    const q = new Question({ _id: 2 }).toObject();
    expect(q).toMatchObject({
      question_text: '',
      code_block: '',
      administered: false,
      answers: [],
      atoms: [],
      language: null,
      code_language: null,
      version: 1,
      exposure_count: 0,
      difficulty_params: { a: 1, d: 0 },
    });
  });

  it.each([
    [
      'duplicate hash_ids',
      {
        _id: 3,
        answers: [
          { hash_id: 'x', text: 'a' },
          { hash_id: 'x', text: 'b' },
        ],
      },
    ],
    [
      'two answers locked to one position',
      {
        _id: 3,
        answers: [
          { text: 'a', position: 0 },
          { text: 'b', position: 0 },
        ],
      },
    ],
    ['a position past the end', { _id: 3, answers: [{ text: 'a', position: 2 }] }],
    ['a fractional id', { _id: 1.5 }],
    ['no id', {}],
  ])('rejects %s', async (_n, doc) => {
    expect(await validationError(new Question(doc))).not.toBeNull();
  });

  it('maps to the contracts Question (atoms → all_atoms, number 0, no expiry)', () => {
    const doc = new Question({
      _id: 4,
      atoms: ['js'],
      answers: [{ hash_id: 'h', text: 't', c: true, position: 0 }],
    }).toObject();
    const view = toQuestion(doc);
    expect(QuestionSchema.parse(view)).toEqual(view);
    expect(view).toMatchObject({
      id: 4,
      all_atoms: ['js'],
      number: 0,
      expires_at: null,
      answers: [{ hash_id: 'h', position: 0 }],
    });
  });

  it('counts only content fields as content edits', () => {
    const before = {
      question_text: 'q',
      answers: [{ hash_id: 'h', text: 't', c: true }],
      administered: false,
      atoms: ['a'],
    };
    expect(isContentChange(before, { administered: true, atoms: ['a', 'b'] })).toBe(false);
    expect(isContentChange(before, { question_text: 'q' })).toBe(false);
    expect(isContentChange(before, { answers: [{ c: true, text: 't', hash_id: 'h' }] })).toBe(false);
    expect(isContentChange(before, { question_text: 'q2' })).toBe(true);
    expect(isContentChange(before, { answers: [{ hash_id: 'h', text: 't', c: false }] })).toBe(true);
  });
});

describe('QuizResult', () => {
  it('requires a token and keeps the survey rating in 0..2', async () => {
    expect(await validationError(new QuizResult({ atom_ids: ['js'] }))).toMatch(/token/);
    expect(
      await validationError(new QuizResult({ token: 't', atom_ids: ['js'], content_relevant_rating: 3 })),
    ).not.toBeNull();
    expect(
      await validationError(new QuizResult({ token: 't', atom_ids: ['js'], content_relevant_rating: 2 })),
    ).toBeNull();
  });

  it('keeps the correct flag in the served snapshot', async () => {
    const result = new QuizResult({
      token: 't',
      atom_ids: ['js'],
      served: [
        {
          number: 1,
          question_id: 9,
          atom_id: 'js',
          scored: true,
          selected_at: new Date(),
          snapshot: {
            question_text: 'q',
            difficulty_params: { a: 1, d: 0 },
            version: 2,
            answers: [{ hash_id: 'h', text: 't', c: true }],
          },
        },
      ],
    });
    expect(await validationError(result)).toBeNull();
    expect(result.served[0].snapshot.answers[0].c).toBe(true);
    expect(result.served[0].timed_out).toBe(false);
  });
});

describe('TrackingEvent', () => {
  it('accepts the five event types only', async () => {
    for (const event of [0, 1, 2, 3, 4]) {
      expect(await validationError(new TrackingEvent({ token: 't', questionId: 1, event }))).toBeNull();
    }
    expect(await validationError(new TrackingEvent({ token: 't', questionId: 1, event: 5 }))).not.toBeNull();
  });
});

describe('AuditLog', () => {
  it('refuses updates and deletes through the model', async () => {
    await expect(AuditLog.updateOne({}, { actor: 'x' })).rejects.toThrow(/append-only/);
    await expect(AuditLog.deleteMany({})).rejects.toThrow(/append-only/);
  });

  it('diffs changed fields only', () => {
    expect(diffFields({ a: 1, b: [1] }, { a: 1, b: [1, 2], c: 'x' })).toEqual({
      b: { from: [1], to: [1, 2] },
      c: { from: null, to: 'x' },
    });
  });
});
