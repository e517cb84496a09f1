// The History tab: every saved change of the question (HistoryList of admin-ui: newest
// first, version, when, who, what made it and what changed, field by field). Restoring
// an older version makes a new version with that content (nothing is lost); it sends the version the
// page shows, so if someone changed the question meanwhile the server's 409 says so and nothing changes.
import { HistoryList } from '@skillquiz/admin-ui';
import type { Question } from '@skillquiz/contracts';
import { useQuestionHistory, useRevert } from '../hooks/useReview';

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
      <HistoryList
        entries={entries}
        currentVersion={history.data?.current_version}
        restoreDisabled={dirty || revert.isPending || version === undefined}
        onRestore={(toVersion) => {
          revert.reset();
          revert.mutate({ toVersion, version: version! }, { onSuccess: (data) => onReverted(data.question) });
        }}
      />
    </div>
  );
}
