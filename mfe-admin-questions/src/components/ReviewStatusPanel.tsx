// Review before live: the question's review status and the step it can take next. Draft
// goes to review; a question in review is marked ready by another admin than its last editor (unless
// the deployment turns review off), or sent back to draft. Only a ready question can be administered.
// A status change is its own write with the version the page loaded, so it waits for unsaved edits
// to be saved; a refusal (400) or a stale version (409) is shown in the server's words.
import type { Question, QuestionStatus } from '@skillquiz/contracts';
import { useSetStatus } from '../hooks/useReview';
import { StatusBadge, STATUS_LABELS } from './QuestionsTable';

const STEPS: Record<QuestionStatus, { to: QuestionStatus; label: string }[]> = {
  draft: [{ to: 'in_review', label: 'Submit for review' }],
  in_review: [
    { to: 'ready', label: 'Mark ready' },
    { to: 'draft', label: 'Back to draft' },
  ],
  ready: [{ to: 'draft', label: 'Back to draft' }],
};

export function ReviewStatusPanel({
  question,
  dirty,
  onChanged,
}: {
  question: Question;
  dirty: boolean;
  onChanged(question: Question): void;
}) {
  const change = useSetStatus(question.id);
  const status = question.status ?? 'ready';
  const version = question.version ?? 1;
  return (
    <section className="qa-review" aria-labelledby="review-status-heading">
      <h3 id="review-status-heading" className="qa-review__title">
        Review status: <StatusBadge status={status} />
      </h3>
      <p className="qa-sub">
        Only a ready question can be administered. Another admin than the last editor
        {question.last_edited_by ? ` (${question.last_edited_by})` : ''} marks it ready.
      </p>
      <div className="qa-actions">
        {STEPS[status].map((step) => (
          <button
            key={step.to}
            type="button"
            className={step.to === 'ready' ? 'sq-button sq-button--primary' : 'sq-button'}
            disabled={dirty || change.isPending}
            onClick={() => {
              change.reset();
              change.mutate({ status: step.to, version }, { onSuccess: (data) => onChanged(data.question) });
            }}
          >
            {step.label}
          </button>
        ))}
      </div>
      {dirty && <p className="qa-sub">Save your edits first: a status change is saved on its own.</p>}
      {change.isError && (
        <p role="alert" className="qa-error">
          Status not changed: {change.error.message}
        </p>
      )}
      <p role="status" aria-live="polite" className="qa-sub">
        {change.isSuccess
          ? `Status changed to ${STATUS_LABELS[change.data.question.status ?? 'ready']}.`
          : ''}
      </p>
    </section>
  );
}
