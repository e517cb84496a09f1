// Importing questions at /admin/questions/import, reached from the list. Choose a file
// (JSON, CSV, or QTI 2.2 as a zip package or one item's XML), see every item with its problems
// before anything is written (the preview stores nothing but the staged file), confirm each update
// of an existing question explicitly, then commit and read what was written. Nothing can be
// committed while any item is invalid: the button is disabled and says why.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { DataTable, type Column } from '@skillquiz/admin-ui';
import type { ImportPreviewItem, ImportPreviewResponse } from '@skillquiz/contracts';
import {
  commitBlocker,
  commitLabel,
  confirmPayload,
  outcomeText,
  previewRows,
  previewSummary,
  resultSummary,
  updateUids,
} from '../model/importPlan';
import { useImportCommit, useImportPreview } from '../hooks/useContentIo';

/** Rows shown at most (10,000 items would make a page nobody reads); what needs acting on comes first. */
const ROW_LIMIT = 200;

const ACTION_LABELS: Record<ImportPreviewItem['action'], string> = {
  create: 'New',
  update: 'Update',
  unchanged: 'Unchanged',
  invalid: 'Invalid',
};

export function ImportPage() {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const preview = useImportPreview();
  const commit = useImportCommit();
  const [confirmed, setConfirmed] = useState<ReadonlySet<string>>(new Set());
  const resultHeading = useRef<HTMLHeadingElement>(null);

  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    commit.reset();
    setConfirmed(new Set());
    preview.mutate(file);
  };
  useEffect(() => {
    if (commit.isSuccess) resultHeading.current?.focus();
  }, [commit.isSuccess]);

  const data = commit.isSuccess ? undefined : preview.data;
  return (
    <section className="qa-page" aria-labelledby="import-heading">
      <nav aria-label="Breadcrumb" className="qa-breadcrumb">
        <Link to="..">Questions</Link>
      </nav>
      <h1 id="import-heading">Import questions</h1>
      <form className="qa-import-form" onSubmit={onPreview}>
        <div className="sq-field">
          <label className="sq-field__label" htmlFor={fileId}>
            File to import
          </label>
          <p className="sq-field__hint" id={`${fileId}-hint`}>
            JSON (as exported here), CSV, or QTI 2.2: a zip package or one item’s XML. The preview checks
            every item and writes nothing.
          </p>
          <input
            id={fileId}
            type="file"
            accept=".json,.csv,.zip,.xml,application/json,text/csv,application/zip,text/xml"
            aria-describedby={`${fileId}-hint`}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <button type="submit" className="sq-button sq-button--primary" disabled={!file || preview.isPending}>
          {preview.isPending ? 'Checking…' : 'Preview'}
        </button>
      </form>
      {preview.isError && (
        <p role="alert" className="qa-error">
          The file could not be checked: {preview.error.message}
        </p>
      )}

      {data && (
        <PreviewSection
          key={data.import_id}
          preview={data}
          filename={file?.name ?? ''}
          confirmed={confirmed}
          setConfirmed={setConfirmed}
          committing={commit.isPending}
          onCommit={() =>
            commit.mutate({ importId: data.import_id, confirm: confirmPayload(data, confirmed) })
          }
        />
      )}
      {commit.isError && (
        <p role="alert" className="qa-error">
          Nothing was imported: {commit.error.message}
        </p>
      )}

      {commit.isSuccess && (
        <section aria-labelledby="import-result-heading" className="qa-import-result">
          <h2 id="import-result-heading" tabIndex={-1} ref={resultHeading}>
            Import done
          </h2>
          <p role="status">{resultSummary(commit.data)}</p>
          <p>
            <Link to="../?status=draft&includeNonAdministered=true">Show the drafts to review</Link>
          </p>
        </section>
      )}
    </section>
  );
}

