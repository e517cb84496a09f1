// The bank simulator (beyond SPEC's four pages): N simulated candidates of known ability
// go through the real selection and estimation code with the atom's stored bank and settings (the
// server runs it in a worker), and the report says how well the bank measures them and where it runs
// thin. It reads the saved atom, so unsaved edits do not count until saved; a new atom has nothing
// to simulate until its first save.
import { useState, type KeyboardEvent } from 'react';
import type { SimulationReport } from '@skillquiz/contracts';
import { LinePlot, TextField } from '@skillquiz/admin-ui';
import { useSimulation } from '../hooks/useAtoms';

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** A number as typed becomes a number; anything else goes as typed, so the server's 400 names the field. */
const asNumber = (text: string): number | string => {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(n) ? n : text;
};

export function SimulatorSection({ id, isNew, dirty }: { id: string; isNew: boolean; dirty: boolean }) {
  const [candidates, setCandidates] = useState('1000');
  const [mean, setMean] = useState('0');
  const [sd, setSd] = useState('1');
  const simulation = useSimulation(id);

  if (isNew) {
    return (
      <section aria-labelledby="atom-page-heading">
        <h2 id="atom-page-heading">Simulator</h2>
        <p>Save the atom first: the simulator runs the saved atom&apos;s questions and settings.</p>
      </section>
    );
  }

  const run = () => {
    if (simulation.isPending) return;
    // A failure: the mutation's 'Error running the simulation' toast (useSimulation).
    simulation.mutate({ candidates: asNumber(candidates), mean: asNumber(mean), sd: asNumber(sd) });
  };
  // Enter in a box runs the simulation instead of submitting (saving) the atom form around it.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
      e.preventDefault();
      run();
    }
  };

  const report = simulation.data?.report;
  let status = '';
  if (simulation.isPending) status = 'Simulating candidates…';
  else if (simulation.isError) status = 'The simulation failed.';
  else if (report)
    status = `Simulated ${report.candidates} candidates: RMSE ${report.rmse.toFixed(2)} at the last question.`;

  return (
    <section aria-labelledby="atom-page-heading" className="atom-sim">
      <h2 id="atom-page-heading">Simulator</h2>
      <p>
        Simulated candidates of known ability take this atom&apos;s quiz with its saved administered
        questions, questions per quiz, level thresholds and exposure control, through the same selection and
        estimation as real candidates. Nothing is stored.
      </p>
      {dirty && (
        <p className="atoms-sub">
          The simulation uses the saved atom: save your changes first to include them.
        </p>
      )}
      {/* Keys are handled for the text boxes inside (Enter runs), not for the group itself. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div className="atom-sim__inputs" onKeyDown={onKeyDown}>
        <TextField
          label="Candidates"
          name="sim_candidates"
          inputMode="numeric"
          value={candidates}
          onChange={setCandidates}
          hint="50 to 5,000."
        />
        <TextField
          label="Mean ability"
          name="sim_mean"
          inputMode="decimal"
          value={mean}
          onChange={setMean}
          hint="Of the candidates' true abilities (theta), -3 to 3."
        />
        <TextField
          label="Standard deviation"
          name="sim_sd"
          inputMode="decimal"
          value={sd}
          onChange={setSd}
          hint="Of the true abilities, 0.2 to 3."
        />
      </div>
      <button
        type="button"
        className="sq-button sq-button--primary"
        onClick={run}
        disabled={simulation.isPending}
        aria-describedby="sim-status"
      >
        {simulation.isPending ? 'Running…' : 'Run simulation'}
      </button>
      <p id="sim-status" className="atoms-status" role="status" aria-live="polite">
        {status}
      </p>
      {report && !simulation.isPending && <SimulationResult report={report} />}
    </section>
  );
}

function SimulationResult({ report }: { report: SimulationReport }) {
  const bands = report.errorByAbility.filter((b) => b.rmse !== null && b.meanReportedError !== null);
  // The outer bands are open (their infinite edge arrives as null in JSON): plot them one unit out.
  const mid = (b: { from: number; to: number }) => {
    if (!Number.isFinite(b.from)) return b.to - 0.5;
    if (!Number.isFinite(b.to)) return b.from + 0.5;
    return (b.from + b.to) / 2;
  };
  return (
    <div className="atom-sim__result">
      <h3>Result</h3>
      <dl className="atom-sim__grid">
        <dt>Candidates</dt>
        <dd>
          {report.candidates} (ability mean {report.population.mean}, SD {report.population.sd})
        </dd>
        <dt>Bank</dt>
        <dd>
          {report.bankSize} administered questions, {report.numQuestions} per candidate
        </dd>
        <dt>RMSE at the last question</dt>
        <dd>{report.rmse.toFixed(3)}</dd>
        <dt>Mean reported error at the last question</dt>
        <dd>{report.meanReportedError.toFixed(3)}</dd>
        <dt>Exact-level agreement</dt>
        <dd>{pct(report.levelAgreement)}</dd>
        <dt>Share of the bank used</dt>
        <dd>{pct(report.bankUsed)}</dd>
        <dt>Highest exposure</dt>
        <dd>
          {pct(report.highestExposure)} (cap {pct(report.exposureCap)})
        </dd>
      </dl>
      <h3>Warnings</h3>
      {report.warnings.length === 0 ? (
        <p>No warnings.</p>
      ) : (
        <ul className="atom-sim__warnings">
          {report.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      <h3>Usage per claim</h3>
      {report.claims.length === 0 ? (
        <p>The questions have no claims.</p>
      ) : (
        <table className="sq-table">
          <caption className="sq-sr-only">Questions served per claim</caption>
          <thead>
            <tr>
              <th scope="col">Claim</th>
              <th scope="col">Questions</th>
              <th scope="col">Served</th>
              <th scope="col">Share of questions served</th>
            </tr>
          </thead>
          <tbody>
            {report.claims.map((c) => (
              <tr key={c.claim}>
                <th scope="row">{c.claim}</th>
                <td>{c.questions}</td>
                <td>{c.served}</td>
                <td>{pct(c.share)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>Plots</h3>
      <LinePlot
        title="Test information of the bank"
        xLabel="ability (theta)"
        yLabel="information"
        series={[
          {
            label: 'information',
            color: '#1d4ed8',
            points: report.testInformation.map((p) => ({ x: p.theta, y: p.information })),
          },
        ]}
      />
      {bands.length > 0 && (
        <LinePlot
          title="Error by true ability"
          xLabel="true ability (theta)"
          yLabel="error"
          series={[
            { label: 'RMSE', color: '#b45309', points: bands.map((b) => ({ x: mid(b), y: b.rmse! })) },
            {
              label: 'mean reported error',
              color: '#1d4ed8',
              dashed: true,
              points: bands.map((b) => ({ x: mid(b), y: b.meanReportedError! })),
            },
          ]}
        />
      )}
    </div>
  );
}
