// Unit tests of the invitation summary's rules (pure): statuses, their deadlines, search terms.
import { Types } from 'mongoose';
import { effectiveStatus, levelScore, searchTerms, summarizeInvitation, type SummaryQuiz } from './summary';

const now = new Date('2030-01-10T12:00:00Z');
const clock = { now, abandonGraceMinutes: 120 };
const at = (iso: string) => new Date(iso);
const inv = (patch: Record<string, unknown> = {}) => ({
  required_atoms: ['js'],
  optional_atoms: ['sql'],
  revoked_at: null,
  expires_at: at('2030-01-15T00:00:00Z'),
  candidate_name: 'Ada Lovelace',
  candidate_email: 'ada@example.com',
  ...patch,
});

/** A quiz of one atom; `answered` questions of a 2-question plan are answered. */
function quiz(atom: string, patch: Partial<SummaryQuiz> & { answered?: number } = {}): SummaryQuiz {
  const { answered = 0, ...rest } = patch;
  const served = Array.from({ length: answered }, (_, i) => ({
    number: i + 1,
    question_id: i + 1,
    atom_id: atom,
    scored: true,
    snapshot: {
      question_text: '',
      code_block: '',
      code_language: null,
      claim: null,
      difficulty_params: { a: 1, d: 0 },
      original_question_id: null,
      version: 1,
      answers: [],
    },
    selected_at: at('2030-01-10T10:00:00Z'),
    served_at: at('2030-01-10T10:00:00Z'),
    expires_at: at('2030-01-10T10:01:30Z'),
    answered_at: at(`2030-01-10T10:0${i + 1}:00Z`),
    answer: 'x',
    answer_position: 0,
    correct: true,
    timed_out: false,
    post_skill_estimate: null,
    post_skill_estimate_error: null,
  }));
  return {
    _id: new Types.ObjectId(),
    atom_ids: [atom],
    plan: answered ? [{ atom_id: atom, scored: 2, beta_question_id: null }] : null,
    served,
    started_at: answered ? at('2030-01-10T10:00:00Z') : null,
    finished_at: null,
    abandoned_at: null,
    left_at: null,
    expires_at: at('2030-01-15T00:00:00Z'),
    created_at: at('2030-01-01T00:00:00Z'),
    ...rest,
  };
}

const summarize = (i = inv(), quizzes: SummaryQuiz[] = []) =>
  summarizeInvitation(i, quizzes, new Map(), clock);

