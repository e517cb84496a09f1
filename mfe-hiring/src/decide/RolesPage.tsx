// /hiring/roles: the company's roles (the job a group of invitations is for): each with its atoms and
// bars, a link to its candidates, edit and delete; and a form for a new one. A recruiter sees their
// own company's; an admin first chooses one (?company=<slug>).
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { RoleView } from '@skillquiz/contracts';
import { CompanySwitcher } from '../components/CompanySwitcher';
import { companySuffix } from '../model/listQuery';
import { useAtoms, useMe, useTitle } from '../hooks/useHiring';
import { RoleForm } from './RoleForm';
import { useDeleteRole, useRoles } from './useDecide';

export function RolesPage() {
  useTitle('Roles');
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const isAdmin = me.data?.role === 'admin';
  const company = isAdmin ? (params.get('company') ?? '') : '';
  const ready = Boolean(me.data) && (!isAdmin || company !== '');
  const roles = useRoles(company, ready);
  const atoms = useAtoms();
  const remove = useDeleteRole(company);
  const [editing, setEditing] = useState<RoleView | 'new' | null>(null);
  const [said, setSaid] = useState('');

  return (
    <section className="hr-page" aria-labelledby="hr-roles-heading">
      <nav aria-label="Breadcrumb" className="hr-breadcrumb">
        <Link to={`/hiring${companySuffix(company)}`}>Candidates</Link> <span aria-hidden="true">›</span>{' '}
        Roles
      </nav>
      <h1 id="hr-roles-heading">Roles</h1>
      <p className="hr-note">
        A role groups the invitations for one job: its atoms and, per atom, the lowest level that meets the
        job&apos;s need (a bar). Candidates invited to a role are shown with the probability that their level
        meets each bar.
      </p>
      {isAdmin && me.data && (
        <CompanySwitcher
          companies={me.data.companies}
          value={company}
          onChange={(slug) => setParams(slug ? { company: slug } : {}, { replace: true })}
          allowAll={false}
        />
      )}
      {isAdmin && !company && <p className="hr-empty">Choose a company to see its roles.</p>}
      <p role="status" className="hr-said">
        {said}
      </p>
      {ready && roles.isPending && <p role="status">Loading roles…</p>}
      {roles.data && roles.data.roles.length === 0 && <p className="hr-empty">No roles yet.</p>}
      {roles.data && roles.data.roles.length > 0 && (
        <ul className="hr-roles">
          {roles.data.roles.map((r) => (
            <li key={r.id} className="hr-card">
              <h2>
                <Link to={`/hiring/roles/${r.id}${companySuffix(company)}`}>{r.name}</Link>
              </h2>
              <ul>
                {r.atoms.map((a) => (
                  <li key={a.atom_id}>
                    {a.atom_name} ({a.required ? 'required' : 'optional'}
                    {a.bar ? `, bar L${a.bar}` : ', no bar'})
                  </li>
                ))}
              </ul>
              <div className="hr-actions">
                <button type="button" className="sq-button" onClick={() => setEditing(r)}>
                  Edit {r.name}
                </button>
                <button
                  type="button"
                  className="sq-button"
                  onClick={() => {
                    if (!window.confirm(`Delete the role ${r.name}? Its invitations keep their results.`))
                      return;
                    remove.mutate(
                      { id: r.id, version: r.version },
                      { onSuccess: () => setSaid(`${r.name} deleted`) },
                    );
                  }}
                >
                  Delete {r.name}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {ready && editing === null && (
        <button type="button" className="sq-button sq-button--primary" onClick={() => setEditing('new')}>
          New role
        </button>
      )}
      {ready && editing !== null && atoms.data && (
        <RoleForm
          key={editing === 'new' ? 'new' : `${editing.id}:${editing.version}`}
          company={company}
          atoms={atoms.data.atoms}
          role={editing === 'new' ? undefined : editing}
          onDone={(saved) => {
            if (saved) setSaid(editing === 'new' ? 'Role created' : 'Role saved');
            setEditing(null);
          }}
        />
      )}
    </section>
  );
}
