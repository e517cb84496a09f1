// SPEC §2 atoms list: every atom including beta, a 'New Atom' link, and the 'Error loading atoms'
// toast (error, 9 s, closable) when the load fails (the list query's meta: api/queries.ts). Loading
// and failure also show on the page, so the table area never sits empty without saying why.
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Atom } from '@skillquiz/contracts';
import { DataTable, type Column } from '@skillquiz/admin-ui';
import { useAtomList } from '../hooks/useAtoms';

const columns: Column<Atom>[] = [
  {
    key: 'id',
    header: 'ID',
    cell: (atom) => (
      <>
        <span className="atoms-id">{atom.id}</span>
        {atom.beta && <span className="sq-badge">Beta</span>}
      </>
    ),
  },
  {
    key: 'name',
    header: 'Name',
    cell: (atom) => (
      <>
        <div>{atom.name}</div>
        <div className="atoms-sub">{atom.category}</div>
      </>
    ),
  },
  {
    key: 'description',
    header: 'Description',
    cell: (atom) => (
      <>
        <div className="atoms-description">{atom.description}</div>
        <div className="atoms-sub">{atom.eta_minutes} min</div>
      </>
    ),
  },
  {
    key: 'questions',
    header: 'Questions',
    cell: (atom) => (
      <>
        <div>{atom.num_bank_questions}</div>
        <div className="atoms-sub">{atom.format}</div>
      </>
    ),
  },
  {
    key: 'actions',
    header: 'Actions',
    cell: (atom) => (
      <div className="atoms-actions">
        <Link to={`/admin/atoms/edit/${encodeURIComponent(atom.id)}`} aria-label={`Edit ${atom.name}`}>
          Edit
        </Link>
        {/* SPEC §2: the list's Delete does nothing; an atom is deleted from its edit page. */}
        <button type="button" className="sq-button" disabled aria-describedby="atoms-delete-hint">
          Delete
        </button>
      </div>
    ),
  },
];

export function AtomsListPage() {
  const { data, error, isPending, refetch, isFetching } = useAtomList();
  const heading = useRef<HTMLHeadingElement>(null);
  const { state } = useLocation() as { state: { focusHeading?: boolean } | null };

  useEffect(() => {
    if (state?.focusHeading) heading.current?.focus();
  }, [state]);

  return (
    <section className="atoms-page" aria-labelledby="atoms-heading">
      <div className="atoms-header">
        <h1 id="atoms-heading" ref={heading} tabIndex={-1}>
          Atoms
        </h1>
        <Link className="sq-button sq-button--primary" to="/admin/atoms/edit/new/">
          New Atom
        </Link>
      </div>
      <p id="atoms-delete-hint" className="sq-sr-only">
        Open an atom with Edit to delete it.
      </p>
      {isPending && !error && (
        <p role="status" className="atoms-status">
          Loading atoms…
        </p>
      )}
      {error && !data && (
        <div role="alert" className="atoms-status atoms-status--error">
          <p>The atoms could not be loaded: {error.message}</p>
          <button type="button" className="sq-button" onClick={() => void refetch()} disabled={isFetching}>
            Try again
          </button>
        </div>
      )}
      {data && data.atoms.length === 0 && (
        <p className="atoms-status">There are no atoms yet. Create the first one with New Atom.</p>
      )}
      {data && data.atoms.length > 0 && (
        <DataTable caption="Atoms" columns={columns} rows={data.atoms} rowKey={(atom) => atom.id} />
      )}
    </section>
  );
}
