// SPEC §2 questions page: the atom's questions, each showing its text and linking to its editor
// in the questions remote.
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { Question } from '@skillquiz/contracts';
import { parseRichText } from '@skillquiz/question-view';

/** The question text on one line, inline code as the candidate sees it (a fenced block as plain code). */
function QuestionLine({ text }: { text: string }) {
  if (!text.trim()) return <>(no question text)</>;
  return (
    <>
      {parseRichText(text).map((part, i) =>
        part.kind === 'text' ? (
          <Fragment key={i}>{part.text}</Fragment>
        ) : (
          <code key={i} className="sq-inline-code">
            {part.kind === 'code' ? part.text : part.code}
          </code>
        ),
      )}
    </>
  );
}

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
                <span className="atom-questions__id">#{q.id}</span> <QuestionLine text={q.question_text} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
