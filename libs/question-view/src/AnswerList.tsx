// The answer rows: a native radio group (Tab into it, arrows move and select), where Enter on the
// focused row selects it and announces 'Selected answer: N' for 2 s (SPEC §2) instead of submitting.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CandidateAnswer } from '@skillquiz/contracts';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import { RichText } from './RichText';

export interface AnswerListProps {
  name: string;
  answers: CandidateAnswer[];
  selected: number | null;
  onSelect(index: number): void;
  /** Demo mode: label the answer the server flagged correct. */
  showCorrect: boolean;
  disabled?: boolean;
}

export function AnswerList({ name, answers, selected, onSelect, showCorrect, disabled }: AnswerListProps) {
  const [announcement, setAnnouncement] = useState('');
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (e.key !== 'Enter') return;
    e.preventDefault(); // Enter in a form would submit it
    onSelect(index);
    setAnnouncement(`Selected answer: ${index + 1}`);
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => setAnnouncement(''), CONSTANTS.SR_ANNOUNCEMENT_CLEAR_MS);
  };

  return (
    <fieldset className="sq-answers" disabled={disabled}>
      <legend className="sq-answers__prompt">Select the correct answer:</legend>
      {answers.map((answer, i) => {
        const id = `${name}-${i}`;
        const isSelected = selected === i;
        return (
          <label
            key={answer.hash_id}
            htmlFor={id}
            className={isSelected ? 'sq-answer sq-answer--selected' : 'sq-answer'}
          >
            <input
              id={id}
              className="sq-answer__input"
              type="radio"
              name={name}
              value={answer.hash_id}
              checked={isSelected}
              onChange={() => onSelect(i)}
              onKeyDown={(e) => onKeyDown(e, i)}
            />
            <span className="sq-answer__badge" aria-hidden="true">
              {String.fromCharCode(65 + i)}
            </span>
            <RichText className="sq-answer__text" text={answer.text} />
            {showCorrect && answer.correct === true && <span className="sq-answer__correct">Correct</span>}
          </label>
        );
      })}
      <div className="sq-sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </fieldset>
  );
}
