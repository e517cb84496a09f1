// Resume page (SPEC §2): the loading bar, then 'Resume Quiz' to the current next question.
import { Link } from 'react-router-dom';
import { LoadingBar } from '../components/LoadingBar';
import { useLoadingProgress } from '../hooks/loadingBar';
import { useQuiz } from '../hooks/useQuiz';

export function ResumePage() {
  const { result, href } = useQuiz();
  const { progress, complete } = useLoadingProgress(result !== undefined);
  const next = result?.next_question;
  return (
    <section className="sq-card sq-center">
      <div aria-live="polite">
        <h1 className="sq-title">{complete ? 'Welcome back to your quiz' : 'Loading your exercise...'}</h1>
      </div>
      <LoadingBar progress={progress} label="Loading your quiz" />
      {complete && next && (
        <Link className="sq-button" to={`${href(`question/${next.number}`)}?from_resume=true`}>
          Resume Quiz
        </Link>
      )}
    </section>
  );
}
