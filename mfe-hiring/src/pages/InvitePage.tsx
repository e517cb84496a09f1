// /hiring/invite: invite one candidate, or several from a CSV file. An admin first chooses the
// company the invitations belong to (?company=<slug>, kept when going back to the list).
import { Link, useSearchParams } from 'react-router-dom';
import { BulkInvite } from '../components/BulkInvite';
import { CompanySwitcher } from '../components/CompanySwitcher';
import { InviteForm } from '../components/InviteForm';
import { TestCatalogue } from '../components/TestCatalogue';
import { companySuffix } from '../model/listQuery';
import { useAtoms, useMe, useTitle } from '../hooks/useHiring';

export function InvitePage() {
  useTitle('Invite candidates');
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const atoms = useAtoms();
  const isAdmin = me.data?.role === 'admin';
  const company = isAdmin ? params.get('company') || undefined : undefined;
  const suffix = companySuffix(company ?? '');
  // A recruiter invites for their own company; an admin must choose one.
  const enabled = Boolean(me.data) && (!isAdmin || Boolean(company));
  const companyName = isAdmin
    ? me.data?.companies.find((c) => c.slug === company)?.name
    : me.data?.company?.name;

  return (
    <section className="hr-page" aria-labelledby="hr-invite-heading">
      <nav aria-label="Breadcrumb" className="hr-breadcrumb">
        <Link to={`/hiring${suffix}`}>Candidates</Link> <span aria-hidden="true">›</span> Invite
      </nav>
      <h1 id="hr-invite-heading">Invite candidates{companyName ? ` to ${companyName}` : ''}</h1>
      {isAdmin && me.data && (
        <CompanySwitcher
          companies={me.data.companies}
          value={company ?? ''}
          onChange={(slug) => setParams(slug ? { company: slug } : {}, { replace: true })}
          allowAll={false}
        />
      )}
      {atoms.isError && (
        <p className="hr-error">The atoms could not be loaded: reload the page to try again.</p>
      )}
      {/* A new company is a new form: nothing typed for one company is sent for another. */}
      <InviteForm
        key={company ?? ''}
        atoms={atoms.data?.atoms ?? []}
        company={company}
        enabled={enabled}
        companySuffix={suffix}
      />
      <BulkInvite key={`bulk-${company ?? ''}`} company={company} enabled={enabled} />
      <TestCatalogue />
    </section>
  );
}
