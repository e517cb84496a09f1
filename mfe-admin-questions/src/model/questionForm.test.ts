import type { Question } from '@skillquiz/contracts';
import { decodeBase64Utf8 } from '@skillquiz/contracts';
import {
  CREATE_NEW_CLAIM,
  deleteNeedsConfirm,
  newQuestionForm,
  parseQuestionId,
  positionOptions,
  previewModel,
  questionFormReducer as reduce,
  toWritePayload,
  type QuestionFormAction,
  type QuestionFormState,
} from './questionForm';

const saved: Question = {
  id: 42,
  question_text: 'What does `map` return?',
  code_block: 'const x = [1].map(f);',
  code_language: 'javascript',
  language: null,
  administered: true,
  answers: [
    { hash_id: 'hashAAAAAAAA', text: 'An array', c: true },
    { hash_id: 'hashBBBBBBBB', text: 'A number', c: false, position: 1 },
  ],
  all_atoms: ['js'],
  number: 0,
  expires_at: null,
  original_question_id: null,
  claim: 'arrays',
  difficulty_params: { a: 1, d: 0 },
  version: 3,
};

const run = (state: QuestionFormState, ...actions: QuestionFormAction[]) => actions.reduce(reduce, state);
const loaded = () => reduce(newQuestionForm(), { type: 'loaded', question: saved });

describe('dirty', () => {
  it('a new or just-loaded form is clean; any edit makes it dirty; loading again (a save) cleans it', () => {
    expect(newQuestionForm().dirty).toBe(false);
    const form = loaded();
    expect(form).toMatchObject({ id: 42, version: 3, dirty: false });
    const actions: QuestionFormAction[] = [
      { type: 'field', field: 'question_text', value: 'x' },
      { type: 'field', field: 'code_language', value: null },
      { type: 'field', field: 'administered', value: false },
      { type: 'originalQuestionId', raw: '7' },
      { type: 'addAnswer' },
      { type: 'removeAnswer', key: 'hashAAAAAAAA' },
      { type: 'answerText', key: 'hashAAAAAAAA', text: 'y' },
      { type: 'correct', key: 'hashBBBBBBBB' },
      { type: 'position', key: 'hashAAAAAAAA', position: 0 },
      { type: 'toggleAtom', atom: 'sql' },
      { type: 'claim', value: CREATE_NEW_CLAIM },
      { type: 'newClaim', text: 'x' },
    ];
    for (const action of actions) expect(reduce(form, action).dirty).toBe(true);
    const edited = reduce(form, actions[0]);
    expect(reduce(edited, { type: 'loaded', question: { ...saved, version: 4 } })).toMatchObject({
      dirty: false,
      version: 4,
    });
  });
});

describe('answers', () => {
  it('Add New appends an empty answer with a local key and no hash_id', () => {
    const form = run(loaded(), { type: 'addAnswer' }, { type: 'addAnswer' });
    const added = form.fields.answers.slice(2);
    expect(added).toEqual([
      { key: 'new-1', hash_id: null, text: '', c: false },
      { key: 'new-2', hash_id: null, text: '', c: false },
    ]);
  });

  it('the correct radio marks exactly one answer', () => {
    const form = run(loaded(), { type: 'addAnswer' }, { type: 'correct', key: 'new-1' });
    expect(form.fields.answers.map((a) => a.c)).toEqual([false, false, true]);
  });

  it('removing an answer is local; a locked position past the new end becomes random', () => {
    const form = run(
      loaded(),
      { type: 'addAnswer' },
      { type: 'position', key: 'new-1', position: 2 },
      { type: 'removeAnswer', key: 'hashAAAAAAAA' },
    );
    expect(form.fields.answers.map((a) => [a.key, a.position])).toEqual([
      ['hashBBBBBBBB', 1],
      ['new-1', undefined],
    ]);
    expect('position' in form.fields.answers[1]).toBe(false);
  });

  it('asks before deleting an answer with text or marked correct, not an empty one', () => {
    const [right, wrong] = loaded().fields.answers;
    expect(deleteNeedsConfirm(right)).toBe(true);
    expect(deleteNeedsConfirm(wrong)).toBe(true);
    expect(deleteNeedsConfirm({ key: 'k', hash_id: null, text: '  ', c: false })).toBe(false);
    expect(deleteNeedsConfirm({ key: 'k', hash_id: null, text: '', c: true })).toBe(true);
  });

  it('position options: one per slot, 1-based labels, slots another answer holds disabled', () => {
    const answers = loaded().fields.answers;
    expect(positionOptions(answers, 'hashAAAAAAAA')).toEqual([
      { value: 0, label: 'Locked to position 1', disabled: false },
      { value: 1, label: 'Locked to position 2', disabled: true },
    ]);
    expect(positionOptions(answers, 'hashBBBBBBBB')[1].disabled).toBe(false);
  });
});

