// The review status labels, as the questions remote shows them.
import type { QuestionStatus } from '@skillquiz/contracts';

export const STATUS_LABELS: Record<QuestionStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  ready: 'Ready',
};
