// Resume page (SPEC §2): the loading bar, then 'Resume Quiz' to the current next question.
import { Link } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { useQuiz } from '../hooks/useQuiz';

export function ResumePage() {
  const { result, href } = useQuiz();
  const next = result?.next_question;
  return (
    <LoadingScreen
      loaded={result !== undefined}
      loadedTitle="Welcome back to your quiz"
      barLabel="Loading your quiz"
    >
      {next && (
        <Link className="sq-button" to={`${href(`question/${next.number}`)}?from_resume=true`}>
          Resume Quiz
        </Link>
      )}
    </LoadingScreen>
  );
}
