// The company's contact address on the settings page: whom a candidate whose invitation was
// withdrawn is told to write to. Empty: the default (the company's support address, else the
// service's), which the form names.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useContact, useSaveContact } from '../hooks/useAfterCreate';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ContactSettingsForm({ company }: { company: string }) {
  const id = useId();
  const contact = useContact(company);
  const save = useSaveContact(company);
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');
  const saidRef = useRef<HTMLParagraphElement>(null);
  if (!contact.data) return null;
  const shown = value ?? contact.data.contact_email ?? '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = shown.trim();
    if (v && !EMAIL_RE.test(v))
      return setError('Enter a valid email address, or leave it empty for the default.');
    setError('');
    save.mutate(
      { contact_email: v || null },
      {
        onSuccess: (r) => {
          setValue(null);
          setSaid(`Saved. Withdrawn candidates are told to write to ${r.effective ?? 'no one'}.`);
          setTimeout(() => saidRef.current?.focus(), 0);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form className="hr-card" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Candidate contact</h2>
      <div className="hr-field">
        <label htmlFor={`${id}-email`} className="hr-field__label">
          Contact email for candidates
        </label>
        <input
          id={`${id}-email`}
          className="hr-input hr-input--wide"
          type="email"
          value={shown}
          onChange={(e) => setValue(e.target.value)}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
        />
        <p id={`${id}-hint`} className="hr-sub">
          Shown to a candidate whose invitation you withdrew. Empty: {contact.data.default ?? 'none'}.
        </p>
        {error && (
          <p id={`${id}-error`} className="hr-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="sq-button sq-button--primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save contact'}
      </button>
      <p role="status" tabIndex={-1} ref={saidRef} className="hr-said">
        {said}
      </p>
    </form>
  );
}
