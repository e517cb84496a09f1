// /hiring/roles/:id/compare?ids=a,b[,c,d]: up to four candidates of one role side by side, one
// column each: per atom the level with its probabilities, the bar's probability, the percentile
// interval, the topic view and the time used; then the integrity signals (for a person to look
// at, never a verdict).
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { Decision } from '@skillquiz/contracts';
import { companySuffix } from '../model/listQuery';
import { useTitle } from '../hooks/useHiring';
import { TopicView } from './TopicView';
import { useComparison } from './useDecide';
import { meetsText, percent, percentileText } from './wording';

const minutes = (s: number | null) => (s === null ? '—' : `${Math.floor(s / 60)} min ${s % 60} s`);

function Column({ d }: { d: Decision }) {
  const who = d.candidate_name ?? d.invitation_id;
  return (
    <section className="hr-card hr-compare-col" aria-label={who}>
      <h2>{who}</h2>
      <p>
        Meets every bar: <strong>{d.meets_all === null ? 'no result yet' : percent(d.meets_all)}</strong>
      </p>
      {d.atoms.map((a) => (
        <div key={a.atom_id}>
          <h3>{a.atom_name}</h3>
          <p>
            {a.level ? `Most likely L${a.level}` : 'No level yet'}
            {a.level_probabilities ? ` (${percent(a.level_probabilities[a.level! - 1])})` : ''}
          </p>
          {a.bar && a.meets !== null && <p>{meetsText(a.bar, a.meets)}</p>}
          {a.percentile_interval && <p>{percentileText(a.percentile_interval)}</p>}
          <p>Time used: {minutes(a.time_used_seconds)}</p>
          {a.level !== null && <TopicView topics={a.topics} />}
        </div>
      ))}
      <h3>Integrity signals</h3>
      <ul>
        <li>Tab switches: {d.integrity.tab_switches}</li>
        <li>Offline periods: {d.integrity.offline_periods}</li>
        <li>Developer tools opened: {d.integrity.devtools_opened}</li>
        <li>Clipboard uses: {d.integrity.clipboard_uses}</li>
        <li>Time away: {Math.round(d.integrity.time_away_seconds)} s</li>
      </ul>
    </section>
  );
}

export function ComparePage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const company = params.get('company') ?? '';
  const ids = (params.get('ids') ?? '').split(',').filter(Boolean);
  const cmp = useComparison(id, ids, company);
  useTitle(cmp.data ? `Compare: ${cmp.data.role.name}` : 'Compare candidates');
  return (
    <section className="hr-page" aria-labelledby="hr-compare-heading">
      <nav aria-label="Breadcrumb" className="hr-breadcrumb">
        <Link to={`/hiring/roles${companySuffix(company)}`}>Roles</Link> <span aria-hidden="true">›</span>{' '}
        <Link to={`/hiring/roles/${id}${companySuffix(company)}`}>{cmp.data?.role.name ?? 'Role'}</Link>{' '}
        <span aria-hidden="true">›</span> Compare
      </nav>
      <h1 id="hr-compare-heading">Compare candidates{cmp.data ? ` for ${cmp.data.role.name}` : ''}</h1>
      {ids.length < 2 && <p className="hr-empty">Choose two to four candidates on the role&apos;s page.</p>}
      {cmp.isPending && ids.length >= 2 && <p role="status">Loading…</p>}
      {cmp.isError && <p role="alert">The comparison could not be loaded: {cmp.error.message}</p>}
      {cmp.data && (
        <div className="hr-compare" data-testid="compare">
          {cmp.data.candidates.map((d) => (
            <Column key={d.invitation_id} d={d} />
          ))}
        </div>
      )}
    </section>
  );
}
