// SPEC §2 question edit at /admin/questions/edit/{id|new}/: side tabs chosen by ?page= (content,
// variation, answers, preview, administration), the breadcrumb 'Questions > {id or NEW}', Save (only
// with unsaved changes) and Delete (disabled for a new question; SPEC wires no delete action).
// Moving between tabs keeps the edits; leaving the question with unsaved changes asks first.
// A save sends back the version the form loaded, so a stale save gets the server's 409 and every
// edit stays in the form. A failed load is silent (no toast, SPEC §8) but says so on the page.
import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '@skillquiz/http-client';
import type { Question } from '@skillquiz/contracts';
import { EditorFrame, useUnsavedChangesGuard } from '@skillquiz/admin-ui';
import { newQuestionForm, parseQuestionId, questionFormReducer, toWritePayload } from '../model/questionForm';
import { useAtomList, useOptionLists, useQuestion, useSaveQuestion } from '../hooks/useQuestions';
import { ContentTab } from '../components/ContentTab';
import { VariationTab } from '../components/VariationTab';
import { AnswersTab } from '../components/AnswersTab';
import { PreviewTab } from '../components/PreviewTab';
import { AdministrationTab } from '../components/AdministrationTab';
import { StatisticsTab } from '../components/StatisticsTab';
import { HistoryTab } from '../components/HistoryTab';
import { ReviewStatusPanel } from '../components/ReviewStatusPanel';

// SPEC's five tabs, then the content analytics' statistics tab and the history.
export const QUESTION_TABS = [
  'content',
  'variation',
  'answers',
  'preview',
  'administration',
  'statistics',
  'history',
] as const;
export type QuestionTab = (typeof QUESTION_TABS)[number];
const TAB_LABELS: Record<QuestionTab, string> = {
  content: 'Content',
  variation: 'Variation',
  answers: 'Answers',
  preview: 'Preview',
  administration: 'Administration',
  statistics: 'Statistics',
  history: 'History',
};

function isTab(page: string | null): page is QuestionTab {
  return (QUESTION_TABS as readonly string[]).includes(page ?? '');
}

/** SPEC §2 wires no delete action: the button says so rather than doing nothing. */
export const DELETE_NOTE = 'Questions cannot be deleted. Untick Administered? to stop serving one.';

export const editPath = (id: number | 'new', tab: QuestionTab) => `/admin/questions/edit/${id}/?page=${tab}`;

export function QuestionEditPage() {
  const { id: rawId = 'new' } = useParams();
  const isNew = rawId === 'new';
  const id = isNew ? null : parseQuestionId(rawId);
  if (!isNew && (id === null || String(id) !== rawId)) return <Navigate to="/404" replace />;
  // A new key per question: moving from one question to another starts a fresh form.
  return <QuestionEditor key={rawId} id={id} />;
}

