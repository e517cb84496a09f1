// Welcome page (SPEC §2): the loading bar, then 'Begin Quiz'. With ?pass=243 or the /pass_243 route
// it first makes the special skip call and reloads the quiz data. Below SPEC's texts, before the
// start, the briefing (issue 19): questions, time per question, what is recorded, the privacy policy.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import { useQuizApi } from '../api/context';
import { Briefing } from '../components/Briefing';
import { LoadingScreen } from '../components/LoadingScreen';
import { Spinner } from '../components/Spinner';
import { useQuiz } from '../hooks/useQuiz';

export function WelcomePage({ skipRoute = false }: { skipRoute?: boolean }) {
  const { token, result, reload, setRedirectsHeld, href } = useQuiz();
  const api = useQuizApi();
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
      await api.pass243(token);
      await reload();
      setSkipping(false);
      setRedirectsHeld(false);
    })();
  }, [skip, token, reload, setRedirectsHeld, api]);

  if (skipping) {
    return (
      <section className="sq-card sq-center" aria-busy="true">
        <h1 className="sq-title">...Being fast and smart for you...</h1>
        <p>This can take a while</p>
        <Spinner label="Working" />
      </section>
    );
  }

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
