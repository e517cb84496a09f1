// SPEC §2 questions page: the atom's questions, each showing its text and linking to its editor
// in the questions remote, a page at a time (CONSTANTS.ATOM_QUESTIONS_PAGE_SIZE: a bank of thousands
// is never loaded whole), with Previous and Next. Questions are attached here too (a search picker over every
// question, by text or id) and detached (a button per row). Each is its own write of that question
// (the membership lives on the question, version-checked and in its history), not part of Save: a
// refusal (a stale version's 409) is shown on the page in words, and the list reloads after each.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { QuestionPicker } from '@skillquiz/admin-ui';
import type { Question } from '@skillquiz/contracts';
import { useAtomsApi } from '../api/context';
import { useAtomQuestions, useAttachQuestion } from '../hooks/useAtoms';
import { RichLine } from '@skillquiz/question-view';
import { STATUS_LABELS } from './statusLabels';

type Found = Question & { label: string; detail: string };

const pickerBox = () => document.querySelector<HTMLInputElement>('.atom-attach [role="combobox"]');

export function QuestionsSection({ atomId, isNew }: { atomId: string; isNew: boolean }) {
  const api = useAtomsApi();
  const membership = useAttachQuestion(atomId);
  const [announcement, setAnnouncement] = useState('');
  const [page, setPage] = useState(1);
  const listed = useAtomQuestions(atomId, page, !isNew);
  const questions: readonly Question[] = listed.data?.questions ?? [];
  const total = listed.data?.questions_total ?? 0;
  const size = listed.data?.questions_page_size ?? 1;
  const pages = Math.max(1, Math.ceil(total / size));

  const change = (question: Pick<Question, 'id' | 'version'>, detach: boolean) => {
    // One write at a time (the picker stays enabled so focus can return to it).
    if (membership.isPending) return;
    setAnnouncement('');
    membership.mutate(
      { questionId: question.id, version: question.version ?? 1, detach },
      {
        onSuccess: () => {
          setAnnouncement(`Question ${question.id} ${detach ? 'detached' : 'attached'}.`);
          // The page's only question detached: the page before is now the last one.
          if (detach && questions.length === 1 && page > 1) setPage(page - 1);
          if (detach) pickerBox()?.focus();
        },
      },
    );
  };

  return (
    <section aria-labelledby="atom-page-heading">
      <h2 id="atom-page-heading">Questions</h2>
      {isNew ? (
        <p>Save the atom first; then questions can be attached here.</p>
      ) : (
        <div className="atom-attach">
          <QuestionPicker<Found>
            label="Attach a question"
            hint="Search every question by text or ID. Attaching or detaching saves that question at once."
            queryKey={`attach-${atomId}`}
            exclude={questions.map((q) => q.id)}
            search={async (text, signal) =>
              // Already this atom's (on whichever page): not offered again.
              (await api.searchQuestions(text, signal)).questions
                .filter((q) => !q.all_atoms.includes(atomId))
                .map((q) => ({
                  ...q,
                  label: q.question_text,
                  detail: STATUS_LABELS[q.status ?? 'ready'],
                }))
            }
            render={(q) => (
              <>
                <span className="sq-picker__id">#{q.id}</span> <RichLine text={q.question_text} />
                <span className="sq-picker__detail"> · {q.detail}</span>
              </>
            )}
            onPick={(q) => change(q, false)}
          />
        </div>
      )}
      {membership.isError && (
        <p className="atoms-alert" role="alert">
          {membership.error.message}
        </p>
      )}
      {listed.isError && (
        <p className="atoms-alert" role="alert">
          The questions could not be loaded: {listed.error.message}
        </p>
      )}
      {!isNew && listed.data && total === 0 && <p>No question lists this atom yet.</p>}
      {total > 0 && (
        <>
          <p id="atom-questions-range" aria-live="polite">
            {`Questions ${(listed.data!.questions_page - 1) * size + 1}–${(listed.data!.questions_page - 1) * size + questions.length} of ${total}`}
          </p>
          <ul
            className="atom-questions"
            aria-describedby="atom-questions-range"
            aria-busy={listed.isPlaceholderData}
          >
            {questions.map((q) => (
              <li key={q.id} className="atom-questions__row">
                <Link to={`/admin/questions/edit/${q.id}`}>
                  <span className="atom-questions__id">#{q.id}</span> <RichLine text={q.question_text} />
                </Link>
                <button
                  type="button"
                  className="sq-button"
                  aria-label={`Detach question ${q.id}`}
                  disabled={membership.isPending}
                  onClick={() => change(q, true)}
                >
                  Detach
                </button>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className="atom-questions__pages" aria-label="Pages of questions">
              <button
                type="button"
                className="sq-button"
                disabled={page <= 1}
                onClick={() => setPage((p) => Math.max(1, p - 1))}
              >
                Previous
              </button>{' '}
              <span>
                Page {page} of {pages}
              </span>{' '}
              <button
                type="button"
                className="sq-button"
                disabled={page >= pages}
                onClick={() => setPage((p) => Math.min(pages, p + 1))}
              >
                Next
              </button>
            </nav>
          )}
        </>
      )}
      <div className="sq-sr-only" role="status" aria-atomic="true">
        {announcement}
      </div>
    </section>
  );
}
