// An invitation's status as a small label; its colour repeats the word, it never replaces it.
import type { InvitationStatus } from '@skillquiz/contracts';
import { STATUS_LABELS } from '../model/listQuery';

export function StatusBadge({ status }: { status: InvitationStatus }) {
  return <span className={`hr-status hr-status--${status}`}>{STATUS_LABELS[status]}</span>;
}
