// A question's text and code block exactly as the candidate sees them (the shared question view).
import { CodeBlock, RichText } from '@skillquiz/question-view';

export function QuestionBody({
  text,
  code,
  language,
}: {
  text: string;
  code: string;
  language: string | null;
}) {
  return (
    <>
      <RichText className="qa-question-text" text={text} />
      {code.trim() !== '' && <CodeBlock code={code} language={language} />}
    </>
  );
}
