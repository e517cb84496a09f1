// The 'statistics' tab (beside SPEC's five): what the answers say about this question. Item
// statistics with the review flags and their reasons, the choice distribution by ability third, and the
// online calibration beside the configured parameters with their information curves. Applying a
// calibration or graduating a beta question is a content edit (audited, bumps the version), so both
// wait until the form has no unsaved changes and then reload the form from the server.
// Real and simulated answers are counted apart, the calibration says which answers it rests
// on, the apply rules are quoted, and Apply (and Graduate) are offered only when the server's verdict
// allows, with its reasons beside the disabled button. A calibration on simulated answers alone is
// shown apart and never applied outside demo data.
import { itemInformation } from '@skillquiz/adaptive';
import type { DifficultyParams, QuestionAnalyticsResponse } from '@skillquiz/contracts';
import { LinePlot } from '@skillquiz/admin-ui';
import { RichText } from '@skillquiz/question-view';
import { useCalibrationAction, useQuestionAnalytics } from '../hooks/useAnalytics';
import { reasonInWords } from '../model/reviewReasons';

const pct = (x: number | null) => (x === null ? '–' : `${Math.round(x * 100)}%`);
const num = (x: number | null, digits = 2) => (x === null ? '–' : x.toFixed(digits));
const secs = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);
const BASIS_WORDS = { real: 'real', demo: 'simulated (demo data)', none: '' } as const;
const THETAS = Array.from({ length: 33 }, (_, i) => -4 + i * 0.25);

const curve = (params: DifficultyParams) => THETAS.map((x) => ({ x, y: itemInformation(params, x) }));

export interface StatisticsTabProps {
  id: number | null;
  /** Unsaved edits in the form: calibration actions wait until they are saved or discarded. */
  dirty: boolean;
  /** Called after a calibration changed the question, so the form reloads it. */
  onQuestionChanged: () => void;
  /** The question's answers, to name the choices (the statistics know them by hash_id). */
  answers: readonly { hash_id: string | null; text: string }[];
}

export function StatisticsTab({ id, dirty, onQuestionChanged, answers }: StatisticsTabProps) {
  const analytics = useQuestionAnalytics(id);
  if (id === null) {
    return (
      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading">Statistics</h2>
        <p>Statistics appear once the question is saved and candidates have answered it.</p>
      </section>
    );
  }
  if (analytics.isPending) {
    return (
      <p role="status" className="qa-status">
        Loading the statistics…
      </p>
    );
  }
  if (analytics.isError) {
    return (
      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading">Statistics</h2>
        <p role="alert">The statistics could not be loaded: {analytics.error.message}</p>
      </section>
    );
  }
  return (
    <StatisticsView
      id={id}
      data={analytics.data}
      dirty={dirty}
      onQuestionChanged={onQuestionChanged}
      answers={answers}
    />
  );
}

