// The one-question relevance survey of the done page (SPEC §2): three faces, 0 sad, 1 neutral, 2 happy.
import { useEffect, useRef, useState } from 'react';

export const SURVEY_PROMPT =
  'Do you feel the content you were just tested on is relevant to the role you are interviewing for?';

const FACES = [
  { rating: 0, label: 'No, not relevant', face: 'sad' },
  { rating: 1, label: 'Somewhat relevant', face: 'neutral' },
  { rating: 2, label: 'Yes, relevant', face: 'happy' },
] as const;

function Face({ face }: { face: 'sad' | 'neutral' | 'happy' }) {
  const mouth =
    face === 'happy' ? 'M14 27 Q20 33 26 27' : face === 'sad' ? 'M14 30 Q20 24 26 30' : 'M14 28 L26 28';
  return (
    <svg viewBox="0 0 40 40" width="48" height="48" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="18" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <circle cx="14" cy="16" r="2.2" fill="currentColor" />
      <circle cx="26" cy="16" r="2.2" fill="currentColor" />
      <path d={mouth} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

export interface SurveyProps {
  completed: boolean;
  companyName: string;
  /** Sends the rating; resolves true when the server accepted it. */
  onSubmit(rating: 0 | 1 | 2): Promise<boolean>;
}

export function Survey({ completed: initiallyCompleted, companyName, onSubmit }: SurveyProps) {
  const [completed, setCompleted] = useState(initiallyCompleted);
  const [sending, setSending] = useState(false);
  // After a vote the face buttons unmount; focus moves to the thanks (not when it was done already).
  const [justVoted, setJustVoted] = useState(false);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (justVoted) thanksRef.current?.focus();
  }, [justVoted]);
  const note = `Your feedback is used internally to improve our content and is not shared individually with ${companyName}.`;

  const choose = async (rating: 0 | 1 | 2) => {
    if (sending) return;
    setSending(true);
    const ok = await onSubmit(rating).catch(() => false);
    setSending(false);
    // Completed is set on the client only after a successful submit (SPEC §4).
    if (ok) {
      setCompleted(true);
      setJustVoted(true);
    }
  };

  return (
    <section className="sq-card sq-survey" aria-labelledby="sq-survey-title">
      {completed ? (
        <>
          <h2 id="sq-survey-title" className="sq-subtitle" tabIndex={-1} ref={thanksRef}>
            Thank you for your feedback.
          </h2>
          <p className="sq-note">{note}</p>
        </>
      ) : (
        <>
          <h2 id="sq-survey-title" className="sq-subtitle">
            {SURVEY_PROMPT}
          </h2>
          <div className="sq-faces" role="group" aria-labelledby="sq-survey-title">
            {FACES.map((f) => (
              <button
                key={f.rating}
                type="button"
                className={`sq-face sq-face--${f.face}`}
                aria-label={f.label}
                disabled={sending}
                onClick={() => void choose(f.rating)}
              >
                <Face face={f.face} />
              </button>
            ))}
          </div>
          <p className="sq-note">{note}</p>
        </>
      )}
    </section>
  );
}
