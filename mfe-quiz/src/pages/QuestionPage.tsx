// The question page and its state flow (SPEC §2, §4): fetch the next question when it differs from
// the one shown, submit, time out, move on; integrity tracking and the per-question log meanwhile.
import { useCallback, useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { CandidateQuestion } from '@skillquiz/contracts';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import { quizApi } from '../api/quizApi';
import { AnswerList, CodeBlock, preloadHighlighting, RichText } from '@skillquiz/question-view';
import { Countdown } from '../components/Countdown';
import { Spinner } from '../components/Spinner';
import { TimedOutView } from '../components/TimedOutView';
import { supportEmailOf } from '../config';
import { addServedQuestion, applyAnswer, wantedQuestionNumber } from '../hooks/questionFlow';
import { whenIdle } from '../hooks/idle';
import { totalQuestions } from '../hooks/time';
import { useQuiz } from '../hooks/useQuiz';
import { useBeforeUnloadGuard, useDocumentTitle, useWindowFocused } from '../hooks/useWindowFocus';
import { startIntegrityTracking } from '../tracking/integrity';
import { logQuestionEvent } from '../tracking/questionLog';
import { startQueue } from '../tracking/queue';

type Outcome = { kind: 'next'; number: number } | { kind: 'done' } | { kind: 'failed' } | { kind: 'refused' };

/**
 * Replies that mean "not now" rather than "no": the services (503 while the database is down) or a
 * proxy in front of them (502, 504). The same answer is sent again; the server takes it once, and
 * its clock does not count the outage.
 */
const UNAVAILABLE = new Set([502, 503, 504]);
const MAX_RETRY_WAIT_S = 10;
/** The reply's Retry-After, else 1, 2, 4... seconds; always between 1 and 10 s. */
const retryWaitMs = (retryAfterSeconds: number | undefined, attempt: number) =>
  Math.min(MAX_RETRY_WAIT_S, Math.max(1, retryAfterSeconds ?? 2 ** attempt)) * 1000;

export function QuestionPage() {
  const quiz = useQuiz();
  const { token, result, update, reload, href, showCorrectAnswers } = quiz;
  const navigate = useNavigate();

  const [question, setQuestion] = useState<CandidateQuestion | null>(null);
  const [fetchFailed, setFetchFailed] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  // The timed-out view stays for its 2000 ms even when the next question is already known.
  const [closing, setClosing] = useState(false);
  // The number last asked for (kept after success): a stale render (route updates arrive in a
  // transition, after the question state) must not fetch the same question twice.
  const requested = useRef<number | null>(null);
  const sendingRef = useRef(false);
  // The server cannot take the answer for now: it is kept and sent again (see UNAVAILABLE).
  const [reconnecting, setReconnecting] = useState(false);
  // The clock ran out while an answer was on its way: the timed-out view waits for the outcome.
  const expiredWhileSending = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const wanted = result ? wantedQuestionNumber(result) : null;

  // Once a question is on screen and the page is idle (not before: nothing here may compete with
  // the question becoming interactive): the log queue starts, replaying jobs an earlier visit left,
  // and the highlighter with its extra grammars loads in the background (SPEC §1).
  const questionShown = question !== null;
  useEffect(() => {
    if (!questionShown) return undefined;
    return whenIdle(() => {
      startQueue();
      void preloadHighlighting();
    });
  }, [questionShown]);

  // A next question that differs from the one shown is fetched (serving it starts its clock).
  const fetchQuestion = useCallback(
    async (n: number) => {
      requested.current = n;
      setFetchFailed(false);
      const r = await quizApi.getQuestion(token, n);
      if (requested.current !== n) return; // a newer question was asked for meanwhile
      if (!r.success) {
        requested.current = null; // allow the retry
        if (r.status === 404) navigate('/404', { replace: true });
        else setFetchFailed(true); // SPEC §8: the page stays without a new question
        return;
      }
      const q = r.data;
      setQuestion(q);
      setSelected(null);
      setTimedOut(false);
      setSubmitting(false);
      sendingRef.current = false;
      update((res) => addServedQuestion(res, q, new Date().toISOString()));
      logQuestionEvent(token, q.number, 'question_shown', { at: Date.now() });
    },
    [token, navigate, update],
  );

  useEffect(() => {
    if (closing) return;
    if (wanted !== null && requested.current !== wanted) void fetchQuestion(wanted);
  }, [wanted, question?.number, fetchQuestion, closing]);

  // The route follows the question shown, once per question: navigate/href change identity with
  // every route change, and re-running on that would pull the URL back while the next one loads.
  const location = useLocation();
  const followRoute = useEffectEvent((number: number) => {
    const path = href(`question/${number}`);
    if (location.pathname.replace(/\/+$/, '') !== path) navigate(path, { replace: true });
  });
  useEffect(() => {
    if (question) followRoute(question.number);
  }, [question]);

  /** Sends the answer (null = the empty answer of a timed-out question) and says what comes next. */
  const send = useCallback(
    async (index: number | null): Promise<Outcome> => {
      if (!question) return { kind: 'refused' };
      const n = question.number;
      const body =
        index === null
          ? { answer: '', answer_position: -1 }
          : { answer: question.answers[index].hash_id, answer_position: index };
      logQuestionEvent(token, n, index === null ? 'timed_out_submitted' : 'answer_submitted', {
        answer_position: body.answer_position,
      });
      let r = await quizApi.answer(token, n, body);
      for (let attempt = 0; !r.success && UNAVAILABLE.has(r.status); attempt++) {
        setReconnecting(true);
        await new Promise((resolve) =>
          setTimeout(resolve, retryWaitMs(r.success ? 0 : r.retryAfterSeconds, attempt)),
        );
        if (!mounted.current) return { kind: 'refused' };
        r = await quizApi.answer(token, n, body);
      }
      setReconnecting(false);
      if (!r.success) return r.status === 0 ? { kind: 'failed' } : { kind: 'refused' };
      update((res) => applyAnswer(res, n, r.data));
      return r.data.next_question ? { kind: 'next', number: r.data.next_question.number } : { kind: 'done' };
    },
    [question, token, update],
  );

  const proceed = useCallback(
    async (outcome: Outcome) => {
      if (outcome.kind === 'next') {
        navigate(href(`question/${outcome.number}`));
        return;
      }
      if (outcome.kind === 'done') {
        await quizApi.finish(token);
        navigate(href('done'));
        return;
      }
      sendingRef.current = false;
      setSubmitting(false);
      if (expiredWhileSending.current) {
        expiredWhileSending.current = false;
        setTimedOut(true);
      }
      // A send that failed reloads the quiz data and stays; a refusal stops silently (SPEC §4, §8).
      if (outcome.kind === 'failed') await reload();
    },
    [navigate, href, token, reload],
  );

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (selected === null || sendingRef.current || timedOut) return; // SPEC §5
    sendingRef.current = true;
    setSubmitting(true);
    await proceed(await send(selected));
  };

  // Question expiry is checked every second by the Countdown's own tick, which calls this. An answer
  // already on its way (perhaps retrying through an outage the server does not count) goes on.
  const onExpire = useCallback(() => {
    if (sendingRef.current) expiredWhileSending.current = true;
    else setTimedOut(true);
  }, []);

  // Timed out: send the empty answer now (the indicator shows meanwhile); close after 2000 ms.
  // The latest send/proceed/reload are read through effect events: their identities change with the
  // route (the redirect rule may already move the URL on), which must not cancel the closing.
  const sendEmpty = useEffectEvent(() => send(null));
  const proceedWith = useEffectEvent((outcome: Outcome) => proceed(outcome));
  const reloadQuiz = useEffectEvent(() => reload());
  useEffect(() => {
    if (!timedOut || !question || sendingRef.current) return;
    sendingRef.current = true;
    setSubmitting(true);
    setClosing(true);
    const delay = new Promise((r) => setTimeout(r, CONSTANTS.TIMEOUT_NEXT_QUESTION_DELAY_MS));
    void Promise.all([sendEmpty(), delay]).then(async ([outcome]) => {
      if (!mounted.current) return;
      setClosing(false);
      if (outcome.kind === 'next' || outcome.kind === 'done') {
        await proceedWith(outcome);
        return;
      }
      // Not accepted (e.g. the server's clock has not reached the deadline yet): reload and re-check.
      sendingRef.current = false;
      setSubmitting(false);
      await reloadQuiz();
      if (mounted.current) setTimedOut(false);
    });
  }, [timedOut, question]);

  // Integrity tracking, off while the timed-out view shows.
  useEffect(() => {
    if (!question || timedOut) return undefined;
    return startIntegrityTracking({ token, questionNumber: question.number });
  }, [token, question, timedOut]);

  // A new question takes the focus to its heading: screen readers announce it and the keyboard
  // continues from the top of the question (the submit button that had focus is gone).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownNumber = timedOut ? null : (question?.number ?? null);
  useEffect(() => {
    if (shownNumber !== null) headingRef.current?.focus();
  }, [shownNumber]);

  const focused = useWindowFocused(Boolean(result?.blur_on_window_blur));
  useBeforeUnloadGuard(Boolean(question));
  useDocumentTitle(question ? `Question ${question.number}` : null);

  const onSelect = (index: number) => {
    setSelected(index);
    if (question) logQuestionEvent(token, question.number, 'answer_selected', { answer_position: index });
  };

  if (!result || !question) {
    return (
      <section className="sq-card" aria-busy={!fetchFailed}>
        {fetchFailed ? (
          <>
            <h1 className="sq-title">We could not load the question.</h1>
            <button
              type="button"
              className="sq-button"
              onClick={() => wanted !== null && void fetchQuestion(wanted)}
            >
              Try again
            </button>
          </>
        ) : (
          <Spinner label="Loading the question" />
        )}
      </section>
    );
  }

  if (timedOut) return <TimedOutView sending={submitting} />;

  // The server owns the clock: a reloaded quiz (after the empty answer was refused because a
  // database outage moved the deadline on) carries the question's deadline as it now stands.
  const latest = result.next_question;
  const expiresAt =
    latest?.number === question.number && latest.expires_at ? latest.expires_at : question.expires_at;

  return (
    <section className="sq-question" aria-labelledby="sq-question-title">
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
            disabled={submitting}
          />
          <div className="sq-actions">
            <button type="submit" className="sq-button" disabled={selected === null || submitting}>
              {submitting ? 'Submitting...' : 'Submit Your Answer'}
            </button>
          </div>
          {/* Always in the page, so screen readers announce the text when it appears. */}
          <div aria-live="polite">
            {reconnecting && (
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
