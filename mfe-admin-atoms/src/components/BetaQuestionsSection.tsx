// SPEC §2 beta-questions page: the ordered beta questions (number, ID, preview, actions), moved by
// swapping neighbours or removed, and a box that appends a question id. Focus follows the row a
// button moved, and returns to the box after an add, so keyboard users keep their place.
import { useEffect, useRef, useState, type Dispatch, type KeyboardEvent } from 'react';
import { DataTable, type Column } from '@skillquiz/admin-ui';
import { canMoveDown, canMoveUp, parseQuestionId, type AtomFormAction } from '../hooks/atomForm';
import { useQuestionPreviews } from '../hooks/useQuestionPreviews';
import { QuestionPreview } from './QuestionPreview';

interface Row {
  id: number;
  index: number;
}

/** Which button should have focus after the next render (a button that moved with its row). */
type FocusTarget = { id: number; action: 'up' | 'down' | 'remove' } | null;

export function BetaQuestionsSection({
  ordering,
  dispatch,
}: {
  ordering: readonly number[];
  dispatch: Dispatch<AtomFormAction>;
}) {
  const previews = useQuestionPreviews(ordering);
  const [idText, setIdText] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const input = useRef<HTMLInputElement>(null);
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
    (button && !button.disabled ? button : (fallback ?? input.current))?.focus();
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
    else input.current?.focus();
  };
  const add = () => {
    const id = parseQuestionId(idText, ordering);
    if (id === null) {
      // SPEC §2: an empty box adds nothing. A listed id or one that is not a number adds nothing either.
      if (idText.trim() !== '') setAnnouncement(`${idText.trim()} was not added.`);
      return;
    }
    dispatch({ type: 'addBeta', text: idText });
    setIdText('');
    setAnnouncement(`Question ${id} added at position ${ordering.length + 1}.`);
    input.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault(); // Enter adds the id; it must not submit (save) the whole form
    add();
  };

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
      <div className="beta-add">
        <label htmlFor="beta-question-id">Question ID</label>
        <input
          id="beta-question-id"
          ref={input}
          className="sq-field__input"
          type="text"
          inputMode="numeric"
          value={idText}
          onChange={(e) => setIdText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="sq-button" onClick={add}>
          Add
        </button>
      </div>
      <div className="sq-sr-only" role="status" aria-atomic="true">
        {announcement}
      </div>
    </section>
  );
}
