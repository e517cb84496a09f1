// Per topic (claim) of an atom: how the candidate did against what their level predicts, with the
// number of questions behind it; never the questions themselves (the note says why).
import type { TopicFit } from '@skillquiz/contracts';
import { NO_QUESTIONS_NOTE, topicText } from './wording';

export function TopicView({ topics }: { topics: readonly TopicFit[] }) {
  return (
    <div className="hr-topics">
      <h4>By topic</h4>
      <ul>
        {topics.map((t) => (
          <li key={t.claim} data-verdict={t.verdict}>
            <strong>{t.claim || 'Other questions'}</strong>: {topicText(t)}
          </li>
        ))}
      </ul>
      <p className="hr-note">{NO_QUESTIONS_NOTE}</p>
    </div>
  );
}
