// One row of the sidebar: a question's chance of a correct answer at L1..L5 and the skill estimate
// after it. Past rows are dimmed until hovered or focused (CSS); the current row is shown in full.
import { useId } from 'react';
import { LEVEL_LABELS, formatNumber, formatPercent, type QuestionView } from '../hooks/model';

function Mark({ correct }: { correct: boolean }) {
  return (
    <span
      className={correct ? 'sqd-mark sqd-mark--correct' : 'sqd-mark sqd-mark--incorrect'}
      data-mark={correct ? 'correct' : 'incorrect'}
    >
      <span aria-hidden="true">{correct ? '\u2713' : '\u2717'}</span>
      {/* Not the bare word 'Correct': that is the candidate view's demo label, and tests look for it. */}
      <span className="sqd-sr-only">{correct ? 'Answered correctly' : 'Answered incorrectly'}</span>
    </span>
  );
}

/**
 * The two curves over L1..L5, drawn for the eye only: the table below holds the same values. The
 * SVG sits over the table's value columns (CSS), one point above each level's column.
 */
function MiniCurves({ chances, densities }: { chances: number[]; densities: number[] | null }) {
  const w = 158; // the value columns' width in the 264 px panel, so the drawing is not rescaled
  const h = 44;
  const pad = 5;
  const x = (i: number) => ((i + 0.5) * w) / chances.length;
  const y = (v: number) => h - pad - v * (h - 2 * pad);
  const line = (vs: number[]) => vs.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  // The density is scaled to its own peak: its shape (where the estimate sits) is what matters here.
  const peak = densities ? Math.max(...densities) : 0;
  return (
    <svg
      className="sqd-curves"
      viewBox={`0 0 ${w} ${h}`}
      width="100%"
      height={h}
      aria-hidden="true"
      focusable="false"
    >
      <line x1={0} x2={w} y1={y(0)} y2={y(0)} className="sqd-curves__axis" />
      {densities && peak > 0 && (
        <polyline points={line(densities.map((d) => d / peak))} className="sqd-curves__density" />
      )}
      <polyline points={line(chances)} className="sqd-curves__chance" />
      {chances.map((c, i) => (
        <circle key={i} cx={x(i)} cy={y(c)} r={2.5} className="sqd-curves__dot" />
      ))}
    </svg>
  );
}

function ValueRow({
  label,
  title,
  values,
  format,
  kind,
}: {
  label: string;
  title: string;
  values: number[];
  format: (v: number) => string;
  kind: string;
}) {
  return (
    <tr data-row={kind}>
      <th scope="row" title={title}>
        {label}
      </th>
      {values.map((v, i) => (
        <td key={i} data-value={v}>
          {format(v)}
        </td>
      ))}
    </tr>
  );
}

export function QuestionCard({ view }: { view: QuestionView }) {
  const headingId = useId();
  const { estimate } = view;
  const className = ['sqd-question', view.isCurrent ? 'sqd-question--current' : 'sqd-question--dimmed'].join(
    ' ',
  );
  return (
    // Focusable so that keyboard users can undim a past row as a mouse user does by hovering (the
    // card holds no control that could take the focus instead).
    <article
      className={className}
      aria-labelledby={headingId}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      data-question-number={view.number}
    >
      <header className="sqd-question__header">
        <h3 id={headingId} className="sqd-question__title">
          Question {view.number}
          {view.isCurrent && <span className="sqd-question__now"> (current)</span>}
        </h3>
        {view.correct !== null && <Mark correct={view.correct} />}
      </header>
      <p className="sqd-question__meta">
        {view.atomName}
        {view.claim ? ` \u00b7 ${view.claim.replace(/_/g, ' ')}` : ''}
      </p>
      <MiniCurves chances={view.chances} densities={estimate?.densities ?? null} />
      <table className="sqd-levels">
        <caption className="sqd-sr-only">
          Question {view.number}: chance of a correct answer
          {estimate ? ' and the skill estimate after it' : ''}, by level
        </caption>
        {/* Fixed layout takes column widths from here: the row labels need more room than a value. */}
        <colgroup>
          <col className="sqd-levels__label-col" />
          {LEVEL_LABELS.map((l) => (
            <col key={l} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col">
              <span className="sqd-sr-only">Measure</span>
            </th>
            {LEVEL_LABELS.map((l) => (
              <th scope="col" key={l}>
                {l}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <ValueRow
            label="Chance"
            title="Chance of a correct answer at the level"
            values={view.chances}
            format={formatPercent}
            kind="chance"
          />
          {estimate && (
            <>
              <ValueRow
                label="Density"
                title="Density of the skill estimate at the level threshold"
                values={estimate.densities}
                format={formatNumber}
                kind="density"
              />
              <ValueRow
                label="P(level)"
                title="Probability that the skill is at this level"
                values={estimate.levelProbabilities}
                format={formatPercent}
                kind="level-probability"
              />
            </>
          )}
        </tbody>
      </table>
      {estimate ? (
        <p className="sqd-estimate" data-estimate={estimate.value} data-error={estimate.error}>
          Estimate after: <strong>{formatNumber(estimate.value)}</strong> ± {formatNumber(estimate.error)}{' '}
          <span className="sqd-estimate__band">
            (band {formatNumber(estimate.value - estimate.error)} to{' '}
            {formatNumber(estimate.value + estimate.error)}, L{estimate.level})
          </span>
        </p>
      ) : (
        <p className="sqd-estimate sqd-estimate--none">
          {view.isCurrent ? 'No Estimate Yet' : 'No estimate'}
        </p>
      )}
    </article>
  );
}
