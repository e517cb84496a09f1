// Welcome page (SPEC §2): the loading bar, then 'Begin Quiz'. With ?pass=243 or the /pass_243 route
// it first makes the special skip call, whose mutation loads the quiz data again. Below SPEC's texts,
// before the start, the briefing: questions, time per question, what is recorded, the privacy policy.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import { useQuizApi } from '../api/context';
import { quizMutations } from '../api/queries';
import { Briefing } from '../components/Briefing';
import { LoadingScreen } from '../components/LoadingScreen';
import { Spinner } from '../components/Spinner';
import { useQuiz } from '../hooks/useQuiz';
import type { QuizResult } from '@skillquiz/contracts';

/**
 * The quiz has no question it can serve yet (its test was emptied after the invitation): say so
 * and whom to contact, rather than a Begin Quiz that leads to the not-found page.
 */
function NotAvailable({ result }: { result: QuizResult }) {
  const company = result.quiz.company_name || 'the company that invited you';
  const email = result.quiz.support_email;
  return (
    <section className="sq-card sq-center" aria-labelledby="sq-unavailable-title">
      <h1 className="sq-title" id="sq-unavailable-title">
        This test is not available yet
      </h1>
      <p>
        Please contact {company}
        {email ? (
          <>
            {' '}
            at <a href={`mailto:${email}`}>{email}</a>
          </>
        ) : null}
        .
      </p>
    </section>
  );
}

export function WelcomePage({ skipRoute = false }: { skipRoute?: boolean }) {
  const { token, result, setRedirectsHeld, href } = useQuiz();
  const { mutateAsync: skipFirst } = useMutation(quizMutations(useQuizApi(), useQueryClient()).pass243());
  const [params] = useSearchParams();
  const skip = skipRoute || params.get('pass') === CONSTANTS.SKIP_PASS_VALUE;
  const [skipping, setSkipping] = useState(skip);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!skip || started.current === token) return;
    started.current = token;
    setSkipping(true);
    setRedirectsHeld(true);
    void (async () => {
      await skipFirst(token); // settles once the quiz is loaded again
      setSkipping(false);
      setRedirectsHeld(false);
    })();
  }, [skip, token, setRedirectsHeld, skipFirst]);

  if (skipping) {
    return (
      <section className="sq-card sq-center" aria-busy="true">
        <h1 className="sq-title">...Being fast and smart for you...</h1>
        <p>This can take a while</p>
        <Spinner label="Working" />
      </section>
    );
  }

  if (result?.unavailable) return <NotAvailable result={result} />;

  return (
    <LoadingScreen
      loaded={result !== undefined}
      loadedTitle="Your exercise has finished loading!"
      barLabel="Loading your exercise"
    >
      {result && <Briefing result={result} />}
      <Link className="sq-button" to={href('question/1')}>
        Begin Quiz
      </Link>
    </LoadingScreen>
  );
}
