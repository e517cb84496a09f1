// The background jobs by name, with the data each carries, and when the reminder goes out. No
// imports: any module may name a job without loading the queue library (src/ops/jobs/queue.ts does that).

export const JOB = {
  invitationEmail: 'invitation-email',
  invitationReminder: 'invitation-reminder',
  resultWebhook: 'result-webhook',
  stageWebhook: 'stage-webhook',
  expirySweep: 'expiry-sweep',
  demoCandidates: 'demo-candidates',
} as const;

export type JobName = (typeof JOB)[keyof typeof JOB];

/** Every job records when it was first enqueued: retries stop a fixed time after it (JOBS_RETRY_HOURS). */
export interface EnqueuedAt {
  enqueued_at: string;
}

export interface InvitationEmailData extends EnqueuedAt {
  invitation_id: string;
  /** Which copy (hiring/models/email-delivery.ts invitationSendId): absent or 0, the first; then resends. */
  send?: number;
}

export interface InvitationReminderData extends EnqueuedAt {
  invitation_id: string;
  /** The invitation's expiry the reminder was scheduled for (an extension schedules a new one). */
  expires_at: string;
}

import type { QuizEndStatus } from '@skillquiz/contracts';

export type { QuizEndStatus };

export interface ResultWebhookData extends EnqueuedAt {
  /** `evt_<quiz id>_<status>`: the same event, however often it is enqueued or delivered. */
  event_id: string;
  quiz_id: string;
  company_id: string;
  status: QuizEndStatus;
  /** When the quiz ended (the event's created_at). */
  occurred_at: string;
}

/** A pipeline stage change for the company's webhook (hiring/pipeline.ts StageChangedData). */
export interface StageWebhookData extends EnqueuedAt {
  /** `evt_<invitation id>_stage_<pipeline version>`: one per change, however often enqueued. */
  event_id: string;
  invitation_id: string;
  company_id: string;
  from: string;
  to: string;
  by: string;
  occurred_at: string;
}

export interface DemoCandidatesData {
  per_atom: number;
}

/** The reminder goes out this long before the invitation expires. */
export const REMINDER_BEFORE_MS = 24 * 3600_000;

/** The reminder's time for an invitation, or null when there is none to send (no expiry, too late). */
export function reminderTime(expiresAt: Date | null | undefined, now = new Date()): Date | null {
  if (!expiresAt) return null;
  const at = new Date(new Date(expiresAt).getTime() - REMINDER_BEFORE_MS);
  return at.getTime() > now.getTime() ? at : null;
}
