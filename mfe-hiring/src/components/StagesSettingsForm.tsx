// The company's pipeline stages on the settings page: rename, add, move and remove stages, then
// save the whole list (one versioned write). Keys never change (filters, the CSV and webhook
// receivers name stages by key), so each row shows its key. A stage candidates are in cannot be
// removed: the form says so at once, and the server refuses it too (409) if it filled meanwhile.
// 'new' stays: every invitation starts there (it may be renamed and moved). Errors are said in an
// alert, saves in a status region; every control is a labelled button or field, usable by keyboard.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FIRST_STAGE, STAGE_LIMITS, type CompanyStages } from '@skillquiz/contracts';
import { useSaveStages, useStages } from '../hooks/useAfterCreate';

interface Row {
  /** Local identity of the row (a new stage has no key until saved). */
  id: string;
  key?: string;
  label: string;
  candidates: number;
}

const rowsOf = (data: CompanyStages): Row[] =>
  data.stages.map((s) => ({ id: s.key, key: s.key, label: s.label, candidates: s.candidates }));

const plural = (n: number) => `${n} candidate${n === 1 ? '' : 's'}`;

export function StagesSettingsForm({ company }: { company: string }) {
  const uid = useId();
  const stages = useStages(company);
  const save = useSaveStages(company);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [seen, setSeen] = useState<number | null>(null);
  const [added, setAdded] = useState('');
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');
  const nextId = useRef(0);
  // A moved row's button keeps the focus; at the top (or bottom) its other move button takes it.
  const focusMove = useRef<{ id: string; dir: 'up' | 'down' } | null>(null);
  useEffect(() => {
    const want = focusMove.current;
    if (!want) return;
    focusMove.current = null;
    const byDir = (d: string) =>
      document.getElementById(`${uid}-${want.id}-${d}`) as HTMLButtonElement | null;
    const same = byDir(want.dir);
    (same && !same.disabled ? same : byDir(want.dir === 'up' ? 'down' : 'up'))?.focus();
  });
  const data = stages.data;
  // The draft starts from what is stored, and again whenever the stored list moved (a save, a reload).
  if (data && seen !== data.version) {
    setSeen(data.version);
    setRows(null);
  }
  if (!data) return null;
  const draft = rows ?? rowsOf(data);
  const change = (next: Row[]) => {
    setRows(next);
    setSaid('');
  };
  const move = (i: number, by: -1 | 1) => {
    const next = draft.slice();
    [next[i], next[i + by]] = [next[i + by], next[i]];
    change(next);
    focusMove.current = { id: draft[i].id, dir: by < 0 ? 'up' : 'down' };
  };
  const remove = (row: Row) => {
    if (row.candidates > 0)
      return setError(
        `${row.label} has ${plural(row.candidates)}: move them to another stage before removing it.`,
      );
    setError('');
    change(draft.filter((r) => r !== row));
  };
  const add = () => {
    const label = added.trim();
    if (!label) return setError('Type the new stage’s name first.');
    if (draft.some((r) => r.label.trim().toLowerCase() === label.toLowerCase()))
      return setError(`There is already a stage called ${label}.`);
    if (draft.length >= STAGE_LIMITS.MAX)
      return setError(`A company has at most ${STAGE_LIMITS.MAX} stages.`);
    setError('');
    setAdded('');
    change([...draft, { id: `new-${nextId.current++}`, label, candidates: 0 }]);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const empty = draft.find((r) => !r.label.trim());
    if (empty) return setError('Every stage needs a name.');
    setError('');
    save.mutate(
      {
        stages: draft.map((r) => (r.key ? { key: r.key, label: r.label.trim() } : { label: r.label.trim() })),
        version: data.version,
      },
      {
        onSuccess: () => setSaid('Stages saved.'),
        // 409: stale (the stored list is reloaded) or a removed stage has candidates; 400: bad input.
        onError: (err) => setError(`Not saved: ${err.message}`),
      },
    );
  };
  const dirty = rows !== null;

  return (
    <form className="hr-card" onSubmit={submit} noValidate aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`}>Pipeline stages</h2>
      <p id={`${uid}-hint`} className="hr-sub">
        The stages a candidate moves through, in order. Renaming a stage keeps its key, which the list’s
        filter, the CSV and webhook events use.
      </p>
      <ol className="hr-stages" aria-describedby={`${uid}-hint`}>
        {draft.map((row, i) => (
          <li key={row.id} className="hr-stages__row">
            <label htmlFor={`${uid}-${row.id}`} className="hr-field__label">
              Stage {i + 1} name
            </label>
            <input
              id={`${uid}-${row.id}`}
              className="hr-input"
              value={row.label}
              maxLength={STAGE_LIMITS.LABEL_MAX}
              aria-describedby={`${uid}-${row.id}-about`}
              onChange={(e) => change(draft.map((r) => (r === row ? { ...r, label: e.target.value } : r)))}
            />
            <span id={`${uid}-${row.id}-about`} className="hr-sub">
              {row.key ? `key ${row.key}` : 'new'} · {plural(row.candidates)}
              {row.key === FIRST_STAGE ? ' · every new candidate starts here' : ''}
            </span>
            <button
              type="button"
              className="sq-button"
              id={`${uid}-${row.id}-up`}
              disabled={i === 0}
              aria-label={`Move ${row.label || `stage ${i + 1}`} up`}
              onClick={() => move(i, -1)}
            >
              Up
            </button>
            <button
              type="button"
              className="sq-button"
              id={`${uid}-${row.id}-down`}
              disabled={i === draft.length - 1}
              aria-label={`Move ${row.label || `stage ${i + 1}`} down`}
              onClick={() => move(i, 1)}
            >
              Down
            </button>
            {row.key !== FIRST_STAGE && (
              <button
                type="button"
                className="sq-button"
                aria-label={`Remove ${row.label || `stage ${i + 1}`}`}
                onClick={() => remove(row)}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ol>
      <div className="hr-field">
        <label htmlFor={`${uid}-add`} className="hr-field__label">
          New stage name
        </label>
        <input
          id={`${uid}-add`}
          className="hr-input"
          value={added}
          maxLength={STAGE_LIMITS.LABEL_MAX}
          onChange={(e) => setAdded(e.target.value)}
          onKeyDown={(e) => {
            // Enter adds the stage rather than saving the whole list.
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="sq-button" onClick={add}>
          Add stage
        </button>
      </div>
      {/* Only while there is something to say: an alert with content, inserted, is announced. */}
      {error && (
        <p className="hr-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="sq-button sq-button--primary" disabled={save.isPending || !dirty}>
        {save.isPending ? 'Saving…' : 'Save stages'}
      </button>{' '}
      {dirty && (
        <button
          type="button"
          className="sq-button"
          onClick={() => {
            setRows(null);
            setError('');
          }}
        >
          Discard changes
        </button>
      )}
      <p role="status" className="hr-said">
        {said}
      </p>
    </form>
  );
}
