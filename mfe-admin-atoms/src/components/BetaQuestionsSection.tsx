// SPEC §2 beta-questions page: the ordered beta questions (number, ID, preview, actions), moved by
// swapping neighbours or removed; SPEC's text box for a question ID with an Add button (appends it
// as an integer; an empty box adds nothing); and beside it, as an aid, a search-as-you-type picker
// that offers only this atom's beta candidates (its questions that are not administered), each with
// its atoms and language. The server refuses anything else on save with a 400 naming the ids, which
// this page shows in words.
// Focus follows the row a button moved, and stays in the picker after an add, so keyboard users keep
// their place.
import { useEffect, useId, useRef, useState, type Dispatch, type SyntheticEvent } from 'react';
import { DataTable, QuestionPicker, type Column } from '@skillquiz/admin-ui';
import type { QuestionExcerpt } from '@skillquiz/contracts';
import { useAtomsApi } from '../api/context';
import { canMoveDown, canMoveUp, parseQuestionId, type AtomFormAction } from '../model/atomForm';
import { useQuestionPreviews } from '../hooks/useQuestionPreviews';
import { QuestionPreview } from './QuestionPreview';
import { RichLine } from '@skillquiz/question-view';
import { STATUS_LABELS } from './statusLabels';

/** The ID box (focus goes back there when the table empties). */
const pickerBox = () => document.querySelector<HTMLInputElement>('.beta-add input[name="beta_question_id"]');

interface Row {
  id: number;
  index: number;
}

/** Which button should have focus after the next render (a button that moved with its row). */
type FocusTarget = { id: number; action: 'up' | 'down' | 'remove' } | null;

type Candidate = QuestionExcerpt & { label: string; detail: string };

