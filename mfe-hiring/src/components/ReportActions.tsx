// The report's actions: Print, Extend expiry and Revoke, each write behind a confirmation that opens
// in place (focus moves into it; Escape or Cancel closes it and focus returns to its button). What
// a write did is said in a polite live region that takes focus, and as a toast (the query client's
// meta); a refusal leaves everything as it was.
import { useEffect, useId, useRef, useState } from 'react';
import type { InvitationReport } from '@skillquiz/contracts';
import { addDays, isoDay, MAX_EXPIRY_DAYS } from '../model/inviteForm';
import { formatDate } from '../model/reportView';
import { useExtend, useRevoke } from '../hooks/useHiring';

type Open = 'revoke' | 'extend' | null;

export function ReportActions({ report }: { report: InvitationReport }) {
  const id = useId();
  const inv = report.invitation;
  const [open, setOpen] = useState<Open>(null);
  const [said, setSaid] = useState('');
  const revoke = useRevoke(inv.id);
  const extend = useExtend(inv.id);
  const [today] = useState(() => new Date());
  const currentEnd = inv.expires_at ? new Date(inv.expires_at) : today;
  const defaultDay = isoDay(addDays(currentEnd > today ? currentEnd : today, 7));
  const [day, setDay] = useState(defaultDay);
  const panel = useRef<HTMLDivElement>(null);
  const saidRef = useRef<HTMLParagraphElement>(null);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const extendButton = useRef<HTMLButtonElement>(null);

  const canRevoke = inv.status !== 'finished' && inv.status !== 'revoked';
  const canExtend = !['finished', 'revoked', 'abandoned'].includes(inv.status);

  const close = (which: Exclude<Open, null>) => {
    setOpen(null);
    setTimeout(() => (which === 'revoke' ? revokeButton : extendButton).current?.focus(), 0);
  };

  // An open confirmation takes focus; Escape inside it closes it and focus goes back to its button.
  useEffect(() => {
    const el = panel.current;
    if (!open || !el) return undefined;
    el.querySelector<HTMLElement>('input, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(null);
      setTimeout(() => (open === 'revoke' ? revokeButton : extendButton).current?.focus(), 0);
    };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [open]);
  const announce = (text: string) => {
    setSaid(text);
    // The buttons may be gone (a revoked invitation has none): focus goes to what happened.
    setTimeout(() => saidRef.current?.focus(), 0);
  };

  return (
    <div className="hr-report-actions hr-no-print">
      <div className="hr-actions">
        <button type="button" className="sq-button" onClick={() => window.print()}>
          Print report
        </button>
        {canExtend && (
          <button
            type="button"
            ref={extendButton}
            className="sq-button"
            aria-expanded={open === 'extend'}
            aria-controls={`${id}-panel`}
            onClick={() => {
              setDay(defaultDay);
              setOpen('extend');
            }}
          >
            Extend expiry
          </button>
        )}
        {canRevoke && (
          <button
            type="button"
            ref={revokeButton}
            className="sq-button sq-button--danger"
            aria-expanded={open === 'revoke'}
            aria-controls={`${id}-panel`}
            onClick={() => setOpen('revoke')}
          >
            Revoke invitation
          </button>
        )}
      </div>

      {open === 'revoke' && (
        <div
          id={`${id}-panel`}
          ref={panel}
          className="hr-confirm"
          role="group"
          aria-labelledby={`${id}-revoke-title`}
        >
          <h2 id={`${id}-revoke-title`} className="hr-confirm__title">
            Revoke this invitation?
          </h2>
          <p>
            The candidate’s link stops working at once and tells them you withdrew the invitation. Answers
            already given are kept. This cannot be undone.
          </p>
          <div className="hr-actions">
            <button
              type="button"
              className="sq-button sq-button--danger"
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(undefined, {
                  onSuccess: () => {
                    setOpen(null);
                    announce('Invitation revoked. The candidate’s link now says you withdrew it.');
                  },
                })
              }
            >
              {revoke.isPending ? 'Revoking…' : 'Yes, revoke'}
            </button>
            <button type="button" className="sq-button" onClick={() => close('revoke')}>
              Cancel
            </button>
          </div>
        </div>
      )}

      {open === 'extend' && (
        <div
          id={`${id}-panel`}
          ref={panel}
          className="hr-confirm"
          role="group"
          aria-labelledby={`${id}-extend-title`}
        >
          <h2 id={`${id}-extend-title`} className="hr-confirm__title">
            Extend the expiry
          </h2>
          <p>
            The link works until {inv.expires_at ? formatDate(inv.expires_at) : 'no set date'} now. Choose a
            later date; an expired link works again until then.
          </p>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              extend.mutate(day, {
                onSuccess: (r) => {
                  setOpen(null);
                  announce(`Expiry extended: the link works until ${formatDate(r.invitation.expires_at)}.`);
                },
              });
            }}
          >
            <div className="hr-field">
              <label htmlFor={`${id}-day`} className="hr-field__label">
                New expiry date
              </label>
              <input
                id={`${id}-day`}
                className="hr-input"
                type="date"
                min={isoDay(today)}
                max={isoDay(addDays(today, MAX_EXPIRY_DAYS))}
                value={day}
                required
                onChange={(e) => setDay(e.target.value)}
              />
            </div>
            <div className="hr-actions">
              <button type="submit" className="sq-button sq-button--primary" disabled={extend.isPending}>
                {extend.isPending ? 'Extending…' : 'Extend'}
              </button>
              <button type="button" className="sq-button" onClick={() => close('extend')}>
                Cancel
              </button>
            </div>
          </form>
        </div>
      )}

      <p className="hr-said" role="status" aria-live="polite" tabIndex={-1} ref={saidRef}>
        {said}
      </p>
    </div>
  );
}
