// The question page's state machine as pure logic: each path of SPEC §2/§4/§8 as a list of events.
import type { CandidateQuestion } from '@skillquiz/contracts';
import {
  answerBody,
  fetchOnHold,
  initialQuestionPageState,
  isSending,
  showsSubmitting,
  questionPageReducer,
  questionView,
  retryWaitMs,
  type QuestionPageEvent,
  type QuestionPageState,
} from './questionPage';

const question = (number: number): CandidateQuestion => ({
  number,
  expires_at: '2030-01-01T00:00:00.000Z',
  difficulty_params: { a: 1, d: 0 },
  atom_id: 'javascript',
  claim: null,
  question_text: `Question ${number}`,
  code_block: '',
  code_language: null,
  answers: [
    { text: 'First', hash_id: `q${number}a` },
    { text: 'Second', hash_id: `q${number}b` },
  ],
});

const run = (events: QuestionPageEvent[], from: QuestionPageState = initialQuestionPageState) =>
  events.reduce(questionPageReducer, from);

/** Question 1 on screen, answer 2 chosen. */
const answering = run([
  { type: 'fetch', number: 1 },
  { type: 'fetched', question: question(1) },
  { type: 'select', index: 1 },
]);

describe('loading', () => {
  it('starts loading; the question asked for shows, answering, nothing chosen', () => {
    expect(questionView(initialQuestionPageState)).toBe('loading');
    const s = run([
      { type: 'fetch', number: 1 },
      { type: 'fetched', question: question(1) },
    ]);
    expect(s).toMatchObject({ phase: 'answering', requested: 1, selected: null });
    expect(questionView(s)).toBe('question');
    expect(isSending(s)).toBe(false);
  });

  it('a reply for a question no longer wanted is dropped', () => {
    const s = run([
      { type: 'fetch', number: 1 },
      { type: 'fetch', number: 2 },
      { type: 'fetched', question: question(1) },
    ]);
    expect(s).toMatchObject({ phase: 'loading', question: null, requested: 2 });
    expect(run([{ type: 'fetched', question: question(2) }], s).question?.number).toBe(2);
  });

  it('a failed fetch leaves the page without a question, and asks again on Try again (SPEC §8)', () => {
    const failed = run([
      { type: 'fetch', number: 1 },
      { type: 'fetchFailed', number: 1, message: 'Internal server error' },
    ]);
    // Still the number asked for: the page does not ask for it again by itself.
    expect(failed).toMatchObject({ phase: 'loadFailed', requested: 1, fetchError: 'Internal server error' });
    expect(questionView(failed)).toBe('loadFailed');
    expect(run([{ type: 'fetch', number: 1 }], failed)).toMatchObject({ phase: 'loading', fetchError: null });
  });

  it('a failed fetch of the next question keeps the one on screen', () => {
    const s = run(
      [
        { type: 'submit' },
        { type: 'answered', outcome: { kind: 'next', number: 2 } },
        { type: 'fetch', number: 2 },
        { type: 'fetchFailed', number: 2, message: 'Internal server error' },
      ],
      answering,
    );
    expect(s).toMatchObject({ phase: 'movingOn', requested: 2, fetchError: 'Internal server error' });
    expect(s.question?.number).toBe(1);
  });
});

describe('answering and submitting', () => {
  it('submit needs a chosen answer (SPEC §5) and happens once', () => {
    const none = run([
      { type: 'fetch', number: 1 },
      { type: 'fetched', question: question(1) },
      { type: 'submit' },
    ]);
    expect(none.phase).toBe('answering');
    const sent = run([{ type: 'submit' }], answering);
    expect(sent.phase).toBe('submitting');
    expect(isSending(sent)).toBe(true);
    expect(run([{ type: 'submit' }], sent)).toBe(sent);
    // Nothing else can be chosen while the answer is on its way.
    expect(run([{ type: 'select', index: 0 }], sent).selected).toBe(1);
  });

  it('accepted: moving on, the question and "Submitting..." stay until the next one is in', () => {
    const s = run(
      [{ type: 'submit' }, { type: 'answered', outcome: { kind: 'next', number: 2 } }],
      answering,
    );
    expect(s.phase).toBe('movingOn');
    expect(questionView(s)).toBe('question');
    expect(isSending(s)).toBe(true);
    expect(showsSubmitting(s)).toBe(true);
    // The next question failed to load: still disabled, but nothing is on its way any more.
    const failed = run(
      [
        { type: 'fetch', number: 2 },
        { type: 'fetchFailed', number: 2, message: 'boom' },
      ],
      s,
    );
    expect(failed.phase).toBe('movingOn');
    expect(isSending(failed)).toBe(true);
    expect(showsSubmitting(failed)).toBe(false);
    const next = run(
      [
        { type: 'fetch', number: 2 },
        { type: 'fetched', question: question(2) },
      ],
      s,
    );
    expect(next).toMatchObject({ phase: 'answering', selected: null, reconnecting: false });
    expect(next.question?.number).toBe(2);
  });

  it('the last answer: moving on to the finish call', () => {
    const s = run([{ type: 'submit' }, { type: 'answered', outcome: { kind: 'done' } }], answering);
    expect(s.phase).toBe('movingOn');
  });

  it.each(['failed', 'refused'] as const)(
    'a %s send stays on the question with the answer kept, the button usable again',
    (kind) => {
      const s = run([{ type: 'submit' }, { type: 'answered', outcome: { kind } }], answering);
      expect(s).toMatchObject({ phase: 'answering', selected: 1 });
      expect(isSending(s)).toBe(false);
    },
  );

  it('a 503 keeps the answer and says it is reconnecting, until the send ends', () => {
    const s = run([{ type: 'submit' }, { type: 'unavailable' }], answering);
    expect(s).toMatchObject({ phase: 'submitting', reconnecting: true, selected: 1 });
    expect(run([{ type: 'answered', outcome: { kind: 'next', number: 2 } }], s).reconnecting).toBe(false);
    expect(run([{ type: 'answered', outcome: { kind: 'refused' } }], s).reconnecting).toBe(false);
  });
});

