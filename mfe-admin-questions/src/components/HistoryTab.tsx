// The History tab (issue 22): every saved change of the question, newest first: its version, when,
// who, what made it (edit, status, revert, import, ...) and what changed, field by field. Restoring
// an older version makes a new version with that content (nothing is lost); it sends the version the
// page shows, so if someone changed the question meanwhile the server's 409 says so and nothing changes.
import type { FieldChange, HistoryEntry, Question } from '@skillquiz/contracts';
import { useQuestionHistory, useRevert } from '../hooks/useReview';

const VIA_LABELS: Record<string, string> = {
  edit: 'edited',
  create: 'created',
  status: 'review status changed',
  revert: 'restored',
  import: 'imported',
  calibration: 'calibration applied',
  graduation: 'graduated',
  attach: 'attached to an atom',
  detach: 'detached from an atom',
  variation: 'variation link changed',
};

export function HistoryTab({
  id,
  version,
  dirty,
  onReverted,
}: {
  id: number;
  /** The version the page shows (sent with a revert). */
  version: number | undefined;
  dirty: boolean;
  onReverted(question: Question): void;
}) {
  const history = useQuestionHistory(id);
  const revert = useRevert(id);
  const entries = history.data?.entries ?? [];
  return (
    <div className="qa-tab">
      <h2 className="qa-tab__title">History</h2>
      {history.isError && (
        <p role="alert" className="qa-error">
          The history could not be loaded: {history.error.message}
        </p>
      )}
      {!history.data && !history.isError && <p role="status">Loading the history…</p>}
      {dirty && <p className="qa-sub">Save or discard your edits before restoring a version.</p>}
      {revert.isError && (
        <div role="alert" className="qa-error">
          <p>Not restored: {revert.error.message}</p>
        </div>
      )}
      <p role="status" aria-live="polite" className="qa-sub">
        {revert.isSuccess
          ? `Version ${revert.variables.toVersion} restored as version ${revert.data.question.version}.` +
            (revert.data.left_out.length ? ` Left out: ${revert.data.left_out.join(', ')}.` : '')
          : ''}
      </p>
      {history.data && entries.length === 0 && <p className="qa-sub">No recorded changes.</p>}
      <ol className="qa-history">
        {entries.map((e, i) => (
          <li key={`${e.version ?? 'x'}-${i}`} className="qa-history__entry">
            <h3 className="qa-history__title">
              {e.version === null ? 'Earlier change' : `Version ${e.version}`}
              {e.version === history.data?.current_version && <span className="sq-badge">Current</span>}
            </h3>
            <p className="qa-sub">
              {describe(e)} by {e.actor}, <time dateTime={e.at}>{new Date(e.at).toLocaleString()}</time>
            </p>
            <ChangeList changes={e.changes} created={e.action === 'create'} />
            {e.restorable && e.version !== null && e.version !== history.data?.current_version && (
              <button
                type="button"
                className="sq-button"
                disabled={dirty || revert.isPending || version === undefined}
                onClick={() => {
                  revert.reset();
                  revert.mutate(
                    { toVersion: e.version!, version: version! },
                    { onSuccess: (data) => onReverted(data.question) },
                  );
                }}
              >
                Restore version {e.version}
              </button>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

function describe(e: HistoryEntry): string {
  // A created question is listed as created whatever recorded it (a save, an import).
  let what = e.action === 'create' && e.via !== 'import' ? 'created' : (VIA_LABELS[e.via] ?? e.via);
  if (e.via === 'revert' && typeof e.detail?.reverted_to === 'number')
    what += ` version ${e.detail.reverted_to}`;
  return what.charAt(0).toUpperCase() + what.slice(1);
}

/** What changed, field by field: old value struck through, new value after it (a creation: the values). */
function ChangeList({ changes, created }: { changes: FieldChange[]; created: boolean }) {
  if (changes.length === 0) return null;
  return (
    <ul className="qa-history__changes">
      {changes.map((c) => (
        <li key={c.field}>
          <span className="qa-history__field">{c.field}</span>:{' '}
          {created ? (
            shown(c.to)
          ) : (
            <>
              <del>{shown(c.from)}</del> → <ins>{shown(c.to)}</ins>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A value in a line: text as it is, anything else as JSON, cut at 120 characters. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}
