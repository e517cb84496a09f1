// SPEC §2 answers: each answer shows its hash_id, a 'Correct Answer' radio, a position select
// ('Random Position' or 'Locked to position N'), a Delete button and its text. 'Add New' appends an
// empty answer. Deleting one with text or marked correct asks first; removals count only on save.
import { useId, useRef } from 'react';
import { textAreaRows } from '@skillquiz/admin-ui';
import {
  DELETE_ANSWER_CONFIRM,
  deleteNeedsConfirm,
  positionOptions,
  type FormAnswer,
} from '../model/questionForm';
import type { TabProps } from './tabProps';

const RANDOM = 'random';

export function AnswersTab({ state, dispatch }: TabProps) {
  const answers = state.fields.answers;
  const heading = useRef<HTMLHeadingElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const onDelete = (answer: FormAnswer) => {
    if (deleteNeedsConfirm(answer) && !window.confirm(DELETE_ANSWER_CONFIRM)) return;
    dispatch({ type: 'removeAnswer', key: answer.key });
    // The button that had focus is gone: continue from 'Add New'.
    addButton.current?.focus();
  };

  return (
    <div className="qa-tab">
      <h2 className="qa-tab__title" ref={heading} tabIndex={-1}>
        Answers
      </h2>
      {answers.length === 0 && <p className="qa-sub">No answers yet.</p>}
      <ol className="qa-answers">
        {answers.map((answer, i) => (
          <AnswerRow
            key={answer.key}
            index={i}
            answer={answer}
            answers={answers}
            onDelete={() => onDelete(answer)}
            dispatch={dispatch}
          />
        ))}
      </ol>
      <button
        type="button"
        className="sq-button"
        ref={addButton}
        onClick={() => dispatch({ type: 'addAnswer' })}
      >
        Add New
      </button>
    </div>
  );
}

function AnswerRow({
  index,
  answer,
  answers,
  onDelete,
  dispatch,
}: {
  index: number;
  answer: FormAnswer;
  answers: FormAnswer[];
  onDelete(): void;
  dispatch: TabProps['dispatch'];
}) {
  const id = useId();
  return (
    <li className="qa-answer">
      <fieldset className="qa-answer__box">
        <legend className="qa-answer__legend">Answer {index + 1}</legend>
        <p className="qa-answer__hash">
          hash_id: <code>{answer.hash_id ?? 'new (given on save)'}</code>
        </p>
        <div className="qa-answer__controls">
          <label className="qa-check">
            <input
              type="radio"
              name="correct-answer"
              checked={answer.c}
              onChange={() => dispatch({ type: 'correct', key: answer.key })}
            />
            <span>Correct Answer</span>
          </label>
          <label className="qa-inline-field" htmlFor={`${id}-position`}>
            <span>Position</span>
          </label>
          <select
            id={`${id}-position`}
            className="qa-input"
            value={answer.position === undefined ? RANDOM : String(answer.position)}
            onChange={(e) =>
              dispatch({
                type: 'position',
                key: answer.key,
                position: e.target.value === RANDOM ? undefined : Number(e.target.value),
              })
            }
          >
            <option value={RANDOM}>Random Position</option>
            {positionOptions(answers, answer.key).map((o) => (
              <option key={o.value} value={String(o.value)} disabled={o.disabled}>
                {o.label}
              </option>
            ))}
          </select>
          <button type="button" className="sq-button sq-button--danger" onClick={onDelete}>
            Delete<span className="sq-sr-only"> answer {index + 1}</span>
          </button>
        </div>
        <label className="qa-answer__text-label" htmlFor={`${id}-text`}>
          Answer text
        </label>
        <textarea
          id={`${id}-text`}
          className="sq-field__input sq-field__textarea qa-answer__text"
          value={answer.text}
          rows={textAreaRows(answer.text)}
          onChange={(e) => dispatch({ type: 'answerText', key: answer.key, text: e.target.value })}
        />
      </fieldset>
    </li>
  );
}
