// Correcting a typo in the candidate's name or email, before the candidate starts (the server
// refuses it afterwards with 409: the report is about that person). A changed address gets the
// invitation email again. Opened in place by an Edit button; Escape or Cancel closes it and focus
// returns to the button; what happened is said in a live region that takes focus.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { InvitationReport } from '@skillquiz/contracts';
import { useEditInvitation } from '../hooks/useAfterCreate';
import { useHiringApi } from '../api/context';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function EditCandidateForm({ report }: { report: InvitationReport }) {
  const id = useId();
  const inv = report.invitation;
  const api = useHiringApi();
  const edit = useEditInvitation(inv.id);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(inv.candidate_name ?? '');
  const [email, setEmail] = useState(inv.candidate_email ?? '');
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const saidRef = useRef<HTMLParagraphElement>(null);

  // The open form takes focus; Escape inside it closes it and focus goes back to the Edit button.
  useEffect(() => {
    const el = form.current;
    if (!open || !el) return undefined;
    el.querySelector('input')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      setTimeout(() => button.current?.focus(), 0);
    };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [open]);

  if (!api.edit || inv.status !== 'invited' || inv.started_at) return null;

  const close = () => {
    setOpen(false);
    setError('');
    setTimeout(() => button.current?.focus(), 0);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim();
    const m = email.trim();
    if (!n) return setError('Enter the candidate’s name.');
    if (!EMAIL_RE.test(m)) return setError('Enter a valid email address, e.g. ada@example.com.');
    setError('');
    const input = {
      ...(n !== inv.candidate_name ? { candidate_name: n } : {}),
      ...(m.toLowerCase() !== inv.candidate_email ? { candidate_email: m } : {}),
    };
    if (Object.keys(input).length === 0) return close();
    edit.mutate(input, {
      onSuccess: (r) => {
        setOpen(false);
        setSaid(
          input.candidate_email
            ? `Saved. The invitation email goes to ${r.invitation.candidate_email}.`
            : 'Saved.',
        );
        setTimeout(() => saidRef.current?.focus(), 0);
      },
      onError: (err) => setError(err.message),
    });
  };

  return (
    <section className="hr-card hr-no-print" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Candidate details</h2>
      <p className="hr-sub">A name or email can be corrected until the candidate starts.</p>
      {!open ? (
        <button
          ref={button}
          type="button"
          className="sq-button"
          onClick={() => {
            // The form starts from what is stored now (an earlier save may have changed it).
            setName(inv.candidate_name ?? '');
            setEmail(inv.candidate_email ?? '');
            setSaid('');
            setOpen(true);
          }}
        >
          Edit name and email
        </button>
      ) : (
        <form ref={form} noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
          <div className="hr-field">
            <label htmlFor={`${id}-name`} className="hr-field__label">
              Candidate name
            </label>
            <input
              id={`${id}-name`}
              className="hr-input hr-input--wide"
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="off"
            />
          </div>
          <div className="hr-field">
            <label htmlFor={`${id}-email`} className="hr-field__label">
              Candidate email
            </label>
            <input
              id={`${id}-email`}
              className="hr-input hr-input--wide"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          {error && (
            <p id={`${id}-error`} className="hr-error" role="alert">
              {error}
            </p>
          )}
          <div className="hr-actions">
            <button type="submit" className="sq-button sq-button--primary" disabled={edit.isPending}>
              {edit.isPending ? 'Saving…' : 'Save'}
            </button>
            <button type="button" className="sq-button" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <p role="status" tabIndex={-1} ref={saidRef} className="hr-said">
        {said}
      </p>
    </section>
  );
}
