// SPEC §2 content: question_text, code_language ('Select Language' plus the code-block options) and
// code_block. Both text areas grow with their lines, never below 5 rows (admin-ui's TextAreaField).
import { SelectField, TextAreaField } from '@skillquiz/admin-ui';
import { withNone, type Option, type TabProps } from './tabProps';

export function ContentTab({
  state,
  dispatch,
  codeBlockOptions,
}: TabProps & { codeBlockOptions: readonly Option[] }) {
  const f = state.fields;
  return (
    <div className="qa-tab">
      <h2 className="qa-tab__title">Content</h2>
      <TextAreaField
        label="Question text"
        name="question_text"
        value={f.question_text}
        onChange={(value) => dispatch({ type: 'field', field: 'question_text', value })}
      />
      <SelectField
        label="Code language"
        name="code_language"
        value={f.code_language ?? ''}
        options={withNone('Select Language', codeBlockOptions, f.code_language)}
        onChange={(value) => dispatch({ type: 'field', field: 'code_language', value: value || null })}
      />
      <TextAreaField
        label="Code block"
        name="code_block"
        value={f.code_block}
        onChange={(value) => dispatch({ type: 'field', field: 'code_block', value })}
      />
    </div>
  );
}
