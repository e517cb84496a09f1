import { supportEmailOf } from '../config';
import { useQuiz } from '../hooks/useQuiz';

export function QuizExpired() {
  const supportEmail = supportEmailOf(useQuiz().result);
  return (
    <section className="sq-card" aria-labelledby="sq-expired-title">
      <h1 id="sq-expired-title" className="sq-title">
        Your quiz has timed out.
      </h1>
      <p>Quizzes that are not completed within a single session are marked as abandoned.</p>
      <p>
        To restart this quiz, please request a new invitation from{' '}
        <a href={`mailto:${supportEmail}`}>support at {supportEmail}</a>.
      </p>
    </section>
  );
}