function StatisticsView({
  id,
  data,
  dirty,
  onQuestionChanged,
  answers,
}: Omit<StatisticsTabProps, 'id'> & { id: number; data: QuestionAnalyticsResponse }) {
  const { statistics: s, calibration: c, configured } = data;
  const apply = useCalibrationAction(id, 'apply');
  const graduate = useCalibrationAction(id, 'graduate');
  const busy = apply.isPending || graduate.isPending;
  // The server stores parameters to 4 decimals: at that precision there is nothing left to apply.
  const same = (x: number, y: number) => Math.abs(x - y) < 5e-5;
  const applied = c !== null && same(c.a, configured.a) && same(c.d, configured.d);
  // The toasts ('Calibration applied', 'Question graduated', 'Error updating the question') are the
  // mutation's (useCalibrationAction).
  const run = (action: typeof apply) => action.mutate(data.version, { onSuccess: onQuestionChanged });

  return (
    <section aria-labelledby="stats-heading" className="qa-stats">
      <h2 id="stats-heading">Statistics</h2>
      {!s || s.answered === 0 ? (
        <p>No candidate has answered this question yet.</p>
      ) : (
        <>
          <p className="qa-note">
            Answers: {data.answers.real} from real candidates, {data.answers.demo} from simulated demo
            candidates.
          </p>
          <dl className="qa-stats__grid">
            <dt>Served</dt>
            <dd>{s.served}</dd>
            <dt>Answered</dt>
            <dd>{s.answered}</dd>
            <dt>Time-outs</dt>
            <dd>{s.timeouts}</dd>
            <dt>Answered correctly</dt>
            <dd>{pct(s.shareCorrect)}</dd>
            <dt>Discrimination (item-rest)</dt>
            <dd>{num(s.discrimination)}</dd>
            <dt>Response time, median / 90th percentile</dt>
            <dd>
              {s.medianResponseMs === null && data.demo_answers > 0
                ? 'not measured: simulated candidates are not timed'
                : `${secs(s.medianResponseMs)} / ${secs(s.p90ResponseMs)}`}
            </dd>
            <dt>Exposure (share of the atom&apos;s quizzes)</dt>
            <dd>{pct(s.exposureRate)}</dd>
          </dl>
          <h3>Review</h3>
          {s.flags.length === 0 ? (
            <p>No review flags.</p>
          ) : (
            <ul className="qa-flags" aria-label="Needs review">
              {s.flags.map((f) => (
                <li key={f.code}>{reasonInWords(f.reason, answers)}</li>
              ))}
            </ul>
          )}
          <h3>Choices by ability third</h3>
          <table className="sq-table">
            <caption className="sq-sr-only">
              How often each answer was chosen, by candidates&apos; ability third
            </caption>
            <thead>
              <tr>
                <th scope="col">Answer</th>
                <th scope="col">Low third</th>
                <th scope="col">Middle third</th>
                <th scope="col">High third</th>
                <th scope="col">All</th>
              </tr>
            </thead>
            <tbody>
              {s.choices.map((ch) => (
                <tr key={ch.choice || 'none'}>
                  <th scope="row">
                    <ChoiceLabel choice={ch.choice} answers={answers} />
                    {ch.isKey && <span className="sq-badge">correct</span>}
                  </th>
                  <td>{ch.low}</td>
                  <td>{ch.middle}</td>
                  <td>{ch.high}</td>
                  <td>{ch.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}

      <h3>Calibration</h3>
      <table className="sq-table qa-calibration">
        <caption className="sq-sr-only">Configured and calibrated 2PL parameters</caption>
        <thead>
          <tr>
            <th scope="col">Parameter</th>
            <th scope="col">Configured</th>
            <th scope="col">Calibrated (standard error)</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">a (discrimination)</th>
            <td>{num(configured.a, 3)}</td>
            <td>{c ? `${num(c.a, 3)} (± ${num(c.seA)})` : '–'}</td>
          </tr>
          <tr>
            <th scope="row">d (intercept)</th>
            <td>{num(configured.d, 3)}</td>
            <td>{c ? `${num(c.d, 3)} (± ${num(c.seD)})` : '–'}</td>
          </tr>
        </tbody>
      </table>
      <p>
        {c
          ? `From ${c.n} ${BASIS_WORDS[data.calibration_basis]} answers. ${c.converged ? `95% interval: a ± ${num(data.apply_rules.z * (c.seA ?? NaN))}, d ± ${num(data.apply_rules.z * (c.seD ?? NaN))}.` : 'The answers do not pin the parameters down yet.'}`
          : 'No answers to calibrate from yet.'}
      </p>
      {data.demo_calibration && data.calibration_basis !== 'demo' && (
        <p className="qa-note">
          On the {data.demo_calibration.n} simulated answers alone: a {num(data.demo_calibration.a, 3)} (±{' '}
          {num(data.demo_calibration.seA)}), d {num(data.demo_calibration.d, 3)} (±{' '}
          {num(data.demo_calibration.seD)}). Shown apart: simulated answers never feed an applied calibration
          outside demo data.
        </p>
      )}
      <LinePlot
        title="Information by ability"
        xLabel="ability (theta)"
        yLabel="information"
        series={[
          { label: 'configured', color: '#1d4ed8', points: curve(configured) },
          ...(c?.converged
            ? [{ label: 'calibrated', color: '#b45309', dashed: true, points: curve(c) }]
            : []),
        ]}
      />
      <p className="qa-note" id="apply-rules">
        Apply is offered when the estimate rests on at least {data.apply_rules.min_answers} real answers
        (simulated ones only for a question answered by demo candidates alone, in a deployment with demo data)
        and both standard errors are at most {data.apply_rules.max_se} (a 95% interval within ±{' '}
        {num(data.apply_rules.z * data.apply_rules.max_se)}).
      </p>
      {!data.apply.allowed && (
        <div className="qa-note" id="apply-refused">
          <p>Apply is not offered:</p>
          <ul>
            {data.apply.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      )}
      {dirty && <p className="qa-note">Save or discard your changes before applying a calibration.</p>}
      {applied && !data.beta && (
        <p className="qa-note">The configured parameters are the calibrated ones: nothing to apply.</p>
      )}
      <div className="qa-actions">
        <button
          type="button"
          className="sq-button"
          disabled={!data.apply.allowed || !c?.converged || applied || dirty || busy}
          aria-describedby={data.apply.allowed ? 'apply-rules' : 'apply-refused'}
          onClick={() => run(apply)}
        >
          Apply calibration
        </button>
        {data.beta && (
          <button
            type="button"
            className="sq-button sq-button--primary"
            disabled={!data.ready_to_graduate || !data.apply.allowed || dirty || busy}
            onClick={() => run(graduate)}
          >
            Graduate from beta
          </button>
        )}
      </div>
      {data.beta && (
        <p className="qa-note">
          A beta question can graduate (become administered, leave every atom&apos;s beta list, take the
          calibrated parameters) once both standard errors are at most {data.graduation_max_se}.
          {data.ready_to_graduate ? ' This one is ready.' : ' This one is not ready yet.'}
        </p>
      )}
    </section>
  );
}

/** An answer by its text; one the question no longer has (edited since it was served) by its id. */
function ChoiceLabel({ choice, answers }: { choice: string; answers: StatisticsTabProps['answers'] }) {
  if (choice === '') return <>No answer (timed out)</>;
  const answer = answers.find((a) => a.hash_id === choice);
  if (answer) return <RichText text={answer.text} />;
  return (
    <>
      <code>{choice}</code> <span className="qa-sub">(no longer an answer)</span>
    </>
  );
}
