// /admin/remotes: which version of each remote is live, what is published, and who shipped or
// rolled back what when (the audit log). Read only: shipping is `npm run ship` / `npm run rollback`.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LiveRemote, LiveRemotesResponse } from '@skillquiz/contracts';
import { fetchLiveRemotes } from '../api/liveRemotes';
import { liveRemotesQuery, shellKeys } from '../api/queries';

type State =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; data: LiveRemotesResponse };

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
const source = (pinned: string | null) => pinned ?? 'current build (not pinned)';

function RemoteSection({ remote }: { remote: LiveRemote }) {
  const headingId = `remote-${remote.package}`;
  return (
    <section className="live-remote" aria-labelledby={headingId}>
      <h2 id={headingId}>{remote.package}</h2>
      <dl className="live-remote-facts">
        <dt>Live</dt>
        <dd>
          <strong>{source(remote.pinned)}</strong>
        </dd>
        <dt>Loaded from</dt>
        <dd>
          <code>{remote.url}</code>
        </dd>
        <dt>Published</dt>
        <dd>{remote.published.length ? remote.published.join(', ') : 'none yet'}</dd>
      </dl>
      {remote.history.length === 0 ? (
        <p>No ship or rollback yet.</p>
      ) : (
        <table className="live-remote-history">
          <caption>History of {remote.package}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Who</th>
            </tr>
          </thead>
          <tbody>
            {remote.history.map((entry) => (
              <tr key={`${entry.at}-${entry.action}-${entry.to}`}>
                <td>{when(entry.at)}</td>
                <td>{entry.action === 'ship' ? 'Ship' : 'Rollback'}</td>
                <td>{source(entry.from)}</td>
                <td>{source(entry.to)}</td>
                <td>{entry.actor}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function LiveRemotesPage({ load = fetchLiveRemotes }: { load?: typeof fetchLiveRemotes }) {
  const query = useQuery(liveRemotesQuery(load));
  // Try again shows the loading state again (a refetch alone would keep the failure on screen).
  const queryClient = useQueryClient();
  const reload = () => void queryClient.resetQueries({ queryKey: shellKeys.liveRemotes });
  const state: State = query.isPending
    ? { status: 'loading' }
    : query.isError
      ? { status: 'failed', message: query.error.message }
      : { status: 'loaded', data: query.data };

  return (
    <section
      className="live-remotes"
      aria-labelledby="live-remotes-title"
      aria-busy={state.status === 'loading'}
    >
      <title>Live remotes - SkillQuiz Admin</title>
      <h1 id="live-remotes-title">Live remotes</h1>
      <p>
        What candidates and admins load now. Change it with{' '}
        <code>npm run ship -- &lt;remote&gt; &lt;version&gt;</code> or{' '}
        <code>npm run rollback -- &lt;remote&gt;</code>.
      </p>
      {state.status === 'loading' && <p role="status">Loading…</p>}
      {state.status === 'failed' && (
        <div role="alert">
          <p>The live versions could not be loaded: {state.message}</p>
          <button type="button" className="button" onClick={reload}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'loaded' && (
        <>
          {state.data.manifest_problem && (
            <p role="alert" className="live-remotes-problem">
              The live manifest file is not valid, so the last good one is served:{' '}
              {state.data.manifest_problem}
            </p>
          )}
          {state.data.remotes.map((remote) => (
            <RemoteSection key={remote.name} remote={remote} />
          ))}
        </>
      )}
    </section>
  );
}
