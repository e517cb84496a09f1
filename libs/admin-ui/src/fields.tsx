// Labelled form fields for the admin forms: every control has a visible <label>, and a hint is
// tied to its control with aria-describedby so screen readers read it with the label.
import { useId, type ReactNode } from 'react';
import { CONSTANTS } from '@skillquiz/contracts/constants';

interface FieldFrameProps {
  label: string;
  hint?: ReactNode;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}

function FieldFrame({ label, hint, children }: FieldFrameProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="sq-field">
      <label className="sq-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy: hintId })}
      {hint && (
        <p className="sq-field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: ReactNode;
  readOnly?: boolean;
  name?: string;
  inputMode?: 'text' | 'numeric' | 'decimal';
  placeholder?: string;
}

export function TextField({
  label,
  value,
  onChange,
  hint,
  readOnly,
  name,
  inputMode,
  placeholder,
}: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint}>
      {({ id, describedBy }) => (
        <input
          id={id}
          name={name}
          className="sq-field__input"
          type="text"
          value={value}
          readOnly={readOnly}
          inputMode={inputMode}
          placeholder={placeholder}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FieldFrame>
  );
}

/** Rows grow with the text's lines, never fewer than SPEC §9's minimum of 5. */
export function textAreaRows(value: string): number {
  return Math.max(CONSTANTS.MIN_TEXTAREA_ROWS, value.split('\n').length);
}

export interface TextAreaFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: ReactNode;
  name?: string;
}

export function TextAreaField({ label, value, onChange, hint, name }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} hint={hint}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          name={name}
          className="sq-field__input sq-field__textarea"
          value={value}
          rows={textAreaRows(value)}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FieldFrame>
  );
}

export interface SelectFieldProps<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
  hint?: ReactNode;
  name?: string;
}

export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  hint,
  name,
}: SelectFieldProps<T>) {
  return (
    <FieldFrame label={label} hint={hint}>
      {({ id, describedBy }) => (
        <select
          id={id}
          name={name}
          className="sq-field__input"
          value={value}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value as T)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
