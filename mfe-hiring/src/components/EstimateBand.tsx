// The estimate with its error as a band on the level scale: the five level zones of the atom's
// thresholds, the band estimate ± error over them and a mark at the estimate. The picture is for
// the eye (hidden from screen readers); the sentence under it says the same in words.
import type { ReportAtom } from '@skillquiz/contracts';
import { estimateText, levelName, levelZones, scalePosition } from '../model/reportView';

export function EstimateBand({ atom }: { atom: ReportAtom }) {
  if (atom.estimate == null || !atom.band) return null;
  const zones = levelZones(atom.levels_thresholds);
  const low = scalePosition(atom.band.low);
  const high = scalePosition(atom.band.high);
  return (
    <figure className="hr-band">
      <figcaption className="hr-figcaption">Estimate and its error on the level scale</figcaption>
      <div className="hr-band__scale" aria-hidden="true">
        {zones.map((z) => (
          <span
            key={z.level}
            className={`hr-band__zone hr-band__zone--${z.level}`}
            style={{ left: `${z.from}%`, width: `${Math.max(0, z.to - z.from)}%` }}
          >
            {levelName(z.level)}
          </span>
        ))}
        <span className="hr-band__band" style={{ left: `${low}%`, width: `${Math.max(0.5, high - low)}%` }} />
        <span className="hr-band__mark" style={{ left: `${scalePosition(atom.estimate)}%` }} />
      </div>
      <p className="hr-band__text">{estimateText(atom)}</p>
    </figure>
  );
}