function QuestionEditor({ id }: { id: number | null }) {
  const isNew = id === null;
  const [searchParams] = useSearchParams();
  const rawTab = searchParams.get('page');
  const tab: QuestionTab = isTab(rawTab) ? rawTab : 'content';
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);

  const query = useQuestion(id);
  const atoms = useAtomList();
  const options = useOptionLists();
  const save = useSaveQuestion();
  const [state, dispatch] = useReducer(questionFormReducer, undefined, newQuestionForm);
  const [deleteNote, setDeleteNote] = useState(false);

  // The form takes the stored question once, fresh from the server; later refetches never overwrite
  // what the user typed. Until then an existing question's form is not shown at all.
  const loaded = isNew || state.id !== null;
  useEffect(() => {
    if (query.data && !query.isFetching && !loaded)
      dispatch({ type: 'loaded', question: query.data.question });
  }, [query.data, query.isFetching, loaded]);

  const guard = useUnsavedChangesGuard({ when: state.dirty });

  // After a new question's first save the page remounts under its id: say where focus is.
  useEffect(() => {
    const historyState = window.history.state as { usr?: { focusHeading?: boolean } } | null;
    if (historyState?.usr?.focusHeading) heading.current?.focus();
  }, [loaded]);

  // A status change or a revert made a new version: the form takes it (it had no unsaved edits).
  const onNewVersion = (question: Question) => dispatch({ type: 'loaded', question });

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (!state.dirty || save.isPending) return;
    save.mutate(
      { id: state.id, payload: toWritePayload(state) },
      {
        onSuccess: ({ question }) => {
          dispatch({ type: 'loaded', question }); // 'Question saved' is the mutation's toast
          if (isNew) {
            guard.allowNextNavigation();
            navigate(editPath(question.id, tab), { replace: true, state: { focusHeading: true } });
          } else {
            // Save is disabled again: focus goes to the heading rather than nowhere.
            heading.current?.focus();
          }
        },
        // A failure keeps every edit in the form: only the mutation's toast says what went wrong.
      },
    );
  };

  if (!isNew && query.isError && !loaded) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <section className="qa-edit" aria-labelledby="question-heading">
        <h1 id="question-heading">{notFound ? 'Question not found' : 'The question could not be loaded'}</h1>
        <p role="alert">{query.error.message}</p>
        <p className="qa-actions">
          {!notFound && (
            <button type="button" className="sq-button" onClick={() => void query.refetch()}>
              Try again
            </button>
          )}
          <Link to="/admin/questions">Back to the questions</Link>
        </p>
      </section>
    );
  }
  if (!loaded) {
    return (
      <p role="status" className="qa-status">
        Loading the question…
      </p>
    );
  }

  return (
    <EditorFrame
      headingId="question-heading"
      headingRef={heading}
      parent={{ label: 'Questions', to: '/admin/questions' }}
      title={isNew ? 'NEW' : String(id)}
      menuLabel="Question tabs"
      menu={QUESTION_TABS.map((t) => ({
        key: t,
        label: TAB_LABELS[t],
        to: `?page=${t}`,
        replace: true,
        current: t === tab,
      }))}
      save={{ disabled: !state.dirty || save.isPending, pending: save.isPending }}
      remove={{ disabled: isNew, onClick: () => setDeleteNote(true) }}
      status={deleteNote ? DELETE_NOTE : state.dirty ? 'Unsaved changes' : ''}
      onSubmit={onSave}
    >
      {tab === 'content' && (
        <ContentTab state={state} dispatch={dispatch} codeBlockOptions={options.codeBlock} />
      )}
      {tab === 'variation' && (
        <VariationTab state={state} dispatch={dispatch} languageOptions={options.language} />
      )}
      {tab === 'answers' && <AnswersTab state={state} dispatch={dispatch} />}
      {tab === 'preview' && <PreviewTab fields={state.fields} />}
      {tab === 'administration' && (
        <AdministrationTab
          state={state}
          dispatch={dispatch}
          claimOptions={options.claim}
          atoms={atoms.data?.atoms ?? []}
          review={
            !isNew && query.data ? (
              <ReviewStatusPanel
                question={query.data.question}
                dirty={state.dirty}
                onChanged={onNewVersion}
              />
            ) : undefined
          }
        />
      )}
      {tab === 'statistics' && (
        <StatisticsTab
          id={id}
          dirty={state.dirty}
          answers={state.fields.answers}
          onQuestionChanged={() => {
            // The calibration bumped the version: take the stored question (no unsaved edits to keep).
            void query.refetch().then((r) => {
              if (r.data) dispatch({ type: 'loaded', question: r.data.question });
            });
          }}
        />
      )}
      {tab === 'history' &&
        (isNew ? (
          <p className="qa-sub">A new question has no history until it is saved.</p>
        ) : (
          <HistoryTab id={id} version={state.version} dirty={state.dirty} onReverted={onNewVersion} />
        ))}
    </EditorFrame>
  );
}
