// Every webhook delivery attempt of the company, newest first, 50 a page (the server's): when, which
// event, which try, the receiver's HTTP status, delivered or not (in words, not by colour alone),
// the error, and how long it took. Test events are marked. Paging is by buttons (the page number is
// this table's own state, not the page's URL).
import { useState } from 'react';
import { DataTable, type Column } from '@skillquiz/admin-ui';
import type { WebhookAttempt } from '@skillquiz/contracts';
import { pageCount } from '../model/listQuery';
import { useWebhookAttempts } from '../hooks/useHiring';

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

function Result({ attempt }: { attempt: WebhookAttempt }) {
  return attempt.ok ? (
    <span className="hr-status hr-status--finished">Delivered</span>
  ) : (
    <span className="hr-status hr-status--revoked">Failed</span>
  );
}

const COLUMNS: Column<WebhookAttempt>[] = [
  { key: 'at', header: 'Time', className: 'hr-col-date', cell: (a) => formatTime(a.at) },
  {
    key: 'event',
    header: 'Event',
    cell: (a) => (
      <>
        {a.event_type}
        {a.test && <span className="hr-sub"> (test)</span>}
        <div className="hr-sub hr-attempts__id">{a.event_id}</div>
      </>
    ),
  },
  { key: 'try', header: 'Try', cell: (a) => a.attempt },
  { key: 'result', header: 'Result', cell: (a) => <Result attempt={a} /> },
  { key: 'status', header: 'HTTP status', cell: (a) => a.status ?? 'none' },
  { key: 'error', header: 'Error', className: 'hr-attempts__error', cell: (a) => a.error ?? '' },
  { key: 'duration', header: 'Duration', className: 'hr-col-date', cell: (a) => `${a.duration_ms} ms` },
];

export function WebhookAttempts({ company }: { company: string }) {
  const [page, setPage] = useState(1);
  const attempts = useWebhookAttempts(company, page);
  const data = attempts.data;
  const pages = data ? pageCount(data.total, data.page_size) : 1;

  let status: string;
  if (attempts.isError && !data) status = 'The delivery attempts could not be loaded.';
  else if (!data || attempts.isPlaceholderData) status = 'Loading delivery attempts…';
  else if (data.total === 0) status = 'No delivery attempts yet.';
  else
    status = `${data.total} ${data.total === 1 ? 'attempt' : 'attempts'}, newest first${pages > 1 ? `, page ${data.page} of ${pages}` : ''}.`;

  return (
    <section className="hr-card" aria-labelledby="hr-attempts-heading">
      <div className="hr-header">
        <h2 id="hr-attempts-heading">Delivery attempts</h2>
        <button
          type="button"
          className="sq-button"
          onClick={() => void attempts.refetch()}
          disabled={attempts.isFetching}
        >
          {attempts.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <p className="hr-list-status" role="status" aria-live="polite">
        {status}
      </p>
      {data && data.items.length > 0 && (
        <div className={attempts.isPlaceholderData ? 'hr-results--stale' : undefined}>
          <DataTable
            caption="Webhook delivery attempts"
            className="hr-attempts"
            columns={COLUMNS}
            rows={data.items}
            rowKey={(a) => a.id}
          />
        </div>
      )}
      {pages > 1 && (
        <nav className="hr-pager" aria-label="Attempt pages">
          <button type="button" className="sq-button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer attempts
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="sq-button"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Older attempts
          </button>
        </nav>
      )}
    </section>
  );
}
