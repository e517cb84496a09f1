// /hiring/survey: the done page's relevance survey ('Do you feel the content you were just tested on
// is relevant to the role?') in aggregate only. The candidate is told their answer is used
// internally and not shared individually, so no page shows one candidate's answer: per atom and
// month, the three faces are counted once at least SURVEY_MIN_ANSWERS candidates answered; fewer
// says "not enough answers yet". A recruiter sees their own company's; an admin a chosen company's
// or every company's (?company=<slug>, kept in links).
import { Link, useSearchParams } from 'react-router-dom';
import { DataTable } from '@skillquiz/admin-ui';
import type { SurveyPeriod } from '@skillquiz/contracts';
import { CompanySwitcher } from '../components/CompanySwitcher';
import { companySuffix } from '../model/listQuery';
import { useMe, useSurvey, useTitle } from '../hooks/useHiring';

const share = (n: number, total: number) => `${n} (${Math.round((100 * n) / total)}%)`;

function monthName(period: string): string {
  const [y, m] = period.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function SurveyPage() {
  useTitle('Survey results');
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const isAdmin = me.data?.role === 'admin';
  const company = isAdmin ? (params.get('company') ?? '') : '';
  const survey = useSurvey(company, Boolean(me.data));
  const data = survey.data;

  const cell = (p: SurveyPeriod, face: 'sad' | 'neutral' | 'happy') => {
    if (!p.distribution) return '—';
    const total = p.distribution.sad + p.distribution.neutral + p.distribution.happy;
    return share(p.distribution[face], total);
  };

  return (
    <section className="hr-page" aria-labelledby="hr-survey-heading">
      <nav aria-label="Breadcrumb" className="hr-breadcrumb">
        <Link to={`/hiring${companySuffix(company)}`}>Candidates</Link> <span aria-hidden="true">›</span>{' '}
        Survey results
      </nav>
      <h1 id="hr-survey-heading">Survey results</h1>
      <p>
        After a quiz, candidates may answer “Do you feel the content you were just tested on is relevant to
        the role you are interviewing for?”. They are told their feedback is used internally and not shared
        individually, so it is shown here only in aggregate: per atom and month, once at least{' '}
        {data?.min_answers ?? 10} candidates have answered. Demo invitations and simulated candidates are not
        counted.
      </p>
      {isAdmin && me.data && (
        <CompanySwitcher
          companies={me.data.companies}
          value={company}
          onChange={(slug) => setParams(slug ? { company: slug } : {}, { replace: true })}
          allowAll
        />
      )}
      {survey.isPending ? (
        <p role="status">Loading the survey results…</p>
      ) : survey.isError ? (
        <p role="alert">The survey results could not be loaded: {survey.error.message}</p>
      ) : data && data.periods.length === 0 ? (
        <p>No candidate has answered the survey yet.</p>
      ) : data ? (
        <div className="hr-survey-table">
          <DataTable
            caption="Relevance survey by atom and month"
            columns={[
              { key: 'period', header: 'Month', cell: (p: SurveyPeriod) => monthName(p.period) },
              { key: 'atom', header: 'Atom', cell: (p: SurveyPeriod) => p.atom_name },
              { key: 'happy', header: 'Yes, relevant', cell: (p: SurveyPeriod) => cell(p, 'happy') },
              { key: 'neutral', header: 'Somewhat relevant', cell: (p: SurveyPeriod) => cell(p, 'neutral') },
              { key: 'sad', header: 'No, not relevant', cell: (p: SurveyPeriod) => cell(p, 'sad') },
              {
                key: 'note',
                header: 'Note',
                cell: (p: SurveyPeriod) => (p.enough ? '' : 'Not enough answers yet'),
              },
            ]}
            rows={data.periods}
            rowKey={(p) => `${p.period} ${p.atom_id}`}
          />
        </div>
      ) : null}
    </section>
  );
}
