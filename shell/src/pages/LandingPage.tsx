import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../constants';

/**
 * '/': where the 404 and error pages' "Back to SkillQuiz" link leads. Candidates never need it (their
 * invitation link opens their quiz), so it only says what this is and where staff sign in.
 */
export function LandingPage() {
  return (
    <main className="message-page">
      <h1>{PRODUCT_NAME}</h1>
      <p>
        {PRODUCT_NAME} is an adaptive skills assessment. Candidates: please use the link in your invitation
        email to start or resume your quiz.
      </p>
      <p>
        <Link to="/admin">Staff sign-in</Link>
      </p>
    </main>
  );
}
