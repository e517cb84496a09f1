import { newAtom } from '@skillquiz/contracts/new-atom';
import {
  atomFormReducer,
  canMoveDown,
  canMoveUp,
  initialFormState,
  isAtomPage,
  isDirty,
  parseQuestionId,
  slugEditable,
  toPayload,
  type AtomFormAction,
  type AtomFormState,
} from './atomForm';

const stored = newAtom({
  id: 'sql',
  name: 'SQL',
  eta_minutes: 15,
  beta_question_ordering: [7, 3, 9],
  supported_programming_languages: ['sql'],
});
const loaded = () => initialFormState({ ...stored, version: 4 });
const run = (state: AtomFormState, ...actions: AtomFormAction[]) => actions.reduce(atomFormReducer, state);

describe('dirty', () => {
  it('is clean when loaded, dirty after a change, clean again after a save or when the change is undone', () => {
    const state = loaded();
    expect(isDirty(state)).toBe(false);
    const edited = run(state, { type: 'set', field: 'name', value: 'SQL basics' });
    expect(isDirty(edited)).toBe(true);
    expect(isDirty(run(edited, { type: 'set', field: 'name', value: 'SQL' }))).toBe(false);
    const saved = run(edited, { type: 'saved', atom: { ...stored, name: 'SQL basics', version: 5 } });
    expect(isDirty(saved)).toBe(false);
    expect(saved.version).toBe(5);
    expect(saved.values.name).toBe('SQL basics');
  });

  it('counts the beta toggle, a threshold and the beta order as changes', () => {
    expect(isDirty(run(loaded(), { type: 'set', field: 'beta', value: true }))).toBe(true);
    expect(isDirty(run(loaded(), { type: 'setThreshold', index: 1, value: '-0.5' }))).toBe(true);
    expect(isDirty(run(loaded(), { type: 'moveBeta', index: 0, by: 1 }))).toBe(true);
  });
});

describe('slug lock', () => {
  it('lets a new atom type its slug and keeps an existing atom’s', () => {
    const fresh = initialFormState();
    expect(slugEditable(fresh)).toBe(true);
    expect(run(fresh, { type: 'set', field: 'id', value: 'rust' }).values.id).toBe('rust');
    const existing = loaded();
    expect(slugEditable(existing)).toBe(false);
    expect(run(existing, { type: 'set', field: 'id', value: 'other' })).toBe(existing);
  });

  it('starts a new atom from SPEC §3 defaults, with no version', () => {
    const fresh = initialFormState();
    expect(fresh.values).toMatchObject({ format: 'Multiple Choice', eta_minutes: '0', beta: false });
    expect(fresh.values.levels_thresholds).toEqual(['-inf', '-1', '-0.25', '0.5', '1.25']);
    expect(fresh.version).toBeUndefined();
  });
});

describe('beta ordering', () => {
  it('swaps neighbours; the first cannot move up and the last cannot move down', () => {
    expect(canMoveUp(0)).toBe(false);
    expect(canMoveDown(2, 3)).toBe(false);
    expect(canMoveUp(1) && canMoveDown(1, 3)).toBe(true);
    const state = loaded();
    expect(run(state, { type: 'moveBeta', index: 0, by: 1 }).values.beta_question_ordering).toEqual([
      3, 7, 9,
    ]);
    expect(run(state, { type: 'moveBeta', index: 2, by: -1 }).values.beta_question_ordering).toEqual([
      7, 9, 3,
    ]);
    expect(run(state, { type: 'moveBeta', index: 0, by: -1 })).toBe(state);
    expect(run(state, { type: 'moveBeta', index: 2, by: 1 })).toBe(state);
  });

  it('removes an entry', () => {
    expect(run(loaded(), { type: 'removeBeta', index: 1 }).values.beta_question_ordering).toEqual([7, 9]);
  });

  it('appends an id as an integer; an empty box, a non-number or a listed id adds nothing', () => {
    const state = loaded();
    expect(run(state, { type: 'addBeta', text: ' 12 ' }).values.beta_question_ordering).toEqual([
      7, 3, 9, 12,
    ]);
    for (const text of ['', '   ', 'abc', '1.5', '-4', '0', '7']) {
      expect(run(state, { type: 'addBeta', text })).toBe(state);
    }
    expect(parseQuestionId('042', [])).toBe(42);
  });
});

describe('payload', () => {
  it('sends numbers as numbers, -inf as is, and the languages as a list', () => {
    const state = run(
      loaded(),
      { type: 'set', field: 'num_questions', value: ' 12 ' },
      { type: 'setThreshold', index: 0, value: '-inf' },
      { type: 'set', field: 'supported_programming_languages', value: 'sql, python,, ' },
    );
    expect(toPayload(state.values)).toMatchObject({
      id: 'sql',
      eta_minutes: 15,
      num_questions: 12,
      levels_thresholds: ['-inf', -1, -0.25, 0.5, 1.25],
      supported_programming_languages: ['sql', 'python'],
      beta_question_ordering: [7, 3, 9],
    });
  });

  it('sends what is not a number as typed, so the server’s 400 names the field', () => {
    const state = run(loaded(), { type: 'set', field: 'eta_minutes', value: 'soon' });
    expect(toPayload(state.values).eta_minutes).toBe('soon');
  });
});

it('knows the four pages', () => {
  expect(['general', 'descriptions', 'beta-questions', 'questions', 'simulator'].every(isAtomPage)).toBe(
    true,
  );
  expect(isAtomPage('preview')).toBe(false);
  expect(isAtomPage(undefined)).toBe(false);
});
