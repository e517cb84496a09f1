// SPEC §2 questions page: the atom's questions, each showing its text and linking to its editor
// in the questions remote.
import { Link } from 'react-router-dom';
import type { Question } from '@skillquiz/contracts';

export function QuestionsSection({ questions }: { questions: readonly Question[] }) {
  return (
    <section aria-labelledby="atom-page-heading">
      <h2 id="atom-page-heading">Questions</h2>
      {questions.length === 0 ? (
        <p>No question lists this atom yet.</p>
      ) : (
        <ul className="atom-questions">
          {questions.map((q) => (
            <li key={q.id}>
              <Link to={`/admin/questions/edit/${q.id}`}>
                <span className="atom-questions__id">#{q.id}</span> {q.question_text || '(no question text)'}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
