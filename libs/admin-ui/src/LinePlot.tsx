// A small line chart in SVG for the analytics screens (information curves, test information). It is an
// image to sighted users and a table to screen readers: the same numbers, in a caption-labelled table
// that is visually hidden, so nothing is only in the picture.
export interface PlotSeries {
  label: string;
  points: { x: number; y: number }[];
  /** CSS colour; pick ones with 3:1 contrast on white. */
  color: string;
  dashed?: boolean;
}

export interface LinePlotProps {
  title: string;
  xLabel: string;
  yLabel: string;
  series: PlotSeries[];
  width?: number;
  height?: number;
}

const PAD = { left: 44, right: 12, top: 12, bottom: 34 };

export function LinePlot({ title, xLabel, yLabel, series, width = 420, height = 220 }: LinePlotProps) {
  const all = series.flatMap((s) => s.points);
  if (all.length === 0) return null;
  const xMin = Math.min(...all.map((p) => p.x));
  const xMax = Math.max(...all.map((p) => p.x));
  const yMax = Math.max(1e-9, ...all.map((p) => p.y));
  const sx = (x: number) => PAD.left + ((x - xMin) / (xMax - xMin || 1)) * (width - PAD.left - PAD.right);
  const sy = (y: number) => height - PAD.bottom - (y / yMax) * (height - PAD.top - PAD.bottom);
  const ticks = [xMin, (xMin + xMax) / 2, xMax];
  return (
    <figure className="sq-plot">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        aria-hidden="true"
        focusable="false"
      >
        <line x1={PAD.left} y1={sy(0)} x2={width - PAD.right} y2={sy(0)} stroke="#4b5263" />
        <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={sy(0)} stroke="#4b5263" />
        {ticks.map((t) => (
          <text
            key={t}
            x={sx(t)}
            y={height - PAD.bottom + 14}
            textAnchor="middle"
            fontSize="11"
            fill="#374151"
          >
            {t.toFixed(1)}
          </text>
        ))}
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" fontSize="11" fill="#374151">
          {yMax.toFixed(1)}
        </text>
        <text x={(width + PAD.left) / 2} y={height - 4} textAnchor="middle" fontSize="12" fill="#1f2430">
          {xLabel}
        </text>
        {series.map((s) => (
          <polyline
            key={s.label}
            fill="none"
            stroke={s.color}
            strokeWidth="2"
            strokeDasharray={s.dashed ? '6 4' : undefined}
            points={s.points.map((p) => `${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption>
        {title}
        <ul className="sq-plot__legend">
          {series.map((s) => (
            <li key={s.label}>
              <span
                className="sq-plot__swatch"
                style={{ borderTopColor: s.color, borderTopStyle: s.dashed ? 'dashed' : 'solid' }}
                aria-hidden="true"
              />
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
      <table className="sq-sr-only">
        <caption>
          {title}: {yLabel} by {xLabel}
        </caption>
        <thead>
          <tr>
            <th scope="col">{xLabel}</th>
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {series[0].points.map((p, i) => (
            <tr key={p.x}>
              <th scope="row">{p.x.toFixed(2)}</th>
              {series.map((s) => (
                <td key={s.label}>{s.points[i]?.y.toFixed(3)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
