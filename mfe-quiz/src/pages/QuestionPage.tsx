// The question page (SPEC §2, §4): it renders the state of the question flow (model/questionPage.ts,
// a pure state machine) and sends it events; its effects make the calls each phase needs (fetch the
// question, send the answer and resend it through an outage, the timed-out view's empty answer and
// its 2000 ms, moving on) and report back with events, through the quiz's query and mutation
// factories (src/api/queries.ts). Integrity tracking and the per-question log run meanwhile.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useReducer, useRef, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { CandidateQuestion } from '@skillquiz/contracts';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import { AnswerList, CodeBlock, preloadHighlighting, RichText } from '@skillquiz/question-view';
import { useQuizApi } from '../api/context';
import { QuizCallError, quizMutations, quizQueries } from '../api/queries';
import { Countdown } from '../components/Countdown';
import { Spinner } from '../components/Spinner';
import { TimedOutView } from '../components/TimedOutView';
import { supportEmailOf } from '../config';
import { addServedQuestion, wantedQuestionNumber } from '../model/questionFlow';
import {
  answerBody,
  fetchOnHold,
  initialQuestionPageState,
  isSending,
  showsSubmitting,
  questionPageReducer,
  questionView,
  type Outcome,
} from '../model/questionPage';
import { whenIdle } from '../hooks/idle';
import { totalQuestions } from '../model/time';
import { useQuiz } from '../hooks/useQuiz';
import { useBeforeUnloadGuard, useDocumentTitle, useWindowFocused } from '../hooks/useWindowFocus';
import { useTracking } from '../tracking/context';
import { startIntegrityTracking } from '../tracking/integrity';
import { loadDonePage } from './lazyPages';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function QuestionPage() {
  const { token, result, update, reload, href, showCorrectAnswers } = useQuiz();
  const api = useQuizApi();
  const queryClient = useQueryClient();
  const mutations = quizMutations(api, queryClient);
  const answerMutation = useMutation(mutations.answer());
  const finishMutation = useMutation(mutations.finish());
  const { log, watchDevtools } = useTracking();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, dispatch] = useReducer(questionPageReducer, initialQuestionPageState);
  const { question, selected } = state;
  const view = questionView(state);
  const sending = isSending(state);

  const wanted = result ? wantedQuestionNumber(result) : null;

  // Once a question is on screen and the page is idle (not before: nothing here may compete with
  // the question becoming interactive): the log queue starts, replaying jobs an earlier visit left,
  // the highlighter with its extra grammars loads in the background (SPEC §1), and so does the done
  // page, so the last answer moves on as fast as any other.
  const questionShown = question !== null;
  useEffect(() => {
    if (!questionShown) return undefined;
    return whenIdle(() => {
      log.start();
      void preloadHighlighting();
      void loadDonePage().catch(() => undefined);
    });
  }, [questionShown, log]);

  // A next question that differs from the one asked for is fetched (serving it starts its clock).
  // The state machine says when (`requested`), so the page asks the query client for it at that
  // moment rather than through useQuery, which fetches whenever an observer mounts or its key changes
  // and would serve a question the flow does not want yet (the timed-out view's 2000 ms).
  const fetchQuestion = useCallback(
    async (n: number) => {
      dispatch({ type: 'fetch', number: n });
      let served: CandidateQuestion;
      try {
        served = await queryClient.fetchQuery(quizQueries(api).question(token, n));
      } catch (err) {
        const status = err instanceof QuizCallError ? err.status : 0;
        // SPEC §8: a missing question goes to /404; any other failure leaves the page without it,
        // saying so with Try again (the quiz's one retry policy: no request repeats by itself).
        if (status === 404) navigate('/404', { replace: true });
        else
          dispatch({
            type: 'fetchFailed',
            number: n,
            message: err instanceof Error ? err.message : String(err),
          });
        return;
      }
      dispatch({ type: 'fetched', question: served });
      update((res) => addServedQuestion(res, served, new Date().toISOString()));
      log.logEvent(token, n, 'question_shown', { at: Date.now() });
    },
    [api, queryClient, token, navigate, update, log],
  );
  const onHold = fetchOnHold(state);
  useEffect(() => {
    if (!onHold && wanted !== null && state.requested !== wanted) void fetchQuestion(wanted);
  }, [wanted, state.requested, onHold, fetchQuestion]);

  // The route follows the question shown, once per question: navigate/href change identity with
  // every route change, and re-running on that would pull the URL back while the next one loads.
  const followRoute = useEffectEvent((number: number) => {
    const path = href(`question/${number}`);
    if (location.pathname.replace(/\/+$/, '') !== path) navigate(path, { replace: true });
  });
  useEffect(() => {
    if (question) followRoute(question.number);
  }, [question]);

  /**
   * Sends an answer (null = the empty answer of a timed-out question) through the answer mutation,
   * which resends it while the server cannot take it and mirrors what it took into the quiz result,
   * and says what comes next; null when `signal` ended it (the phase or the page went away meanwhile).
   */
  async function send(
    q: CandidateQuestion,
    index: number | null,
    signal: AbortSignal,
  ): Promise<Outcome | null> {
    log.logEvent(token, q.number, index === null ? 'timed_out_submitted' : 'answer_submitted', {
      answer_position: answerBody(q, index).answer_position,
    });
    const sent = await answerMutation.mutateAsync({
      token,
      question: q,
      index,
      signal,
      onUnavailable: () => dispatch({ type: 'unavailable' }),
    });
    return sent?.outcome ?? null;
  }
  // What the phase effects below send, read at the moment the phase starts.
  const sendChosen = useEffectEvent((signal: AbortSignal) =>
    question && selected !== null ? send(question, selected, signal) : Promise.resolve(null),
  );
  const sendEmpty = useEffectEvent((signal: AbortSignal) =>
    question ? send(question, null, signal) : Promise.resolve(null),
  );

  /** Moving on: the next question's route, or the finish call and the done page (SPEC §4). */
  const moveOn = useEffectEvent(async (outcome: Outcome) => {
    if (outcome.kind === 'next') navigate(href(`question/${outcome.number}`));
    if (outcome.kind === 'done') {
      // The last question's events leave now, beside the finish call (the done page sends whatever
      // follows): a candidate who is done may close the tab at once.
      void log.flush();
      await finishMutation.mutateAsync(token);
      navigate(href('done'));
    }
  });
  const reloadQuiz = useEffectEvent(() => reload());

  // submitting: the chosen answer goes; a send failure reloads the quiz data and stays (SPEC §4),
  // an error response stops silently (SPEC §8).
  const submitting = state.phase === 'submitting';
  useEffect(() => {
    if (!submitting) return undefined;
    const controller = new AbortController();
    void sendChosen(controller.signal).then(async (outcome) => {
      if (!outcome) return;
      dispatch({ type: 'answered', outcome });
      if (outcome.kind === 'failed') await reloadQuiz();
      else await moveOn(outcome);
    });
    // Only entering the phase starts a send; its flags (reconnecting, the clock) change nothing here.
    return () => controller.abort();
  }, [submitting]);

  // timedOut: the empty answer goes now (the indicator shows meanwhile); the view closes after
  // 2000 ms, or when the send returns if later. Not taken (the server's clock not yet past the
  // deadline): the quiz is reloaded and the clock checked again. Route changes meanwhile (the
  // redirect rule may already move the URL on) do not cancel it: only leaving the phase does.
  const timedOut = state.phase === 'timedOut';
  useEffect(() => {
    if (!timedOut) return undefined;
    const controller = new AbortController();
    const delay = sleep(CONSTANTS.TIMEOUT_NEXT_QUESTION_DELAY_MS);
    void Promise.all([sendEmpty(controller.signal), delay]).then(async ([outcome]) => {
      if (controller.signal.aborted || !outcome) return;
      dispatch({ type: 'timeoutAnswered', outcome });
      if (outcome.kind === 'next' || outcome.kind === 'done') {
        await moveOn(outcome);
        return;
      }
      await reloadQuiz();
      dispatch({ type: 'rechecked' });
    });
    return () => controller.abort();
  }, [timedOut]);

  // Integrity tracking, off while the timed-out view shows (SPEC §4).
  const tracked = view === 'question' ? question : null;
  useEffect(() => {
    if (!tracked) return undefined;
    return startIntegrityTracking(
      { token, questionNumber: tracked.number },
      { send: (event) => log.track(event), watchDevtools },
    );
  }, [token, tracked, log, watchDevtools]);

  // A new question takes the focus to its heading: screen readers announce it and the keyboard
  // continues from the top of the question (the submit button that had focus is gone).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownNumber = tracked?.number ?? null;
  useEffect(() => {
    if (shownNumber !== null) headingRef.current?.focus();
  }, [shownNumber]);

  const focused = useWindowFocused(Boolean(result?.blur_on_window_blur));
  useBeforeUnloadGuard(Boolean(question));
  useDocumentTitle(question ? `Question ${question.number}` : null);

  const onSelect = (index: number) => {
    dispatch({ type: 'select', index });
    if (question) log.logEvent(token, question.number, 'answer_selected', { answer_position: index });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    dispatch({ type: 'submit' }); // SPEC §5: the reducer refuses it without a chosen answer
  };
  // Question expiry is checked every second by the Countdown's own tick, which calls this.
  const onExpire = useCallback(() => dispatch({ type: 'expire' }), []);

  const retryFetch = () => {
    if (wanted !== null) void fetchQuestion(wanted);
  };

  if (!result || !question) {
    const failed = view === 'loadFailed';
    return (
      <section className="sq-card" aria-busy={!failed}>
        {failed ? (
          <QuestionLoadError message={state.fetchError} onRetry={retryFetch} heading="h1" />
        ) : (
          <Spinner label="Loading the question" />
        )}
      </section>
    );
  }

  // The next question failed to load: said above the one still on screen (or the timed-out view).
  const nextFailed =
    state.fetchError !== null ? (
      <section className="sq-card sq-load-error sq-load-error--banner">
        <QuestionLoadError message={state.fetchError} onRetry={retryFetch} heading="h2" />
      </section>
    ) : null;

  if (view === 'timedOut')
    return (
      <>
        {nextFailed}
        <TimedOutView sending={sending} />
      </>
    );

  // The server owns the clock: a reloaded quiz (after the empty answer was refused because a
  // database outage moved the deadline on) carries the question's deadline as it now stands.
  const latest = result.next_question;
  const expiresAt =
    latest?.number === question.number && latest.expires_at ? latest.expires_at : question.expires_at;

  return (
    <section className="sq-question" aria-labelledby="sq-question-title">
      {nextFailed}
      <div className="sq-question__header">
        <h1 id="sq-question-title" className="sq-question__number" tabIndex={-1} ref={headingRef}>
          Question {question.number} / {totalQuestions(result)}
        </h1>
        <Countdown expiresAt={expiresAt} supportEmail={supportEmailOf(result)} onExpire={onExpire} />
      </div>
      {!focused ? (
        <div className="sq-card sq-blurred" role="status">
          The question is hidden while this window is not in focus. Click here or return to this window to
          continue.
        </div>
      ) : (
        <form className="sq-card" onSubmit={onSubmit} aria-label={`Question ${question.number}`}>
          <RichText className="sq-question__text" text={question.question_text} />
          {question.code_block.trim() !== '' && (
            <CodeBlock code={question.code_block} language={question.code_language} />
          )}
          <AnswerList
            name={`answer-${question.number}`}
            answers={question.answers}
            selected={selected}
            onSelect={onSelect}
            showCorrect={showCorrectAnswers}
            disabled={sending}
          />
          <div className="sq-actions">
            <button type="submit" className="sq-button" disabled={selected === null || sending}>
              {showsSubmitting(state) ? 'Submitting...' : 'Submit Your Answer'}
            </button>
          </div>
          {/* Always in the page, so screen readers announce the text when it appears. */}
          <div aria-live="polite">
            {state.reconnecting && (
              <p className="sq-reconnecting">
                Reconnecting... Your answer is kept and will be sent as soon as the connection is back.
              </p>
            )}
          </div>
        </form>
      )}
    </section>
  );
}

/** A question that could not be fetched: announced, with the reason and Try again (SPEC §8). */
function QuestionLoadError({
  message,
  onRetry,
  heading: Heading,
}: {
  message: string | null;
  onRetry: () => void;
  heading: 'h1' | 'h2';
}) {
  return (
    <div role="alert">
      <Heading className={Heading === 'h1' ? 'sq-title' : 'sq-load-error__title'}>
        We could not load the question.
      </Heading>
      {message && <p>{message}</p>}
      <button type="button" className="sq-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
