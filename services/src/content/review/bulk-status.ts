// One review status for many questions at once: a team that imported 10,000 questions
// sends them to review, or approves them, in one call instead of 10,000.
//
// The rules are those of one change (status.ts), per question: each names the version the admin saw
// (stale: 409), and moving to ready needs an admin other than that question's last editor while
// review is required. All or nothing: every question is checked first, and while any is missing,
// stale or refused, nothing is written and the reply names them all, grouped by reason, so the
// client can fix its selection. Then the changes go out in batches, each conditional on the version
// checked (content/bank/bulk-update.ts); a question changed between the check and its write is left as
// it is and named (409) while the others are written. Every change is recorded as a version (via 'status').
import type { BulkStatusChangeResponse, QuestionStatus } from '@skillquiz/contracts';
import { versionedUpdates } from '../bank/bulk-update';
import { questionEntry, recordQuestionVersions } from '../bank/history-record';
import { HttpError, badRequest, conflict } from '../../platform';
import { findQuestionsIn } from '../models/find-in';
import { statusOf, type QuestionDoc } from '../models/question';
import { reviewOutcome, type ReviewRules, type StatusRefusal } from '../bank/status';

const REASONS: Record<StatusRefusal | 'missing' | 'stale', string> = {
  missing: 'No such question',
  stale: 'Changed by someone else since you loaded them (reload and try again)',
  last_editor:
    'You are their last editor: another admin must move them to ready (review is required in this deployment)',
  administered: 'Administered (only ready questions can be): untick Administered? before moving them back',
};

/** `ids` as "1, 2, 3" (the first 50, then how many more). */
function idList(ids: number[]): string {
  const shown = ids.slice(0, 50).join(', ');
  return ids.length > 50 ? `${shown} and ${ids.length - 50} more` : shown;
}

/** The 400/409 naming every question that stops the change, by reason. */
function refusal(problems: Map<keyof typeof REASONS, number[]>, total: number): HttpError {
  const parts = [...problems].map(([reason, ids]) => `${REASONS[reason]}: ${idList(ids)}`);
  const count = [...problems.values()].reduce((n, ids) => n + ids.length, 0);
  const message = `Nothing was changed: ${count} of ${total} question(s) cannot change status. ${parts.join('. ')}.`;
  // Stale versions alone are a conflict; anything else is the request's problem.
  return problems.size === 1 && problems.has('stale') ? conflict(message) : badRequest(message);
}

export async function changeStatuses(
  questions: { id: number; version: number }[],
  status: QuestionStatus,
  actor: string,
  rules: ReviewRules,
): Promise<BulkStatusChangeResponse> {
  const stored = new Map(
    (
      await findQuestionsIn<QuestionDoc>(
        '_id',
        questions.map((q) => q.id),
      )
    ).map((q) => [q._id, q]),
  );
  const problems = new Map<keyof typeof REASONS, number[]>();
  const problem = (reason: keyof typeof REASONS, id: number) =>
    problems.set(reason, [...(problems.get(reason) ?? []), id]);
  const moves: QuestionDoc[] = [];
  const unchanged: number[] = [];
  for (const { id, version } of questions) {
    const before = stored.get(id);
    if (!before) problem('missing', id);
    else if (before.version !== version) problem('stale', id);
    else {
      const outcome = reviewOutcome({
        before,
        requested: status,
        administered: before.administered,
        contentChanged: false,
        actor,
        rules,
      });
      if (outcome.status === undefined) problem(outcome.refusal, id);
      else if (outcome.status === statusOf(before)) unchanged.push(id);
      else moves.push(before);
    }
  }
  if (problems.size) throw refusal(problems, questions.length);

  const { written, lost } = await versionedUpdates(moves.map((before) => ({ before, set: { status } })));
  await recordQuestionVersions(written.map((a) => questionEntry(actor, stored.get(a._id)!, a, 'status')));
  if (lost.length)
    throw conflict(
      `Question(s) ${idList(lost)} changed while the status change was written and were left as they are; the other ${written.length} changed (and were recorded). Reload and try those again.`,
    );
  const changed = written.map((a) => ({ id: a._id, version: a.version }));
  return { status, changed, unchanged };
}
