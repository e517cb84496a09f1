// The report's invitation email: where it stands (queued, sent, failed with the reason) and a
// Resend button. What the resend did is said in a polite live region that takes focus; a refusal
// (409: it cannot be sent; 429: resent too often, with when to try again) is said there too. What
// was said is about the candidate as they were then: once their name or email is edited, it goes.
import { useId, useRef, useState } from 'react';
import type { InvitationReport } from '@skillquiz/contracts';
import { ApiError } from '@skillquiz/http-client';
import { useInvitationEmail, useResend } from '../hooks/useAfterCreate';
import { EmailStatusText } from './EmailStatusText';

export function InvitationEmailCard({ report }: { report: InvitationReport }) {
  const id = useId();
  const inv = report.invitation;
  const email = useInvitationEmail(inv.id);
  const resend = useResend(inv.id);
  // Who the message was about: an edit of the candidate (the report reloads) makes it out of date.
  const who = `${inv.candidate_name ?? ''}\n${inv.candidate_email ?? ''}`;
  const [saidOf, setSaidOf] = useState({ text: '', who });
  const said = saidOf.who === who ? saidOf.text : '';
  const saidRef = useRef<HTMLParagraphElement>(null);
  if (email.fetchStatus === 'idle' && email.isPending) return null; // a backend without the call
  const status = email.data?.email;
  // Offered once the status is known (or failed to load): a button shown while it loads would vanish
  // under the pointer when the status says email cannot go.
  const canResend =
    Boolean(inv.candidate_email) &&
    ['invited', 'in_progress'].includes(inv.status) &&
    !email.isPending &&
    status?.state !== 'none';
  const announce = (text: string) => {
    setSaidOf({ text, who });
    setTimeout(() => saidRef.current?.focus(), 0);
  };
  return (
    <section className="hr-card hr-no-print" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Invitation email</h2>
      <p aria-live="polite" aria-busy={email.isFetching}>
        {status ? (
          <EmailStatusText status={status} />
        ) : email.isError ? (
          'The email status could not be loaded.'
        ) : (
          'Loading…'
        )}
      </p>
      {canResend && (
        <button
          type="button"
          className="sq-button"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: (r) => announce(`The invitation email to ${r.email.to} is queued again.`),
              onError: (e) =>
                announce(
                  e instanceof ApiError && (e.status === 429 || e.status === 409)
                    ? e.message
                    : `The email could not be resent: ${e.message}`,
                ),
            })
          }
        >
          {resend.isPending ? 'Resending…' : 'Resend invitation email'}
        </button>
      )}
      <p role="status" tabIndex={-1} ref={saidRef} className="hr-said">
        {said}
      </p>
    </section>
  );
}
