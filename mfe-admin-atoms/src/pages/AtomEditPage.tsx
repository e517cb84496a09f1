// SPEC §2 atom edit at /admin/atoms/edit/{id|new}/{page}: a left menu of the four pages (and the
// bank simulator of the content analytics), the
// breadcrumb 'Atoms > name' (or NEW), Save (only with unsaved changes) and Delete (not for a new
// atom; confirmed). Moving between the four pages keeps the edits; leaving the atom with unsaved
// changes asks first. A save sends back the version the form loaded, so a stale save gets the
// server's 409 and the edits stay in the form.
import { useEffect, useReducer, useRef, type FormEvent } from 'react';
import { Navigate, NavLink, useLocation, useNavigate, useParams, type Location } from 'react-router-dom';
import { EditorFrame, useUnsavedChangesGuard } from '@skillquiz/admin-ui';
import {
  atomFormReducer,
  initialFormState,
  isAtomPage,
  isDirty,
  toPayload,
  type AtomPage,
} from '../model/atomForm';
import { useAtom, useDeleteAtom, useSaveAtom } from '../hooks/useAtoms';
import { ApiError } from '@skillquiz/http-client';
import { GeneralSection } from '../components/GeneralSection';
import { DescriptionsSection } from '../components/DescriptionsSection';
import { BetaQuestionsSection } from '../components/BetaQuestionsSection';
import { QuestionsSection } from '../components/QuestionsSection';
import { SimulatorSection } from '../components/SimulatorSection';
import { HistorySection } from '../components/HistorySection';

export const DELETE_CONFIRM = 'Are you sure you want to delete this atom? This action cannot be undone.';

const PAGE_LABELS: Record<AtomPage, string> = {
  general: 'General',
  descriptions: 'Descriptions',
  'beta-questions': 'Beta questions',
  questions: 'Questions',
  simulator: 'Simulator',
  history: 'History',
};

/** A save's refusal of the beta ordering (the server's 400 names the ids), for that page. */
function betaRefusal(error: Error | null): string | undefined {
  return error instanceof ApiError &&
    error.status === 400 &&
    error.message.startsWith('beta_question_ordering')
    ? error.message
    : undefined;
}

const editPath = (id: string, page: AtomPage) => `/admin/atoms/edit/${encodeURIComponent(id)}/${page}`;

export function AtomEditPage() {
  const { id = 'new', page } = useParams();
  if (!isAtomPage(page)) return <Navigate to={editPath(id, 'general')} replace />;
  // A new key per atom: moving from one atom to another starts a fresh form.
  return <AtomEditor key={id} id={id} page={page} />;
}

function AtomEditor({ id, page }: { id: string; page: AtomPage }) {
  const isNew = id === 'new';
  const navigate = useNavigate();
  const query = useAtom(id, !isNew);
  const [state, dispatch] = useReducer(atomFormReducer, undefined, () => initialFormState());
  const heading = useRef<HTMLHeadingElement>(null);

  // The form takes the stored atom once, fresh from the server (not a cached copy that may carry an
  // old version); later refetches never overwrite what the user typed.
  // Until then the form holds a blank new atom: `state.isNew` on an existing atom's page means "not loaded".
  const loaded = isNew || !state.isNew;
  useEffect(() => {
    if (query.data && !query.isFetching && !loaded) dispatch({ type: 'loaded', atom: query.data.atom });
  }, [query.data, query.isFetching, loaded]);

  const dirty = isDirty(state);
  const thisAtom = `/admin/atoms/edit/${encodeURIComponent(id)}/`;
  const guard = useUnsavedChangesGuard({
    when: dirty,
    keepsEdits: (next: Location) => next.pathname.startsWith(thisAtom),
  });

  const save = useSaveAtom();
  const remove = useDeleteAtom();

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || save.isPending) return;
    save.mutate(
      { id: isNew ? null : id, payload: toPayload(state.values), version: state.version },
      {
        onSuccess: ({ atom }) => {
          dispatch({ type: 'saved', atom }); // 'Atom saved' is the mutation's toast (useSaveAtom)
          if (isNew) {
            guard.allowNextNavigation();
            navigate(editPath(atom.id, page), { replace: true, state: { focusHeading: true } });
          } else {
            heading.current?.focus();
          }
        },
        // A failure keeps the edits in the form: only the mutation's toast says what went wrong.
      },
    );
  };

  const onDelete = () => {
    if (isNew || remove.isPending) return;
    if (!window.confirm(DELETE_CONFIRM)) return;
    remove.mutate(id, {
      onSuccess: () => {
        guard.allowNextNavigation();
        navigate('/admin/atoms', { state: { focusHeading: true } });
      },
      // A failure: the mutation's 'Error deleting atom' toast.
    });
  };

  // After a new atom's first save the page remounts under its slug: once the atom is loaded again,
  // focus goes to its heading, as after any save.
  const focusHeading = (useLocation().state as { focusHeading?: boolean } | null)?.focusHeading;
  useEffect(() => {
    if (loaded && focusHeading) heading.current?.focus();
  }, [loaded, focusHeading]);

  if (!isNew && query.error && !query.data) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <section className="atom-edit" aria-labelledby="atom-heading">
        <h1 id="atom-heading">{notFound ? 'Atom not found' : 'The atom could not be loaded'}</h1>
        <p role="alert">{query.error.message}</p>
        <p>
          {!notFound && (
            <button type="button" className="sq-button" onClick={() => void query.refetch()}>
              Try again
            </button>
          )}{' '}
          <NavLink to="/admin/atoms">Back to the atoms</NavLink>
        </p>
      </section>
    );
  }
  if (!loaded) {
    return (
      <p role="status" className="atoms-status">
        Loading the atom…
      </p>
    );
  }

  const title = isNew ? 'NEW' : state.saved.name || id;
  return (
    <EditorFrame
      headingId="atom-heading"
      headingRef={heading}
      parent={{ label: 'Atoms', to: '/admin/atoms' }}
      title={title}
      menuLabel="Atom pages"
      menu={(Object.keys(PAGE_LABELS) as AtomPage[]).map((p) => ({
        key: p,
        label: PAGE_LABELS[p],
        to: editPath(id, p),
        current: p === page,
      }))}
      save={{ disabled: !dirty || save.isPending, pending: save.isPending }}
      remove={{ disabled: isNew || remove.isPending, onClick: onDelete }}
      status={dirty ? 'Unsaved changes' : ''}
      onSubmit={onSave}
    >
      {page === 'general' && <GeneralSection state={state} dispatch={dispatch} />}
      {page === 'descriptions' && <DescriptionsSection values={state.values} dispatch={dispatch} />}
      {page === 'beta-questions' && (
        <BetaQuestionsSection
          atomId={isNew ? null : id}
          ordering={state.values.beta_question_ordering}
          dispatch={dispatch}
          saveError={betaRefusal(save.error)}
        />
      )}
      {page === 'questions' && <QuestionsSection atomId={id} isNew={isNew} />}
      {page === 'simulator' && <SimulatorSection id={id} isNew={isNew} dirty={dirty} />}
      {page === 'history' && (
        <HistorySection
          id={id}
          isNew={isNew}
          version={state.version}
          dirty={dirty}
          onReverted={(atom) => dispatch({ type: 'saved', atom })}
        />
      )}
    </EditorFrame>
  );
}