describe('timing out', () => {
  it('the clock running out while answering shows the timed-out view, which holds the next fetch', () => {
    const s = run([{ type: 'expire' }], answering);
    expect(s.phase).toBe('timedOut');
    expect(questionView(s)).toBe('timedOut');
    expect(isSending(s)).toBe(true);
    expect(fetchOnHold(s)).toBe(true);
    expect(run([{ type: 'submit' }], s).phase).toBe('timedOut');
  });

  it('the empty answer taken: moving on with the timed-out view still shown; then the next question', () => {
    const s = run(
      [{ type: 'expire' }, { type: 'timeoutAnswered', outcome: { kind: 'next', number: 2 } }],
      answering,
    );
    expect(s).toMatchObject({ phase: 'movingOn', afterTimeout: true });
    expect(questionView(s)).toBe('timedOut');
    expect(fetchOnHold(s)).toBe(false);
    const next = run(
      [
        { type: 'fetch', number: 2 },
        { type: 'fetched', question: question(2) },
      ],
      s,
    );
    expect(questionView(next)).toBe('question');
    expect(next.afterTimeout).toBe(false);
  });

  it('the empty answer not taken (server clock behind): expired, reload, then the clock is checked again', () => {
    const s = run([{ type: 'expire' }, { type: 'timeoutAnswered', outcome: { kind: 'refused' } }], answering);
    expect(s.phase).toBe('expired');
    expect(questionView(s)).toBe('timedOut');
    expect(isSending(s)).toBe(false); // the loading indicator stops while the quiz reloads
    const back = run([{ type: 'rechecked' }], s);
    expect(back).toMatchObject({ phase: 'answering', selected: 1 });
    expect(run([{ type: 'expire' }], back).phase).toBe('timedOut');
  });

  it('the clock running out while an answer is on its way does not replace it with the empty one', () => {
    const s = run([{ type: 'submit' }, { type: 'unavailable' }, { type: 'expire' }], answering);
    expect(s).toMatchObject({ phase: 'submitting', expiredWhileSending: true });
    expect(run([{ type: 'answered', outcome: { kind: 'next', number: 2 } }], s).phase).toBe('movingOn');
    // …but when that answer does not land, the timed-out view follows.
    expect(run([{ type: 'answered', outcome: { kind: 'failed' } }], s).phase).toBe('timedOut');
  });

  it('the old question expiring while the next loads changes nothing, even for the next question', () => {
    const s = run(
      [
        { type: 'submit' },
        { type: 'answered', outcome: { kind: 'next', number: 2 } },
        { type: 'expire' },
        { type: 'fetch', number: 2 },
        { type: 'fetched', question: question(2) },
        { type: 'select', index: 0 },
        { type: 'submit' },
        { type: 'answered', outcome: { kind: 'failed' } },
      ],
      answering,
    );
    expect(s.phase).toBe('answering');
  });

  it('events that do not belong to a phase leave it as it is', () => {
    expect(run([{ type: 'timeoutAnswered', outcome: { kind: 'done' } }], answering)).toBe(answering);
    expect(run([{ type: 'rechecked' }], answering)).toBe(answering);
    expect(run([{ type: 'answered', outcome: { kind: 'done' } }], answering)).toBe(answering);
    expect(run([{ type: 'unavailable' }], answering)).toBe(answering);
  });
});

describe('helpers', () => {
  it('waits Retry-After, else 1, 2, 4... s, between 1 and 10 s', () => {
    expect(retryWaitMs(3, 0)).toBe(3000);
    expect([0, 1, 2, 3, 4].map((a) => retryWaitMs(undefined, a))).toEqual([1000, 2000, 4000, 8000, 10000]);
    expect(retryWaitMs(0, 0)).toBe(1000);
    expect(retryWaitMs(60, 0)).toBe(10000);
  });

  it('the answer body: hash_id and index, or the empty answer of a timed-out question', () => {
    expect(answerBody(question(3), 1)).toEqual({ answer: 'q3b', answer_position: 1 });
    expect(answerBody(question(3), null)).toEqual({ answer: '', answer_position: -1 });
  });
});