describe('claim', () => {
  it('+ Create New Claim: typed lowercase, saved with whitespace replaced by underscores', () => {
    const form = run(
      loaded(),
      { type: 'claim', value: CREATE_NEW_CLAIM },
      { type: 'newClaim', text: ' Big O  Notation ' },
    );
    expect(form.newClaim).toBe(' big o  notation ');
    expect(toWritePayload(form).claim).toBe('big_o_notation');
  });

  it('choosing an existing claim again leaves create mode; empty means none', () => {
    const form = run(loaded(), { type: 'claim', value: CREATE_NEW_CLAIM }, { type: 'claim', value: 'loops' });
    expect(form.creatingClaim).toBe(false);
    expect(toWritePayload(form).claim).toBe('loops');
    expect(toWritePayload(run(form, { type: 'claim', value: '' })).claim).toBeNull();
    const blankNew = run(form, { type: 'claim', value: CREATE_NEW_CLAIM }, { type: 'newClaim', text: '   ' });
    expect(toWritePayload(blankNew).claim).toBeNull();
  });
});

describe('original question id', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    ['12.9', 12],
    ['', null],
    ['abc', null],
    ['0', null],
    ['-3', null],
  ])('%p → %p', (raw, id) => {
    expect(parseQuestionId(raw)).toBe(id);
    expect(run(loaded(), { type: 'originalQuestionId', raw }).fields.original_question_id).toBe(id);
  });
});

describe('write payload', () => {
  it('encodes question_text, code_block and answer texts in base64 UTF-8 and sends the loaded version', () => {
    const form = run(
      loaded(),
      { type: 'field', field: 'question_text', value: 'Qué imprime? 🚀' },
      { type: 'addAnswer' },
      { type: 'answerText', key: 'new-1', text: 'ロ' },
      { type: 'position', key: 'new-1', position: 0 },
      { type: 'toggleAtom', atom: 'sql' },
      { type: 'toggleAtom', atom: 'js' },
    );
    const payload = toWritePayload(form);
    expect(decodeBase64Utf8(payload.question_text)).toBe('Qué imprime? 🚀');
    expect(decodeBase64Utf8(payload.code_block as string)).toBe('const x = [1].map(f);');
    expect(payload.answers!.map((a) => decodeBase64Utf8(a.text))).toEqual(['An array', 'A number', 'ロ']);
    expect(payload.answers).toEqual([
      { text: expect.any(String), c: true, position: null, hash_id: 'hashAAAAAAAA' },
      { text: expect.any(String), c: false, position: 1, hash_id: 'hashBBBBBBBB' },
      { text: expect.any(String), c: false, position: 0 },
    ]);
    expect(payload).toMatchObject({
      version: 3,
      all_atoms: ['sql'],
      code_language: 'javascript',
      administered: true,
      claim: 'arrays',
      original_question_id: null,
    });
  });

  it('a new question sends no version', () => {
    expect('version' in toWritePayload(newQuestionForm())).toBe(false);
  });
});

describe('preview', () => {
  it('answers in their locked positions, the others in order; missing text and answers flagged', () => {
    const form = run(loaded(), { type: 'addAnswer' }, { type: 'answerText', key: 'new-1', text: 'Third' });
    expect(previewModel(form.fields).answers.map((a) => a.text)).toEqual(['An array', 'A number', 'Third']);
    const locked = run(form, { type: 'position', key: 'new-1', position: 0 });
    expect(previewModel(locked.fields).answers.map((a) => a.text)).toEqual(['Third', 'A number', 'An array']);
    expect(previewModel(form.fields)).toMatchObject({ missingText: false, missingAnswers: false });
    expect(previewModel(newQuestionForm().fields)).toMatchObject({ missingText: true, missingAnswers: true });
    const emptyAnswer = run(newQuestionForm(), { type: 'addAnswer' });
    expect(previewModel(emptyAnswer.fields).missingAnswers).toBe(true);
  });
});
