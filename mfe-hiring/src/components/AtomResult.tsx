// One atom of the report: the most likely level with the atom's client-facing description, how
// sure that is (the probability of each level, the estimate's band), how the candidate compares,
// every question as served, and whether the demo skip reached it. Never the candidate's survey
// answer: the candidate is told it is not shared individually (the Survey results page has the
// aggregate). No percentage score: an adaptive quiz serves harder
// questions to stronger candidates, so a share of correct answers would mislead.
import type { ReportAtom } from '@skillquiz/contracts';
import { DataTable } from '@skillquiz/admin-ui';
import { formatDate, formatDuration, levelName, OUTCOME_LABELS, percentileText } from '../model/reportView';
import { EstimateBand } from './EstimateBand';
import { LevelProbabilities } from './LevelProbabilities';
import { StatusBadge } from './StatusBadge';

type Question = ReportAtom['questions'][number];

export function AtomResult({ atom }: { atom: ReportAtom }) {
  const headingId = `hr-atom-${atom.atom_id}`;
  return (
    <section className="hr-card hr-atom" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {atom.atom_name}
        <span className="hr-sub"> · {atom.required ? 'required' : 'optional'}</span>
      </h2>
      {atom.client_description && <p className="hr-sub">{atom.client_description}</p>}
      {atom.skipped && (
        <p className="hr-notice">
          <span className="hr-label">Simulated</span> This result was reached through the demo skip: the
          answers were simulated, not given by the candidate.
        </p>
      )}

      {atom.level && atom.level_probabilities ? (
        <>
          <div className="hr-atom__summary">
            <div className="hr-verdict">
              <p className="hr-verdict__level">
                <span className="hr-verdict__label">Most likely level</span>
                <strong>{levelName(atom.level)}</strong>
              </p>
              {atom.level_description && <p className="hr-verdict__text">{atom.level_description}</p>}
            </div>
            <div className="hr-certainty">
              <LevelProbabilities
                probabilities={atom.level_probabilities}
                level={atom.level}
                atomName={atom.atom_name}
              />
              <EstimateBand atom={atom} />
            </div>
          </div>
          <p className="hr-percentile">{percentileText(atom)}</p>
          <p className="hr-sub">Finished {formatDate(atom.finished_at)}.</p>
        </>
      ) : (
        <p>
          <StatusBadge status={atom.status} />{' '}
          {atom.status === 'in_progress'
            ? 'The candidate is taking this quiz: the level shows once it is finished.'
            : 'No result: this quiz was not finished.'}
        </p>
      )}

      {atom.questions.length > 0 && (
        <>
          <h3>Questions</h3>
          <DataTable
            caption={`${atom.atom_name}: questions as served`}
            className="hr-questions"
            columns={[
              {
                key: 'number',
                header: 'No.',
                cell: (q: Question) => (
                  <>
                    {q.number}
                    {!q.scored && <span className="hr-sub"> (trial, not scored)</span>}
                  </>
                ),
              },
              { key: 'topic', header: 'Topic', cell: (q: Question) => q.claim?.replace(/_/g, ' ') ?? '–' },
              {
                key: 'outcome',
                header: 'Outcome',
                cell: (q: Question) => (
                  <span className={`hr-outcome hr-outcome--${q.outcome}`}>{OUTCOME_LABELS[q.outcome]}</span>
                ),
              },
              {
                key: 'time',
                header: 'Time taken / allowed',
                cell: (q: Question) =>
                  `${formatDuration(q.time_taken_seconds)} / ${formatDuration(q.time_allowed_seconds)}`,
              },
            ]}
            rows={atom.questions}
            rowKey={(q) => q.number}
          />
        </>
      )}
    </section>
  );
}
