// What the answers and their times say, beside the browser's integrity signals: per atom, each
// statistical signal (fast and correct on hard questions, very quick answers, an unusual pattern) as a
// reason for a person to look, with how often candidates who work honestly show it, and a short "how this
// is computed" note. Never a verdict: the wording says so before anything is listed.
import type { AtomIntegrity, IntegritySignal } from '@skillquiz/contracts';
import { useAnswerSignals } from '../hooks/useHiring';

function SignalRow({ signal }: { signal: IntegritySignal }) {
  return (
    <div className="hr-signals__row">
      <dt>
        {signal.title}
        {signal.flagged && <span className="hr-look"> · worth a look</span>}
      </dt>
      <dd>
        {signal.reason}
        {signal.statistic !== null && <span className="hr-signals__note">{signal.honest_rate}</span>}
      </dd>
    </div>
  );
}

function AtomSignals({ atom }: { atom: AtomIntegrity }) {
  const heading = `hr-answer-signals-${atom.atom_id}`;
  return (
    <section aria-labelledby={heading} className="hr-answer-signals__atom">
      <h3 id={heading}>{atom.atom_name}</h3>
      {atom.status === 'demo' ? (
        <p>Demo answers: no signals are computed for them.</p>
      ) : atom.status === 'not_enough_data' ? (
        <p>
          Too few timed answers to compare with ({atom.timed} of {atom.answered}; the questions’ time model
          has enough answers for {atom.time_model.calibrated} of {atom.time_model.questions} questions).
        </p>
      ) : (
        <>
          <p>
            {atom.needs_a_look
              ? 'Something here is worth a look (not proof of anything):'
              : 'Nothing unusual in what could be checked.'}{' '}
            Based on {atom.answered} answers, {atom.timed} of them with a time to compare (the questions’ time
            model has enough answers for {atom.time_model.calibrated} of {atom.time_model.questions}{' '}
            questions).
          </p>
          <dl className="hr-signals">
            {atom.signals.map((s) => (
              <SignalRow key={s.kind} signal={s} />
            ))}
          </dl>
          {atom.rapid_answers.length > 0 && (
            <p className="hr-note">
              {atom.effort_aware_scoring
                ? `This atom scores with very quick answers set aside: questions ${atom.rapid_answers.join(', ')} were not counted.`
                : `With very quick answers set aside (questions ${atom.rapid_answers.join(', ')}), the estimate would be ${atom.effort_aware_estimate?.estimate.toFixed(2)} ± ${atom.effort_aware_estimate?.error.toFixed(2)}; this atom counts every answer.`}
            </p>
          )}
        </>
      )}
    </section>
  );
}

export function AnswerSignalsSection({ id }: { id: string }) {
  const signals = useAnswerSignals(id);
  if (signals.isPending && signals.fetchStatus === 'idle') return null; // no such call in this backend
  return (
    <section className="hr-card hr-answer-signals" aria-labelledby="hr-answer-signals-heading">
      <h2 id="hr-answer-signals-heading">What the answers and their times say</h2>
      <p className="hr-note">
        Reasons for a person to look, never a verdict. Each compares this candidate with candidates who work
        honestly, and each can happen to an honest candidate: the rate is given beside it. Look at the answers
        named, and ask the candidate before drawing any conclusion.
      </p>
      {signals.isError ? (
        <p role="alert">These signals could not be loaded.</p>
      ) : !signals.data ? (
        <p role="status">Loading…</p>
      ) : signals.data.atoms.length === 0 ? (
        <p>No answers yet.</p>
      ) : (
        <>
          {signals.data.atoms.map((atom) => (
            <AtomSignals key={atom.atom_id} atom={atom} />
          ))}
          <p className="hr-note">
            Together, {signals.data.combined_honest_rate} candidates who work honestly shows at least one of
            these.
          </p>
        </>
      )}
      <details className="hr-how">
        <summary>How this is computed</summary>
        {(signals.data?.how_computed ?? []).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </details>
    </section>
  );
}
