// A beta question's preview: its text and code block as the candidate sees them (the shared
// question view). Nothing while loading beyond a short note; nothing at all when the load failed.
import type { Question } from '@skillquiz/contracts';
import { CodeBlock, RichText } from '@skillquiz/question-view';

export function QuestionPreview({ question }: { question: Question | null | undefined }) {
  if (question === undefined) return <span className="atoms-sub">Loading preview…</span>;
  if (question === null) return null;
  return (
    <div className="beta-preview__body">
      <RichText text={question.question_text} />
      {question.code_block && <CodeBlock code={question.code_block} language={question.code_language} />}
    </div>
  );
}