describe('invitation statuses', () => {
  it('invited until a quiz starts, with the expiry as its deadline', () => {
    const s = summarize(inv(), [quiz('js'), quiz('sql')]);
    expect(s).toMatchObject({
      status: 'invited',
      lapses_to: 'expired',
      lapses_at: at('2030-01-15T00:00:00Z'),
    });
    expect(s.progress.map((p) => [p.atom_id, p.required, p.state])).toEqual([
      ['js', true, 'invited'],
      ['sql', false, 'invited'],
    ]);
  });

  it('finished once every required atom is complete (all answered counts, finish call or not)', () => {
    const s = summarize(inv(), [quiz('js', { answered: 2 }), quiz('sql')]);
    expect(s.status).toBe('finished');
    expect(s.finished_at).toEqual(at('2030-01-10T10:02:00Z'));
    expect(s.progress[0]).toMatchObject({ state: 'finished', level: expect.any(Number) });
    expect(s.has_level).toBe(true);
    expect(s.level_score).toBeGreaterThan(0);
    expect(s.lapses_at).toBeNull();
  });

  it('in progress once started; a page-close makes the grace end the deadline (abandoned)', () => {
    const started = quiz('js', { answered: 1 });
    expect(summarize(inv(), [started]).status).toBe('in_progress');
    const left = summarize(inv(), [{ ...started, left_at: at('2030-01-10T11:00:00Z') }]);
    expect(left).toMatchObject({
      status: 'in_progress',
      lapses_at: at('2030-01-10T13:00:00Z'),
      lapses_to: 'abandoned',
    });
    // Past the grace already: abandoned now.
    const gone = summarize(inv(), [{ ...started, left_at: at('2030-01-10T09:00:00Z') }]);
    expect(gone.status).toBe('abandoned');
  });

  it('expired when a required quiz expired unfinished; abandoned when one was abandoned', () => {
    expect(summarize(inv(), [quiz('js', { expires_at: at('2030-01-09T00:00:00Z') })]).status).toBe('expired');
    expect(summarize(inv(), [quiz('js', { abandoned_at: at('2030-01-09T00:00:00Z') })]).status).toBe(
      'abandoned',
    );
    // An optional atom's quiz does not decide the invitation.
    expect(
      summarize(inv(), [quiz('js'), quiz('sql', { abandoned_at: at('2030-01-09T00:00:00Z') })]).status,
    ).toBe('invited');
  });

  it('revoked wins over everything but a finished result', () => {
    const revoked = inv({ revoked_at: at('2030-01-09T00:00:00Z') });
    expect(summarize(revoked, [quiz('js', { abandoned_at: at('2030-01-08T00:00:00Z') })]).status).toBe(
      'revoked',
    );
    expect(summarize(revoked, [quiz('js', { answered: 2 })]).status).toBe('finished');
  });

  it('effectiveStatus applies a passed deadline to an open status only', () => {
    const s = { lapses_at: at('2030-01-10T11:00:00Z'), lapses_to: 'expired' as const };
    expect(effectiveStatus({ ...s, status: 'in_progress' }, now)).toBe('expired');
    expect(effectiveStatus({ ...s, status: 'in_progress' }, at('2030-01-10T10:00:00Z'))).toBe('in_progress');
    expect(effectiveStatus({ ...s, status: 'finished' }, now)).toBe('finished');
  });
});

describe('searchTerms', () => {
  it('name words (split at hyphens and apostrophes), the email, its parts and @domain', () => {
    expect(searchTerms("Mary-Jane O'Neil", 'MJ@Oneil.Example')).toEqual([
      'mary-jane',
      'mary',
      'jane',
      "o'neil",
      'o',
      'neil',
      'mj@oneil.example',
      'mj',
      'oneil.example',
      '@oneil.example',
    ]);
    expect(searchTerms(null, null)).toEqual([]);
  });
});

describe('the level sort key', () => {
  const p = (level: number | null, estimate: number | null) => ({ level, estimate });
  it('ranks by the levels shown first, the estimate only between equal levels', () => {
    // Built to tempt a sort by estimate: the L2 has the lower estimate.
    const l1High = levelScore([p(1, 0.4)])!;
    const l2Low = levelScore([p(2, -0.9)])!;
    const l2Mid = levelScore([p(2, -0.2)])!;
    expect(l2Low).toBeGreaterThan(l1High);
    expect(l2Mid).toBeGreaterThan(l2Low);
    // Several atoms: the mean of the shown levels; the closest two means (1/20 apart) still win over
    // the widest estimate gap.
    const twenty = (first: number, estimate: number) =>
      levelScore(Array.from({ length: 20 }, (_, i) => p(i === 0 ? first : 1, estimate)))!;
    expect(twenty(2, -100)).toBeGreaterThan(twenty(1, 100));
    expect(levelScore([p(null, null)])).toBeNull();
    expect(levelScore([])).toBeNull();
  });

  it('a summary is simulated when any of its quizzes was (the demo skip, or demo data)', () => {
    expect(summarize(inv(), [quiz('js')]).simulated).toBe(false);
    expect(summarize(inv(), [{ ...quiz('js'), simulated: true }]).simulated).toBe(true);
    expect(summarize(inv(), [{ ...quiz('js'), demo_data: true }]).simulated).toBe(true);
  });
});