export function BetaQuestionsSection({
  atomId,
  ordering,
  dispatch,
  saveError,
}: {
  /** The atom's slug; null for a new atom (it has no questions yet, so the picker offers none). */
  atomId: string | null;
  ordering: readonly number[];
  dispatch: Dispatch<AtomFormAction>;
  /** The last save's refusal, when it was about the beta ordering (the server's 400 names the ids). */
  saveError?: string;
}) {
  const api = useAtomsApi();
  const previews = useQuestionPreviews(ordering);
  const [announcement, setAnnouncement] = useState('');
  const table = useRef<HTMLDivElement>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null);

  useEffect(() => {
    if (!focusTarget || !table.current) return;
    const selector = `[data-question="${focusTarget.id}"][data-action="${focusTarget.action}"]`;
    const button = table.current.querySelector<HTMLButtonElement>(selector);
    // A button that can no longer act (the row reached an end) hands focus to its neighbour.
    const fallback = table.current.querySelector<HTMLButtonElement>(
      `[data-question="${focusTarget.id}"]:not(:disabled)`,
    );
    (button && !button.disabled ? button : (fallback ?? pickerBox()))?.focus();
    setFocusTarget(null);
  }, [focusTarget, ordering]);

  const move = (row: Row, by: -1 | 1) => {
    dispatch({ type: 'moveBeta', index: row.index, by });
    setAnnouncement(`Question ${row.id} moved to position ${row.index + 1 + by}.`);
    setFocusTarget({ id: row.id, action: by === -1 ? 'up' : 'down' });
  };
  const remove = (row: Row) => {
    dispatch({ type: 'removeBeta', index: row.index });
    setAnnouncement(`Question ${row.id} removed.`);
    const next = ordering[row.index + 1] ?? ordering[row.index - 1];
    if (next !== undefined) setFocusTarget({ id: next, action: 'remove' });
    else pickerBox()?.focus();
  };
  const add = (candidate: Candidate) => {
    dispatch({ type: 'addBeta', text: String(candidate.id) });
    setAnnouncement(`Question ${candidate.id} added at position ${ordering.length + 1}.`);
  };
  const [idText, setIdText] = useState('');
  const addById = (e: SyntheticEvent) => {
    e.preventDefault();
    // SPEC §5: an empty box adds nothing; an added id is stored as an integer.
    // SPEC §5 shows no client-side validation message: anything else adds nothing, silently (the
    // server names a wrong id on save).
    const id = parseQuestionId(idText, ordering);
    if (id === null) return;
    dispatch({ type: 'addBeta', text: idText });
    setAnnouncement(`Question ${id} added at position ${ordering.length + 1}.`);
    setIdText('');
  };
  const idBox = useId();
  const pickerHint = useId();

  const columns: Column<Row>[] = [
    { key: 'number', header: 'Number', cell: (row) => row.index + 1 },
    { key: 'id', header: 'ID', cell: (row) => row.id },
    {
      key: 'preview',
      header: 'Preview',
      className: 'beta-preview',
      cell: (row) => <QuestionPreview question={previews[row.id]} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => (
        <div className="atoms-actions">
          <button
            type="button"
            className="sq-button"
            data-question={row.id}
            data-action="up"
            disabled={!canMoveUp(row.index)}
            aria-label={`Move question ${row.id} up`}
            onClick={() => move(row, -1)}
          >
            Up
          </button>
          <button
            type="button"
            className="sq-button"
            data-question={row.id}
            data-action="down"
            disabled={!canMoveDown(row.index, ordering.length)}
            aria-label={`Move question ${row.id} down`}
            onClick={() => move(row, 1)}
          >
            Down
          </button>
          <button
            type="button"
            className="sq-button sq-button--danger"
            data-question={row.id}
            data-action="remove"
            aria-label={`Remove question ${row.id}`}
            onClick={() => remove(row)}
          >
            Remove
          </button>
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="atom-page-heading">
      <h2 id="atom-page-heading">Beta questions</h2>
      <p>Served unscored, in this order, to calibrate new questions. The order is saved with the atom.</p>
      <div ref={table}>
        {ordering.length === 0 ? (
          <p>No beta questions yet.</p>
        ) : (
          <DataTable
            caption="Beta questions in serving order"
            columns={columns}
            rows={ordering.map((id, index) => ({ id, index }))}
            rowKey={(row) => row.id}
          />
        )}
      </div>
      {saveError && (
        <p className="atoms-alert" role="alert">
          The beta questions were not saved: {saveError}
        </p>
      )}
      {/* Inside the atom's form: a group, not a nested form; Enter in the box adds, as Add does. */}
      <div className="beta-add beta-add--id" role="group" aria-label="Add a beta question by ID">
        <div className="sq-field">
          <label className="sq-field__label" htmlFor={`${idBox}-input`}>
            Question ID
          </label>
          <input
            id={`${idBox}-input`}
            name="beta_question_id"
            className="sq-field__input"
            type="text"
            inputMode="numeric"
            value={idText}
            aria-describedby={`${idBox}-hint`}
            onChange={(e) => setIdText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') addById(e);
            }}
          />
          <p className="sq-field__hint" id={`${idBox}-hint`}>
            A question of this atom that is not administered. It is added at the end of the list.
          </p>
        </div>
        <button type="button" className="sq-button" onClick={addById}>
          Add
        </button>
      </div>
      <div className="beta-add">
        <p className="sq-field__hint" id={pickerHint}>
          Or find one: only this atom’s questions that are not administered are offered, each with its atoms
          and language.
        </p>
        <QuestionPicker<Candidate>
          label="Add a beta question"
          hint="Search by text or ID."
          queryKey={`beta-candidates-${atomId ?? 'new'}`}
          noneText={
            atomId
              ? 'No beta candidate matches among this atom’s questions (administered questions are not offered).'
              : 'A new atom has no questions yet: save it and attach questions first.'
          }
          exclude={ordering}
          search={async (text, signal) =>
            atomId
              ? (await api.betaCandidates(text, atomId, signal)).candidates.map((c) => ({
                  ...c,
                  label: c.excerpt,
                  detail: [
                    STATUS_LABELS[c.status],
                    `atoms: ${c.all_atoms.join(', ') || 'none'}`,
                    `language: ${c.language ?? 'not set'}`,
                  ].join(' · '),
                }))
              : []
          }
          render={(c) => (
            <>
              <span className="sq-picker__id">#{c.id}</span> <RichLine text={c.excerpt} />
              <span className="sq-picker__detail"> · {c.detail}</span>
            </>
          )}
          onPick={add}
        />
      </div>
      <div className="sq-sr-only" role="status" aria-atomic="true">
        {announcement}
      </div>
    </section>
  );
}
