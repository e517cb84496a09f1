// A candidate link with a Copy button: the link in a read-only field (select it by hand too), and
// what the copy did said in a polite live region, so a screen reader hears it without moving focus.
import { useId, useRef, useState } from 'react';
import { copyText } from '../hooks/browser';

export interface CandidateLinkProps {
  label: string;
  url: string;
  /** What is copied, in the button and the live region (default 'link'; the settings page: 'secret'). */
  noun?: string;
}

export function CandidateLink({ label, url, noun = 'link' }: CandidateLinkProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState('');
  const copy = async () => {
    setSaid('');
    const ok = await copyText(url, input.current);
    const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
    setSaid(ok ? `${Noun} copied.` : `Could not copy: select the ${noun} and copy it by hand.`);
  };
  return (
    <div className="hr-link">
      <label htmlFor={id} className="hr-field__label">
        {label}
      </label>
      <div className="hr-link__row">
        <input
          id={id}
          ref={input}
          className="hr-input hr-link__url"
          type="text"
          readOnly
          value={url}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="sq-button hr-no-print" onClick={() => void copy()}>
          Copy {noun}
          <span className="sq-sr-only"> ({label})</span>
        </button>
        <span className="hr-link__said" role="status" aria-live="polite">
          {said}
        </span>
      </div>
    </div>
  );
}