function PreviewSection({
  preview,
  filename,
  confirmed,
  setConfirmed,
  committing,
  onCommit,
}: {
  preview: ImportPreviewResponse;
  filename: string;
  confirmed: ReadonlySet<string>;
  setConfirmed(next: ReadonlySet<string>): void;
  committing: boolean;
  onCommit(): void;
}) {
  const blockerId = useId();
  // A new preview (this section is keyed by its import id) takes focus, so its summary is read next.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { rows, hidden } = previewRows(preview.items, ROW_LIMIT);
  const updates = updateUids(preview);
  const blocker = commitBlocker(preview, confirmed);
  const unconfirmed = updates.filter((u) => !confirmed.has(u)).length;
  const toggle = (uid: string, on: boolean) => {
    const next = new Set(confirmed);
    if (on) next.add(uid);
    else next.delete(uid);
    setConfirmed(next);
  };

  const columns: Column<ImportPreviewItem>[] = [
    { key: 'source', header: 'Item', cell: (i) => i.source },
    { key: 'label', header: 'Question', className: 'qa-import-label', cell: (i) => i.label || '(no text)' },
    {
      key: 'action',
      header: 'Action',
      cell: (i) => (
        <>
          <span className={`qa-import-action qa-import-action--${i.action}`}>{ACTION_LABELS[i.action]}</span>
          {i.question_id !== null && (
            <>
              {' '}
              of <Link to={`../edit/${i.question_id}/`}>question {i.question_id}</Link>
            </>
          )}
          {i.changes.length > 0 && <div className="qa-sub">Changes: {i.changes.join(', ')}</div>}
          <div className={`qa-import-outcome qa-import-outcome--${i.outcome}`}>{outcomeText(i)}</div>
        </>
      ),
    },
    {
      key: 'problems',
      header: 'Problems',
      cell: (i) =>
        i.errors.length + i.warnings.length + i.not_ready.length === 0 ? (
          'None'
        ) : (
          <ul className="qa-import-problems">
            {i.errors.map((p, n) => (
              <li key={`e${n}`} className="qa-import-error">
                {p.path ? `${p.path}: ` : ''}
                {p.message}
              </li>
            ))}
            {i.not_ready.map((p, n) => (
              <li key={`r${n}`} className="qa-import-not-ready">
                Not ready: {p.path ? `${p.path}: ` : ''}
                {p.message}
              </li>
            ))}
            {i.warnings.map((p, n) => (
              <li key={`w${n}`}>
                Warning: {p.path ? `${p.path}: ` : ''}
                {p.message}
              </li>
            ))}
          </ul>
        ),
    },
    {
      key: 'confirm',
      header: 'Confirm',
      cell: (i) =>
        i.action === 'update' && i.uid ? (
          <label className="qa-filter--check">
            <input
              type="checkbox"
              checked={confirmed.has(i.uid)}
              onChange={(e) => toggle(i.uid!, e.target.checked)}
            />
            <span>Overwrite question {i.question_id}</span>
          </label>
        ) : (
          ''
        ),
    },
  ];

  return (
    <section aria-labelledby="import-preview-heading" className="qa-import-preview">
      <h2 id="import-preview-heading" tabIndex={-1} ref={heading}>
        Preview{filename ? ` of ${filename}` : ''} ({preview.format.toUpperCase()})
      </h2>
      <p role="status">{previewSummary(preview)}</p>
      {preview.file_errors.length > 0 && (
        <div role="alert" className="qa-error">
          <p>The file has problems:</p>
          <ul>
            {preview.file_errors.map((p, n) => (
              <li key={n}>
                {p.path ? `${p.path}: ` : ''}
                {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {preview.atoms.create.length > 0 && <p>New atoms to create: {preview.atoms.create.join(', ')}.</p>}
      {rows.length > 0 && (
        <DataTable caption="Items in the file" columns={columns} rows={rows} rowKey={(i) => i.index} />
      )}
      {hidden > 0 && (
        <p className="qa-sub">
          {hidden} more {hidden === 1 ? 'item is' : 'items are'} not shown: new or unchanged, listed after
          those above.
        </p>
      )}
      <div className="qa-import-actions">
        {updates.length > 0 && (
          <button
            type="button"
            className="sq-button"
            onClick={() => setConfirmed(unconfirmed ? new Set(updates) : new Set())}
          >
            {unconfirmed ? `Confirm all ${updates.length} updates` : 'Confirm no update'}
          </button>
        )}
        <button
          type="button"
          className="sq-button sq-button--primary"
          disabled={blocker !== null || committing}
          aria-describedby={blocker ? blockerId : undefined}
          onClick={onCommit}
        >
          {committing ? 'Importing…' : commitLabel(preview, confirmed)}
        </button>
      </div>
      {blocker && (
        <p id={blockerId} className="qa-import-blocker">
          {blocker}
        </p>
      )}
      {!blocker && unconfirmed > 0 && (
        <p className="qa-sub">
          {unconfirmed} {unconfirmed === 1 ? 'update is' : 'updates are'} not confirmed and will be skipped.
        </p>
      )}
    </section>
  );
}
