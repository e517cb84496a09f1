// The candidates list's table: one row per invitation. The name links to the report; each atom
// shows its most likely level once finished (the report shows how sure that is).
import { Link } from 'react-router-dom';
import {
  DEFAULT_PIPELINE_STAGES,
  stageLabel,
  type InvitationRow,
  type PipelineStageDef,
} from '@skillquiz/contracts';
import { DataTable, type Column } from '@skillquiz/admin-ui';
import { formatDate } from '../model/reportView';
import { useEmailStatuses } from '../hooks/useAfterCreate';
import { useHiringApi } from '../api/context';
import { EmailStatusText } from './EmailStatusText';
import { StatusBadge } from './StatusBadge';
import { meetsText, percent } from '../decide/wording';

/** "Demo" (a demo invitation) and "Simulated" (not a person's answers): never a real candidate. */
export function RowLabels({ row }: { row: Pick<InvitationRow, 'demo' | 'simulated'> }) {
  if (!row.demo && !row.simulated) return null;
  return (
    <>
      {row.demo && (
        <span className="hr-label" title="A demo invitation: not a candidate, not in norms or statistics">
          Demo
        </span>
      )}
      {row.simulated && (
        <span className="hr-label" title="Simulated answers, not a person's: not in norms or statistics">
          Simulated
        </span>
      )}
    </>
  );
}

/**
 * How many statistical integrity signals (the report's section on the answers and their times) were
 * raised: a reason to look, never a verdict; a dash until a quiz has ended.
 */
function SignalCount({ count }: { count: number | null | undefined }) {
  if (count == null) return <span className="hr-sub">—</span>;
  if (count === 0)
    return (
      <span
        className="hr-sub"
        title="No signal raised among those that could be judged (the report says which)"
      >
        None
      </span>
    );
  return (
    <strong className="hr-signal-count" title="Signals raised in the report’s answers and times section">
      {count}
    </strong>
  );
}

export function CandidatesTable({
  rows,
  showCompany,
  companySuffix,
  stages = DEFAULT_PIPELINE_STAGES,
}: {
  rows: readonly InvitationRow[];
  /** The company's pipeline stages (the Stage column's labels). */
  stages?: readonly PipelineStageDef[];
  /** An admin looking at every company: which company each row belongs to. */
  showCompany: boolean;
  /** `?company=…` for links, to keep an admin's choice. */
  companySuffix: string;
}) {
  // Each row's email status (queued, sent, failed with the reason), when the backend has the call.
  const hasEmail = useHiringApi().emailStatuses !== undefined;
  const emails = useEmailStatuses(rows.map((r) => r.id)).data?.items;
  const columns: Column<InvitationRow>[] = [
    {
      key: 'candidate',
      header: 'Candidate',
      className: 'hr-col-candidate',
      cell: (r) => (
        <>
          <Link to={`/hiring/invitations/${r.id}${companySuffix}`} className="hr-candidate-name">
            {r.candidate_name ?? r.candidate_email ?? 'Unnamed candidate'}
          </Link>
          <RowLabels row={r} />
          {r.candidate_email && <div className="hr-sub">{r.candidate_email}</div>}
        </>
      ),
    },
    ...(showCompany
      ? [
          {
            key: 'company',
            header: 'Company',
            cell: (r: InvitationRow) => r.company.name,
          } satisfies Column<InvitationRow>,
        ]
      : []),
    {
      key: 'atoms',
      header: 'Atoms and levels',
      cell: (r) => (
        <ul className="hr-atoms">
          {r.atoms.map((a) => (
            <li key={a.id}>
              {a.name}
              {!a.required && <span className="hr-sub"> (optional)</span>}
              {': '}
              {a.level ? (
                <strong className="hr-level">L{a.level}</strong>
              ) : (
                <span className="hr-sub">no level yet</span>
              )}
              {a.bar != null && a.meets != null && (
                <span className="hr-sub"> ({meetsText(a.bar, a.meets)})</span>
              )}
            </li>
          ))}
        </ul>
      ),
    },
    ...(rows.some((r) => r.role_id)
      ? [
          {
            key: 'meets',
            header: 'Meets every bar',
            // P(every bar of the row's role is met), from the posteriors; blank until each barred atom has a result.
            cell: (r: InvitationRow) =>
              r.meets_all != null ? (
                percent(r.meets_all)
              ) : (
                <span className="hr-sub">{r.role_id ? 'not yet' : '—'}</span>
              ),
          } satisfies Column<InvitationRow>,
        ]
      : []),
    { key: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    // The pipeline: the stage and the recruiters' average rating (absent on a backend without it).
    ...(rows.some((r) => r.stage !== undefined)
      ? [
          {
            key: 'stage',
            header: 'Stage',
            cell: (r: InvitationRow) => (
              <>
                {stageLabel(stages, r.stage)}
                {r.rating != null && <div className="hr-sub">Rated {r.rating} of 5</div>}
              </>
            ),
          } satisfies Column<InvitationRow>,
        ]
      : []),
    {
      key: 'signals',
      header: 'Integrity signals',
      className: 'hr-col-signals',
      cell: (r) => <SignalCount count={r.integrity_flags} />,
    },
    ...(hasEmail
      ? [
          {
            key: 'email',
            header: 'Email',
            cell: (r: InvitationRow) =>
              emails?.[r.id] ? <EmailStatusText status={emails[r.id]} compact /> : '—',
          } satisfies Column<InvitationRow>,
        ]
      : []),
    { key: 'invited', header: 'Invited', className: 'hr-col-date', cell: (r) => formatDate(r.invited_at) },
    { key: 'finished', header: 'Finished', className: 'hr-col-date', cell: (r) => formatDate(r.finished_at) },
  ];
  return <DataTable caption="Candidates" columns={columns} rows={rows} rowKey={(r) => r.id} />;
}
