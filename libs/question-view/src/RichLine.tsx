// A question's (or a reason's) text on one line, inline code as the candidate sees it; a fenced block
// shows as plain code in the line. For lists and pickers, where RichText's blocks would not fit.
import { Fragment } from 'react';
import { parseRichText } from './RichText';

export function RichLine({ text, empty = '(no question text)' }: { text: string; empty?: string }) {
  if (!text.trim()) return <>{empty}</>;
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
