// SPEC §2 general page, plus the atom fields of SPEC §3 a content team must be able to set
// (questions per quiz, estimated time, level thresholds, supported languages).
import { SelectField, TextField } from '@skillquiz/admin-ui';
import type { Atom } from '@skillquiz/contracts';
import { LEVELS, slugEditable } from '../model/atomForm';
import { setter, type SectionProps } from './sectionProps';

const FORMAT_OPTIONS: { value: Atom['format']; label: string }[] = [
  { value: 'Coding', label: 'Coding' },
  { value: 'Multiple Choice', label: 'Multiple Choice' },
];
const BETA_OPTIONS = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

export function GeneralSection({ state, dispatch }: SectionProps) {
  const set = setter(dispatch);
  const v = state.values;
  const editable = slugEditable(state);
  return (
    <section aria-labelledby="atom-page-heading">
      <h2 id="atom-page-heading">General</h2>
      <TextField label="Name" name="name" value={v.name} onChange={set('name')} />
      <TextField
        label="Slug"
        name="slug"
        value={v.id}
        onChange={set('id')}
        readOnly={!editable}
        hint={
          editable
            ? 'The atom’s ID in links: lowercase letters, digits, - and _. It cannot be changed after the first save.'
            : 'The slug is the atom’s ID and cannot be changed.'
        }
      />
      <TextField label="Category" name="category" value={v.category} onChange={set('category')} />
      <SelectField
        label="Format"
        name="format"
        value={v.format}
        options={FORMAT_OPTIONS}
        onChange={set('format')}
      />
      <SelectField
        label="Beta"
        name="beta"
        value={v.beta ? 'yes' : 'no'}
        options={BETA_OPTIONS}
        onChange={(value) => set('beta')(value === 'yes')}
      />
      <TextField
        label="Questions per quiz"
        name="num_questions"
        inputMode="numeric"
        value={v.num_questions}
        onChange={set('num_questions')}
        hint="Scored questions a candidate is served for this atom."
      />
      <TextField
        label="Estimated time (minutes)"
        name="eta_minutes"
        inputMode="numeric"
        value={v.eta_minutes}
        onChange={set('eta_minutes')}
      />
      <fieldset className="atom-thresholds">
        <legend>Level thresholds</legend>
        <p className="sq-field__hint" id="thresholds-hint">
          The skill estimate where each level starts, increasing; L1’s may be -inf.
        </p>
        <div className="atom-thresholds__row">
          {LEVELS.map((level, i) => (
            <TextField
              key={level}
              label={`L${level}`}
              name={`threshold_${level}`}
              inputMode="decimal"
              value={v.levels_thresholds[i] ?? ''}
              onChange={(value) => dispatch({ type: 'setThreshold', index: i, value })}
            />
          ))}
        </div>
      </fieldset>
      <TextField
        label="Supported programming languages"
        name="supported_programming_languages"
        value={v.supported_programming_languages}
        onChange={set('supported_programming_languages')}
        hint="Separated by commas, e.g. python, javascript."
      />
      <div className="sq-field atom-check">
        <label className="atom-check__label">
          <input
            type="checkbox"
            name="effort_aware_scoring"
            checked={v.effort_aware_scoring}
            aria-describedby="effort-aware-hint"
            onChange={(e) => set('effort_aware_scoring')(e.target.checked)}
          />
          <span>Effort-aware scoring</span>
        </label>
        <p className="sq-field__hint" id="effort-aware-hint">
          Answers given much faster than anyone could read the question (rapid guesses, for example when time
          runs out) are set aside when the candidate’s level is computed, so clicking through is not measured
          as weak skill. The report says which answers were set aside. Applies to quizzes that end after it is
          turned on.
        </p>
      </div>
    </section>
  );
}
