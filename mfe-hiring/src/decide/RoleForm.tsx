// A role's form: its name and atoms, each required or optional with an optional bar (L1-L5). Saving
// an edit sends the version it was loaded at; a stale one (409) is said above the form.
import { useId, useState, type FormEvent } from 'react';
import type { HiringAtom, RoleView } from '@skillquiz/contracts';
import { ApiError } from '@skillquiz/http-client';
import { useSaveRole } from './useDecide';

interface Row {
  atom_id: string;
  required: boolean;
  bar: number | null;
}

export function RoleForm(props: {
  company: string;
  atoms: readonly HiringAtom[];
  role?: RoleView;
  /** saved: true after a save, false on cancel. */
  onDone(saved: boolean): void;
}) {
  const id = useId();
  const [name, setName] = useState(props.role?.name ?? '');
  const [rows, setRows] = useState<Row[]>(
    props.role?.atoms.map((a) => ({ atom_id: a.atom_id, required: a.required, bar: a.bar })) ?? [
      { atom_id: props.atoms[0]?.id ?? '', required: true, bar: null },
    ],
  );
  const save = useSaveRole(props.company);
  const [problem, setProblem] = useState('');
  const set = (i: number, patch: Partial<Row>) =>
    setRows((r) => r.map((x, j) => (j === i ? { ...x, ...patch } : x)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem('');
    const body = { name, atoms: rows };
    save.mutate(
      { id: props.role?.id, body: props.role ? { ...body, version: props.role.version } : body },
      {
        onSuccess: () => props.onDone(true),
        onError: (err) => {
          const status = err instanceof ApiError ? err.status : 0;
          setProblem(
            status === 409
              ? `${err.message}. The list now shows the saved role.`
              : status === 400
                ? err.message
                : 'The role could not be saved.',
          );
        },
      },
    );
  };

  return (
    <form className="hr-card" onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{props.role ? `Edit ${props.role.name}` : 'New role'}</h2>
      {problem && (
        <p role="alert" className="hr-error">
          {problem}
        </p>
      )}
      <div className="hr-field">
        <label htmlFor={`${id}-name`}>Role name</label>
        <input
          id={`${id}-name`}
          className="hr-input"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
        />
      </div>
      <fieldset className="hr-fieldset">
        <legend>Atoms</legend>
        {rows.map((r, i) => (
          <div key={i} className="hr-role-atom">
            <label>
              Atom {i + 1}{' '}
              <select value={r.atom_id} onChange={(e) => set(i, { atom_id: e.target.value })}>
                {props.atoms.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </select>
            </label>{' '}
            <label className="hr-check">
              <input
                type="checkbox"
                checked={r.required}
                onChange={(e) => set(i, { required: e.target.checked })}
              />{' '}
              Required
            </label>{' '}
            <label>
              Bar{' '}
              <select
                value={r.bar ?? ''}
                onChange={(e) => set(i, { bar: e.target.value ? Number(e.target.value) : null })}
              >
                <option value="">No bar</option>
                {[1, 2, 3, 4, 5].map((l) => (
                  <option key={l} value={l}>
                    L{l} or higher
                  </option>
                ))}
              </select>
            </label>{' '}
            {rows.length > 1 && (
              <button
                type="button"
                className="sq-button"
                onClick={() => setRows((x) => x.filter((_, j) => j !== i))}
              >
                Remove atom {i + 1}
              </button>
            )}
          </div>
        ))}
        <button
          type="button"
          className="sq-button"
          onClick={() =>
            setRows((x) => [...x, { atom_id: props.atoms[0]?.id ?? '', required: false, bar: null }])
          }
        >
          Add an atom
        </button>
      </fieldset>
      <div className="hr-actions">
        <button type="submit" className="sq-button sq-button--primary" disabled={save.isPending}>
          Save role
        </button>
        <button type="button" className="sq-button" onClick={() => props.onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
