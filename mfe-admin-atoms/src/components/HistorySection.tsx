// The atom's History page: every saved change of the atom (HistoryList of admin-ui:
// newest first, version, who, when, what changed). Restoring a version makes a new version with that
// content; it sends the version the form loaded, so a stale page gets the server's 409 in words and
// nothing changes. It waits for unsaved edits (a restore would replace them).
import { HistoryList } from '@skillquiz/admin-ui';
import type { Atom } from '@skillquiz/contracts';
import { useAtomHistory, useRevertAtom } from '../hooks/useAtoms';

export function HistorySection({
  id,
  isNew,
  version,
  dirty,
  onReverted,
}: {
  id: string;
  isNew: boolean;
  version: number | undefined;
  dirty: boolean;
  onReverted(atom: Atom & { version?: number }): void;
}) {
  const history = useAtomHistory(id, !isNew);
  const revert = useRevertAtom(id);
  if (isNew)
    return (
      <section aria-labelledby="atom-page-heading">
        <h2 id="atom-page-heading">History</h2>
        <p>A new atom has no history yet.</p>
      </section>
    );
  return (
    <section aria-labelledby="atom-page-heading">
      <h2 id="atom-page-heading">History</h2>
      {history.isError && (
        <p role="alert" className="atoms-alert">
          The history could not be loaded: {history.error.message}
        </p>
      )}
      {!history.data && !history.isError && <p role="status">Loading the history…</p>}
      {dirty && <p>Save or discard your edits before restoring a version.</p>}
      {revert.isError && (
        <p role="alert" className="atoms-alert">
          Not restored: {revert.error.message}
        </p>
      )}
      <p role="status" aria-live="polite">
        {revert.isSuccess
          ? `Version ${revert.variables.toVersion} restored as version ${revert.data.atom.version}.` +
            (revert.data.left_out.length ? ` Left out: ${revert.data.left_out.join(', ')}.` : '')
          : ''}
      </p>
      {history.data && history.data.entries.length === 0 && <p>No recorded changes.</p>}
      <HistoryList
        entries={history.data?.entries ?? []}
        currentVersion={history.data?.current_version}
        restoreDisabled={dirty || revert.isPending || version === undefined}
        onRestore={(toVersion) => {
          revert.reset();
          revert.mutate({ toVersion, version: version! }, { onSuccess: (data) => onReverted(data.atom) });
        }}
      />
    </section>
  );
}
