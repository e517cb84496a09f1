// SPEC §2 preview: the question and its answers as a candidate sees them (the shared question view,
// code highlighting included), answers in their locked positions; red notices when text or
// answers are missing. Choosing an answer here only moves the selection, as it would for a candidate.
import { useState } from 'react';
import { AnswerList } from '@skillquiz/question-view';
import { previewModel, type QuestionFields } from '../model/questionForm';
import { QuestionBody } from './QuestionBody';

export function PreviewTab({ fields }: { fields: QuestionFields }) {
  const preview = previewModel(fields);
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <div className="qa-tab">
      <h2 className="qa-tab__title">Preview</h2>
      {(preview.missingText || preview.missingAnswers) && (
        <ul className="qa-notices">
          {preview.missingText && <li className="qa-notice">Missing question text</li>}
          {preview.missingAnswers && <li className="qa-notice">Missing answers</li>}
        </ul>
      )}
      <div className="qa-preview-card" aria-label="Question as the candidate sees it" role="group">
        <QuestionBody
          text={preview.question_text}
          code={preview.code_block}
          language={preview.code_language}
        />
        {preview.answers.length > 0 && (
          <AnswerList
            name="preview-answer"
            answers={preview.answers.map((a) => ({ text: a.text, hash_id: a.key }))}
            selected={selected}
            onSelect={setSelected}
            showCorrect={false}
          />
        )}
      </div>
    </div>
  );
}
