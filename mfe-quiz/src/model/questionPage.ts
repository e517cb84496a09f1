// The question page's flow (SPEC §2 "Question page", §4 "Expiry of a question", §8) as a pure state
// machine: the page renders the state and sends events; the calls (fetch, answer, finish, reload)
// happen in its effects, which report back with events. Tested in questionPage.test.ts.
//
//   loading ──fetched──► answering ──submit──► submitting ──answered next|done──► movingOn
//      │ fetchFailed        │  ▲                  │  ▲ unavailable (502/503/504: resent, 'Reconnecting...')
//      ▼                    │  │                  │  └─ expire: keeps going, remembers the clock ran out
//   loadFailed              │  └──answered failed|refused (SPEC §4 reload-and-stay; §8 stop silently)
//                           │        └─ … or timedOut, when the clock ran out meanwhile
//                           └─expire──► timedOut ──timeoutAnswered next|done──► movingOn (view stays)
//                                          │ failed|refused (the server's clock not past the deadline)
//                                          ▼
//                                       expired ──rechecked (quiz reloaded)──► answering
//
// Whatever the phase, `fetched` of the question asked for last shows it, answering, with nothing chosen.
// A failed fetch is not repeated by itself: the page says so (fetchError) and asks again on Try again.
import type { CandidateQuestion } from '@skillquiz/contracts';

/** What came of sending an answer. */
export type Outcome =
  | { kind: 'next'; number: number }
  | { kind: 'done' }
  /** The send failed (network): SPEC §4, the quiz data is reloaded and the page stays. */
  | { kind: 'failed' }
  /** An error response: SPEC §8, processing stops silently. */
  | { kind: 'refused' };

export type QuestionPhase =
  /** Asking for the question (nothing on screen yet). */
  | 'loading'
  /** The question could not be fetched (SPEC §8: the page stays without it; Try again). */
  | 'loadFailed'
  /** The question is shown; the candidate chooses. */
  | 'answering'
  /** The chosen answer is on its way (resent while the server cannot take it). */
  | 'submitting'
  /** The timed-out view: the empty answer is sent, the view closes after 2000 ms. */
  | 'timedOut'
  /** The server did not take the empty answer (its clock not yet past the deadline): reload, check again. */
  | 'expired'
  /** The answer is in: the next question is on its way (or the quiz is finishing). */
  | 'movingOn';

export interface QuestionPageState {
  phase: QuestionPhase;
  /** The question on screen; kept while the next one loads. */
  question: CandidateQuestion | null;
  /**
   * The number last asked for, kept after success and after failure, so no render fetches it twice:
   * a failed one is asked for again only on Try again (or when another question is wanted).
   */
  requested: number | null;
  /** Why the question last asked for could not be fetched (SPEC §8 message); null when it was not. */
  fetchError: string | null;
  /** The chosen answer's index. */
  selected: number | null;
  /** submitting: the server cannot take the answer for now; it is kept and sent again. */
  reconnecting: boolean;
  /** submitting: the clock ran out meanwhile; if the answer does not land, the timed-out view follows. */
  expiredWhileSending: boolean;
  /** movingOn: whether the timed-out view is what stays on screen meanwhile. */
  afterTimeout: boolean;
}

export type QuestionPageEvent =
  | { type: 'fetch'; number: number }
  | { type: 'fetched'; question: CandidateQuestion }
  | { type: 'fetchFailed'; number: number; message: string }
  | { type: 'select'; index: number }
  | { type: 'submit' }
  | { type: 'unavailable' }
  | { type: 'answered'; outcome: Outcome }
  | { type: 'expire' }
  | { type: 'timeoutAnswered'; outcome: Outcome }
  | { type: 'rechecked' };

export const initialQuestionPageState: QuestionPageState = {
  phase: 'loading',
  question: null,
  requested: null,
  fetchError: null,
  selected: null,
  reconnecting: false,
  expiredWhileSending: false,
  afterTimeout: false,
};

const movesOn = (o: Outcome) => o.kind === 'next' || o.kind === 'done';

