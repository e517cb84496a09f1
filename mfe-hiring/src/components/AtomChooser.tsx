// The invite form's atoms: required ones in the order the candidate takes them (add, move up or
// down, remove, all by keyboard), then optional ones the candidate may take afterwards. Focus stays
// with what the person just acted on: a moved atom keeps its button, a removed one hands focus to
// the 'Add' control.
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import type { HiringAtom } from '@skillquiz/contracts';
import type { InviteAction } from '../model/inviteForm';

export interface AtomChooserProps {
  atoms: readonly HiringAtom[];
  required: readonly string[];
  optional: readonly string[];
  dispatch(action: InviteAction): void;
  /** The problem with the required atoms, if any (shown and tied to the add control). */
  error?: string;
  /** The add control, so the form can move focus here when the required atoms are missing. */
  addRef?: Ref<HTMLSelectElement>;
}

export function AtomChooser({ atoms, required, optional, dispatch, error, addRef }: AtomChooserProps) {
  const id = useId();
  const [toAdd, setToAdd] = useState('');
  const focusAfter = useRef<{ atom: string; by: -1 | 1 } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const name = (slug: string) => atoms.find((a) => a.id === slug)?.name ?? slug;
  const addable = atoms.filter((a) => !required.includes(a.id));
  const chosen = addable.some((a) => a.id === toAdd) ? toAdd : (addable[0]?.id ?? '');

  // After a move the list re-renders in its new order: put focus back on the same button of the
  // moved atom (or its other one, when it reached the end of the list).
  useEffect(() => {
    const moved = focusAfter.current;
    focusAfter.current = null;
    if (!moved || !list.current) return;
    const item = [...list.current.children].find(
      (li): li is HTMLElement => li instanceof HTMLElement && li.dataset.atom === moved.atom,
    );
    const wanted = item?.querySelector<HTMLButtonElement>(`[data-move="${moved.by}"]:not(:disabled)`);
    (wanted ?? item?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'))?.focus();
  }, [required]);

  const addSelect = `${id}-add`;
  const errorId = `${id}-error`;
  return (
    <div className="hr-atoms-chooser">
      <fieldset className="hr-fieldset">
        <legend className="hr-field__label">Required atoms, in the order they are taken</legend>
        {required.length === 0 ? (
          <p className="hr-sub">None yet: add at least one.</p>
        ) : (
          <ol className="hr-required" ref={list}>
            {required.map((slug, i) => (
              <li key={slug} data-atom={slug} className="hr-required__item">
                <span className="hr-required__name">
                  {i + 1}. {name(slug)}
                </span>
                <button
                  type="button"
                  className="sq-button hr-small"
                  data-move={-1}
                  disabled={i === 0}
                  aria-label={`Move ${name(slug)} up`}
                  onClick={() => {
                    dispatch({ type: 'moveRequired', atom: slug, by: -1 });
                    focusAfter.current = { atom: slug, by: -1 };
                  }}
                >
                  ↑ Up
                </button>
                <button
                  type="button"
                  className="sq-button hr-small"
                  data-move={1}
                  disabled={i === required.length - 1}
                  aria-label={`Move ${name(slug)} down`}
                  onClick={() => {
                    dispatch({ type: 'moveRequired', atom: slug, by: 1 });
                    focusAfter.current = { atom: slug, by: 1 };
                  }}
                >
                  ↓ Down
                </button>
                <button
                  type="button"
                  className="sq-button sq-button--danger hr-small"
                  aria-label={`Remove ${name(slug)}`}
                  onClick={() => {
                    dispatch({ type: 'removeRequired', atom: slug });
                    document.getElementById(addSelect)?.focus();
                  }}
                >
                  Remove
                </button>
              </li>
            ))}
          </ol>
        )}
        <div className="hr-add">
          <div className="hr-field">
            <label htmlFor={addSelect} className="hr-field__label hr-field__label--plain">
              Add a required atom
            </label>
            <select
              id={addSelect}
              ref={addRef}
              className="hr-input"
              value={chosen}
              disabled={addable.length === 0}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => setToAdd(e.target.value)}
            >
              {addable.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                  {a.beta ? ' (Beta)' : ''}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="sq-button"
            disabled={!chosen}
            onClick={() => dispatch({ type: 'addRequired', atom: chosen })}
          >
            Add required atom
          </button>
        </div>
        {error && (
          <p id={errorId} className="hr-error">
            {error}
          </p>
        )}
      </fieldset>

      <fieldset className="hr-fieldset">
        <legend className="hr-field__label">Optional atoms, which the candidate may take afterwards</legend>
        {addable.length === 0 ? (
          <p className="hr-sub">Every atom is required.</p>
        ) : (
          <ul className="hr-optional">
            {addable.map((a) => (
              <li key={a.id}>
                <label className="hr-check">
                  <input
                    type="checkbox"
                    checked={optional.includes(a.id)}
                    onChange={(e) => dispatch({ type: 'toggleOptional', atom: a.id, on: e.target.checked })}
                  />
                  {a.name}
                  {a.beta ? ' (Beta)' : ''}
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
    </div>
  );
}
