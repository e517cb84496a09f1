// A question's text on one line, inline code as the candidate sees it (the atom's Questions page and
// the pickers' options), and the review status labels (issue 22).
import { Fragment } from 'react';
import type { QuestionStatus } from '@skillquiz/contracts';
import { parseRichText } from '@skillquiz/question-view';

export const STATUS_LABELS: Record<QuestionStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  ready: 'Ready',
};

export /** The question text on one line, inline code as the candidate sees it (a fenced block as plain code). */
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
