// What a candidate should know before the first question: how many questions, the time
// for each (extra time included), what is recorded and who sees it (answer times included), and the privacy policy. Shown
// below SPEC §2's welcome texts, which stay as they are.
import type { QuizResult } from '@skillquiz/contracts';
import { PRIVACY_POLICY_URL } from '@skillquiz/contracts/constants';
import { briefingOf } from '../model/briefing';

export function Briefing({ result }: { result: QuizResult }) {
  const b = briefingOf(result);
  return (
    <section className="sq-briefing" aria-labelledby="sq-briefing-title">
      <h2 id="sq-briefing-title" className="sq-subtitle">
        Before you begin
      </h2>
      <ul className="sq-briefing__list">
        <li>
          {b.questions} {b.questions === 1 ? 'question' : 'questions'}, one at a time. Each question is chosen
          from your earlier answers.
        </li>
        {b.time && <li>{b.time} The timer on each question shows the time left.</li>}
        <li>
          Switching to another tab or window, going offline, opening developer tools and using the clipboard
          (copy, cut, paste) are recorded and shown to {b.company}.
        </li>
        <li>
          How long you take on each answer is used too: {b.company} sees where your answers and their times
          look unusual compared with other candidates (for example many answers far quicker than reading the
          question takes), as a reason to look, never as a verdict. Nothing else is recorded: no camera, no
          screen.
        </li>
      </ul>
      <p className="sq-note">
        How your answers and these records are used:{' '}
        <a href={PRIVACY_POLICY_URL} target="_blank" rel="noreferrer">
          Privacy Policy
        </a>
      </p>
    </section>
  );
}
