// /hiring/invitations/:id: one candidate's report. Per atom the most likely level and how sure it
// is (probabilities, the estimate's band), the percentile, every question (never the candidate's
// survey answer: it is not shared individually); "Demo" / "Simulated" labels; then the
// integrity signals and the extra time granted; the hiring pipeline (stage, rating, notes). Printing it gives a clean report of a page or two
// (styles.css, @media print). Revoke and Extend act on the invitation. An id that is unknown, or
// another company's, is the same 'not found' (the server answers 404 for both).
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '@skillquiz/http-client';
import { AnswerSignalsSection } from '../components/AnswerSignalsSection';
import { AtomResult } from '../components/AtomResult';
import { DecisionSection } from '../decide/DecisionSection';
import { PipelineSection } from '../pipeline/PipelineSection';
import { CandidateLink } from '../components/CandidateLink';
import { EditCandidateForm } from '../components/EditCandidateForm';
import { InvitationEmailCard } from '../components/InvitationEmailCard';
import { IntegritySection } from '../components/IntegritySection';
import { ReportActions } from '../components/ReportActions';
import { StatusBadge } from '../components/StatusBadge';
import { RowLabels } from '../components/CandidatesTable';
import { companySuffix } from '../model/listQuery';
import { formatDate, formatDateTime } from '../model/reportView';
import { useReport, useTitle } from '../hooks/useHiring';

export function ReportPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const suffix = companySuffix(params.get('company') ?? '');
  const report = useReport(id);
  const data = report.data;
  const name = data
    ? (data.invitation.candidate_name ?? data.invitation.candidate_email ?? 'Candidate')
    : null;
  useTitle(name ? `${name}: report` : 'Candidate report');
  const atomNames = useMemo(
    () => new Map((data?.atoms ?? []).map((a) => [a.atom_id, a.atom_name])),
    [data?.atoms],
  );

  const breadcrumb = (
    <nav aria-label="Breadcrumb" className="hr-breadcrumb hr-no-print">
      <Link to={`/hiring${suffix}`}>Candidates</Link> <span aria-hidden="true">›</span> {name ?? 'Report'}
    </nav>
  );

  if (!data) {
    const notFound = report.error instanceof ApiError && report.error.status === 404;
    return (
      <section className="hr-page" aria-labelledby="hr-report-heading" aria-busy={report.isPending}>
        {breadcrumb}
        {report.isPending ? (
          <p role="status">Loading the report…</p>
        ) : notFound ? (
          <>
            <h1 id="hr-report-heading">Invitation not found</h1>
            <p>There is no invitation with this address among your company’s candidates.</p>
            <p>
              <Link to={`/hiring${suffix}`}>Back to the candidates</Link>
            </p>
          </>
        ) : (
          <>
            <h1 id="hr-report-heading">The report could not be loaded</h1>
            <p role="alert">{report.error?.message}</p>
            <button type="button" className="sq-button" onClick={() => void report.refetch()}>
              Try again
            </button>
          </>
        )}
      </section>
    );
  }

  const inv = data.invitation;
  const open = inv.status === 'invited' || inv.status === 'in_progress' || inv.status === 'expired';
  return (
    <article className="hr-page hr-report" aria-labelledby="hr-report-heading">
      {breadcrumb}
      <header className="hr-report__head">
        <div>
          <h1 id="hr-report-heading">
            {name}
            <RowLabels row={inv} />
          </h1>
          <p className="hr-sub">
            {inv.candidate_email && inv.candidate_name ? `${inv.candidate_email} · ` : ''}
            {inv.company.name} · skills report
          </p>
        </div>
        <StatusBadge status={inv.status} />
      </header>

      <dl className="hr-facts">
        <div>
          <dt>Invited</dt>
          <dd>{formatDateTime(inv.invited_at)}</dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>{formatDateTime(inv.started_at)}</dd>
        </div>
        <div>
          <dt>Finished</dt>
          <dd>{formatDateTime(inv.finished_at)}</dd>
        </div>
        <div>
          <dt>{inv.status === 'revoked' ? 'Revoked' : 'Link expires'}</dt>
          <dd>
            {inv.status === 'revoked'
              ? formatDateTime(inv.revoked_at)
              : inv.expires_at
                ? formatDate(inv.expires_at)
                : 'Never'}
          </dd>
        </div>
        <div>
          <dt>Extra time</dt>
          <dd>{data.extra_time_percent > 0 ? `+${data.extra_time_percent}% per question` : 'None'}</dd>
        </div>
      </dl>

      {(inv.demo || inv.simulated) && (
        <p className="hr-notice">
          {inv.demo ? 'A demo invitation' : 'A simulated candidate'}: not a real candidate. It is left out of
          percentiles, norms and statistics, and hidden from the candidates list unless “Show demo and
          simulated” is ticked.
        </p>
      )}

      <ReportActions report={data} />
      <PipelineSection id={id} />
      <InvitationEmailCard report={data} />
      <EditCandidateForm report={data} />

      {open && inv.links.length > 0 && (
        <div className="hr-card hr-no-print">
          <CandidateLink label="Candidate link" url={inv.links[0].url} />
        </div>
      )}

      <p className="hr-note hr-honest">
        Levels come from an adaptive quiz: each answer changes which question comes next, so there is no
        percentage score. Each level is shown with how likely it is, and the estimate with its margin of
        error.
      </p>

      {data.atoms.map((atom) => (
        <AtomResult key={atom.atom_id} atom={atom} />
      ))}

      <IntegritySection integrity={data.integrity} atomNames={atomNames} />
      <AnswerSignalsSection id={id} />
      <DecisionSection id={id} />
    </article>
  );
}