export function questionPageReducer(state: QuestionPageState, event: QuestionPageEvent): QuestionPageState {
  switch (event.type) {
    case 'fetch':
      return {
        ...state,
        requested: event.number,
        fetchError: null,
        phase: state.question === null ? 'loading' : state.phase,
      };
    case 'fetched':
      // A reply for a question no longer wanted (a newer one was asked for meanwhile) is dropped.
      if (event.question.number !== state.requested) return state;
      return {
        ...initialQuestionPageState,
        phase: 'answering',
        question: event.question,
        requested: state.requested,
      };
    case 'fetchFailed':
      if (event.number !== state.requested) return state;
      // `requested` stays: asked for again on Try again (or when another question is wanted), never
      // at once by itself (clearing it made the page fetch again on the next render, in a loop).
      return {
        ...state,
        fetchError: event.message,
        phase: state.question === null ? 'loadFailed' : state.phase,
      };
    case 'select':
      return state.phase === 'answering' ? { ...state, selected: event.index } : state;
    case 'submit':
      // SPEC §5: only with an answer chosen, once, and never from the timed-out view.
      if (state.phase !== 'answering' || state.selected === null) return state;
      return { ...state, phase: 'submitting', reconnecting: false, expiredWhileSending: false };
    case 'unavailable':
      return state.phase === 'submitting' ? { ...state, reconnecting: true } : state;
    case 'answered':
      if (state.phase !== 'submitting') return state;
      if (movesOn(event.outcome)) {
        return { ...state, phase: 'movingOn', reconnecting: false, afterTimeout: false };
      }
      // Not taken: the button is usable again, unless the clock ran out meanwhile.
      return {
        ...state,
        phase: state.expiredWhileSending ? 'timedOut' : 'answering',
        reconnecting: false,
        expiredWhileSending: false,
      };
    case 'expire':
      // An answer already on its way (perhaps resent through an outage the server does not count) goes on.
      if (state.phase === 'submitting') return { ...state, expiredWhileSending: true };
      return state.phase === 'answering' ? { ...state, phase: 'timedOut' } : state;
    case 'timeoutAnswered':
      if (state.phase !== 'timedOut') return state;
      return movesOn(event.outcome)
        ? { ...state, phase: 'movingOn', afterTimeout: true }
        : { ...state, phase: 'expired' };
    case 'rechecked':
      return state.phase === 'expired' ? { ...state, phase: 'answering' } : state;
  }
}

/** What the page shows for a state. */
export function questionView(state: QuestionPageState): 'loading' | 'loadFailed' | 'question' | 'timedOut' {
  if (state.question === null) return state.phase === 'loadFailed' ? 'loadFailed' : 'loading';
  if (state.phase === 'timedOut' || state.phase === 'expired') return 'timedOut';
  if (state.phase === 'movingOn' && state.afterTimeout) return 'timedOut';
  return 'question';
}

/** An answer is on its way or in: the answers and the button are disabled. */
export function isSending(state: QuestionPageState): boolean {
  return state.phase === 'submitting' || state.phase === 'timedOut' || state.phase === 'movingOn';
}

/**
 * The button says 'Submitting...' (SPEC §2: while sending) from the submit until the next question
 * is in, but not once the next question failed to load: the answer is in and nothing is on its way
 * (the button keeps its name, disabled, under the banner with Try again).
 */
export function showsSubmitting(state: QuestionPageState): boolean {
  return isSending(state) && state.fetchError === null;
}

/** While the timed-out view counts its 2000 ms, the next question waits (it is fetched after). */
export function fetchOnHold(state: QuestionPageState): boolean {
  return state.phase === 'timedOut';
}

/**
 * Replies that mean "not now" rather than "no": the services (503 while the database is down) or a
 * proxy in front of them (502, 504). The same answer is sent again; the server takes it once, and
 * its clock does not count the outage.
 */
export const UNAVAILABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
const MAX_RETRY_WAIT_S = 10;

/** The reply's Retry-After, else 1, 2, 4... seconds; always between 1 and 10 s. */
export function retryWaitMs(retryAfterSeconds: number | undefined, attempt: number): number {
  return Math.min(MAX_RETRY_WAIT_S, Math.max(1, retryAfterSeconds ?? 2 ** attempt)) * 1000;
}

/** The answer request: the chosen answer's hash_id and index, or the empty answer of a timed-out question. */
export function answerBody(question: CandidateQuestion, index: number | null) {
  return index === null
    ? { answer: '', answer_position: -1 }
    : { answer: question.answers[index].hash_id, answer_position: index };
}
