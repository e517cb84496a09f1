// How likely each level L1-L5 is, from the posterior of the candidate's answers: a small bar chart
// for the eye (hidden from screen readers) and the same numbers as a table for screen readers.
import { formatShare, LEVELS, levelName } from '../model/reportView';

export function LevelProbabilities({
  probabilities,
  level,
  atomName,
}: {
  probabilities: readonly number[];
  /** The most likely level, drawn darker. */
  level: number;
  atomName: string;
}) {
  return (
    <figure className="hr-probs">
      <figcaption className="hr-figcaption">Probability of each level</figcaption>
      <div className="hr-probs__chart" aria-hidden="true">
        {LEVELS.map((l, i) => (
          <div key={l} className="hr-probs__col">
            <span className="hr-probs__value">{formatShare(probabilities[i])}</span>
            <span className="hr-probs__track">
              <span
                className={l === level ? 'hr-probs__bar hr-probs__bar--top' : 'hr-probs__bar'}
                style={{ height: `${Math.max(1, probabilities[i] * 100)}%` }}
              />
            </span>
            <span className="hr-probs__label">{levelName(l)}</span>
          </div>
        ))}
      </div>
      <table className="sq-sr-only">
        <caption>Probability of each level in {atomName}</caption>
        <thead>
          <tr>
            <th scope="col">Level</th>
            <th scope="col">Probability</th>
          </tr>
        </thead>
        <tbody>
          {LEVELS.map((l, i) => (
            <tr key={l}>
              <th scope="row">
                {levelName(l)}
                {l === level ? ' (most likely)' : ''}
              </th>
              <td>{formatShare(probabilities[i])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
