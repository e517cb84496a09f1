// SPEC §2 variation: the natural language, the Original Question ID (parsed as an integer) and a
// preview of that original with its ID, looked up 500 ms after the id stops changing.
import { useId } from 'react';
import { SelectField } from '@skillquiz/admin-ui';
import { useOriginalQuestion } from '../hooks/useQuestions';
import { QuestionBody } from './QuestionBody';
import { withNone, type Option, type TabProps } from './tabProps';

export function VariationTab({
  state,
  dispatch,
  languageOptions,
}: TabProps & { languageOptions: readonly Option[] }) {
  const f = state.fields;
  const inputId = useId();
  const original = useOriginalQuestion(f.original_question_id);
  const shown = original.settledId === f.original_question_id ? original.data?.question : undefined;
  return (
    <div className="qa-tab">
      <h2 className="qa-tab__title">Variation</h2>
      <SelectField
        label="Language"
        name="language"
        value={f.language ?? ''}
        options={withNone('Select Language', languageOptions, f.language)}
        onChange={(value) => dispatch({ type: 'field', field: 'language', value: value || null })}
      />
      <div className="sq-field">
        <label className="sq-field__label" htmlFor={inputId}>
          Original Question ID
        </label>
        <input
          id={inputId}
          className="sq-field__input qa-number"
          type="number"
          min={1}
          step={1}
          name="original_question_id"
          value={f.original_question_id ?? ''}
          onChange={(e) => dispatch({ type: 'originalQuestionId', raw: e.target.value })}
        />
      </div>
      {f.original_question_id !== null && (
        <section
          className="qa-original"
          aria-labelledby={`${inputId}-title`}
          aria-busy={!shown && !original.isError}
        >
          <h3 id={`${inputId}-title`} className="qa-original__title">
            Original question {f.original_question_id}
          </h3>
          {shown ? (
            <QuestionBody text={shown.question_text} code={shown.code_block} language={shown.code_language} />
          ) : original.isError && original.settledId === f.original_question_id ? (
            <p className="qa-sub">Could not load question {f.original_question_id}.</p>
          ) : (
            <p className="qa-sub">Loading…</p>
          )}
        </section>
      )}
    </div>
  );
}
