// An invitation email's status in words: queued, sent (when, to whom), failed (the mail server's
// reason; it is retried), or none (why not). Used in the candidates list and on the report.
import type { EmailStatus } from '@skillquiz/contracts';
import { formatDateTime } from '../model/reportView';

export const EMAIL_STATE_LABEL: Record<EmailStatus['state'], string> = {
  queued: 'Email queued',
  sent: 'Email sent',
  failed: 'Email failed',
  none: 'No email',
};

export function emailStatusDetail(s: EmailStatus): string {
  switch (s.state) {
    case 'sent':
      return `to ${s.to} on ${formatDateTime(s.at)}`;
    case 'failed':
      return `${s.reason ?? 'unknown error'} (to ${s.to}; tried ${s.attempts} time${s.attempts === 1 ? '' : 's'}, retrying)`;
    case 'queued':
      return s.to ? `to ${s.to}` : '';
    default:
      return s.reason ?? '';
  }
}

export function EmailStatusText({ status, compact = false }: { status: EmailStatus; compact?: boolean }) {
  const detail = emailStatusDetail(status);
  return (
    <span className={`hr-email-status hr-email-status--${status.state}`}>
      <strong>{EMAIL_STATE_LABEL[status.state]}</strong>
      {compact
        ? status.state === 'failed' && <span className="hr-sub"> {status.reason}</span>
        : detail && <span> {detail}</span>}
    </span>
  );
}
