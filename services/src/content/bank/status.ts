// Review before live: a question is draft, in_review or ready; only ready questions can
// be administered (and served: the quiz store skips the others); moving a question to ready needs an
// admin other than its last editor, unless the deployment turns review off (REVIEW_REQUIRED=false).
//
// Decisions (docs/DECISIONS.md):
// - A new question starts as draft. With review off, a save that administers a question without
//   naming a status also makes it ready (one admin may approve their own edit then), so SPEC §7's
//   payload (no status) keeps working in the demo; with review on it is refused (400).
// - Editing a ready question keeps it ready (and live); the edit makes the editor the last editor
//   and is in the history with revert. Moving a ready question back needs administered off first.
import type { QuestionStatus } from '@skillquiz/contracts';
import { badRequest } from '../../platform';
import { statusOf, type QuestionDoc } from '../models/question';

export interface ReviewRules {
  /** REVIEW_REQUIRED: ready needs a second admin. */
  reviewRequired: boolean;
}

export const REVIEW_ON: ReviewRules = { reviewRequired: true };

const sameAdmin = (a: string | null | undefined, b: string) =>
  !!a && a.trim().toLowerCase() === b.trim().toLowerCase();

const label = (s: QuestionStatus) => (s === 'in_review' ? 'in review' : s);

export interface StatusDecision {
  /** The existing question (null for a create). */
  before: Pick<QuestionDoc, '_id' | 'status' | 'last_edited_by'> | null;
  /** What the write asks for (undefined: keep). */
  requested: QuestionStatus | undefined;
  /** administered after the write. */
  administered: boolean;
  /** The write changes content (text, code, answers, ...): its author becomes the last editor. */
  contentChanged: boolean;
  actor: string;
  rules: ReviewRules;
}

/** Why a status change is refused: the last editor approving, or an administered question leaving ready. */
export type StatusRefusal = 'last_editor' | 'administered';

export type StatusOutcome =
  { status: QuestionStatus } | { refusal: StatusRefusal; message: string; status?: undefined };

/** The status after a write, or the rule it breaks (one question: `decideStatus`; many: bulk-status.ts). */
export function reviewOutcome(d: StatusDecision): StatusOutcome {
  const current: QuestionStatus = d.before ? statusOf(d.before) : 'draft';
  let target = d.requested ?? current;
  // A form that sends back the status it loaded names no change either.
  const unchanged = d.requested === undefined || d.requested === current;
  if (unchanged && d.administered && target !== 'ready' && !d.rules.reviewRequired) target = 'ready';
  const name = d.before ? `Question ${d.before._id}` : 'A new question';
  if (target === 'ready' && current !== 'ready' && d.rules.reviewRequired) {
    const lastEditor = !d.before || d.contentChanged ? d.actor : d.before.last_edited_by;
    if (sameAdmin(lastEditor, d.actor)) {
      return {
        refusal: 'last_editor',
        message:
          `${name} cannot be moved to ready by its last editor (${d.actor}): another admin must review it ` +
          '(review is required in this deployment).',
      };
    }
  }
  if (d.administered && target !== 'ready') {
    return {
      refusal: 'administered',
      message:
        `Only ready questions can be administered: ${name.toLowerCase().replace(/^question/, 'question')} is ${label(target)}. ` +
        (target === current
          ? 'Have it reviewed and moved to ready first.'
          : 'Untick Administered? before moving it back.'),
    };
  }
  return { status: target };
}

/** The status after a write, or a 400 saying which rule it breaks. */
export function decideStatus(d: StatusDecision): QuestionStatus {
  const outcome = reviewOutcome(d);
  if (outcome.status === undefined) throw badRequest(outcome.message);
  return outcome.status;
}
