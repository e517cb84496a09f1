// A saved thing's history, shared by the question's History tab and the atom's History
// page: every recorded change, newest first, with its version, what made it (edit, status, revert,
// import, ...), who and when, and what changed field by field (old struck through, new after, long
// values cut at 120 characters). Older versions with a snapshot get "Restore version N"; the caller
// does the restore (it makes a new version; nothing is lost).
import type { FieldChange, HistoryEntry } from '@skillquiz/contracts';

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
  'atom-delete': 'deleted',
};

export interface HistoryListProps {
  entries: readonly HistoryEntry[];
  currentVersion: number | undefined;
  /** Restore buttons are shown but disabled (unsaved edits, a restore under way). */
  restoreDisabled: boolean;
  onRestore(toVersion: number): void;
}

export function HistoryList({ entries, currentVersion, restoreDisabled, onRestore }: HistoryListProps) {
  return (
    <ol className="sq-history">
      {entries.map((e, i) => (
        <li key={`${e.version ?? 'x'}-${i}`} className="sq-history__entry">
          <h3 className="sq-history__title">
            {e.version === null ? 'Earlier change' : `Version ${e.version}`}
            {e.version === currentVersion && <span className="sq-badge">Current</span>}
          </h3>
          <p className="sq-field__hint">
            {describe(e)} by {e.actor}, <time dateTime={e.at}>{new Date(e.at).toLocaleString()}</time>
          </p>
          <ChangeList changes={e.changes} created={e.action === 'create'} />
          {e.restorable && e.version !== null && e.version !== currentVersion && (
            <button
              type="button"
              className="sq-button"
              disabled={restoreDisabled}
              onClick={() => onRestore(e.version!)}
            >
              Restore version {e.version}
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}

function describe(e: HistoryEntry): string {
  // A created record is listed as created whatever recorded it (a save, an import).
  let what = e.action === 'create' && e.via !== 'import' ? 'created' : (VIA_LABELS[e.via] ?? e.via);
  if (e.via === 'revert' && typeof e.detail?.reverted_to === 'number')
    what += ` version ${e.detail.reverted_to}`;
  return what.charAt(0).toUpperCase() + what.slice(1);
}

/** What changed, field by field: old value struck through, new value after it (a creation: the values). */
function ChangeList({ changes, created }: { changes: FieldChange[]; created: boolean }) {
  if (changes.length === 0) return null;
  return (
    <ul className="sq-history__changes">
      {changes.map((c) => (
        <li key={c.field}>
          <span className="sq-history__field">{c.field}</span>:{' '}
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
