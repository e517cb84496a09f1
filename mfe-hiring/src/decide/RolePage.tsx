// /hiring/roles/:id: the candidates invited to one role, most likely to meet every bar first, each
// atom with "meets L3: 87%"; choose two to four of them to compare side by side.
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { DataTable } from '@skillquiz/admin-ui';
import { COMPARE_MAX, type InvitationRow } from '@skillquiz/contracts';
import { companySuffix } from '../model/listQuery';
import { useInvitationList, useMe, useTitle } from '../hooks/useHiring';
import { useRoles } from './useDecide';
import { meetsText, percent } from './wording';

export function RolePage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const me = useMe();
  const isAdmin = me.data?.role === 'admin';
  const company = isAdmin ? (params.get('company') ?? '') : '';
  const [page, setPage] = useState(1);
  const roles = useRoles(company, Boolean(me.data));
  const role = roles.data?.roles.find((r) => r.id === id);
  useTitle(role ? `Role ${role.name}` : 'Role');
  const list = useInvitationList({
    role: id,
    sort: 'meets_desc',
    include_demo: true,
    company: company || undefined,
    page,
  });
  const [chosen, setChosen] = useState<string[]>([]);
  const toggle = (rowId: string, on: boolean) =>
    setChosen((c) => (on ? [...c, rowId].slice(0, COMPARE_MAX) : c.filter((x) => x !== rowId)));
  const compareLink = `/hiring/roles/${id}/compare?${new URLSearchParams({
    ids: chosen.join(','),
    ...(company ? { company } : {}),
  }).toString()}`;

  return (
    <section className="hr-page" aria-labelledby="hr-role-heading">
      <nav aria-label="Breadcrumb" className="hr-breadcrumb">
        <Link to={`/hiring/roles${companySuffix(company)}`}>Roles</Link> <span aria-hidden="true">›</span>{' '}
        {role?.name ?? 'Role'}
      </nav>
      <h1 id="hr-role-heading">{role ? role.name : 'Role'}</h1>
      {roles.isSuccess && !role && <p role="alert">Role not found.</p>}
      {role && (
        <p>
          Bars:{' '}
          {role.atoms
            .filter((a) => a.bar)
            .map((a) => `${a.atom_name} L${a.bar}`)
            .join(', ') || 'none'}
          . Candidates are sorted by the probability that they meet every bar (those without a result yet
          last); each is computed from the posterior of the candidate&apos;s answers, not from a score.
        </p>
      )}
      {list.data && (
        <>
          <p role="status" className="hr-list-status">
            {list.data.total} candidate{list.data.total === 1 ? '' : 's'} invited to this role
          </p>
          <DataTable
            caption="Candidates of this role"
            rows={list.data.items}
            rowKey={(r: InvitationRow) => r.id}
            columns={[
              {
                key: 'pick',
                header: 'Compare',
                cell: (r: InvitationRow) => (
                  <input
                    type="checkbox"
                    aria-label={`Compare ${r.candidate_name ?? r.candidate_email ?? r.id}`}
                    checked={chosen.includes(r.id)}
                    disabled={!chosen.includes(r.id) && chosen.length >= COMPARE_MAX}
                    onChange={(e) => toggle(r.id, e.target.checked)}
                  />
                ),
              },
              {
                key: 'name',
                header: 'Candidate',
                cell: (r: InvitationRow) => (
                  <Link to={`/hiring/invitations/${r.id}${companySuffix(company)}`}>
                    {r.candidate_name ?? r.candidate_email ?? r.id}
                  </Link>
                ),
              },
              {
                key: 'meets',
                header: 'Meets every bar',
                cell: (r: InvitationRow) => (r.meets_all == null ? 'No result yet' : percent(r.meets_all)),
              },
              {
                key: 'atoms',
                header: 'Atoms',
                cell: (r: InvitationRow) => (
                  <ul className="hr-atoms">
                    {r.atoms.map((a) => (
                      <li key={a.id}>
                        {a.name}: {a.level ? `L${a.level}` : 'no level yet'}
                        {a.bar && a.meets != null ? `, ${meetsText(a.bar, a.meets)}` : ''}
                      </li>
                    ))}
                  </ul>
                ),
              },
              { key: 'status', header: 'Status', cell: (r: InvitationRow) => r.status.replace('_', ' ') },
            ]}
          />
          <div className="hr-pager">
            <button
              type="button"
              className="sq-button"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              Previous page
            </button>
            <button
              type="button"
              className="sq-button"
              disabled={page * list.data.page_size >= list.data.total}
              onClick={() => setPage(page + 1)}
            >
              Next page
            </button>
          </div>
          <p>
            {chosen.length < 2 ? (
              <span>Choose two to {COMPARE_MAX} candidates to compare.</span>
            ) : (
              <Link className="sq-button sq-button--primary" to={compareLink}>
                Compare {chosen.length} candidates
              </Link>
            )}
          </p>
        </>
      )}
    </section>
  );
}
