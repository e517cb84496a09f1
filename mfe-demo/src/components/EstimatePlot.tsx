// The skill estimate and its ± error after each answered question, over the atom's level bands.
// An SVG with role="img" and a text description, plus the same numbers as a table for anyone who
// cannot read the picture.
import { useId } from 'react';
import { GRID_MAX, GRID_MIN } from '@skillquiz/adaptive';
import { LEVEL_LABELS, formatNumber, type AtomPlot } from '../hooks/model';

const W = 248;
const H = 172;
const M = { left: 26, right: 6, top: 8, bottom: 20 };
/** The y range: every finite threshold and every estimate ± error, with a little room, inside the engine's theta grid. */
export function yDomain(plot: AtomPlot): [number, number] {
  const ys = plot.thresholds.filter(Number.isFinite);
  for (const p of plot.points) ys.push(p.value - p.error, p.value + p.error);
  const lo = Math.max(GRID_MIN, Math.min(...ys) - 0.25);
  const hi = Math.min(GRID_MAX, Math.max(...ys) + 0.25);
  return hi > lo ? [lo, hi] : [lo - 1, lo + 1];
}

function describe(plot: AtomPlot): string {
  return plot.points
    .map(
      (p) => `after question ${p.number}: ${formatNumber(p.value)} ± ${formatNumber(p.error)} (L${p.level})`,
    )
    .join('; ');
}

export function EstimatePlot({ plot, showAtomName }: { plot: AtomPlot; showAtomName: boolean }) {
  const titleId = useId();
  const descId = useId();
  const [lo, hi] = yDomain(plot);
  const innerW = W - M.left - M.right;
  const innerH = H - M.top - M.bottom;
  const y = (v: number) => M.top + ((hi - Math.min(hi, Math.max(lo, v))) / (hi - lo)) * innerH;
  const n = plot.points.length;
  const x = (i: number) => M.left + ((i + 0.5) * innerW) / n;
  const labelEvery = Math.max(1, Math.ceil(n / 12));

  const bands = LEVEL_LABELS.map((label, k) => {
    const from = k === 0 ? lo : Math.max(lo, plot.thresholds[k]);
    const to = k === LEVEL_LABELS.length - 1 ? hi : Math.min(hi, plot.thresholds[k + 1]);
    return { label, from, to };
  }).filter((b) => b.to > b.from);

  const upper = plot.points.map((p, i) => `${x(i).toFixed(1)},${y(p.value + p.error).toFixed(1)}`);
  const lower = plot.points.map((p, i) => `${x(i).toFixed(1)},${y(p.value - p.error).toFixed(1)}`).reverse();
  const title = `Skill estimate after each question${showAtomName ? ` (${plot.atomName})` : ''}`;
  const latest = plot.points[n - 1];

  return (
    <figure className="sqd-plot" data-atom-id={plot.atomId}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{title}</title>
        <desc id={descId}>{`Estimate ± error ${describe(plot)}.`}</desc>
        {bands.map((b, k) => (
          <g key={b.label} aria-hidden="true">
            <rect
              x={M.left}
              width={innerW}
              y={y(b.to)}
              height={y(b.from) - y(b.to)}
              className={k % 2 ? 'sqd-plot__band' : 'sqd-plot__band sqd-plot__band--alt'}
            />
            {y(b.from) - y(b.to) >= 10 && (
              <text
                x={M.left - 4}
                y={(y(b.from) + y(b.to)) / 2}
                className="sqd-plot__label"
                textAnchor="end"
                dominantBaseline="middle"
              >
                {b.label}
              </text>
            )}
          </g>
        ))}
        {n > 1 && (
          <polygon
            points={[...upper, ...lower].join(' ')}
            className="sqd-plot__error-band"
            aria-hidden="true"
          />
        )}
        {n > 1 && (
          <polyline
            points={plot.points.map((p, i) => `${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ')}
            className="sqd-plot__line"
            aria-hidden="true"
          />
        )}
        {plot.points.map((p, i) => (
          <g key={p.number} aria-hidden="true">
            <line
              x1={x(i)}
              x2={x(i)}
              y1={y(p.value - p.error)}
              y2={y(p.value + p.error)}
              className="sqd-plot__error-bar"
            />
            <circle cx={x(i)} cy={y(p.value)} r={3.5} className="sqd-plot__point" />
            {i % labelEvery === 0 && (
              <text x={x(i)} y={H - 6} className="sqd-plot__label" textAnchor="middle">
                {p.number}
              </text>
            )}
          </g>
        ))}
      </svg>
      <figcaption className="sqd-plot__caption">
        {latest && (
          <>
            Latest{showAtomName ? ` for ${plot.atomName}` : ''}: <strong>{formatNumber(latest.value)}</strong>{' '}
            ± {formatNumber(latest.error)} after question {latest.number} (L{latest.level}).
          </>
        )}
      </figcaption>
      <details className="sqd-plot__details">
        <summary>Estimates as a table</summary>
        <table className="sqd-plot__table">
          <caption className="sqd-sr-only">Skill estimate and error after each question</caption>
          <thead>
            <tr>
              <th scope="col">Question</th>
              <th scope="col">Estimate</th>
              <th scope="col">Error</th>
              <th scope="col">Level</th>
            </tr>
          </thead>
          <tbody>
            {plot.points.map((p) => (
              <tr key={p.number}>
                <th scope="row">{p.number}</th>
                <td data-value={p.value}>{formatNumber(p.value)}</td>
                <td data-value={p.error}>{formatNumber(p.error)}</td>
                <td>L{p.level}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
